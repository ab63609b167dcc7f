#pragma once

#include <QMetaType>
#include <QString>

namespace Tandem {

/// @brief Why a tool call produced no output, typed so the engine can tell a model's mistake from a tool's failure.
struct ToolError
{
    enum class Type {
        UnknownTool, ///< no tool of that name is in the catalog
        InvalidArguments, ///< the arguments are not JSON, not an object, or do not fit the tool's schema
        Failed, ///< the tool ran and could not do what was asked (a missing file, a task not found)
    };

    Type type = Type::Failed;
    QString message; ///< one translated sentence for the model and the person

    /// @brief Stable lower-case name for logs: "unknown_tool", "invalid_arguments", "failed".
    static QString typeName(Type type);
};

} // namespace Tandem

Q_DECLARE_METATYPE(Tandem::ToolError)
