#pragma once

#include "mcp/McpError.h"
#include "mcp/McpToolInfo.h"
#include "mcp/McpTransport.h"

#include <QCoreApplication>
#include <QHash>
#include <QJsonObject>
#include <QList>
#include <QObject>

#include <functional>
#include <memory>
#include <optional>

class QTimer;

namespace Tandem {

/// @brief A client of one MCP server (protocol revision 2025-11-25; 2025-06-18 accepted when the server answers with
/// it): the lifecycle, JSON-RPC requests with a timeout each, cancellation, progress, the server's tools and the one
/// root (the workspace folder). The bytes are its transport's business (McpStdioTransport, McpHttpTransport).
///
/// Every callback is called from the event loop, never from inside the call that caused it.
class McpClient final : public QObject
{
    Q_OBJECT

public:
    static constexpr QStringView kProtocolVersion = u"2025-11-25";
    static constexpr QStringView kPreviousProtocolVersion = u"2025-06-18";

    enum class State { Idle, Starting, Ready, Closing, Closed };

    using Done = std::function<void(const QJsonObject &result, const std::optional<McpError> &error)>;
    using Progress = std::function<void(double progress, double total, const QString &message)>;

    McpClient(
        std::unique_ptr<McpTransport> transport, const QString &serverName, int timeoutMs, QObject *parent = nullptr);
    ~McpClient() override;
    Q_DISABLE_COPY_MOVE(McpClient)

    /// @brief Opens the transport and runs the handshake; ready() once the tools are listed, else closed().
    void start();
    /// @brief Ends every pending request and shuts the transport down as the spec says; closed() follows.
    void shutdown();

    State state() const { return m_state; }
    QString serverName() const { return m_serverName; }
    /// @brief The revision agreed on in the handshake.
    QString protocolVersion() const { return m_protocolVersion; }
    /// @brief The server's `serverInfo` from the handshake.
    QJsonObject serverInfo() const { return m_serverInfo; }
    /// @brief The server's tools from the last complete tools/list.
    QList<McpToolInfo> tools() const { return m_tools; }
    McpTransport *transport() const { return m_transport.get(); }

    /// @brief The folder offered as the one root; a change is announced to a running server.
    void setWorkspaceRoot(const QString &folder);

    /// @brief Sends a request; @p done gets its result or error, @p progress its progress notifications. @p timeoutMs
    /// below 0 means the server's timeout. Returns the request id, for cancel().
    qint64 request(
        const QString &method, const QJsonObject &params, Done done, Progress progress = {}, int timeoutMs = -1);
    /// @brief Cancels request @p id: `notifications/cancelled` to the server, McpError::Type::Cancelled to its caller.
    void cancel(qint64 id, const QString &reason = {});
    /// @brief Sends a notification.
    void notify(const QString &method, const QJsonObject &params = {});
    /// @brief tools/call of @p name with @p arguments.
    qint64 callTool(const QString &name, const QJsonObject &arguments, Done done, Progress progress = {});
    /// @brief Lists the tools again (every page); toolsChanged() when done.
    void listTools();

Q_SIGNALS:
    /// The handshake is done and the tools are listed.
    void ready();
    /// The tool list changed (tools/list after notifications/tools/list_changed).
    void toolsChanged();
    /// The server is gone: @p reason is empty after shutdown(), else one sentence.
    void closed(const QString &reason);

private:
    struct Pending
    {
        Done done;
        Progress progress;
        QTimer *timer = nullptr;
    };

    void onMessage(const QJsonObject &message);
    void onResponse(const QJsonObject &message);
    void onServerRequest(const QJsonObject &message);
    void onNotification(const QString &method, const QJsonObject &params);
    void onInitialized(const QJsonObject &result, const std::optional<McpError> &error);
    void listPage(const QString &cursor);
    void onClosed(const QString &reason);
    void finish(qint64 id, const QJsonObject &result, const std::optional<McpError> &error);
    void failAll(const McpError &error);
    QJsonObject rootsResult() const;

    std::unique_ptr<McpTransport> m_transport;
    QString m_serverName;
    int m_timeoutMs;
    State m_state = State::Idle;
    QString m_protocolVersion;
    QJsonObject m_serverInfo;
    QString m_workspaceRoot;
    QString m_closeReason; ///< why the client closed the connection itself (a refused version, a failed listing)
    QList<McpToolInfo> m_tools;
    QList<McpToolInfo> m_listing; ///< the pages of a tools/list under way
    bool m_listingActive = false;
    bool m_listAgain = false; ///< list_changed came during a listing
    qint64 m_nextId = 1;
    QHash<qint64, Pending> m_pending;
};

} // namespace Tandem
