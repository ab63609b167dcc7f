// MCP's "Streamable HTTP" transport (basic/transports), on the app's one network manager.
#include "McpHttpTransport.h"

#include "llm/NetworkAccess.h"
#include "mcp/McpLogging.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QNetworkRequest>
#include <QTimer>

using namespace Qt::StringLiterals;

namespace Tandem {

namespace {

constexpr int kServerError = -32000;
/// How often one answer's stream is resumed before its request is given up.
constexpr int kMaxResumptionsPerRequest = 5;

bool isEventStream(QNetworkReply *reply)
{
    return reply->header(QNetworkRequest::ContentTypeHeader).toString().startsWith(u"text/event-stream"_s);
}

} // namespace

McpHttpTransport::McpHttpTransport(QNetworkAccessManager *network, const QUrl &endpoint,
    const QList<QPair<QByteArray, QByteArray>> &headers, QObject *parent)
    : McpTransport(parent)
    , m_network(network)
    , m_endpoint(endpoint)
    , m_headers(headers)
{ }

McpHttpTransport::~McpHttpTransport()
{
    const QList<QNetworkReply *> replies = m_streams.keys();
    m_streams.clear();
    for (QNetworkReply *reply : replies) {
        reply->disconnect(this);
        reply->abort();
        reply->deleteLater();
    }
}

void McpHttpTransport::open()
{
    QTimer::singleShot(0, this, [this] {
        if (m_network)
            Q_EMIT opened();
        else
            Q_EMIT closed(tr("No network for the MCP server at %1.").arg(NetworkAccess::describe(m_endpoint)));
    });
}

QNetworkRequest McpHttpTransport::makeRequest(QByteArrayView accept) const
{
    QNetworkRequest request(m_endpoint);
    request.setHeader(QNetworkRequest::UserAgentHeader, NetworkAccess::userAgent());
    request.setHeader(QNetworkRequest::ContentTypeHeader, QByteArrayLiteral("application/json"));
    // No redirects at all: the headers (a token) go to the endpoint the person configured and nowhere else.
    request.setAttribute(QNetworkRequest::RedirectPolicyAttribute, QNetworkRequest::ManualRedirectPolicy);
    request.setTransferTimeout(0);
    request.setRawHeader("Accept", accept.toByteArray());
    for (const auto &[name, value] : m_headers)
        request.setRawHeader(name, value);
    if (!m_sessionId.isEmpty())
        request.setRawHeader("Mcp-Session-Id", m_sessionId);
    if (!m_protocolVersion.isEmpty())
        request.setRawHeader("MCP-Protocol-Version", m_protocolVersion);
    return request;
}

void McpHttpTransport::send(const QJsonObject &message)
{
    if (!m_network || m_closing)
        return;
    QNetworkReply *reply = m_network->post(
        makeRequest("application/json, text/event-stream"), QJsonDocument(message).toJson(QJsonDocument::Compact));
    auto stream = std::make_shared<Stream>();
    if (message.contains(u"method"_s) && message.contains(u"id"_s))
        stream->requestId = message.value(u"id"_s);
    watch(reply, stream);
}

void McpHttpTransport::setProtocolVersion(const QString &version)
{
    m_protocolVersion = version.toUtf8();
    // The handshake is done: listen for what the server sends on its own.
    if (!m_getStreamOpen)
        openGetStream({}, QJsonValue());
}

void McpHttpTransport::openGetStream(const QString &lastEventId, const QJsonValue &requestId, int resumed)
{
    if (!m_network || m_closing)
        return;
    QNetworkRequest request = makeRequest("text/event-stream");
    if (!lastEventId.isEmpty())
        request.setRawHeader("Last-Event-ID", lastEventId.toUtf8());
    auto stream = std::make_shared<Stream>();
    stream->get = true;
    stream->requestId = requestId;
    stream->resumed = resumed;
    stream->lastEventId = lastEventId;
    if (requestId.isNull())
        m_getStreamOpen = true;
    watch(m_network->get(request), stream);
}

void McpHttpTransport::watch(QNetworkReply *reply, std::shared_ptr<Stream> stream)
{
    m_streams.insert(reply, stream);
    connect(reply, &QNetworkReply::readyRead, this, [this, reply, stream] { onReadyRead(reply, *stream); });
    connect(reply, &QNetworkReply::finished, this, [this, reply, stream] { onFinished(reply, stream); });
}

void McpHttpTransport::onReadyRead(QNetworkReply *reply, Stream &stream)
{
    if (m_sessionId.isEmpty() && reply->hasRawHeader("Mcp-Session-Id"))
        m_sessionId = reply->rawHeader("Mcp-Session-Id");
    if (!isEventStream(reply))
        return; // a JSON answer is read whole when it has finished
    for (const SseEvent &event : stream.parser.feed(reply->readAll()))
        deliver(event, stream);
}

void McpHttpTransport::deliver(const SseEvent &event, Stream &stream)
{
    if (!event.id.isEmpty())
        stream.lastEventId = event.id;
    if (!event.data.isEmpty())
        deliver(event.data.toUtf8(), stream);
}

void McpHttpTransport::deliver(const QByteArray &json, Stream &stream)
{
    const QJsonDocument document = QJsonDocument::fromJson(json);
    QJsonArray messages = document.isArray() ? document.array() : QJsonArray { document.object() };
    for (const QJsonValue &value : std::as_const(messages)) {
        const QJsonObject message = value.toObject();
        if (message.isEmpty())
            continue;
        ++stream.delivered;
        if (!message.contains(u"method"_s) && message.value(u"id"_s) == stream.requestId)
            stream.answered = true;
        Q_EMIT messageReceived(message);
    }
}

void McpHttpTransport::onFinished(QNetworkReply *reply, const std::shared_ptr<Stream> &stream)
{
    reply->deleteLater();
    if (!m_streams.remove(reply) || m_ended)
        return;
    const int status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    if (m_sessionId.isEmpty() && reply->hasRawHeader("Mcp-Session-Id"))
        m_sessionId = reply->rawHeader("Mcp-Session-Id");
    if (isEventStream(reply)) {
        if (reply->isOpen())
            onReadyRead(reply, *stream);
        QList<SseEvent> last;
        stream->parser.finish(last);
        for (const SseEvent &event : std::as_const(last))
            deliver(event, *stream);
    } else if (reply->error() == QNetworkReply::NoError && status == 200) {
        const QByteArray body = reply->readAll();
        if (!body.trimmed().isEmpty())
            deliver(body, *stream);
    }
    if (m_closing)
        return;
    if (status == 404 && !m_sessionId.isEmpty()) {
        // The spec: the session is gone on the server; only a new initialize would start another.
        m_ended = true;
        Q_EMIT closed(tr("The MCP server at %1 ended the session.").arg(NetworkAccess::describe(m_endpoint)));
        return;
    }
    const bool streamed = isEventStream(reply) && status == 200;
    const bool standalone = stream->get && stream->requestId.isNull();
    if (streamed && standalone) {
        // The server's own stream ended: listen again, from where it stopped.
        m_getStreamOpen = false;
        if (!stream->lastEventId.isEmpty())
            ++m_resumptions;
        const int delay = stream->parser.retryMs() > 0 ? stream->parser.retryMs() : 1000;
        QTimer::singleShot(delay, this, [this, from = stream->lastEventId] {
            if (!m_getStreamOpen)
                openGetStream(from, QJsonValue());
        });
        return;
    }
    if (standalone) {
        m_getStreamOpen = false; // 405: the server offers no stream of its own
        return;
    }
    if (streamed && !stream->answered && !stream->lastEventId.isEmpty()
        && stream->resumed < kMaxResumptionsPerRequest) {
        // An answer's stream ended before the answer (a dropped connection, or a server that polls): resume it.
        ++m_resumptions;
        const int delay = stream->parser.retryMs() > 0 ? stream->parser.retryMs() : 0;
        QTimer::singleShot(
            // Counted only while resumptions bring nothing new: a stream that moves on may be resumed again.
            delay, this,
            [this, from = stream->lastEventId, id = stream->requestId,
                resumed = stream->delivered > 0 ? 0 : stream->resumed + 1] { openGetStream(from, id, resumed); });
        return;
    }
    if (!stream->requestId.isNull() && !stream->answered) {
        const QString why = reply->error() == QNetworkReply::NoError && status / 100 == 2
            ? tr("The MCP server at %1 ended its answer without a result.").arg(NetworkAccess::describe(m_endpoint))
            : tr("The MCP server at %1 answered HTTP %2.").arg(NetworkAccess::describe(m_endpoint)).arg(status);
        failRequest(stream->requestId, why);
    }
}

void McpHttpTransport::failRequest(const QJsonValue &id, const QString &message)
{
    Q_EMIT messageReceived(QJsonObject { { u"jsonrpc"_s, u"2.0"_s }, { u"id"_s, id },
        { u"error"_s, QJsonObject { { u"code"_s, kServerError }, { u"message"_s, message } } } });
}

void McpHttpTransport::dropStreams()
{
    const QList<QNetworkReply *> replies = m_streams.keys();
    for (QNetworkReply *reply : replies)
        if (isEventStream(reply))
            reply->abort();
}

void McpHttpTransport::close()
{
    if (m_closing)
        return;
    m_closing = true;
    const QList<QNetworkReply *> replies = m_streams.keys();
    m_streams.clear();
    for (QNetworkReply *reply : replies) {
        reply->disconnect(this);
        reply->abort();
        reply->deleteLater();
    }
    if (!m_network || m_sessionId.isEmpty()) {
        m_ended = true;
        QTimer::singleShot(0, this, [this] { Q_EMIT closed({}); });
        return;
    }
    QNetworkReply *reply = m_network->sendCustomRequest(makeRequest("application/json"), "DELETE");
    connect(reply, &QNetworkReply::finished, this, [this, reply] {
        reply->deleteLater();
        qCInfo(lcMcp) << "session closed at" << NetworkAccess::describe(m_endpoint) << "HTTP"
                      << reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
        m_ended = true;
        Q_EMIT closed({});
    });
}

} // namespace Tandem
