#include "McpTool.h"

#include "mcp/McpToolProvider.h"

using namespace Qt::StringLiterals;

namespace Tandem {

McpTool::McpTool(McpToolProvider *provider, const QString &exposedName, const McpToolInfo &info)
    : m_provider(provider)
    , m_exposedName(exposedName)
    , m_info(info)
{ }

ToolDefinition McpTool::definition() const
{
    QJsonObject parameters = m_info.inputSchema;
    if (!parameters.contains(u"type"_s))
        parameters.insert(u"type"_s, u"object"_s);
    const QString description = m_info.title.isEmpty() || m_info.description.startsWith(m_info.title)
        ? m_info.description
        : m_info.title + u": "_s + m_info.description;
    return { m_exposedName, description, parameters, false };
}

ToolResult McpTool::run(const QJsonObject &arguments, const ToolContext &context) const
{
    Q_UNUSED(arguments)
    Q_UNUSED(context)
    return ToolResult::failure(tr("The tool %1 runs on an MCP server and only as a job.").arg(m_exposedName));
}

ToolJob *McpTool::start(const QJsonObject &arguments, const ToolContext &context) const
{
    return m_provider->call(m_info, arguments, context);
}

} // namespace Tandem
