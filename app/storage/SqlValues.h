#pragma once

#include "domain/DataLimits.h"

#include <QDateTime>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSqlQuery>
#include <QStringList>
#include <QVariant>

namespace Tandem::SqlValues {

/// @brief A timestamp as stored: ISO 8601 in UTC with milliseconds, so text order is time order.
inline QVariant fromTime(const QDateTime &time)
{
    return time.isValid() ? QVariant(time.toUTC().toString(Qt::ISODateWithMs)) : QVariant();
}
inline QDateTime toTime(const QVariant &value)
{
    return value.isNull() ? QDateTime() : QDateTime::fromString(value.toString(), Qt::ISODateWithMs);
}
/// @brief Text for a NOT NULL column: a null QString would bind as NULL. A lone surrogate becomes U+FFFD: SQLite
/// would pair it with the next character (DataLimits::wellFormed).
inline QVariant text(const QString &value)
{
    return value.isNull() ? QVariant(QStringLiteral("")) : QVariant(DataLimits::wellFormed(value));
}
/// @brief NULL for an empty string, so optional text columns stay NULL; otherwise as text().
inline QVariant nullIfEmpty(const QString &text)
{
    return text.isEmpty() ? QVariant() : QVariant(DataLimits::wellFormed(text));
}
inline QVariant nullIfZero(qint64 id)
{
    return id == 0 ? QVariant() : QVariant(id);
}

inline QString fromList(const QStringList &list)
{
    return QString::fromUtf8(QJsonDocument(QJsonArray::fromStringList(list)).toJson(QJsonDocument::Compact));
}
inline QStringList toList(const QVariant &value)
{
    QStringList list;
    const QJsonArray array = QJsonDocument::fromJson(value.toString().toUtf8()).array();
    for (const QJsonValue &item : array)
        list << item.toString();
    return list;
}
inline QString fromObject(const QJsonObject &object)
{
    return QString::fromUtf8(QJsonDocument(object).toJson(QJsonDocument::Compact));
}
inline QJsonObject toObject(const QVariant &value)
{
    return QJsonDocument::fromJson(value.toString().toUtf8()).object();
}

} // namespace Tandem::SqlValues
