#include "CurrentDateTimeTool.h"

#include <QTimeZone>

#include <cstdlib>

using namespace Qt::StringLiterals;

namespace Tandem {

namespace {

// English on purpose: the model reads these, whatever language the interface speaks.
constexpr QStringView kWeekdays[]
    = { u"Monday", u"Tuesday", u"Wednesday", u"Thursday", u"Friday", u"Saturday", u"Sunday" };

QString offsetText(int seconds)
{
    const QChar sign = seconds < 0 ? u'-' : u'+';
    const int minutes = std::abs(seconds) / 60;
    return sign + u"%1:%2"_s.arg(minutes / 60, 2, 10, QChar(u'0')).arg(minutes % 60, 2, 10, QChar(u'0'));
}

} // namespace

CurrentDateTimeTool::CurrentDateTimeTool(Clock clock)
    : m_clock(std::move(clock))
{ }

ToolDefinition CurrentDateTimeTool::definition() const
{
    const QJsonObject timezone {
        { u"type"_s, u"string"_s },
        { u"description"_s,
            u"An IANA time zone id such as \"Europe/Berlin\", \"America/New_York\" or \"UTC\". Leave it out for "
            "the person's own time zone."_s },
    };
    return {
        kName.toString(),
        u"Returns the current date and time: ISO 8601 local time with its UTC offset, the same instant in UTC, the "
        "weekday and the IANA time zone id."_s,
        QJsonObject {
            { u"type"_s, u"object"_s },
            { u"properties"_s, QJsonObject { { u"timezone"_s, timezone } } },
            { u"additionalProperties"_s, false },
        },
        false,
    };
}

ToolResult CurrentDateTimeTool::run(const QJsonObject &arguments, const ToolContext &context) const
{
    Q_UNUSED(context)
    const QString requested = arguments.value(u"timezone").toString().trimmed();
    QTimeZone zone;
    if (requested.isEmpty()) {
        zone = QTimeZone::systemTimeZone();
        if (!zone.isValid())
            zone = QTimeZone::utc();
    } else {
        zone = QTimeZone(requested.toUtf8());
        if (!zone.isValid())
            return ToolResult::failure(
                tr("Unknown time zone \"%1\". Use an IANA id such as \"Europe/Berlin\" or \"UTC\", or leave it out.")
                    .arg(requested));
    }

    const QDateTime now = (m_clock ? m_clock() : QDateTime::currentDateTimeUtc()).toUTC();
    // Whole seconds: the model needs no milliseconds, and an exact text is easier to check.
    const QDateTime utc = QDateTime::fromSecsSinceEpoch(now.toSecsSinceEpoch(), Qt::UTC);
    const QDateTime local = utc.toTimeZone(zone);
    const int offset = zone.offsetFromUtc(utc);

    return ToolResult::success(QJsonObject {
        { u"local"_s, QString(local.toString(u"yyyy-MM-dd'T'HH:mm:ss"_s) + offsetText(offset)) },
        { u"utc"_s, utc.toString(u"yyyy-MM-dd'T'HH:mm:ss'Z'"_s) },
        { u"utc_offset"_s, offsetText(offset) },
        { u"weekday"_s, kWeekdays[local.date().dayOfWeek() - 1].toString() },
        { u"timezone"_s, QString::fromUtf8(zone.id()) },
        { u"unix_time"_s, utc.toSecsSinceEpoch() },
    });
}

} // namespace Tandem
