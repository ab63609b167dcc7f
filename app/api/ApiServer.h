#pragma once

#include "api/ApiAccess.h"
#include "api/ApiConnectionGuard.h"

#include <QByteArray>
#include <QList>
#include <QObject>
#include <QPair>
#include <QString>

#include <optional>

class QHttpServerRequest;
class QTcpSocket;

namespace Tandem {

class ApiHttpServer;
class ApiTcpServer;
class ApiTokens;
class ChatRepository;
struct ApiListen;
class EventStream;
class BoardMirror;

/// @brief The local API (the handoff board over HTTP, for outside agents) on 127.0.0.1: `/api/handoffs` (GET, POST),
/// `/api/run` (POST: start or stop a story), `/api/stories/ID` (GET) and `/api/events` (Server-Sent Events), through
/// the same ChatRepository calls as the window and the CLI.
///
/// Every request needs `Authorization: Bearer <token>` (401 otherwise). A request with an `Origin` header comes from
/// a web page and is refused (403); no CORS header is ever sent. Bodies larger than bodyLimit() get 413, malformed
/// JSON 400, an unknown path 404, a wrong method 405; every answer is JSON, an error as `{"error": "…"}`. The token
/// is never logged.
///
/// What a client can hold is bounded without a token: these refusals are answered from a request's head, before its
/// body is read (ApiConnectionGuard), slow and idle connections are timed out, and the connections open at once are
/// capped in total and per client address (ApiTcpServer).
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
    /// @brief Listens where @p where says. An address beyond loopback is refused (false, errorString()) without a
    /// certificate and key, or without per-agent tokens (setTokens()); with them the server speaks HTTPS only, answers
    /// whatever host name a request is addressed to, and holds each per-agent token to its role (RoleGate).
    bool listen(const ApiListen &where);
    /// @brief Whether it listens beyond loopback (with TLS and per-agent tokens).
    bool isTeamServer() const { return m_team; }
    /// @brief Stops listening and closes the event streams; requests under way are answered.
    void close();
    bool isListening() const;
    quint16 port() const;
    /// @brief `http://127.0.0.1:<port>` while listening (`https://ADDRESS:<port>` beyond loopback); empty otherwise.
    QString url() const;
    QString errorString() const { return m_error; }

    /// @brief The bearer token requests must carry; an empty one refuses every request. True if it changed.
    bool setToken(const QString &token);
    /// @brief The token requests must carry (for the outside agents' environment).
    QString token() const { return QString::fromUtf8(m_access.localToken()); }
    /// @brief The board's per-agent tokens (borrowed), taken beyond loopback; nullptr: none.
    void setTokens(ApiTokens *tokens) { m_access.setTokens(tokens); }
    qint64 bodyLimit() const { return m_bodyLimit; }
    void setBodyLimit(qint64 bytes) { m_bodyLimit = bytes; }
    /// @brief The head size and the time limits of the connections accepted from now on.
    ApiConnectionGuard::Limits connectionLimits() const { return m_limits; }
    void setConnectionLimits(const ApiConnectionGuard::Limits &limits) { m_limits = limits; }
    /// @brief At most @p total connections at once, @p perClient from one address; taken by the next listen().
    void setConnectionCaps(int total, int perClient);
    /// @brief Connections open now (event streams too); 0 while not listening.
    int openConnections() const;
    /// @brief The `/api/events` streams (their keep-alive interval can be set here).
    EventStream &events() { return *m_events; }
    /// @brief Takes the `handoff` events of the team stories from @p board (every Tandem's changes, with the board's
    /// handoff numbers) instead of this database's own announcements; the other conversations' stay as they were.
    void publishBoardChanges(BoardMirror &board);

private:
    void handle(const QHttpServerRequest &request, QTcpSocket *socket);
    ApiReply answer(const QHttpServerRequest &request, QTcpSocket *socket, bool *streaming);
    /// The refusal a request with @p headers and a body of @p bodySize bytes gets before it is read, if any.
    std::optional<ApiReply> refusal(const QList<QPair<QByteArray, QByteArray>> &headers, qint64 bodySize,
        const QString &path, bool fromLoopback, ApiCaller *caller = nullptr) const;
    void watch(QTcpSocket *socket);
    bool setUpTls(ApiTcpServer &tcp, const ApiListen &where);
    static void write(const QHttpServerRequest &request, QTcpSocket *socket, const ApiReply &reply);

    ChatRepository &m_repository;
    ApiHttpServer *m_http = nullptr;
    ApiTcpServer *m_tcp = nullptr;
    EventStream *m_events = nullptr;
    ApiAccess m_access;
    QString m_host = QStringLiteral("127.0.0.1"); ///< the address as url() shows it
    bool m_team = false;
    qint64 m_bodyLimit = kDefaultBodyLimit;
    ApiConnectionGuard::Limits m_limits;
    int m_maxConnections;
    int m_maxPerClient;
    QString m_error;
};

} // namespace Tandem
