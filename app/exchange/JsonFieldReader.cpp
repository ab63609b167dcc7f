#include "JsonFieldReader.h"

#include "ExchangeFormat.h"
#include "domain/DataLimits.h"

#include <limits>

using namespace Qt::StringLiterals;

namespace Tandem {

JsonFieldReader::Step::Step(JsonFieldReader &reader, QStringView name)
    : m_path(reader.m_path)
{
    m_path.append({ name, -1 });
}

JsonFieldReader::Step::Step(JsonFieldReader &reader, qsizetype index)
    : m_path(reader.m_path)
{
    m_path.append({ {}, index });
}

JsonFieldReader::Step::~Step()
{
    m_path.removeLast();
}

void JsonFieldReader::reset()
{
    m_path.clear();
    m_errorString.clear();
    m_now = QDateTime::currentDateTimeUtc();
}

QString JsonFieldReader::where() const
{
    QString path;
    for (const PathPart &step : m_path) {
        if (step.index >= 0) {
            path += u'[' + QString::number(step.index) + u']';
            continue;
        }
        if (!path.isEmpty())
            path += u'.';
        path += step.name;
    }
    return path;
}

bool JsonFieldReader::invalid(const QString &what)
{
    m_errorString = tr("This is not a valid Tandem export: %1 %2.").arg(where(), what);
    return false;
}

bool JsonFieldReader::member(const QJsonObject &object, QStringView name, QJsonValue *value)
{
    const auto it = object.constFind(name);
    if (it == object.constEnd()) {
        Step step(*this, name);
        return invalid(tr("is missing"));
    }
    *value = it.value();
    return true;
}

bool JsonFieldReader::object(const QJsonValue &value, QJsonObject *out)
{
    if (!value.isObject())
        return invalid(tr("is not an object"));
    *out = value.toObject();
    return true;
}

bool JsonFieldReader::string(
    const QJsonObject &object, QStringView name, QString *out, qsizetype maxLength, bool nullable, bool nonEmpty)
{
    QJsonValue value;
    if (!member(object, name, &value))
        return false;
    Step step(*this, name);
    if (nullable && value.isNull()) {
        out->clear();
        return true;
    }
    if (!value.isString())
        return invalid(nullable ? tr("is neither a string nor null") : tr("is not a string"));
    // A lone surrogate is repaired here, before anything compares or stores it (domain/DataLimits::wellFormed).
    *out = DataLimits::wellFormed(value.toString());
    if (out->size() > maxLength)
        return invalid(tr("is longer than %n characters", nullptr, int(maxLength)));
    if (nonEmpty && out->isEmpty())
        return invalid(tr("is empty"));
    return true;
}

bool JsonFieldReader::integer(const QJsonObject &object, QStringView name, qint64 *out, bool nullable, qint64 min)
{
    QJsonValue value;
    if (!member(object, name, &value))
        return false;
    Step step(*this, name);
    if (nullable && value.isNull()) {
        *out = 0;
        return true;
    }
    if (!value.isDouble())
        return invalid(nullable ? tr("is neither a number nor null") : tr("is not a number"));
    const qint64 number = value.toInteger(std::numeric_limits<qint64>::min());
    if (number == std::numeric_limits<qint64>::min())
        return invalid(tr("is not a whole number"));
    if (number < min || number > ExchangeFormat::kMaxInteger)
        return invalid(tr("is out of range (%1 to %2)").arg(min).arg(ExchangeFormat::kMaxInteger));
    *out = number;
    return true;
}

bool JsonFieldReader::boolean(const QJsonObject &object, QStringView name, bool *out)
{
    QJsonValue value;
    if (!member(object, name, &value))
        return false;
    Step step(*this, name);
    if (!value.isBool())
        return invalid(tr("is not true or false"));
    *out = value.toBool();
    return true;
}

bool JsonFieldReader::time(const QJsonObject &object, QStringView name, QDateTime *out, bool nullable)
{
    QString text;
    if (!string(object, name, &text, 64, nullable))
        return false;
    if (nullable && object.value(name).isNull()) {
        *out = QDateTime();
        return true;
    }
    Step step(*this, name);
    *out = QDateTime::fromString(text, Qt::ISODateWithMs);
    if (!out->isValid())
        return invalid(tr("is not a date and time (ISO 8601)"));
    // A time still to come would keep a row out of every sweep by age (a pending handoff never stale): it is now.
    if (*out > m_now)
        *out = m_now;
    return true;
}

bool JsonFieldReader::date(const QJsonObject &object, QStringView name, QDate *out, bool nullable)
{
    QString text;
    if (!string(object, name, &text, 64, nullable))
        return false;
    if (nullable && object.value(name).isNull()) {
        *out = QDate();
        return true;
    }
    Step step(*this, name);
    *out = QDate::fromString(text, Qt::ISODate);
    if (!out->isValid())
        return invalid(tr("is not a date (YYYY-MM-DD)"));
    return true;
}

bool JsonFieldReader::number(const QJsonObject &object, QStringView name, double *out, double min, double max)
{
    QJsonValue value;
    if (!member(object, name, &value))
        return false;
    Step step(*this, name);
    if (!value.isDouble())
        return invalid(tr("is not a number"));
    const double number = value.toDouble();
    // NaN fails both comparisons: it is refused too.
    if (!(number >= min && number <= max))
        return invalid(tr("is out of range (%1 to %2)").arg(min).arg(max));
    *out = number;
    return true;
}

bool JsonFieldReader::array(const QJsonObject &object, QStringView name, QJsonArray *out, qint64 maxSize)
{
    QJsonValue value;
    if (!member(object, name, &value))
        return false;
    Step step(*this, name);
    if (!value.isArray())
        return invalid(tr("is not an array"));
    *out = value.toArray();
    if (out->size() > maxSize)
        return invalid(tr("has more than %n entries", nullptr, int(maxSize)));
    return true;
}

bool JsonFieldReader::stringList(const QJsonObject &object, QStringView name, QStringList *out)
{
    QJsonArray items;
    if (!array(object, name, &items, ExchangeFormat::kMaxRows))
        return false;
    Step step(*this, name);
    out->clear();
    for (qsizetype i = 0; i < items.size(); ++i) {
        Step item(*this, i);
        if (!items.at(i).isString())
            return invalid(tr("is not a string"));
        const QString text = DataLimits::wellFormed(items.at(i).toString());
        if (text.size() > ExchangeFormat::kMaxNameLength)
            return invalid(tr("is longer than %n characters", nullptr, int(ExchangeFormat::kMaxNameLength)));
        out->append(text);
    }
    return true;
}

bool JsonFieldReader::usage(const QJsonObject &parent, TokenUsage *out)
{
    QJsonValue value;
    if (!member(parent, u"usage", &value))
        return false;
    Step step(*this, u"usage");
    QJsonObject usageObject;
    return object(value, &usageObject) && integer(usageObject, u"input_tokens", &out->inputTokens)
        && integer(usageObject, u"output_tokens", &out->outputTokens)
        && integer(usageObject, u"cached_tokens", &out->cachedTokens)
        && integer(usageObject, u"reasoning_tokens", &out->reasoningTokens);
}

bool JsonFieldReader::payloadDepth(const QJsonValue &value, int depth)
{
    if (depth > ExchangeFormat::kMaxPayloadDepth)
        return invalid(tr("is nested more than %n levels deep", nullptr, int(ExchangeFormat::kMaxPayloadDepth)));
    if (value.isString() && value.toString().size() > ExchangeFormat::kMaxTextLength)
        return invalid(tr("holds a text longer than %n characters", nullptr, int(ExchangeFormat::kMaxTextLength)));
    if (value.isObject()) {
        const QJsonObject members = value.toObject();
        for (auto it = members.constBegin(); it != members.constEnd(); ++it) {
            if (it.key().size() > ExchangeFormat::kMaxTextLength)
                return invalid(
                    tr("holds a text longer than %n characters", nullptr, int(ExchangeFormat::kMaxTextLength)));
            if (!payloadDepth(it.value(), depth + 1))
                return false;
        }
    } else if (value.isArray()) {
        const QJsonArray items = value.toArray();
        for (const QJsonValue &item : items)
            if (!payloadDepth(item, depth + 1))
                return false;
    }
    return true;
}

} // namespace Tandem
