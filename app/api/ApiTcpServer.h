#pragma once

#include <QHash>
#include <QHostAddress>
#include <QList>
#include <QSslConfiguration>
#include <QTcpServer>
#include <QTimer>

namespace Tandem {

/// @brief The listening socket of the local API: hands every connection to the HTTP server as QTcpServer does, but
/// first lets the API watch what arrives on it (announced by accepted(), before the HTTP server reads anything).
///
/// It caps the connections open at once, in total and per client address (the total also stays below the process's
/// file descriptor limit). At a cap, the oldest connection that has not yet sent a request with the token is closed to
/// make room (on loopback every local user shares the address, so idle sockets must not lock out the token's holder);
/// if every one has, the new connection is answered 503 and closed once the answer is written. When the process is
/// about to run out of file descriptors (seen on each connection, and checked every second), accepting pauses and
/// resumes after a growing delay once some are free: Qt would otherwise retry a failed accept at once, spinning a whole
/// core.
class ApiTcpServer final : public QTcpServer
{
    Q_OBJECT

public:
    static constexpr int kDefaultMaxConnections = 512;
    static constexpr int kDefaultMaxPerClient = 256;

    explicit ApiTcpServer(QObject *parent = nullptr);
    Q_DISABLE_COPY_MOVE(ApiTcpServer)

    /// @brief Listens on 127.0.0.1:@p port (0: a free one) and starts watching the file descriptors left.
    bool listenOnLoopback(quint16 port);
    /// @brief Listens on @p address:@p port, as listenOnLoopback().
    bool listenOn(const QHostAddress &address, quint16 port);
    /// @brief Every connection accepted from now on speaks TLS with @p configuration (a certificate and its key): it
    /// reaches the HTTP server once its handshake is done, and one that fails the handshake (plain HTTP) is closed.
    void setTls(const QSslConfiguration &configuration);
    bool hasTls() const { return m_tls; }
    /// @brief At most @p total connections open at once, @p perClient of them from one address.
    void setConnectionLimits(int total, int perClient);
    /// @brief Connections open now (event streams too).
    int openConnections() const { return int(m_open.size()); }

Q_SIGNALS:
    /// @brief A connection was accepted; slots connected to its readyRead now run before the HTTP server's.
    void accepted(QTcpSocket *socket);

protected:
    void incomingConnection(qintptr descriptor) override;

private:
    int totalLimit() const;
    /// Closes the oldest connection (from @p peer only, if given) that has not sent a request with the token; false if
    /// there is none.
    bool evictUnauthenticated(const QHostAddress *peer);
    void release(QTcpSocket *socket);
    void onAcceptError(QAbstractSocket::SocketError error);
    /// Whether fewer than a few descriptors are free; @p newest is the one just accepted (-1: look now).
    bool descriptorsRunningOut(qintptr newest) const;
    void pause();
    void tryResuming();

    QHash<QTcpSocket *, QHostAddress> m_open;
    QList<QTcpSocket *> m_order; ///< the open connections, oldest first
    QHash<QHostAddress, int> m_perClient;
    int m_maxConnections = kDefaultMaxConnections;
    int m_maxPerClient = kDefaultMaxPerClient;
    QTimer m_resume;
    QTimer m_descriptorCheck;
    int m_backoffMs = 0;
    QSslConfiguration m_tlsConfiguration;
    bool m_tls = false;
};

} // namespace Tandem
