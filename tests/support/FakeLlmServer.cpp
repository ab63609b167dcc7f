#include "FakeLlmServer.h"

#include "FakeLlmPayloads.h"

#include <QDateTime>
#include <QDebug>
#include <QHostAddress>
#include <QJsonArray>
#include <QJsonDocument>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTimer>

#include <sys/ioctl.h>
#include <sys/socket.h>
#ifdef Q_OS_LINUX
#include <linux/sockios.h>
#endif

using namespace Qt::StringLiterals;

namespace Tandem::Test {

namespace {

constexpr qsizetype MaxHeaderBytes = 64 * 1024;

QByteArray reasonPhrase(int status)
{
    switch (status) {
    case 200:
        return "OK";
    case 400:
        return "Bad Request";
    case 401:
        return "Unauthorized";
    case 403:
        return "Forbidden";
    case 404:
        return "Not Found";
    case 408:
        return "Request Timeout";
    case 413:
        return "Content Too Large";
    case 422:
        return "Unprocessable Content";
    case 429:
        return "Too Many Requests";
    case 500:
        return "Internal Server Error";
    case 502:
        return "Bad Gateway";
    case 503:
        return "Service Unavailable";
    case 504:
        return "Gateway Timeout";
    default:
        return "Status";
    }
}

// Unsent or unacknowledged bytes in the kernel's send queue: a reset must wait for them, or the RST overtakes them.
int kernelSendQueue(qintptr descriptor)
{
#ifdef Q_OS_LINUX
    int pending = 0;
    if (descriptor >= 0 && ::ioctl(int(descriptor), SIOCOUTQ, &pending) == 0)
        return pending;
#else
    Q_UNUSED(descriptor)
#endif
    return 0;
}

enum class ChunkedBody { Complete, Incomplete, Malformed };

// Decodes a chunked request body starting at `offset`; `end` is where the next request starts.
ChunkedBody decodeChunked(const QByteArray &input, qsizetype offset, QByteArray *body, qsizetype *end)
{
    qsizetype position = offset;
    for (;;) {
        const qsizetype lineEnd = input.indexOf("\r\n", position);
        if (lineEnd < 0)
            return ChunkedBody::Incomplete;
        QByteArray sizeText = input.mid(position, lineEnd - position);
        if (const qsizetype semicolon = sizeText.indexOf(';'); semicolon >= 0)
            sizeText.truncate(semicolon);
        bool ok = false;
        const qint64 size = sizeText.trimmed().toLongLong(&ok, 16);
        if (!ok || size < 0)
            return ChunkedBody::Malformed;
        position = lineEnd + 2;
        if (size == 0) {
            // Trailers, then an empty line.
            for (;;) {
                const qsizetype trailerEnd = input.indexOf("\r\n", position);
                if (trailerEnd < 0)
                    return ChunkedBody::Incomplete;
                const bool empty = trailerEnd == position;
                position = trailerEnd + 2;
                if (empty) {
                    *end = position;
                    return ChunkedBody::Complete;
                }
            }
        }
        if (input.size() < position + size + 2)
            return ChunkedBody::Incomplete;
        body->append(input.mid(position, size));
        if (input.mid(position + size, 2) != "\r\n")
            return ChunkedBody::Malformed;
        position += size + 2;
    }
}

} // namespace

struct FakeLlmServer::Plan
{
    enum class End { Normal, Truncate, Reset, Stall };

    int status = 200;
    QList<std::pair<QByteArray, QByteArray>> headers;
    QList<QByteArray> frames; ///< the body, in pieces; a stream's pieces are its frames
    bool stream = false; ///< chunked framing (with Transfer::Chunked); a plain body gets Content-Length
    qint64 contentLength = -1; ///< a plain body's length when the frames no longer add up to it (truncation)
    ScriptedReply::Transfer transfer = ScriptedReply::Transfer::Chunked;
    End end = End::Normal;
    bool close = false; ///< close after the body even if the client would keep the connection
    int stallMs = -1;
    int frameIntervalMs = 0;
    int writeChunkBytes = 0;

