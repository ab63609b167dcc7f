#pragma once

#include "api/ApiReply.h"

#include <QByteArray>
#include <QList>
#include <QObject>
#include <QPair>
#include <QTimer>

#include <functional>
#include <optional>

class QTcpSocket;

namespace Tandem {

/// @brief Watches one connection of the local API ahead of the HTTP server, which would keep a whole request in memory
/// before anyone looks at it.
///
/// Each request's head (request line and headers) is read as it arrives, up to Limits::maxHeadBytes (431 past it).
/// Once the head is complete, the check decides: a refusal (a missing token, a body over the limit, a web page) is
/// answered at once and the connection closed, before a byte of the body is kept; otherwise the request goes on to
/// the HTTP server. A body needs its Content-Length (411 otherwise). The first request's head must arrive within
/// Limits::firstHeadTimeoutMs of the connection (a connection that never says anything holds no place for long); a
/// request that is not complete within Limits::requestTimeoutMs gets a 408; a connection idle between requests for
/// Limits::idleTimeoutMs is closed. An event stream (setStreaming()) has no time limit.
class ApiConnectionGuard final : public QObject
{
    Q_OBJECT

public:
    struct Limits
    {
        qint64 maxHeadBytes = 16 * 1024;
        int firstHeadTimeoutMs = 5'000;
        int requestTimeoutMs = 30'000;
        int idleTimeoutMs = 60'000;
    };
    /// @brief What the head of a request says.
    struct Head
    {
        QByteArray method;
        QByteArray target;
        QList<QPair<QByteArray, QByteArray>> headers;
        qint64 contentLength = 0;
    };
    /// @brief Answers a request's head with a refusal, or nothing to let it through.
    using Check = std::function<std::optional<ApiReply>(const Head &head)>;

    /// @brief Watches @p socket (and is its child); connect before the HTTP server does, so this reads first.
    ApiConnectionGuard(QTcpSocket *socket, const Limits &limits, Check check);
    Q_DISABLE_COPY_MOVE(ApiConnectionGuard)

    /// @brief The guard of @p socket, if it has one.
    static ApiConnectionGuard *of(QTcpSocket *socket);
    /// @brief The connection carries an event stream from now on: no more requests, no time limit.
    void setStreaming();
    /// @brief Whether a request head of this connection passed the check (it carried the token): a connection that
    /// did not may be closed to make room for one that does (ApiTcpServer).
    bool isAuthenticated() const { return m_authenticated; }
    /// @brief Answers @p reply on @p socket and ends the sending side once the answer is written: what the client still
    /// sends is read and dropped (closing on unread data would reset the connection, and the client could lose the
    /// answer) until it closes, for a few seconds at most.
    static void refuse(QTcpSocket *socket, const ApiReply &reply);
    /// @brief @p reply as a whole HTTP/1.1 response that closes the connection.
    static QByteArray response(const ApiReply &reply);

private:
    void onReadyRead();
    /// False once the request was refused (nothing more is read).
    bool consume(QByteArrayView bytes);
    bool headComplete(qsizetype end);
    void finishRequest();
    void onTimeout();
    void stop(const ApiReply &reply);

    QTcpSocket *m_socket;
    Limits m_limits;
    Check m_check;
    QTimer m_timer;
    QByteArray m_head; ///< the head of the request under way, so far
    qint64 m_bodyLeft = 0; ///< body bytes of the request under way still to come
    bool m_inRequest = false;
    bool m_stopped = false;
    bool m_authenticated = false;
};

} // namespace Tandem
