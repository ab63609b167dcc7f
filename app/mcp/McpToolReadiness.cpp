#include "McpToolReadiness.h"

#include "mcp/McpServers.h"

#include <QObject>
#include <QTimer>

#include <memory>

namespace Tandem {

McpToolReadiness::McpToolReadiness(McpServers *servers)
    : m_servers(servers)
{ }

QStringList McpToolReadiness::starting(const QStringList &names) const
{
    QStringList list;
    for (const QString &name : names)
        if (const std::optional<McpServers::Server> server = m_servers->server(name);
            server && server->state == McpServers::State::Starting)
            list << name;
    return list;
}

bool McpToolReadiness::whenReady(const QStringList &allowedTools, QObject *context, std::function<void()> ready)
{
    if (!m_servers || !context)
        return false;
    const QStringList names = McpServers::serversIn(allowedTools);
    for (const QString &name : names)
        if (const std::optional<McpServers::Server> server = m_servers->server(name);
            server && server->state == McpServers::State::Stopped)
            m_servers->start(name); // added since Tandem started, or no agent named it then
    const QStringList waiting = starting(names);
    if (waiting.isEmpty())
        return false;
    int limitMs = 0;
    for (const QString &name : waiting)
        limitMs = qMax(limitMs, m_servers->server(name)->config.timeoutMs);
    // One waiter per turn, gone with the context or once it has answered. The answer is queued: a server reports
    // Running before its tools reach the catalog in the same call.
    auto *waiter = new QObject(context);
    auto answered = std::make_shared<bool>(false);
    auto answer = [waiter, answered, ready = std::move(ready)] {
        if (*answered)
            return;
        *answered = true;
        QTimer::singleShot(0, waiter, [waiter, ready] {
            waiter->deleteLater();
            ready();
        });
    };
    QObject::connect(m_servers, &McpServers::serverChanged, waiter, [this, names, answer] {
        if (!m_servers || starting(names).isEmpty())
            answer();
    });
    QObject::connect(m_servers, &QObject::destroyed, waiter, answer);
    QTimer::singleShot(limitMs, waiter, answer);
    return true;
}

} // namespace Tandem
