#pragma once

#include <QString>
#include <QStringList>

namespace Tandem {

/// @brief Which tools an agent's front matter allows: a built-in tool by its name (`read_file`), an MCP server's tool
/// as `mcp:<server>/<tool>` and all of a server's tools as `mcp:<server>/*`. An MCP tool sits in the registry under its
/// model-safe name `<server>__<tool>` (mcpToolName()), so the entries are matched against that name.
class ToolAllowance
{
public:
    /// @brief `<server>__<tool>` with every character a model may not use replaced by `_`, at most 64 characters.
    static QString mcpToolName(const QString &server, const QString &tool);
    /// @brief True if @p allowed lets an agent call the registry's tool @p toolName.
    static bool allows(const QStringList &allowed, const QString &toolName);
    /// @brief The names of @p available that @p allowed lets an agent call, in @p available's order.
    static QStringList expand(const QStringList &allowed, const QStringList &available);
};

} // namespace Tandem
