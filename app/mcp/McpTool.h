#pragma once

#include "mcp/McpToolInfo.h"
#include "tools/Tool.h"

namespace Tandem {

class McpToolProvider;

/// @brief One tool of an MCP server in the tool registry, under its model-safe name (`<server>__<tool>`). It asks for
/// approval unless the server marks it read-only; its calls go through its provider, which starts the server.
class McpTool final : public Tool
{
    Q_DECLARE_TR_FUNCTIONS(McpTool)

public:
    McpTool(McpToolProvider *provider, const QString &exposedName, const McpToolInfo &info);

    ToolDefinition definition() const override;
    bool isCritical() const override { return !m_info.readOnly; }
    /// @brief An MCP call is never synchronous: a failure that says so (the engine uses start()).
    ToolResult run(const QJsonObject &arguments, const ToolContext &context) const override;
    ToolJob *start(const QJsonObject &arguments, const ToolContext &context) const override;

    const McpToolInfo &info() const { return m_info; }

private:
    McpToolProvider *m_provider;
    QString m_exposedName;
    McpToolInfo m_info;
};

} // namespace Tandem
