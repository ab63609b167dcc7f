// JSON-RPC 2.0 over whatever transport, as MCP's "Base protocol" and "Lifecycle" describe it.
#include "McpClient.h"

#include "mcp/McpLogging.h"

#include <QJsonArray>
#include <QTimer>
#include <QUrl>

using namespace Qt::StringLiterals;

namespace Tandem {

namespace {

constexpr int kMethodNotFound = -32601;

McpError error(McpError::Type type, const QString &message)
{
    return McpError { type, message, 0 };
}

} // namespace

McpClient::McpClient(std::unique_ptr<McpTransport> transport, const QString &serverName, int timeoutMs, QObject *parent)
    : QObject(parent)
    , m_transport(std::move(transport))
    , m_serverName(serverName)
    , m_timeoutMs(timeoutMs)
{
    connect(m_transport.get(), &McpTransport::messageReceived, this, &McpClient::onMessage);
    connect(m_transport.get(), &McpTransport::closed, this, &McpClient::onClosed);
}

McpClient::~McpClient()
{
    // The transport's own destructor stops its process; no callback runs into a half-destroyed client.
    m_transport->disconnect(this);
}

void McpClient::start()
{
    if (m_state != State::Idle)
        return;
    m_state = State::Starting;
    connect(m_transport.get(), &McpTransport::opened, this, [this] {
        const QJsonObject params {
            { u"protocolVersion"_s, kProtocolVersion.toString() },
            { u"capabilities"_s, QJsonObject { { u"roots"_s, QJsonObject { { u"listChanged"_s, true } } } } },
            { u"clientInfo"_s,
                QJsonObject { { u"name"_s, u"Tandem"_s },
                    { u"version"_s,
                        QCoreApplication::applicationVersion().isEmpty() ? u"0"_s
                                                                         : QCoreApplication::applicationVersion() } } },
        };
        request(u"initialize"_s, params,
            [this](const QJsonObject &result, const std::optional<McpError> &error) { onInitialized(result, error); });
    });
    m_transport->open();
}

void McpClient::onInitialized(const QJsonObject &result, const std::optional<McpError> &failure)
{
    if (failure) {
        qCWarning(lcMcp) << m_serverName << "initialize failed:" << failure->message;
        if (m_state == State::Closed)
            return; // the server went away: nothing left to close
        m_state = State::Closing;
        m_closeReason = failure->message;
        m_transport->close();
        return;
    }
    const QString version = result.value(u"protocolVersion"_s).toString();
    if (version != kProtocolVersion && version != kPreviousProtocolVersion) {
        const QString message = tr("The MCP server \"%1\" speaks protocol revision %2; Tandem speaks %3 (or %4).")
                                    .arg(m_serverName, version, kProtocolVersion, kPreviousProtocolVersion);
        qCWarning(lcMcp).noquote() << message;
        m_state = State::Closing;
        m_closeReason = message;
        m_transport->close();
        return;
    }
    m_protocolVersion = version;
    m_serverInfo = result.value(u"serverInfo"_s).toObject();
    m_transport->setProtocolVersion(version);
    notify(u"notifications/initialized"_s);
    listTools();
}

void McpClient::shutdown()
{
    if (m_state == State::Closing || m_state == State::Closed)
        return;
    const bool wasIdle = m_state == State::Idle;
    m_state = State::Closing;
    failAll(error(McpError::Type::Closed, tr("The MCP server \"%1\" was shut down.").arg(m_serverName)));
    if (wasIdle) {
        m_state = State::Closed;
        QTimer::singleShot(0, this, [this] { Q_EMIT closed({}); });
        return;
    }
    m_transport->close();
}

void McpClient::setWorkspaceRoot(const QString &folder)
{
    if (folder == m_workspaceRoot)
        return;
    m_workspaceRoot = folder;
    if (m_state == State::Ready)
        notify(u"notifications/roots/list_changed"_s);
}

qint64 McpClient::request(const QString &method, const QJsonObject &params, Done done, Progress progress, int timeoutMs)
{
    const qint64 id = m_nextId++;
    if (m_state == State::Closing || m_state == State::Closed) {
        // Nothing would carry it: say so now rather than at the timeout.
        QTimer::singleShot(0, this, [this, done = std::move(done)] {
            done({}, error(McpError::Type::Closed, tr("The MCP server \"%1\" is not running.").arg(m_serverName)));
        });
        return id;
    }
    Pending pending { std::move(done), std::move(progress), new QTimer(this) };
    pending.timer->setSingleShot(true);
    connect(pending.timer, &QTimer::timeout, this, [this, id, method] {
        // The spec: a request that timed out is cancelled on the server too.
        notify(u"notifications/cancelled"_s, { { u"requestId"_s, id }, { u"reason"_s, u"timeout"_s } });
        finish(id, {},
            error(McpError::Type::Timeout,
                tr("The MCP server \"%1\" did not answer %2 in time.").arg(m_serverName, method)));
    });
    pending.timer->start(timeoutMs >= 0 ? timeoutMs : m_timeoutMs);
    m_pending.insert(id, std::move(pending));

    QJsonObject withMeta = params;
    if (m_pending.value(id).progress) {
        QJsonObject meta = withMeta.value(u"_meta"_s).toObject();
        meta.insert(u"progressToken"_s, id);
        withMeta.insert(u"_meta"_s, meta);
    }
    QJsonObject message { { u"jsonrpc"_s, u"2.0"_s }, { u"id"_s, id }, { u"method"_s, method } };
    if (!withMeta.isEmpty() || method != u"ping")
        message.insert(u"params"_s, withMeta);
    m_transport->send(message);
    return id;
}

void McpClient::cancel(qint64 id, const QString &reason)
{
    if (!m_pending.contains(id))
        return;
    QJsonObject params { { u"requestId"_s, id } };
    if (!reason.isEmpty())
        params.insert(u"reason"_s, reason);
    notify(u"notifications/cancelled"_s, params);
    Pending pending = m_pending.take(id);
    pending.timer->stop();
    pending.timer->deleteLater();
    QTimer::singleShot(0, this, [this, done = std::move(pending.done)] {
        done({},
            error(McpError::Type::Cancelled, tr("The call to the MCP server \"%1\" was cancelled.").arg(m_serverName)));
    });
}

void McpClient::notify(const QString &method, const QJsonObject &params)
{
    QJsonObject message { { u"jsonrpc"_s, u"2.0"_s }, { u"method"_s, method } };
    if (!params.isEmpty())
        message.insert(u"params"_s, params);
    m_transport->send(message);
}

qint64 McpClient::callTool(const QString &name, const QJsonObject &arguments, Done done, Progress progress)
{
    return request(
        u"tools/call"_s, { { u"name"_s, name }, { u"arguments"_s, arguments } }, std::move(done), std::move(progress));
}

void McpClient::listTools()
{
    if (m_listingActive) {
        m_listAgain = true;
        return;
    }
    m_listingActive = true;
    m_listing.clear();
    listPage({});
}

void McpClient::listPage(const QString &cursor)
{
    QJsonObject params;
    if (!cursor.isEmpty())
        params.insert(u"cursor"_s, cursor);
    request(u"tools/list"_s, params, [this](const QJsonObject &result, const std::optional<McpError> &failure) {
        if (failure) {
            m_listingActive = false;
            qCWarning(lcMcp) << m_serverName << "tools/list failed:" << failure->message;
            if (m_state == State::Starting) {
                m_state = State::Closing;
                m_closeReason = failure->message;
                m_transport->close();
            }
            return;
        }
        for (const QJsonValue &tool : result.value(u"tools"_s).toArray())
            m_listing << McpToolInfo::fromJson(tool.toObject());
        const QString next = result.value(u"nextCursor"_s).toString();
        if (!next.isEmpty()) {
            listPage(next);
            return;
        }
        m_listingActive = false;
        m_tools = m_listing;
        m_listing.clear();
        if (m_listAgain) {
            m_listAgain = false;
            listTools();
        }
        if (m_state == State::Starting) {
            m_state = State::Ready;
            Q_EMIT ready();
        }
        Q_EMIT toolsChanged();
    });
}

void McpClient::onMessage(const QJsonObject &message)
{
    const bool hasId = message.contains(u"id"_s);
    const QString method = message.value(u"method"_s).toString();
    if (method.isEmpty() && hasId)
        onResponse(message);
    else if (!method.isEmpty() && hasId)
        onServerRequest(message);
    else if (!method.isEmpty())
        onNotification(method, message.value(u"params"_s).toObject());
    else
        qCWarning(lcMcp) << m_serverName << "sent a message that is no JSON-RPC request, response or notification";
}

void McpClient::onResponse(const QJsonObject &message)
{
    const qint64 id = message.value(u"id"_s).toInteger(-1);
    if (!m_pending.contains(id))
        return; // cancelled or timed out already: a late answer is dropped
    if (message.contains(u"error"_s)) {
        const QJsonObject rpcError = message.value(u"error"_s).toObject();
        McpError failure { McpError::Type::Server,
            tr("The MCP server \"%1\" answered with an error: %2")
                .arg(m_serverName, rpcError.value(u"message"_s).toString()),
            rpcError.value(u"code"_s).toInt() };
        finish(id, {}, failure);
        return;
    }
    finish(id, message.value(u"result"_s).toObject(), std::nullopt);
}

void McpClient::onServerRequest(const QJsonObject &message)
{
    const QString method = message.value(u"method"_s).toString();
    QJsonObject reply { { u"jsonrpc"_s, u"2.0"_s }, { u"id"_s, message.value(u"id"_s) } };
    if (method == u"ping")
        reply.insert(u"result"_s, QJsonObject());
    else if (method == u"roots/list")
        reply.insert(u"result"_s, rootsResult());
    else
        reply.insert(u"error"_s,
            QJsonObject {
                { u"code"_s, kMethodNotFound }, { u"message"_s, QString(u"Method not found: "_s + method) } });
    m_transport->send(reply);
}

QJsonObject McpClient::rootsResult() const
{
    QJsonArray roots;
    if (!m_workspaceRoot.isEmpty())
        roots.append(QJsonObject {
            { u"uri"_s, QUrl::fromLocalFile(m_workspaceRoot).toString() }, { u"name"_s, tr("Workspace") } });
    return { { u"roots"_s, roots } };
}

void McpClient::onNotification(const QString &method, const QJsonObject &params)
{
    if (method == u"notifications/tools/list_changed") {
        // During the first listing too: the pages read so far may predate the change.
        if (m_state == State::Ready || m_listingActive)
            listTools();
    } else if (method == u"notifications/progress") {
        const auto it = m_pending.constFind(params.value(u"progressToken"_s).toInteger(-1));
        if (it != m_pending.cend() && it->progress)
            it->progress(params.value(u"progress"_s).toDouble(), params.value(u"total"_s).toDouble(0),
                params.value(u"message"_s).toString());
    } else if (method == u"notifications/cancelled") {
        // The server gave up on a request of ours (the spec lets it); its answer will not come.
        const qint64 id = params.value(u"requestId"_s).toInteger(-1);
        if (m_pending.contains(id))
            finish(id, {},
                error(McpError::Type::Server,
                    tr("The MCP server \"%1\" cancelled the request: %2")
                        .arg(m_serverName, params.value(u"reason"_s).toString())));
    } else if (method == u"notifications/message") {
        qCDebug(lcMcp) << m_serverName << "log:" << params.value(u"data"_s).toVariant();
    }
}

void McpClient::onClosed(const QString &reason)
{
    const QString why = reason.isEmpty() ? m_closeReason : reason;
    m_state = State::Closed;
    failAll(error(McpError::Type::Closed,
        why.isEmpty() ? tr("The MCP server \"%1\" closed the connection.").arg(m_serverName) : why));
    Q_EMIT closed(why);
}

void McpClient::finish(qint64 id, const QJsonObject &result, const std::optional<McpError> &failure)
{
    Pending pending = m_pending.take(id);
    // Later, not now: finish() may run inside this very timer's timeout.
    pending.timer->stop();
    pending.timer->deleteLater();
    if (pending.done)
        pending.done(result, failure);
}

void McpClient::failAll(const McpError &failure)
{
    const QList<qint64> ids = m_pending.keys();
    for (const qint64 id : ids)
        finish(id, {}, failure);
}

} // namespace Tandem
