#include "JsonSchemaValidator.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QStringList>

#include <cmath>

using namespace Qt::StringLiterals;

namespace Tandem {

namespace {

bool isInteger(const QJsonValue &value)
{
    if (!value.isDouble())
        return false;
    const double number = value.toDouble();
    return std::isfinite(number) && std::trunc(number) == number;
}

bool matchesType(const QJsonValue &value, QStringView type)
{
    if (type == u"string")
        return value.isString();
    if (type == u"number")
        return value.isDouble();
    if (type == u"integer")
        return isInteger(value);
    if (type == u"boolean")
        return value.isBool();
    if (type == u"object")
        return value.isObject();
    if (type == u"array")
        return value.isArray();
    if (type == u"null")
        return value.isNull();
    return true; // an unknown type name restricts nothing
}

QString childField(const QString &parent, const QString &key)
{
    return parent.isEmpty() ? key : parent + u'.' + key;
}

QString quoted(const QString &field)
{
    return u'"' + field + u'"';
}

QString jsonText(const QJsonValue &value)
{
    // QJsonDocument only wraps arrays and objects, so a scalar is written inside an array and unwrapped.
    const QByteArray json = QJsonDocument(QJsonArray { value }).toJson(QJsonDocument::Compact);
    return QString::fromUtf8(json.mid(1, json.size() - 2));
}

} // namespace

QString JsonSchemaValidator::typeName(const QJsonValue &value)
{
    switch (value.type()) {
    case QJsonValue::String:
        return u"string"_s;
    case QJsonValue::Double:
        return isInteger(value) ? u"integer"_s : u"number"_s;
    case QJsonValue::Bool:
        return u"boolean"_s;
    case QJsonValue::Object:
        return u"object"_s;
    case QJsonValue::Array:
        return u"array"_s;
    case QJsonValue::Null:
    case QJsonValue::Undefined:
        break;
    }
    return u"null"_s;
}

QString JsonSchemaValidator::validate(const QJsonObject &schema, const QJsonValue &value, const QString &field)
{
    const QString subject = field.isEmpty() ? tr("The arguments") : quoted(field);

    const QJsonValue typeValue = schema.value(u"type");
    QStringList types;
    if (typeValue.isString())
        types << typeValue.toString();
    else if (typeValue.isArray())
        for (const QJsonValue &entry : typeValue.toArray())
            types << entry.toString();
    if (!types.isEmpty()) {
        bool matched = false;
        for (const QString &type : std::as_const(types))
            matched = matched || matchesType(value, type);
        if (!matched)
            return tr("%1 must be of type %2, not %3.").arg(subject, types.join(u" or "_s), typeName(value));
    }

    const QJsonValue enumValue = schema.value(u"enum");
    if (enumValue.isArray()) {
        const QJsonArray allowed = enumValue.toArray();
        if (!allowed.contains(value)) {
            QStringList names;
            for (const QJsonValue &entry : allowed)
                names << jsonText(entry);
            return tr("%1 must be one of %2, not %3.").arg(subject, names.join(u", "_s), jsonText(value));
        }
    }

    if (value.isString()) {
        const qsizetype length = value.toString().size();
        if (schema.contains(u"minLength") && length < schema.value(u"minLength").toInteger())
            return tr("%1 must have at least %n character(s).", nullptr, schema.value(u"minLength").toInt())
                .arg(subject);
        if (schema.contains(u"maxLength") && length > schema.value(u"maxLength").toInteger())
            return tr("%1 must have at most %n character(s).", nullptr, schema.value(u"maxLength").toInt())
                .arg(subject);
    }

    if (value.isDouble()) {
        const double number = value.toDouble();
        if (schema.contains(u"minimum") && number < schema.value(u"minimum").toDouble())
            return tr("%1 must be at least %2.").arg(subject, jsonText(schema.value(u"minimum")));
        if (schema.contains(u"maximum") && number > schema.value(u"maximum").toDouble())
            return tr("%1 must be at most %2.").arg(subject, jsonText(schema.value(u"maximum")));
    }

    if (value.isObject()) {
        const QJsonObject object = value.toObject();
        const QJsonObject properties = schema.value(u"properties").toObject();

        for (const QJsonValue &required : schema.value(u"required").toArray()) {
            const QString key = required.toString();
            if (!object.contains(key))
                return tr("%1 is required.").arg(quoted(childField(field, key)));
        }

        const QJsonValue additional = schema.value(u"additionalProperties");
        // Keys are checked in a stable (sorted) order, so the same mistake always gives the same message.
        for (auto it = object.constBegin(); it != object.constEnd(); ++it) {
            const QString child = childField(field, it.key());
            if (properties.contains(it.key())) {
                const QString error = validate(properties.value(it.key()).toObject(), it.value(), child);
                if (!error.isEmpty())
                    return error;
            } else if (additional.isBool() && !additional.toBool()) {
                const QStringList accepted = properties.keys();
                if (accepted.isEmpty())
                    return tr("%1 is not an accepted argument; this tool takes no arguments.").arg(quoted(child));
                return tr("%1 is not an accepted argument (accepted: %2).").arg(quoted(child), accepted.join(u", "_s));
            } else if (additional.isObject()) {
                const QString error = validate(additional.toObject(), it.value(), child);
                if (!error.isEmpty())
                    return error;
            }
        }
    }

    if (value.isArray() && schema.value(u"items").isObject()) {
        const QJsonObject items = schema.value(u"items").toObject();
        const QJsonArray array = value.toArray();
        const QString base = field.isEmpty() ? u"arguments"_s : field;
        for (qsizetype i = 0; i < array.size(); ++i) {
            const QString error = validate(items, array.at(i), base + u'[' + QString::number(i) + u']');
            if (!error.isEmpty())
                return error;
        }
    }

    return {};
}

} // namespace Tandem
