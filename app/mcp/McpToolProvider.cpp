#include "McpToolProvider.h"

#include "mcp/McpCallResult.h"
#include "mcp/McpHttpTransport.h"
#include "mcp/McpLogging.h"
#include "mcp/McpStdioTransport.h"
#include "tools/ToolAllowance.h"
#include "tools/ToolJob.h"

#include <QRegularExpression>
#include <QSet>

#include <memory>

using namespace Qt::StringLiterals;

namespace Tandem {

McpToolProvider::McpToolProvider(
    const McpServerConfig &config, QNetworkAccessManager *network, HeaderLookup headers, QObject *parent)
    : QObject(parent)
    , m_config(config)
    , m_network(network)
    , m_headers(std::move(headers))
{ }

McpToolProvider::~McpToolProvider() = default;

QString McpToolProvider::modelSafeName(const QString &server, const QString &tool)
{
    return ToolAllowance::mcpToolName(server, tool);
}

QList<const Tool *> McpToolProvider::tools() const
{
    QList<const Tool *> list;
    for (const auto &tool : m_tools)
        list << tool.get();
    return list;
}

void McpToolProvider::setWorkspaceRoot(const QString &folder)
{
    m_workspaceRoot = folder;
    if (m_client)
        m_client->setWorkspaceRoot(folder);
}

std::unique_ptr<McpTransport> McpToolProvider::makeTransport()
{
    if (m_config.transport == McpServerConfig::Transport::Stdio)
        return std::make_unique<McpStdioTransport>(m_config, m_workspaceRoot);
    QList<QPair<QByteArray, QByteArray>> headers;
    for (const QString &header : m_config.headerNames) {
        QString value = m_headers ? m_headers(m_config.name, header) : QString();
        for (const auto &[importedName, importedValue] : m_config.importedHeaders)
            if (value.isEmpty() && importedName == header)
                value = importedValue;
        if (!value.isEmpty())
            headers.append({ header.toUtf8(), value.toUtf8() });
    }
    return std::make_unique<McpHttpTransport>(m_network, m_config.url, headers);
}

void McpToolProvider::ensureStarted()
{
    if (m_client && m_client->state() != McpClient::State::Closed && m_client->state() != McpClient::State::Closing)
        return;
    if (m_client)
        m_client->deleteLater();
    m_client = new McpClient(makeTransport(), m_config.name, m_config.timeoutMs, this);
    m_client->setWorkspaceRoot(m_workspaceRoot);
    McpClient *client = m_client;
    connect(client, &McpClient::ready, this, &McpToolProvider::started);
    connect(client, &McpClient::toolsChanged, this, [this, client] {
        if (client == m_client)
            rebuildTools();
    });
    connect(client, &McpClient::closed, this, [this](const QString &reason) {
        if (!reason.isEmpty())
            qCWarning(lcMcp).noquote() << reason;
        Q_EMIT stopped(reason);
    });
    m_client->start();
}

void McpToolProvider::shutdown()
{
    if (m_client)
        m_client->shutdown();
}

void McpToolProvider::rebuildTools()
{
    m_tools.clear();
    m_problems.clear();
    QSet<QString> taken;
    for (const McpToolInfo &info : m_client->tools()) {
        const QString exposed = modelSafeName(m_config.name, info.name);
        if (taken.contains(exposed)) {
            m_problems << tr("The MCP server \"%1\" offers two tools named %2 for the model; \"%3\" is left out.")
                              .arg(m_config.name, exposed, info.name);
            qCWarning(lcMcp).noquote() << m_problems.last();
            continue;
        }
        taken.insert(exposed);
        m_tools.push_back(std::make_unique<McpTool>(this, exposed, info));
    }
    if (m_toolsChanged)
        m_toolsChanged();
}

ToolJob *McpToolProvider::call(const McpToolInfo &tool, const QJsonObject &arguments, const ToolContext &context)
{
    if (!context.workspaceRoot.isEmpty() && context.workspaceRoot != m_workspaceRoot)
        setWorkspaceRoot(context.workspaceRoot);
    ensureStarted();
    auto *job = new ToolJob;
    QPointer<ToolJob> guard(job);
    McpClient *client = m_client;
    // The request id once sent; -1 while the server is still starting.
    auto requestId = std::make_shared<qint64>(-1);
    auto send = [guard, client, tool, arguments, requestId] {
        if (!guard || !guard->isRunning())
            return;
        *requestId = client->callTool(
            tool.name, arguments,
            [guard, tool](const QJsonObject &result, const std::optional<McpError> &error) {
                if (!guard)
                    return;
                if (error)
                    guard->fail(ToolError { ToolError::Type::Failed, error->message });
                else
                    guard->complete(McpCallResult::toToolResult(result, tool.outputSchema));
            },
            [guard](double progress, double total, const QString &message) {
                if (guard)
                    Q_EMIT guard->progressed(progress, total, message);
            });
    };
    if (client->state() == McpClient::State::Ready) {
        send();
    } else {
        connect(client, &McpClient::ready, job, send, Qt::SingleShotConnection);
        connect(client, &McpClient::closed, job, [this, guard](const QString &reason) {
            if (guard)
                guard->fail(ToolError { ToolError::Type::Failed,
                    reason.isEmpty()
                        ? tr("The MCP server \"%1\" stopped before it could run the tool.").arg(m_config.name)
                        : reason });
        });
    }
    job->setAbortHandler([client = QPointer<McpClient>(client), requestId] {
        if (client && *requestId >= 0)
            client->cancel(*requestId, u"The person or a guardrail stopped the run."_s);
    });
    return job;
}

} // namespace Tandem
