#include "ApiConnectionGuard.h"

#include "domain/Logging.h"

#include <QJsonDocument>
#include <QSslSocket>
#include <QTcpSocket>

#ifdef Q_OS_UNIX
#include <sys/socket.h>
#endif

#include <algorithm>

using namespace Qt::StringLiterals;

namespace Tandem {

namespace {

/// How long a refused connection is read from before it is cut off.
constexpr int kLingerMs = 5000;

QByteArray reasonPhrase(int status)
{
    switch (status) {
    case 400:
        return "Bad Request"_ba;
    case 401:
        return "Unauthorized"_ba;
    case 403:
        return "Forbidden"_ba;
    case 408:
        return "Request Timeout"_ba;
    case 411:
        return "Length Required"_ba;
    case 413:
        return "Payload Too Large"_ba;
    case 431:
        return "Request Header Fields Too Large"_ba;
    case 503:
        return "Service Unavailable"_ba;
    default:
        return "Error"_ba;
    }
}

/// The end of the head in @p bytes (just past its empty line), searching from @p from; -1 if it has not arrived.
qsizetype headEnd(const QByteArray &bytes, qsizetype from)
{
    const qsizetype crlf = bytes.indexOf("\r\n\r\n", from);
    const qsizetype lf = bytes.indexOf("\n\n", from);
    if (crlf >= 0 && (lf < 0 || crlf < lf))
        return crlf + 4;
    return lf >= 0 ? lf + 2 : -1;
}

} // namespace

ApiConnectionGuard::ApiConnectionGuard(QTcpSocket *socket, const Limits &limits, Check check)
    : QObject(socket)
    , m_socket(socket)
    , m_limits(limits)
    , m_check(std::move(check))
{
    m_timer.setSingleShot(true);
    connect(&m_timer, &QTimer::timeout, this, &ApiConnectionGuard::onTimeout);
    connect(socket, &QTcpSocket::readyRead, this, &ApiConnectionGuard::onReadyRead);
    // Until a head proves the client holds the token, the connection gets little time: any local user could fill
    // the server's places with sockets that never send anything.
    m_timer.start(std::min(m_limits.firstHeadTimeoutMs, m_limits.idleTimeoutMs));
}

ApiConnectionGuard *ApiConnectionGuard::of(QTcpSocket *socket)
{
    return socket->findChild<ApiConnectionGuard *>(QString(), Qt::FindDirectChildrenOnly);
}

void ApiConnectionGuard::setStreaming()
{
    m_stopped = true;
    m_timer.stop();
    disconnect(m_socket, &QTcpSocket::readyRead, this, nullptr);
}

void ApiConnectionGuard::onReadyRead()
{
    if (m_stopped)
        return;
    // The HTTP server reads everything that arrived once this returns: what is available now is new.
    const QByteArray bytes = m_socket->peek(m_socket->bytesAvailable());
    consume(bytes);
}

bool ApiConnectionGuard::consume(QByteArrayView bytes)
{
    qsizetype pos = 0;
    while (pos < bytes.size()) {
        if (!m_inRequest) {
            // Line breaks between requests are allowed (RFC 9112, 2.2); anything else begins the next request.
            if (bytes.at(pos) == '\r' || bytes.at(pos) == '\n') {
                ++pos;
                continue;
            }
            m_inRequest = true;
            if (m_authenticated) // the first head's deadline runs on from the connection's start
                m_timer.start(m_limits.requestTimeoutMs);
        }
        if (m_bodyLeft > 0) {
            const qsizetype take = qsizetype(std::min<qint64>(m_bodyLeft, bytes.size() - pos));
            m_bodyLeft -= take;
            pos += take;
            if (m_bodyLeft == 0)
                finishRequest();
            continue;
        }
        const qsizetype before = m_head.size();
        const qsizetype room = qsizetype(m_limits.maxHeadBytes + 1) - before;
        m_head.append(bytes.sliced(pos, std::min(room, bytes.size() - pos)));
        const qsizetype end = headEnd(m_head, std::max<qsizetype>(0, before - 3));
        if (end < 0) {
            if (m_head.size() > m_limits.maxHeadBytes) {
                stop(ApiReply::error(431,
                    u"The request line and headers are larger than the limit of %1 bytes."_s.arg(
                        m_limits.maxHeadBytes)));
                return false;
            }
            pos = bytes.size();
            continue;
        }
        pos += end - before;
        if (!headComplete(end))
            return false;
    }
    return true;
}

bool ApiConnectionGuard::headComplete(qsizetype end)
{
    Head head;
    const QList<QByteArray> lines = m_head.first(end).split('\n');
    m_head.clear();
    const QList<QByteArray> requestLine = lines.value(0).trimmed().split(' ');
    head.method = requestLine.value(0);
    head.target = requestLine.value(1);
    bool lengthSeen = false;
    for (qsizetype i = 1; i < lines.size(); ++i) {
        const QByteArray line = lines.at(i).trimmed();
        const qsizetype colon = line.indexOf(':');
        if (colon <= 0)
            continue;
        const QByteArray name = line.first(colon).trimmed();
        const QByteArray value = line.sliced(colon + 1).trimmed();
        head.headers << qMakePair(name, value);
        if (name.compare("Transfer-Encoding", Qt::CaseInsensitive) == 0) {
            stop(ApiReply::error(411, u"Send the body with a Content-Length (chunked bodies are not taken)."_s));
            return false;
        }
        if (name.compare("Content-Length", Qt::CaseInsensitive) == 0) {
            bool ok = false;
            const qint64 length = value.toLongLong(&ok);
            if (!ok || length < 0 || (lengthSeen && length != head.contentLength)) {
                stop(ApiReply::error(400, u"The Content-Length header is not one whole number of bytes."_s));
                return false;
            }
            head.contentLength = length;
            lengthSeen = true;
        }
    }
    if (const std::optional<ApiReply> refusal = m_check(head)) {
        stop(*refusal);
        return false;
    }
    if (!m_authenticated) {
        m_authenticated = true;
        m_timer.start(m_limits.requestTimeoutMs); // the body's time
    }
    m_bodyLeft = head.contentLength;
    if (m_bodyLeft == 0)
        finishRequest();
    return true;
}

void ApiConnectionGuard::finishRequest()
{
    m_inRequest = false;
    m_timer.start(m_limits.idleTimeoutMs);
}

void ApiConnectionGuard::onTimeout()
{
    if (m_stopped)
        return;
    if (!m_inRequest) {
        m_stopped = true;
        m_socket->disconnectFromHost(); // idle between requests: nothing to answer
        return;
    }
    qCInfo(lcApi) << "closed a request that did not arrive within" << m_limits.requestTimeoutMs << "ms";
    stop(ApiReply::error(408, u"The request did not arrive whole in time; send it again."_s));
}

void ApiConnectionGuard::stop(const ApiReply &reply)
{
    m_stopped = true;
    m_timer.stop();
    refuse(m_socket, reply);
}

void ApiConnectionGuard::refuse(QTcpSocket *socket, const ApiReply &reply)
{
    // The HTTP server must not read this request any further: its body is never kept.
    QObject::disconnect(socket, &QTcpSocket::readyRead, nullptr, nullptr);
    if (socket->isTransactionStarted())
        socket->commitTransaction(); // the HTTP server's partial request
    socket->readAll();
    connect(socket, &QTcpSocket::readyRead, socket, [socket] { socket->readAll(); });
    socket->write(response(reply));
    // Once the answer is out, this side is done sending (the client reads the answer, then the end); the socket keeps
    // reading until the client closes, so that what it still sends never meets a closed socket (a reset, which can
    // take the answer with it).
    const auto endWhenWritten = [socket] {
        if (socket->bytesToWrite() > 0 || socket->state() != QAbstractSocket::ConnectedState)
            return;
        // Under TLS the end is a close_notify record, which only the TLS socket can write.
        if (qobject_cast<QSslSocket *>(socket)) {
            socket->disconnectFromHost();
            return;
        }
#ifdef Q_OS_UNIX
        ::shutdown(int(socket->socketDescriptor()), SHUT_WR);
#else
        socket->disconnectFromHost();
#endif
    };
    connect(socket, &QTcpSocket::bytesWritten, socket, endWhenWritten);
    connect(socket, &QTcpSocket::readChannelFinished, socket, [socket] { socket->disconnectFromHost(); });
    QTimer::singleShot(kLingerMs, socket, [socket] { socket->abort(); });
}

QByteArray ApiConnectionGuard::response(const ApiReply &reply)
{
    const QByteArray body = QJsonDocument(reply.body).toJson(QJsonDocument::Compact) + '\n';
    QByteArray head = "HTTP/1.1 " + QByteArray::number(reply.status) + ' ' + reasonPhrase(reply.status)
        + "\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: " + QByteArray::number(body.size())
        + "\r\nCache-Control: no-store\r\nX-Content-Type-Options: nosniff\r\nConnection: close\r\n";
    for (const auto &[name, value] : reply.headers)
        head += name + ": " + value + "\r\n";
    return head + "\r\n" + body;
}

} // namespace Tandem