    void addHeader(const QByteArray &name, const QByteArray &value) { headers.append(std::pair(name, value)); }
};

struct FakeLlmServer::Connection
{
    struct Pending
    {
        RecordedRequest request;
        bool malformed = false;
        bool keepAlive = true;
    };
    struct Write
    {
        QByteArray bytes;
        int waitMs = -1; ///< >= 0: wait this long (0: one event-loop turn) before writing
        bool waited = false;
    };

    int id = 0;
    QTcpSocket *socket = nullptr;
    QTimer *timer = nullptr; ///< paces writes; a child of the socket
    QByteArray input;
    QList<Pending> pending;
    bool busy = false; ///< a reply is being written
    bool closing = false; ///< the connection ends after the current reply; later requests are ignored
    bool lastRequestParsed = false; ///< a request that closes the connection (or a malformed one) was parsed
    QList<Write> writes;
    Plan::End end = Plan::End::Normal;
    bool closeAfter = false;
    int stallMs = -1;
};

FakeLlmServer::FakeLlmServer(QObject *parent)
    : FakeLlmServer(0, parent)
{ }

FakeLlmServer::FakeLlmServer(quint16 port, QObject *parent)
    : QObject(parent)
    , m_server(new QTcpServer(this))
    , m_models { u"fake-model"_s }
{
    qRegisterMetaType<Tandem::Test::RecordedRequest>();
    connect(m_server, &QTcpServer::newConnection, this, &FakeLlmServer::onNewConnection);
    listen(port);
}

FakeLlmServer::~FakeLlmServer()
{
    const QList<Connection *> connections = m_connections.values();
    m_connections.clear();
    for (Connection *connection : connections) {
        connection->socket->disconnect(this);
        connection->socket->abort();
        delete connection->socket;
        delete connection;
    }
    m_server->close();
}

void FakeLlmServer::listen(quint16 port)
{
    if (!m_server->listen(QHostAddress::LocalHost, port))
        m_errorString = m_server->errorString();
}

bool FakeLlmServer::isListening() const
{
    return m_server->isListening();
}

quint16 FakeLlmServer::port() const
{
    return m_server->serverPort();
}

QUrl FakeLlmServer::baseUrl() const
{
    QUrl url;
    url.setScheme(u"http"_s);
    url.setHost(u"127.0.0.1"_s);
    url.setPort(port());
    url.setPath(u"/v1"_s);
    return url;
}

QUrl FakeLlmServer::url(const QString &path) const
{
    QUrl result = baseUrl();
    result.setPath(result.path() + (path.startsWith(u'/') ? path : u'/' + path));
    return result;
}

void FakeLlmServer::enqueue(const ScriptedReply &reply)
{
    m_queue.enqueue(reply);
}

void FakeLlmServer::enqueue(const QList<ScriptedReply> &replies)
{
    for (const ScriptedReply &reply : replies)
        m_queue.enqueue(reply);
}

void FakeLlmServer::setResponder(Responder responder)
{
    m_responder = std::move(responder);
}

void FakeLlmServer::failFirst(int count, const ScriptedReply &failure)
{
    m_failuresLeft = count;
    m_failure = failure;
}

void FakeLlmServer::overrideRoute(
    const QString &method, const QString &path, int status, const QByteArray &body, const QByteArray &contentType)
{
    m_fixedReplies.insert(method + u' ' + path, FixedReply { status, body, contentType, {} });
}

void FakeLlmServer::redirectRoute(const QString &method, const QString &path, int status, const QUrl &location)
{
    m_fixedReplies.insert(method + u' ' + path,
        FixedReply { status, QByteArrayLiteral("{\"moved\": true}"), QByteArrayLiteral("application/json"),
            location.toEncoded() });
}

void FakeLlmServer::clearScript()
{
    m_queue.clear();
    m_responder = {};
    m_failuresLeft = 0;
    m_fixedReplies.clear();
}

void FakeLlmServer::setModels(const QStringList &ids)
{
    m_models = ids;
}

QList<RecordedRequest> FakeLlmServer::requests(const QString &path) const
{
    QList<RecordedRequest> result;
    for (const RecordedRequest &request : m_requests) {
        if (request.path == path)
            result.append(request);
    }
    return result;
}

RecordedRequest FakeLlmServer::lastRequest() const
{
    return m_requests.isEmpty() ? RecordedRequest() : m_requests.last();
}

void FakeLlmServer::clear()
{
    m_requests.clear();
}

void FakeLlmServer::closeAllConnections()
{
    const QList<Connection *> connections = m_connections.values();
    for (Connection *connection : connections) {
        connection->socket->disconnect(this); // abort() emits disconnected(), which would drop it a second time
        connection->socket->abort();
        drop(connection);
    }
}

FakeLlmServer::Responder FakeLlmServer::echoResponder()
{
    return [](const RecordedRequest &request) {
        const QString text = u"Echo: "_s + request.lastUserText();
        TokenUsage usage;
        usage.inputTokens = request.body.size() / 4 + 1;
        usage.outputTokens = text.size() / 4 + 1;
        return ScriptedReply::text(FakeLlmPayloads::split(text, int(qMax<qsizetype>(1, text.size() / 6))), usage);
    };
}

void FakeLlmServer::onNewConnection()
{
    while (QTcpSocket *socket = m_server->nextPendingConnection()) {
        socket->setSocketOption(QAbstractSocket::LowDelayOption, 1);
        auto *connection = new Connection;
        connection->id = ++m_connectionSerial;
        connection->socket = socket;
        connection->timer = new QTimer(socket);
        connection->timer->setSingleShot(true);
        m_connections.insert(socket, connection);
        connect(connection->timer, &QTimer::timeout, this, [this, socket] {
            if (Connection *current = m_connections.value(socket))
                writeNext(current);
        });
        connect(socket, &QTcpSocket::readyRead, this, [this, socket] {
            if (Connection *current = m_connections.value(socket))
                onReadyRead(current);
        });
        connect(socket, &QTcpSocket::disconnected, this, [this, socket] {
            if (Connection *current = m_connections.value(socket))
                drop(current);
        });
        if (socket->bytesAvailable() > 0)
            onReadyRead(connection);
    }
}

void FakeLlmServer::onReadyRead(Connection *connection)
{
    QTcpSocket *socket = connection->socket;
    const QByteArray data = socket->readAll();
    if (connection->closing)
        return;
    connection->input += data;
    while (parseOne(connection)) {
        // A slot of requestReceived may have closed everything.
        if (!m_connections.contains(socket))
            return;
    }
    if (m_connections.contains(socket))
        answerNext(connection);
}

bool FakeLlmServer::parseOne(Connection *connection)
{
    QByteArray &input = connection->input;
    if (input.isEmpty() || connection->lastRequestParsed)
        return false;
    auto malformed = [connection, &input] {
        Connection::Pending bad;
        bad.malformed = true;
        bad.keepAlive = false;
        connection->pending.append(bad);
        connection->lastRequestParsed = true;
        input.clear();
        return false;
    };
    // Tolerate blank lines between pipelined requests (RFC 9112, 2.2).
    while (input.startsWith("\r\n"))
        input.remove(0, 2);
    const qsizetype headerEnd = input.indexOf("\r\n\r\n");
    if (headerEnd < 0)
        return input.size() > MaxHeaderBytes ? malformed() : false;

    const QList<QByteArray> lines = input.left(headerEnd).split('\n');
    const QList<QByteArray> requestLine = lines.first().trimmed().split(' ');
    if (requestLine.size() != 3 || !requestLine.at(2).startsWith("HTTP/1."))
        return malformed();

    RecordedRequest request;
    request.method = QString::fromLatin1(requestLine.at(0));
    request.httpVersion = QString::fromLatin1(requestLine.at(2));
    QByteArray target = requestLine.at(1);
    if (target.startsWith("http://") || target.startsWith("https://")) {
        const qsizetype pathStart = target.indexOf('/', target.indexOf("//") + 2);
        target = pathStart < 0 ? QByteArray("/") : target.mid(pathStart);
    }
    const qsizetype question = target.indexOf('?');
    request.path = QString::fromUtf8(question < 0 ? target : target.left(question));
    request.query = question < 0 ? QString() : QString::fromUtf8(target.mid(question + 1));
    for (qsizetype i = 1; i < lines.size(); ++i) {
        const QByteArray line = lines.at(i).trimmed();
        const qsizetype colon = line.indexOf(':');
        if (colon <= 0)
            return malformed();
        const QString name = QString::fromLatin1(line.left(colon).trimmed()).toLower();
        const QString value = QString::fromUtf8(line.mid(colon + 1).trimmed());
        if (request.headers.contains(name))
            request.headers[name] += u", "_s + value;
        else
            request.headers.insert(name, value);
    }

    qsizetype requestEnd = headerEnd + 4;
    if (request.header(u"transfer-encoding"_s).toLower().contains(u"chunked")) {
        switch (decodeChunked(input, headerEnd + 4, &request.body, &requestEnd)) {
        case ChunkedBody::Incomplete:
            return false;
        case ChunkedBody::Malformed:
            return malformed();
        case ChunkedBody::Complete:
            break;
        }
    } else if (request.headers.contains(u"content-length"_s)) {
        bool ok = false;
        const qint64 length = request.header(u"content-length"_s).toLongLong(&ok);
        if (!ok || length < 0)
            return malformed();
        if (input.size() < headerEnd + 4 + length)
            return false;
        request.body = input.mid(headerEnd + 4, length);
        requestEnd = headerEnd + 4 + length;
    }
    input.remove(0, requestEnd);

    const QJsonDocument document = QJsonDocument::fromJson(request.body);
    if (document.isObject())
        request.json = document.object();
    request.receivedAt = QDateTime::currentDateTimeUtc();
    request.connectionId = connection->id;
    request.index = m_requestSerial++;

    const QString connectionHeader = request.header(u"connection"_s).toLower();
    Connection::Pending pending;
    pending.request = request;
    pending.keepAlive = request.httpVersion == u"HTTP/1.0" ? connectionHeader.contains(u"keep-alive")
                                                           : !connectionHeader.contains(u"close");
    connection->pending.append(pending);
    // Whatever follows a request that closes the connection is never answered, so it is not a request either.
    connection->lastRequestParsed = !pending.keepAlive;
    m_requests.append(request);
    Q_EMIT requestReceived(request);
    return true;
}

void FakeLlmServer::answerNext(Connection *connection)
{
    if (connection->busy || connection->closing || connection->pending.isEmpty())
        return;
    const Connection::Pending next = connection->pending.takeFirst();
    connection->busy = true;
    Plan plan;
    if (next.malformed) {
        plan.status = 400;
        plan.addHeader("Content-Type", "application/json");
        plan.frames = { FakeLlmPayloads::toJson(
            FakeLlmPayloads::errorBody(u"FakeLlmServer: malformed HTTP request"_s, u"invalid_request_error"_s)) };
    } else {
        plan = route(next.request);
        plan.addHeader("x-request-id", "req_" + QByteArray::number(next.request.index));
    }
    plan.close = plan.close || !next.keepAlive;
    start(connection, std::move(plan));
}

FakeLlmServer::Plan FakeLlmServer::route(const RecordedRequest &request)
{
    auto json = [](int status, const QJsonObject &body) {
        Plan plan;
        plan.status = status;
        plan.addHeader("Content-Type", "application/json");
        plan.frames = { FakeLlmPayloads::toJson(body) };
        return plan;
    };
    const QString &method = request.method;
    const QString &path = request.path;
    if (const auto fixed = m_fixedReplies.constFind(method + u' ' + path); fixed != m_fixedReplies.cend()) {
        Plan plan;
        plan.status = fixed->status;
        plan.addHeader("Content-Type", fixed->contentType);
        if (!fixed->location.isEmpty())
            plan.addHeader("Location", fixed->location);
        plan.frames = { fixed->body };
        return plan;
    }
    if (method == u"POST" && path == u"/v1/responses")
        return modelReply(request, true);
    if (method == u"POST" && path == u"/v1/chat/completions")
        return modelReply(request, false);
    if (method == u"POST" && path == u"/v1/conversations") {
        const QString id = u"conv_%1"_s.arg(m_conversationOrder.size() + 1);
        const QJsonValue metadata = request.json.value(u"metadata");
        const QJsonObject conversation {
            { u"id"_s, id },
            { u"object"_s, u"conversation"_s },
            { u"created_at"_s, QDateTime::currentSecsSinceEpoch() },
            { u"metadata"_s, metadata.isObject() ? metadata : QJsonValue(QJsonObject()) },
        };
        m_conversations.insert(id, conversation);
        m_conversationOrder.append(id);
        return json(200, conversation);
    }
    if (method == u"GET" && path.startsWith(u"/v1/conversations/")) {
        const QString id = path.mid(QStringView(u"/v1/conversations/").size());
        if (m_conversations.contains(id))
            return json(200, m_conversations.value(id));
        return json(404,
            FakeLlmPayloads::errorBody(
                u"Conversation with id '%1' not found."_s.arg(id), u"invalid_request_error"_s, QString(), QString()));
    }
    if (method == u"GET" && path == u"/v1/models") {
        QJsonArray data;
        for (const QString &id : std::as_const(m_models)) {
            data.append(QJsonObject {
                { u"id"_s, id },
                { u"object"_s, u"model"_s },
                { u"created"_s, 1700000000 },
                { u"owned_by"_s, u"tandem-test"_s },
            });
        }
        return json(200, { { u"object"_s, u"list"_s }, { u"data"_s, data } });
    }
    return json(
        404, FakeLlmPayloads::errorBody(u"Invalid URL (%1 %2)"_s.arg(method, path), u"invalid_request_error"_s));
}

ScriptedReply FakeLlmServer::nextReply(const RecordedRequest &request, bool *found)
{
    *found = true;
    if (m_failuresLeft > 0) {
        --m_failuresLeft;
        return m_failure;
    }
    if (!m_queue.isEmpty())
        return m_queue.dequeue();
    if (m_responder)
        return m_responder(request);
    *found = false;
    return {};
}

QList<ChatTemplateRules::Entry> FakeLlmServer::conversationOf(
    const RecordedRequest &request, bool responses, bool *continuation)
{
    *continuation = false;
    if (!responses)
        return ChatTemplateRules::fromChat(request.json);
    QList<ChatTemplateRules::Entry> conversation;
    if (request.json.contains(u"instructions"))
        conversation << ChatTemplateRules::Entry { ChatTemplateRules::Entry::Role::System,
            request.json.value(u"instructions").toString(), {}, {} };
    conversation << priorItems(request, continuation);
    conversation << ChatTemplateRules::fromResponsesInput(request.json.value(u"input"));
    return conversation;
}

QList<ChatTemplateRules::Entry> FakeLlmServer::priorItems(const RecordedRequest &request, bool *unknown) const
{
    // What the server keeps for a Responses request that goes on from a conversation or an earlier response.
    const QString stored = request.json.value(u"conversation").toString();
    const QString previous = request.json.value(u"previous_response_id").toString();
    *unknown = (!stored.isEmpty() && !m_conversations.contains(stored))
        || (stored.isEmpty() && !previous.isEmpty() && !m_responseItems.contains(previous));
    return !stored.isEmpty() ? m_conversationItems.value(stored) : m_responseItems.value(previous);
}

FakeLlmServer::Plan FakeLlmServer::refuse(const RecordedRequest &request, const QStringList &problems)
{
    const QString sentence
        = u"FakeLlmServer: request #%1 (%2) %3"_s.arg(request.index).arg(request.path, problems.join(u"; "_s));
    m_violations << sentence;
    qWarning().noquote() << sentence;
    Plan plan;
    plan.status = 400;
    plan.addHeader("Content-Type", "application/json");
    plan.frames = { FakeLlmPayloads::toJson(FakeLlmPayloads::errorBody(sentence, u"invalid_request_error"_s)) };
    return plan;
}

FakeLlmServer::Plan FakeLlmServer::modelReply(const RecordedRequest &request, bool responses)
{
    bool continuation = false;
    const QList<ChatTemplateRules::Entry> conversation = conversationOf(request, responses, &continuation);
    if (m_checksTemplates) {
        const QStringList problems = ChatTemplateRules::problems(conversation, continuation);
        if (!problems.isEmpty())
            return refuse(request, { u"breaks a strict chat template: "_s + problems.join(u"; "_s) });
    }
    bool found = false;
    const ScriptedReply reply = nextReply(request, &found);
    QStringList missing;
    for (const QString &text : reply.expectedUserTexts)
        if (!ChatTemplateRules::carriesUserText(conversation, text))
            missing << u"\"%1\""_s.arg(text);
    if (!missing.isEmpty())
        return refuse(request, { u"has no user message with %1"_s.arg(missing.join(u", "_s)) });
    Plan plan;
    plan.transfer = reply.transfer;
    plan.frameIntervalMs = reply.frameIntervalMs;
    plan.writeChunkBytes = reply.writeChunkBytes;
    if (!found) {
        plan.status = 500;
        plan.addHeader("Content-Type", "application/json");
        plan.frames = { FakeLlmPayloads::toJson(FakeLlmPayloads::errorBody(
            u"FakeLlmServer: no scripted reply for %1 %2 (request #%3)"_s.arg(request.method, request.path)
                .arg(request.index),
            u"server_error"_s, u"no_scripted_reply"_s)) };
        return plan;
    }
    if (reply.fault == ScriptedReply::Fault::HttpError) {
        plan.status = reply.httpStatus;
        plan.addHeader("Content-Type", "application/json");
        if (reply.retryAfterSeconds >= 0)
            plan.addHeader("Retry-After", QByteArray::number(reply.retryAfterSeconds));
        if (reply.retryAfterMs >= 0)
            plan.addHeader("retry-after-ms", QByteArray::number(reply.retryAfterMs));
        plan.frames = { FakeLlmPayloads::toJson(FakeLlmPayloads::errorBodyForStatus(
            reply.httpStatus, request.model(), reply.errorCode, reply.errorMessage)) };
        return plan;
    }

    if (reply.fault == ScriptedReply::Fault::NotJson) {
        plan.addHeader("Content-Type", "text/html; charset=utf-8");
        plan.frames = { "<html><head><title>502 Bad Gateway</title></head><body><h1>Bad Gateway</h1></body></html>" };
        return plan;
    }

    FakeLlmPayloads::ReplyContext context;
    context.serial = ++m_replySerial;
    context.createdAt = QDateTime::currentSecsSinceEpoch();
    // A conversation keeps the input and the output, and so does a response for a later previous_response_id, as
    // OpenAI's do.
    if (responses && reply.fault == ScriptedReply::Fault::None) {
        const QJsonObject response = FakeLlmPayloads::responseObject(reply, request, context);
        const QList<ChatTemplateRules::Entry> added
            = ChatTemplateRules::fromResponsesInput(request.json.value(u"input"))
            + ChatTemplateRules::fromResponsesInput(response.value(u"output"));
        bool unknown = false;
        m_responseItems.insert(response.value(u"id").toString(), priorItems(request, &unknown) + added);
        if (const QString stored = request.json.value(u"conversation").toString(); m_conversations.contains(stored))
            m_conversationItems[stored] << added;
    }
    QByteArray malformed;
    if (request.isStreaming()) {
        plan.stream = true;
        plan.addHeader("Content-Type", "text/event-stream; charset=utf-8");
        plan.addHeader("Cache-Control", "no-cache");
        if (responses) {
            const QList<QJsonObject> events = FakeLlmPayloads::responsesEvents(reply, request, context);
            for (const QJsonObject &event : events) {
                plan.frames.append("event: " + event.value(u"type").toString().toUtf8()
                    + "\ndata: " + FakeLlmPayloads::toJson(event) + "\n\n");
            }
            malformed = "event: response.output_text.delta\n"
                        "data: {\"type\":\"response.output_text.delta\",\"delta\":\"oops\n\n";
        } else {
            const QList<QJsonObject> chunks = FakeLlmPayloads::chatChunks(reply, request, context);
            for (const QJsonObject &chunk : chunks)
                plan.frames.append("data: " + FakeLlmPayloads::toJson(chunk) + "\n\n");
            plan.frames.append("data: [DONE]\n\n");
            malformed = "data: {\"id\":\"chatcmpl-broken\",\"choices\":[{\"delta\":{\"content\":\"oops\"}\n\n";
        }
    } else {
        plan.addHeader("Content-Type", "application/json");
        const QByteArray body
            = FakeLlmPayloads::toJson(responses ? FakeLlmPayloads::responseObject(reply, request, context)
                                                : FakeLlmPayloads::chatCompletion(reply, request, context));
        // Two pieces, so a fault can cut the body in the middle.
        plan.frames = { body.left(body.size() / 2), body.mid(body.size() / 2) };
        malformed = "{\"broken\": ";
    }

    const qsizetype scriptedFrames = plan.frames.size();
    const qsizetype intact
        = qBound(qsizetype(0), qsizetype(reply.faultAfterFrames), plan.stream ? plan.frames.size() : qsizetype(1));
    switch (reply.fault) {
    case ScriptedReply::Fault::None:
    case ScriptedReply::Fault::HttpError:
        break;
    case ScriptedReply::Fault::NotJson:
        break;
    case ScriptedReply::Fault::MalformedJson:
        plan.frames.insert(intact, malformed);
        break;
    case ScriptedReply::Fault::HugeLine:
        plan.frames.insert(intact,
            (plan.stream ? QByteArray(responses ? "event: response.output_text.delta\ndata: " : "data: ")
                         : QByteArray())
                + QByteArray(qMax<qsizetype>(0, reply.hugeLineBytes), 'x') + (plan.stream ? "\n\n" : ""));
        break;
    case ScriptedReply::Fault::ResetMidStream:
    case ScriptedReply::Fault::EndWithoutFinal:
    case ScriptedReply::Fault::Stall:
        if (!plan.stream) {
            plan.contentLength = 0;
            for (const QByteArray &frame : std::as_const(plan.frames))
                plan.contentLength += frame.size();
        }
        plan.frames = plan.frames.mid(0, intact);
        plan.end = reply.fault == ScriptedReply::Fault::ResetMidStream ? Plan::End::Reset
            : reply.fault == ScriptedReply::Fault::Stall               ? Plan::End::Stall
                                                                       : Plan::End::Truncate;
        plan.stallMs = reply.stallMs;
        break;
    }
    if (plan.stream)
        insertFrames(&plan, reply, scriptedFrames, intact);
    return plan;
}

void FakeLlmServer::insertFrames(Plan *plan, const ScriptedReply &reply, qsizetype scriptedFrames, qsizetype intact)
{
    // From the last to the first, so each index still counts the frames as they were scripted; equal positions keep
    // their order.
    for (qsizetype i = reply.insertedFrames.size() - 1; i >= 0; --i) {
        const auto &[position, bytes] = reply.insertedFrames.at(i);
        qsizetype at = qBound(qsizetype(0), qsizetype(position), scriptedFrames);
        switch (reply.fault) {
        case ScriptedReply::Fault::None:
        case ScriptedReply::Fault::HttpError:
        case ScriptedReply::Fault::NotJson:
            break;
        case ScriptedReply::Fault::MalformedJson:
        case ScriptedReply::Fault::HugeLine:
            if (at > intact)
                ++at; // after the broken frame
            break;
        case ScriptedReply::Fault::ResetMidStream:
        case ScriptedReply::Fault::EndWithoutFinal:
        case ScriptedReply::Fault::Stall:
            if (at > intact)
                continue; // past the cut: never sent
            break;
        }
        plan->frames.insert(qMin(at, plan->frames.size()), bytes);
    }
}

void FakeLlmServer::start(Connection *connection, Plan plan)
{
    const bool closeDelimited = plan.transfer == ScriptedReply::Transfer::CloseDelimited;
    const bool chunked = plan.stream && !closeDelimited;
    const bool closeAfter = plan.close || closeDelimited || plan.end == Plan::End::Truncate;

    QByteArray head = "HTTP/1.1 " + QByteArray::number(plan.status) + ' ' + reasonPhrase(plan.status) + "\r\n";
    for (const auto &[name, value] : std::as_const(plan.headers))
        head += name + ": " + value + "\r\n";
    head += "Server: tandem-fake-llm\r\n";
    if (chunked) {
        head += "Transfer-Encoding: chunked\r\n";
    } else if (!closeDelimited) {
        qint64 length = plan.contentLength;
        if (length < 0) {
            length = 0;
            for (const QByteArray &frame : std::as_const(plan.frames))
                length += frame.size();
        }
        head += "Content-Length: " + QByteArray::number(length) + "\r\n";
    }
    head += closeAfter ? "Connection: close\r\n" : "Connection: keep-alive\r\n";
    head += "\r\n";

    const int frameWait = plan.frameIntervalMs > 0 ? plan.frameIntervalMs : -1;
    QList<Connection::Write> writes;
    auto add = [&writes, &plan](const QByteArray &bytes, int waitMs) {
        if (plan.writeChunkBytes <= 0) {
            writes.append({ bytes, waitMs });
            return;
        }
        for (qsizetype offset = 0; offset < bytes.size(); offset += plan.writeChunkBytes)
            writes.append({ bytes.mid(offset, plan.writeChunkBytes), offset == 0 && waitMs > 0 ? waitMs : 0 });
    };
    add(head, -1);
    for (const QByteArray &frame : std::as_const(plan.frames)) {
        if (frame.isEmpty())
            continue;
        add(chunked ? QByteArray::number(frame.size(), 16) + "\r\n" + frame + "\r\n" : frame, frameWait);
    }
    if (chunked && (plan.end == Plan::End::Normal || plan.end == Plan::End::Truncate))
        add("0\r\n\r\n", -1);

    connection->writes = writes;
    connection->end = plan.end;
    connection->closeAfter = closeAfter;
    connection->stallMs = plan.stallMs;
    writeNext(connection);
}

void FakeLlmServer::writeNext(Connection *connection)
{
    QTcpSocket *socket = connection->socket;
    while (!connection->writes.isEmpty()) {
        Connection::Write &write = connection->writes.first();
        if (write.waitMs >= 0 && !write.waited) {
            write.waited = true;
            connection->timer->start(write.waitMs);
            return;
        }
        const QByteArray bytes = connection->writes.takeFirst().bytes;
        socket->write(bytes);
        socket->flush();
        if (!m_connections.contains(socket))
            return; // the client went away while we wrote
    }
    finishPlan(connection);
}

void FakeLlmServer::finishPlan(Connection *connection)
{
    QTcpSocket *socket = connection->socket;
    switch (connection->end) {
    case Plan::End::Normal:
        if (connection->closeAfter) {
            connection->closing = true;
            socket->disconnectFromHost();
            return;
        }
        connection->busy = false;
        answerNext(connection);
        return;
    case Plan::End::Truncate:
        connection->closing = true;
        socket->disconnectFromHost();
        return;
    case Plan::End::Reset:
        connection->closing = true;
        resetWhenDrained(connection, 0);
        return;
    case Plan::End::Stall:
        connection->closing = true;
        if (connection->stallMs >= 0)
            QTimer::singleShot(connection->stallMs, socket, [socket] { socket->disconnectFromHost(); });
        return;
    }
}

void FakeLlmServer::resetWhenDrained(Connection *connection, int attempts)
{
    QTcpSocket *socket = connection->socket;
    // Let the frames reach the client first: a reset discards what is still in the send queue.
    if ((socket->bytesToWrite() > 0 || kernelSendQueue(socket->socketDescriptor()) > 0) && attempts < 5000) {
        socket->flush();
        QTimer::singleShot(1, socket, [this, socket, attempts] {
            if (Connection *current = m_connections.value(socket))
                resetWhenDrained(current, attempts + 1);
        });
        return;
    }
    // SO_LINGER with a zero timeout makes close() send RST instead of FIN: a real reset, not a clean end.
    const qintptr descriptor = socket->socketDescriptor();
    if (descriptor >= 0) {
        struct linger option = { 1, 0 };
        ::setsockopt(int(descriptor), SOL_SOCKET, SO_LINGER, &option, sizeof option);
    }
    socket->disconnect(this); // abort() emits disconnected(), which would drop it a second time
    socket->abort();
    drop(connection);
}

void FakeLlmServer::drop(Connection *connection)
{
    QTcpSocket *socket = connection->socket;
    if (!m_connections.remove(socket))
        return;
    socket->disconnect(this);
    connection->timer->stop();
    socket->deleteLater();
    delete connection;
}

} // namespace Tandem::Test
