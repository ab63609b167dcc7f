#include "ApiServer.h"

#include "api/ApiConnectionGuard.h"
#include "api/ApiHttpServer.h"
#include "api/ApiListen.h"
#include "api/ApiReply.h"
#include "api/ApiTcpServer.h"
#include "api/EventStream.h"
#include "api/HandoffEndpoint.h"
#include "api/RoleGate.h"
#include "api/RunEndpoint.h"
#include "api/StoryEndpoint.h"
#include "chat/BoardMirror.h"
#include "chat/ChatRepository.h"
#include "chat/StoryIds.h"
#include "domain/Logging.h"

#include <QFile>
#include <QHostAddress>
#include <QHttpServerRequest>
#include <QHttpServerResponder>
#include <QJsonDocument>
#include <QPointer>
#include <QSslCertificate>
#include <QSslConfiguration>
#include <QSslKey>
#include <QTcpSocket>

#include <optional>

using namespace Qt::StringLiterals;

namespace Tandem {

namespace {

using Headers = QList<QPair<QByteArray, QByteArray>>;

QByteArray header(const Headers &headers, QByteArrayView name)
{
    for (const auto &[key, value] : headers)
        if (name.compare(key, Qt::CaseInsensitive) == 0)
            return value;
    return {};
}

bool hasHeader(const Headers &headers, QByteArrayView name)
{
    for (const auto &pair : headers)
        if (name.compare(pair.first, Qt::CaseInsensitive) == 0)
            return true;
    return false;
}

ApiReply methodNotAllowed(const QByteArray &allowed)
{
    ApiReply reply = ApiReply::error(405, u"This path takes %1 only."_s.arg(QString::fromLatin1(allowed)));
    reply.headers << qMakePair("Allow"_ba, allowed);
    return reply;
}

} // namespace

ApiServer::ApiServer(ChatRepository &repository, QObject *parent)
    : QObject(parent)
    , m_repository(repository)
    , m_events(new EventStream(this))
    , m_maxConnections(ApiTcpServer::kDefaultMaxConnections)
    , m_maxPerClient(ApiTcpServer::kDefaultMaxPerClient)
{
    // The repository announces every change once, in the order of the board's change log: the engine's own and
    // those other processes commit.
    connect(&m_repository, &ChatRepository::handoffStatusChanged, m_events, [this](const Handoff &handoff) {
        m_events->publish(handoff, StoryIds::of(m_repository, handoff.conversationId));
    });
    // A story started or stopped through this server, another one, the CLI or the window: each once, after the
    // handoff change that made it.
    connect(&m_repository, &ChatRepository::storyRunChanged, m_events, [this](qint64 conversationId, bool running) {
        m_events->publishRun(StoryIds::of(m_repository, conversationId), running ? u"running"_s : u"stopped"_s);
    });
}

ApiServer::~ApiServer()
{
    close();
}

void ApiServer::publishBoardChanges(BoardMirror &board)
{
    // A team story's changes reach the board and come back from it once, with the board's numbers, like every other
    // Tandem's; a conversation of no team story is this machine's alone and keeps its own numbers.
    disconnect(&m_repository, &ChatRepository::handoffStatusChanged, m_events, nullptr);
    connect(&m_repository, &ChatRepository::handoffStatusChanged, m_events,
        [this, team = QPointer<BoardMirror>(&board)](const Handoff &handoff) {
            if (!team || !team->shares(handoff.conversationId))
                m_events->publish(handoff, StoryIds::of(m_repository, handoff.conversationId));
        });
    connect(&board, &BoardMirror::changed, m_events,
        [this](const Handoff &handoff, const QString &storyId) { m_events->publish(handoff, storyId); });
}

bool ApiServer::listen(quint16 port)
{
    ApiListen where;
    where.port = port;
    return listen(where);
}

bool ApiServer::listen(const ApiListen &where)
{
    close();
    m_error.clear();
    m_team = false;
    m_access.setBeyondLoopback(false);
    const bool team = !where.isLoopback();
    if (team && !where.hasTls()) {
        m_error = tr("The local API listens beyond this computer (%1) only with TLS: give --tls-cert FILE and "
                     "--tls-key FILE, or listen on 127.0.0.1.")
                      .arg(where.address);
        return false;
    }
    if (team && !m_access.hasTokens()) {
        m_error = tr("The local API listens beyond this computer only with per-agent tokens, and none can be read.");
        return false;
    }
    auto *tcp = new ApiTcpServer(this);
    if (where.hasTls() && !setUpTls(*tcp, where)) {
        delete tcp;
        return false;
    }
    const QHostAddress address = where.address.compare(u"localhost"_s, Qt::CaseInsensitive) == 0
        ? QHostAddress(QHostAddress::LocalHost)
        : QHostAddress(where.address);
    if (!tcp->listenOn(address, where.port)) {
        m_error
            = tr("The local API cannot listen on %1:%2: %3").arg(where.address).arg(where.port).arg(tcp->errorString());
        delete tcp;
        return false;
    }
    m_team = team;
    m_access.setBeyondLoopback(team);
    m_host
        = address.protocol() == QAbstractSocket::IPv6Protocol ? u"[%1]"_s.arg(address.toString()) : address.toString();
    tcp->setConnectionLimits(m_maxConnections, m_maxPerClient);
    connect(tcp, &ApiTcpServer::accepted, this, &ApiServer::watch);
    m_tcp = tcp;
    m_http = new ApiHttpServer(
        [this](const QHttpServerRequest &request, QTcpSocket *socket) { handle(request, socket); }, this);
    m_http->bind(m_tcp);
    qCInfo(lcApi) << "local API listening on" << url();
    return true;
}

void ApiServer::close()
{
    if (!m_http)
        return;
    m_events->closeAll();
    m_tcp->close();
    // Connections under way belong to the HTTP server (their sockets are its children): they end with it.
    m_http->deleteLater();
    m_http = nullptr;
    m_tcp = nullptr;
    qCInfo(lcApi) << "local API stopped";
}

bool ApiServer::isListening() const
{
    return m_tcp && m_tcp->isListening();
}

quint16 ApiServer::port() const
{
    return isListening() ? m_tcp->serverPort() : 0;
}

QString ApiServer::url() const
{
    if (!isListening())
        return {};
    return u"%1://%2:%3"_s.arg(m_tcp->hasTls() ? u"https"_s : u"http"_s, m_host).arg(port());
}

bool ApiServer::setUpTls(ApiTcpServer &tcp, const ApiListen &where)
{
    QFile certificateFile(where.tlsCertificate);
    QFile keyFile(where.tlsKey);
    if (where.tlsCertificate.isEmpty() || where.tlsKey.isEmpty()) {
        m_error = tr("TLS needs both a certificate (--tls-cert FILE) and its private key (--tls-key FILE).");
        return false;
    }
    if (!certificateFile.open(QIODevice::ReadOnly) || !keyFile.open(QIODevice::ReadOnly)) {
        m_error = tr("Cannot read the certificate or its key: %1")
                      .arg(certificateFile.isOpen() ? keyFile.errorString() : certificateFile.errorString());
        return false;
    }
    const QList<QSslCertificate> chain = QSslCertificate::fromData(certificateFile.readAll(), QSsl::Pem);
    const QByteArray keyBytes = keyFile.readAll();
    QSslKey key(keyBytes, QSsl::Rsa, QSsl::Pem);
    if (key.isNull())
        key = QSslKey(keyBytes, QSsl::Ec, QSsl::Pem);
    if (chain.isEmpty() || key.isNull()) {
        m_error = tr("%1 holds no PEM certificate, or %2 no PEM private key without a pass phrase.")
                      .arg(where.tlsCertificate, where.tlsKey);
        return false;
    }
    QSslConfiguration configuration = QSslConfiguration::defaultConfiguration();
    configuration.setLocalCertificateChain(chain);
    configuration.setPrivateKey(key);
    configuration.setPeerVerifyMode(QSslSocket::VerifyNone); // clients prove themselves with their tokens
    configuration.setProtocol(QSsl::TlsV1_2OrLater);
    tcp.setTls(configuration);
    return true;
}

void ApiServer::setConnectionCaps(int total, int perClient)
{
    m_maxConnections = total;
    m_maxPerClient = perClient;
}

int ApiServer::openConnections() const
{
    return m_tcp ? m_tcp->openConnections() : 0;
}

void ApiServer::watch(QTcpSocket *socket)
{
    // The head of every request is judged before its body is read: a refused one is never kept in memory.
    const bool fromLoopback = socket->peerAddress().isLoopback();
    new ApiConnectionGuard(socket, m_limits, [this, fromLoopback](const ApiConnectionGuard::Head &head) {
        return refusal(head.headers, head.contentLength, QString::fromLatin1(head.target.left(200)), fromLoopback);
    });
}

void ApiServer::handle(const QHttpServerRequest &request, QTcpSocket *socket)
{
    bool streaming = false;
    const ApiReply reply = answer(request, socket, &streaming);
    if (!streaming)
        write(request, socket, reply);
}

ApiReply ApiServer::answer(const QHttpServerRequest &request, QTcpSocket *socket, bool *streaming)
{
    const QString path = request.url().path();
    ApiCaller caller;
    if (std::optional<ApiReply> refused
        = refusal(request.headers(), request.body().size(), path, socket->peerAddress().isLoopback(), &caller))
        return *refused;
    const QHttpServerRequest::Method method = request.method();
    if (std::optional<ApiReply> refused
        = RoleGate::check(m_repository, caller, method == QHttpServerRequest::Method::Post, path, request.body()))
        return *refused;
    if (path == u"/api/handoffs") {
        if (method == QHttpServerRequest::Method::Get)
            return HandoffEndpoint::get(m_repository, request.query());
        if (method == QHttpServerRequest::Method::Post)
            return HandoffEndpoint::post(m_repository, request.body());
        return methodNotAllowed("GET, POST"_ba);
    }
    if (path == u"/api/run") {
        if (method != QHttpServerRequest::Method::Post)
            return methodNotAllowed("POST"_ba);
        // Its `run` event comes from the repository (storyRunChanged), as one another process made does.
        RunEndpoint::Change change;
        return RunEndpoint::post(m_repository, request.body(), &change);
    }
    if (path.startsWith(u"/api/stories/"_s)) {
        if (method != QHttpServerRequest::Method::Get)
            return methodNotAllowed("GET"_ba);
        return StoryEndpoint::get(m_repository, request.url().path(QUrl::FullyDecoded).mid(13));
    }
    if (path == u"/api/events") {
        if (method != QHttpServerRequest::Method::Get)
            return methodNotAllowed("GET"_ba);
        *streaming = true;
        if (ApiConnectionGuard *guard = ApiConnectionGuard::of(socket))
            guard->setStreaming(); // a stream lasts as long as the client wants it
        m_events->subscribe(socket);
        return {};
    }
    return ApiReply::error(404,
        u"There is no %1 here: the local API has /api/handoffs, /api/run, /api/stories/ID and /api/events."_s.arg(
            path.left(200)));
}

std::optional<ApiReply> ApiServer::refusal(
    const Headers &headers, qint64 bodySize, const QString &path, bool fromLoopback, ApiCaller *caller) const
{
    // A browser names the page a request comes from; programs on this computer send no Origin. Refusing it keeps
    // web pages (and DNS rebinding) out, whatever they guess; no CORS header is ever sent.
    if (hasHeader(headers, "Origin")) {
        qCInfo(lcApi) << "refused a request from a web page to" << path;
        return ApiReply::error(403,
            u"Requests from web pages (with an Origin header) are refused: the local API "
            "is for programs on this computer."_s);
    }
    // A page that rebinds its own host name to 127.0.0.1 still names that host: only our own addresses are answered.
    const QByteArray host = header(headers, "Host").trimmed().toLower();
    const qsizetype colon = host.lastIndexOf(':');
    const QByteArray name = colon > host.lastIndexOf(']') ? host.left(colon) : host;
    // Beyond loopback a team names the server as it likes, and every request needs a token of the board's anyway.
    if (!m_team && name != "127.0.0.1" && name != "localhost" && name != "[::1]") {
        qCInfo(lcApi) << "refused a request addressed to another host, to" << path;
        return ApiReply::error(403,
            u"The local API answers only requests addressed to 127.0.0.1 or localhost; this one was "
            "addressed to “%1”."_s.arg(QString::fromLatin1(host.left(200))));
    }
    if (bodySize > m_bodyLimit) {
        qCInfo(lcApi) << "refused a request larger than" << m_bodyLimit << "bytes";
        return ApiReply::error(413, u"The request is larger than the limit of %1 bytes."_s.arg(m_bodyLimit));
    }
    const std::optional<ApiCaller> known = m_access.caller(headers, fromLoopback);
    if (!known) {
        ApiReply reply = ApiReply::error(401,
            m_team ? u"Send a token of this board: Authorization: Bearer <token> (tandem tokens create NAME --role "
                     "ROLE); this one is missing, unknown or revoked."_s
                   : u"Send the local API's token: Authorization: Bearer <token> (see Settings → Local API, or tandem "
                     "serve --print-token)."_s);
        reply.headers << qMakePair("WWW-Authenticate"_ba, "Bearer realm=\"tandem\""_ba);
        return reply;
    }
    if (caller)
        *caller = *known;
    return std::nullopt;
}

bool ApiServer::setToken(const QString &token)
{
    const QByteArray bytes = token.toUtf8();
    if (bytes == m_access.localToken())
        return false;
    m_access.setLocalToken(bytes);
    return true;
}

void ApiServer::write(const QHttpServerRequest &request, QTcpSocket *socket, const ApiReply &reply)
{
    if (!socket->isOpen())
        return;
    const QByteArray body = QJsonDocument(reply.body).toJson(QJsonDocument::Compact) + '\n';
    QHttpServerResponder responder = ApiHttpServer::responderFor(request, socket);
    responder.writeStatusLine(static_cast<QHttpServerResponder::StatusCode>(reply.status));
    responder.writeHeader("Content-Type"_ba, "application/json; charset=utf-8"_ba);
    responder.writeHeader("Content-Length"_ba, QByteArray::number(body.size()));
    responder.writeHeader("Cache-Control"_ba, "no-store"_ba);
    responder.writeHeader("X-Content-Type-Options"_ba, "nosniff"_ba);
    for (const auto &[name, value] : reply.headers)
        responder.writeHeader(name, value);
    responder.writeBody(body);
}

} // namespace Tandem
