#pragma once

#include <QObject>
#include <QString>

class QHttpServerRequest;
class QTcpSocket;

namespace Tandem {

class ApiHttpServer;
class ApiTcpServer;
class ChatRepository;
class EventStream;
struct ApiReply;

/// @brief The local API (seed 002's handoff board over HTTP) on 127.0.0.1: `/api/handoffs` (GET, POST) and
/// `/api/events` (Server-Sent Events), through the same ChatRepository calls as the window and the CLI.
///
/// Every request needs `Authorization: Bearer <token>` (401 otherwise). A request with an `Origin` header comes from
/// a web page and is refused (403); no CORS header is ever sent. Bodies larger than bodyLimit() get 413, malformed
/// JSON 400, an unknown path 404, a wrong method 405; every answer is JSON, an error as `{"error": "…"}`. The token
/// is never logged.
class ApiServer final : public QObject
{
    Q_OBJECT

public:
    static constexpr qint64 kDefaultBodyLimit = 1024 * 1024;

    explicit ApiServer(ChatRepository &repository, QObject *parent = nullptr);
    ~ApiServer() override;
    Q_DISABLE_COPY_MOVE(ApiServer)

    /// @brief Listens on 127.0.0.1:@p port (0: a free port); false with errorString() when it cannot.
    bool listen(quint16 port = 0);
    /// @brief Stops listening and closes the event streams; requests under way are answered.
    void close();
    bool isListening() const;
    quint16 port() const;
    /// @brief `http://127.0.0.1:<port>` while listening; empty otherwise.
    QString url() const;
    QString errorString() const { return m_error; }

    /// @brief The bearer token requests must carry; an empty one refuses every request.
    void setToken(const QString &token) { m_token = token.toUtf8(); }
    qint64 bodyLimit() const { return m_bodyLimit; }
    void setBodyLimit(qint64 bytes) { m_bodyLimit = bytes; }
    /// @brief The `/api/events` streams (their keep-alive interval can be set here).
    EventStream &events() { return *m_events; }

private:
    void handle(const QHttpServerRequest &request, QTcpSocket *socket);
    ApiReply answer(const QHttpServerRequest &request, QTcpSocket *socket, bool *streaming);
    bool authorized(const QHttpServerRequest &request) const;
    void watch(QTcpSocket *socket);
    static void write(const QHttpServerRequest &request, QTcpSocket *socket, const ApiReply &reply);

    ChatRepository &m_repository;
    ApiHttpServer *m_http = nullptr;
    ApiTcpServer *m_tcp = nullptr;
    EventStream *m_events = nullptr;
    QByteArray m_token;
    qint64 m_bodyLimit = kDefaultBodyLimit;
    QString m_error;
};

} // namespace Tandem
