// A person decides on a tool call from this preview, so what it cuts must never be what matters: a model that writes
// 40,000 characters of content before the path would otherwise get the path approved unseen.
#include "ArgumentsPreview.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QStringList>

#include <climits>

using namespace Qt::StringLiterals;

namespace Tandem {

namespace {
constexpr qsizetype kMaxKeyShown = 80;

QString cut(const QString &text, qsizetype limit)
{
    if (text.size() <= limit)
        return text;
    return text.left(limit)
        + ArgumentsPreview::tr("… (%n characters in all)", nullptr, int(qMin<qsizetype>(text.size(), INT_MAX)));
}

QString valueText(const QJsonValue &value)
{
    switch (value.type()) {
    case QJsonValue::String:
        return u'"' + value.toString() + u'"';
    case QJsonValue::Object:
        return QString::fromUtf8(QJsonDocument(value.toObject()).toJson(QJsonDocument::Compact));
    case QJsonValue::Array:
        return QString::fromUtf8(QJsonDocument(value.toArray()).toJson(QJsonDocument::Compact));
    default:
        return QString::fromUtf8(QJsonDocument(QJsonArray { value }).toJson(QJsonDocument::Compact)).mid(1).chopped(1);
    }
}
} // namespace

QString ArgumentsPreview::text(const QString &arguments, qsizetype valueLimit, const QString &separator, int maxKeys)
{
    QJsonParseError error;
    const QJsonDocument document = QJsonDocument::fromJson(arguments.toUtf8(), &error);
    if (error.error != QJsonParseError::NoError || !document.isObject())
        return cut(arguments, valueLimit);
    const QJsonObject object = document.object();
    if (object.isEmpty())
        return u"{}"_s;
    QStringList lines;
    for (auto it = object.constBegin(); it != object.constEnd(); ++it) {
        if (lines.size() == maxKeys) {
            lines << tr("… and %n more fields", nullptr, int(object.size() - maxKeys));
            break;
        }
        lines << cut(it.key(), kMaxKeyShown) + u": "_s + cut(valueText(it.value()), valueLimit);
    }
    return lines.join(separator);
}

} // namespace Tandem
