#include "ApiTcpServer.h"

#include "api/ApiConnectionGuard.h"
#include "domain/Logging.h"

#include <QTcpSocket>

#include <algorithm>

#ifdef Q_OS_UNIX
#include <sys/resource.h>
#endif

namespace Tandem {

namespace {
/// Descriptors left for everything else the process opens (the database, the keychain, the window's own).
constexpr rlim_t kReservedDescriptors = 64;
constexpr int kFirstBackoffMs = 50;
constexpr int kLongestBackoffMs = 2000;
} // namespace

ApiTcpServer::ApiTcpServer(QObject *parent)
    : QTcpServer(parent)
{
    m_resume.setSingleShot(true);
    connect(&m_resume, &QTimer::timeout, this, [this] { resumeAccepting(); });
    connect(this, &QTcpServer::acceptError, this, &ApiTcpServer::onAcceptError);
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
    m_backoffMs = 0;
    auto *socket = new QTcpSocket(this);
    if (!socket->setSocketDescriptor(descriptor)) {
        delete socket;
        return;
    }
    const QHostAddress peer = socket->peerAddress();
    if (m_open.size() >= totalLimit() || m_perClient.value(peer) >= m_maxPerClient) {
        // Answered and closed here: the HTTP server never sees it, and it holds no place.
        qCInfo(lcApi) << "refused a connection:" << m_open.size() << "are open," << m_perClient.value(peer)
                      << "from its address";
        connect(socket, &QTcpSocket::disconnected, socket, &QObject::deleteLater);
        ApiConnectionGuard::refuse(
            socket, ApiReply::error(503, tr("The local API has too many connections open; close some and try again.")));
        return;
    }
    m_open.insert(socket, peer);
    ++m_perClient[peer];
    // Counted until it closes or is deleted, whichever comes first.
    connect(socket, &QTcpSocket::disconnected, this, [this, socket] { release(socket); });
    connect(socket, &QObject::destroyed, this, [this, socket] { release(socket); });
    Q_EMIT accepted(socket);
    addPendingConnection(socket);
}

void ApiTcpServer::release(QTcpSocket *socket)
{
    const auto found = m_open.constFind(socket);
    if (found == m_open.cend())
        return;
    const QHostAddress peer = *found;
    m_open.erase(found);
    if (--m_perClient[peer] <= 0)
        m_perClient.remove(peer);
}

void ApiTcpServer::onAcceptError(QAbstractSocket::SocketError error)
{
    // QTcpServer stops accepting on such an error; trying again at once would only fail again (and spin), never
    // trying again would leave the API deaf once descriptors are free again.
    pauseAccepting();
    m_backoffMs = m_backoffMs == 0 ? kFirstBackoffMs : std::min(2 * m_backoffMs, kLongestBackoffMs);
    qCWarning(lcApi) << "cannot accept a connection:" << error << errorString() << "; trying again in" << m_backoffMs
                     << "ms";
    m_resume.start(m_backoffMs);
}

} // namespace Tandem
