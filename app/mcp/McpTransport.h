#pragma once

#include <QJsonObject>
#include <QObject>
#include <QString>

namespace Tandem {

/// @brief How JSON-RPC messages reach one MCP server and come back: a child process (McpStdioTransport) or Streamable
/// HTTP (McpHttpTransport). The client (McpClient) owns one and knows nothing of bytes.
class McpTransport : public QObject
{
    Q_OBJECT

public:
    explicit McpTransport(QObject *parent = nullptr)
        : QObject(parent)
    { }
    ~McpTransport() override;
    Q_DISABLE_COPY_MOVE(McpTransport)

    /// @brief Starts the process or readies the connection; opened() or closed() follows from the event loop.
    virtual void open() = 0;
    /// @brief Sends one JSON-RPC message (request, response or notification).
    virtual void send(const QJsonObject &message) = 0;
    /// @brief Shuts the connection down as the spec says; closed() follows.
    virtual void close() = 0;
    /// @brief The protocol revision agreed on in the handshake (HTTP sends it on every request).
    virtual void setProtocolVersion(const QString &version) { Q_UNUSED(version) }
    /// @brief The server's process id while it runs, else 0 (HTTP: always 0).
    virtual qint64 processId() const { return 0; }
    /// @brief What the server wrote to its log (stdio: stderr), the newest bytes kept.
    virtual QString log() const { return {}; }

Q_SIGNALS:
    void opened();
    void messageReceived(const QJsonObject &message);
    /// The connection ended: @p reason is empty after close(), else one sentence (the server exited, ...).
    void closed(const QString &reason);
};

} // namespace Tandem
