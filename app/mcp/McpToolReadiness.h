#pragma once

#include "tools/ToolReadiness.h"

#include <QPointer>

namespace Tandem {

class McpServers;

/// @brief The engine's ToolReadiness for the configured MCP servers: before a turn's first request, the servers its
/// agent allows (`mcp:<server>/...`) are started if they have not been, and the request waits until they have listed
/// their tools, at most each server's request timeout. The window starts the agents' servers without waiting for them
/// (AppContext::startMcpServers()); this is what makes a turn begun meanwhile offer their tools all the same.
class McpToolReadiness final : public ToolReadiness
{
public:
    /// @p servers is borrowed.
    explicit McpToolReadiness(McpServers *servers);

    bool whenReady(const QStringList &allowedTools, QObject *context, std::function<void()> ready) override;

private:
    /// @brief The servers of @p names that are starting now.
    QStringList starting(const QStringList &names) const;

    QPointer<McpServers> m_servers;
};

} // namespace Tandem
