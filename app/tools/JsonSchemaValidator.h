#pragma once

#include <QCoreApplication>
#include <QJsonObject>
#include <QJsonValue>
#include <QString>

namespace Tandem {

/// @brief Checks tool arguments against the subset of JSON Schema that tool definitions use.
///
/// Supported keywords: `type` (string, number, integer, boolean, object, array, null, or a list of them),
/// `properties`, `required`, `additionalProperties` (false or a schema), `enum`, `items`, `minimum`, `maximum`,
/// `minLength`, `maxLength`. Other keywords are ignored. Every error names the offending field by its path:
/// `path`, `options.depth`, `paths[2]`.
class JsonSchemaValidator
{
    Q_DECLARE_TR_FUNCTIONS(JsonSchemaValidator)

public:
    /// @brief An empty string if @p value satisfies @p schema, otherwise one sentence naming the field.
    /// @p field names @p value itself; empty for the top-level arguments object.
    static QString validate(const QJsonObject &schema, const QJsonValue &value, const QString &field = {});

    /// @brief The JSON Schema type name of @p value: "string", "number", "integer", "boolean", "object", "array"
    /// or "null" (a whole number is "integer").
    static QString typeName(const QJsonValue &value);
};

} // namespace Tandem
