#pragma once

#include <QString>
#include <QStringList>

#include <functional>

class QObject;

namespace Tandem {

/// @brief What holds a turn's first model request until the tools its agent allows can be offered: an MCP server
/// lists its tools only once it has started, and a request sent before that would offer none of them. The engine
/// asks it (AgentRunner::setToolReadiness()); McpToolReadiness answers for the configured MCP servers.
class ToolReadiness
{
public:
    ToolReadiness() = default;
    virtual ~ToolReadiness() = default;
    Q_DISABLE_COPY_MOVE(ToolReadiness)

    /// @brief Starts what @p allowedTools (an agent's front matter) names and has not started. Returns false if none
    /// of it is still listing its tools (@p ready is not called); otherwise true, and @p ready follows, queued in
    /// @p context's thread, once each has listed its tools or failed, or its own time is up (bounded). Nothing follows
    /// if @p context is destroyed first.
    virtual bool whenReady(const QStringList &allowedTools, QObject *context, std::function<void()> ready) = 0;
};

} // namespace Tandem
