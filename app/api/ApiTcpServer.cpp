#include "ApiTcpServer.h"

#include "api/ApiConnectionGuard.h"
#include "domain/Logging.h"

#include <QSslSocket>
#include <QTcpSocket>

#include <algorithm>

#ifdef Q_OS_UNIX
#include <sys/resource.h>

#include <fcntl.h>
#include <unistd.h>
#endif

using namespace Qt::StringLiterals;

namespace Tandem {

namespace {
/// Descriptors left for everything else the process opens (the database, the keychain, the window's own).
constexpr rlim_t kReservedDescriptors = 64;
/// Below this many free descriptors accepting pauses: Qt retries a failed accept at once (EMFILE is "temporary" to it),
/// which spins a whole core for as long as the descriptors are gone.
constexpr int kDescriptorHeadroom = 16;
constexpr int kFirstBackoffMs = 50;
constexpr int kLongestBackoffMs = 2000;
/// How often a listening server checks that descriptors are left (others in the process may take them).
constexpr int kDescriptorCheckMs = 1000;

rlim_t descriptorLimit()
{
    rlimit limit {};
    return ::getrlimit(RLIMIT_NOFILE, &limit) == 0 ? limit.rlim_cur : RLIM_INFINITY;
}
} // namespace

ApiTcpServer::ApiTcpServer(QObject *parent)
    : QTcpServer(parent)
{
    m_resume.setSingleShot(true);
    connect(&m_resume, &QTimer::timeout, this, &ApiTcpServer::tryResuming);
    connect(this, &QTcpServer::acceptError, this, &ApiTcpServer::onAcceptError);
    m_descriptorCheck.setInterval(kDescriptorCheckMs);
    connect(&m_descriptorCheck, &QTimer::timeout, this, [this] {
        if (!isListening())
            m_descriptorCheck.stop();
        else if (!m_resume.isActive() && descriptorsRunningOut(-1))
            pause();
    });
}

bool ApiTcpServer::listenOnLoopback(quint16 port)
{
    return listenOn(QHostAddress::LocalHost, port);
}

bool ApiTcpServer::listenOn(const QHostAddress &address, quint16 port)
{
    if (!listen(address, port))
        return false;
    m_descriptorCheck.start();
    return true;
}

void ApiTcpServer::setTls(const QSslConfiguration &configuration)
{
    m_tlsConfiguration = configuration;
    m_tls = true;
}

bool ApiTcpServer::descriptorsRunningOut(qintptr newest) const
{
#ifdef Q_OS_UNIX
    const rlim_t limit = descriptorLimit();
    if (limit == RLIM_INFINITY)
        return false;
    // The system hands out the lowest free descriptor: when it is close to the limit, so are all below it.
    qintptr lowestFree = newest;
    if (lowestFree < 0) {
        lowestFree = ::fcntl(int(socketDescriptor()), F_DUPFD_CLOEXEC, 0);
        if (lowestFree < 0)
            return true;
        ::close(int(lowestFree));
    }
    return rlim_t(lowestFree) + kDescriptorHeadroom >= limit;
#else
    Q_UNUSED(newest)
    return false;
#endif
}

void ApiTcpServer::pause()
{
    pauseAccepting();
    m_backoffMs = m_backoffMs == 0 ? kFirstBackoffMs : std::min(2 * m_backoffMs, kLongestBackoffMs);
    if (m_backoffMs == kFirstBackoffMs)
        qCWarning(lcApi) << "the process is running out of file descriptors: the local API stops accepting "
                            "connections until some are free";
    m_resume.start(m_backoffMs);
}

void ApiTcpServer::tryResuming()
{
    if (!isListening())
        return;
    if (descriptorsRunningOut(-1)) {
        pause();
        return;
    }
    qCInfo(lcApi) << "file descriptors are free again: the local API accepts connections";
    m_backoffMs = 0;
    resumeAccepting();
}

void ApiTcpServer::setConnectionLimits(int total, int perClient)
{
    m_maxConnections = qMax(1, total);
    m_maxPerClient = qMax(1, perClient);
}

int ApiTcpServer::totalLimit() const
{
#ifdef Q_OS_UNIX
    rlimit limit {};
    if (::getrlimit(RLIMIT_NOFILE, &limit) == 0 && limit.rlim_cur != RLIM_INFINITY
        && limit.rlim_cur < rlim_t(m_maxConnections) + kReservedDescriptors)
        return int(
            limit.rlim_cur > 2 * kReservedDescriptors ? limit.rlim_cur - kReservedDescriptors : limit.rlim_cur / 2);
#endif
    return m_maxConnections;
}

void ApiTcpServer::incomingConnection(qintptr descriptor)
{
    QSslSocket *tls = m_tls ? new QSslSocket(this) : nullptr;
    QTcpSocket *socket = tls ? tls : new QTcpSocket(this);
    if (!socket->setSocketDescriptor(descriptor)) {
        delete socket;
        return;
    }
    const QHostAddress peer = socket->peerAddress();
    const bool exhausted = descriptorsRunningOut(descriptor);
    const bool roomLeft = !exhausted && (m_open.size() < totalLimit() || evictUnauthenticated(nullptr))
        && (m_perClient.value(peer) < m_maxPerClient || evictUnauthenticated(&peer));
    if (!roomLeft) {
        // Answered and closed once the answer is written: the HTTP server never sees it, and it holds no place.
        qCInfo(lcApi) << "refused a connection:" << m_open.size() << "are open," << m_perClient.value(peer)
                      << "from its address";
        if (tls) { // a plain answer means nothing to a TLS client
            socket->abort();
            socket->deleteLater();
            return;
        }
        connect(socket, &QTcpSocket::disconnected, socket, &QObject::deleteLater);
        ApiConnectionGuard::refuse(
            socket, ApiReply::error(503, u"The local API has too many connections open; close some and try again."_s));
        if (exhausted && !m_resume.isActive())
            pause();
        return;
    }
    m_open.insert(socket, peer);
    m_order.append(socket);
    ++m_perClient[peer];
    // Counted until it closes or is deleted, whichever comes first.
    connect(socket, &QTcpSocket::disconnected, this, [this, socket] { release(socket); });
    connect(socket, &QObject::destroyed, this, [this, socket] { release(socket); });
    Q_EMIT accepted(socket);
    if (!tls) {
        addPendingConnection(socket);
        return;
    }
    // The HTTP server gets the connection once it is encrypted (QAbstractHttpServer takes pendingConnectionAvailable);
    // a client that speaks plain HTTP or does not finish the handshake is closed (the guard's first-head limit too).
    tls->setSslConfiguration(m_tlsConfiguration);
    connect(tls, &QSslSocket::encrypted, this, [this, tls] { addPendingConnection(tls); });
    connect(tls, &QSslSocket::errorOccurred, tls, [tls](QAbstractSocket::SocketError error) {
        if (tls->isEncrypted())
            return;
        qCInfo(lcApi) << "closed a connection that did not complete the TLS handshake:" << error;
        tls->abort();
        tls->deleteLater();
    });
    tls->startServerEncryption();
}

bool ApiTcpServer::evictUnauthenticated(const QHostAddress *peer)
{
    for (QTcpSocket *socket : std::as_const(m_order)) {
        if (peer && m_open.value(socket) != *peer)
            continue;
        const ApiConnectionGuard *guard = ApiConnectionGuard::of(socket);
        if (guard && guard->isAuthenticated())
            continue;
        qCInfo(lcApi) << "closed the oldest connection without a request carrying the token, to make room";
        release(socket);
        socket->abort();
        return true;
    }
    return false;
}

void ApiTcpServer::release(QTcpSocket *socket)
{
    const auto found = m_open.constFind(socket);
    if (found == m_open.cend())
        return;
    m_order.removeOne(socket);
    const QHostAddress peer = *found;
    m_open.erase(found);
    if (--m_perClient[peer] <= 0)
        m_perClient.remove(peer);
    if (m_resume.isActive()) {
        // A descriptor was given back: look again soon rather than at the end of a long backoff.
        m_resume.start(std::min(m_resume.remainingTime(), kFirstBackoffMs));
    }
}

void ApiTcpServer::onAcceptError(QAbstractSocket::SocketError error)
{
    // QTcpServer stops accepting on such an error; trying again at once would only fail again (and spin), never
    // trying again would leave the API deaf once descriptors are free again.
    qCWarning(lcApi) << "cannot accept a connection:" << error << errorString();
    pause();
}

} // namespace Tandem
