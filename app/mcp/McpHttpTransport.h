#pragma once

#include "llm/SseParser.h"
#include "mcp/McpTransport.h"

#include <QByteArray>
#include <QCoreApplication>
#include <QHash>
#include <QList>
#include <QNetworkAccessManager>
#include <QPair>
#include <QPointer>
#include <QUrl>

#include <memory>
class QNetworkReply;
class QNetworkRequest;

namespace Tandem {

/// @brief MCP over Streamable HTTP: one endpoint; every message POSTed, answered with JSON or an SSE stream; the
/// `Mcp-Session-Id` the server gives kept and sent back, `MCP-Protocol-Version` on every request after the handshake;
/// the GET stream for the server's own messages; a dropped stream resumed with `Last-Event-ID`; DELETE of the session
/// on close().
///
/// It uses the app's one QNetworkAccessManager and llm's SSE parser. Its extra headers (Authorization, ...) come from
/// the keychain through the provider and are never logged. An HTTP failure of a request becomes a JSON-RPC error
/// response for its id, so the client sees every request end the same way.
class McpHttpTransport final : public McpTransport
{
    Q_OBJECT

public:
    McpHttpTransport(QNetworkAccessManager *network, const QUrl &endpoint,
        const QList<QPair<QByteArray, QByteArray>> &headers, QObject *parent = nullptr);
    ~McpHttpTransport() override;
    Q_DISABLE_COPY_MOVE(McpHttpTransport)

    void open() override;
    void send(const QJsonObject &message) override;
    void close() override;
    void setProtocolVersion(const QString &version) override;

    /// @brief The session the server gave in its answer to initialize; empty if it keeps none.
    QByteArray sessionId() const { return m_sessionId; }
    /// @brief Streams resumed with Last-Event-ID so far.
    int resumptions() const { return m_resumptions; }
    /// @brief Drops the live SSE streams as a broken network would; they resume as after any drop.
    void dropStreams();

private:
    struct Stream
    {
        SseParser parser;
        QJsonValue requestId; ///< the POSTed request this stream answers; null for the GET stream
        bool answered = false;
        bool get = false;
        QString lastEventId; ///< where a resumption starts
        int resumed = 0; ///< how often in a row this answer was resumed without a new message
        int delivered = 0; ///< messages this stream brought
    };

    QNetworkRequest makeRequest(QByteArrayView accept) const;
    void watch(QNetworkReply *reply, std::shared_ptr<Stream> stream);
    void onReadyRead(QNetworkReply *reply, Stream &stream);
    void onFinished(QNetworkReply *reply, const std::shared_ptr<Stream> &stream);
    void deliver(const SseEvent &event, Stream &stream);
    void deliver(const QByteArray &json, Stream &stream);
    void openGetStream(const QString &lastEventId, const QJsonValue &requestId, int resumed = 0);
    void failRequest(const QJsonValue &id, const QString &message);

    QPointer<QNetworkAccessManager> m_network;
    QUrl m_endpoint;
    QList<QPair<QByteArray, QByteArray>> m_headers;
    QByteArray m_sessionId;
    QByteArray m_protocolVersion;
    QHash<QNetworkReply *, std::shared_ptr<Stream>> m_streams;
    bool m_closing = false;
    bool m_ended = false;
    bool m_getStreamOpen = false;
    int m_resumptions = 0;
};

} // namespace Tandem
