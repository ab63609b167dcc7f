// The fake LLM server seen from a plain QNetworkAccessManager (no Tandem client code): both protocols, every fault,
// both transfers, keep-alive and pipelining, recording, the responder, and every emitted frame checked against
// OpenAI's spec file.
#include "FakeLlmServer.h"
#include "SpecValidator.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QPointer>
#include <QProcess>
#include <QSet>
#include <QSignalSpy>
#include <QTcpSocket>
#include <QTemporaryDir>
#include <QTest>

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>

#include <cerrno>
#include <fcntl.h>
#include <memory>
#include <unistd.h>

using namespace Qt::StringLiterals;
using Tandem::TokenUsage;
using Tandem::ToolCall;
using Tandem::Test::FakeLlmServer;
using Tandem::Test::RecordedRequest;
using Tandem::Test::ScriptedReply;
using Tandem::Test::SpecValidator;

namespace {

constexpr int Timeout = 30'000; // generous: two cores are shared with builds

/// One SSE frame as a naive client reads it.
struct Frame
{
    QString event; ///< empty for Chat Completions
    QByteArray data;
    QJsonObject json() const { return QJsonDocument::fromJson(data).object(); }
    bool isJson() const { return QJsonDocument::fromJson(data).isObject(); }
};

QList<Frame> parseFrames(const QByteArray &body)
{
    QList<Frame> frames;
    const QList<QByteArray> blocks = body.split('\n');
    Frame current;
    bool any = false;
    for (const QByteArray &line : blocks) {
        if (line.isEmpty()) {
            if (any)
                frames.append(current);
            current = Frame();
            any = false;
        } else if (line.startsWith("event: ")) {
            current.event = QString::fromUtf8(line.mid(7));
            any = true;
        } else if (line.startsWith("data: ")) {
            current.data += line.mid(6);
            any = true;
        }
    }
    return frames;
}

/// What a client got for one request.
struct Exchange
{
    int status = 0;
    QNetworkReply::NetworkError error = QNetworkReply::NoError;
    QByteArray body;
    QMap<QByteArray, QByteArray> headers; ///< lower-case names
    bool finished = false;
    QList<Frame> frames() const { return parseFrames(body); }
    QJsonObject json() const { return QJsonDocument::fromJson(body).object(); }
};

/// A request in flight whose bytes are collected as they arrive.
class Call
{
public:
    Call(QNetworkAccessManager &network, const QByteArray &method, const QUrl &url, const QJsonObject &body = {},
        const QMap<QByteArray, QByteArray> &headers = {})
    {
        QNetworkRequest request(url);
        request.setHeader(QNetworkRequest::ContentTypeHeader, u"application/json"_s);
        request.setRawHeader("Authorization", "Bearer sk-test");
        for (auto it = headers.begin(); it != headers.end(); ++it)
            request.setRawHeader(it.key(), it.value());
        m_reply = network.sendCustomRequest(
            request, method, method == "GET" ? QByteArray() : QJsonDocument(body).toJson(QJsonDocument::Compact));
        QObject::connect(m_reply, &QNetworkReply::readyRead, m_reply, [this] { m_result.body += m_reply->readAll(); });
        QObject::connect(m_reply, &QNetworkReply::finished, m_reply, [this] {
            if (m_reply->isOpen()) // not after abort()
                m_result.body += m_reply->readAll();
            m_result.status = m_reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
            m_result.error = m_reply->error();
            const QList<QNetworkReply::RawHeaderPair> pairs = m_reply->rawHeaderPairs();
            for (const auto &[name, value] : pairs)
                m_result.headers.insert(name.toLower(), value);
            m_result.finished = true;
        });
    }
    ~Call() { delete m_reply; }
    Q_DISABLE_COPY_MOVE(Call)

    QNetworkReply *reply() const { return m_reply; }
    const Exchange &result() const { return m_result; }
    bool isFinished() const { return m_result.finished; }
    QByteArray bytesSoFar() const { return m_result.body; }

private:
    QPointer<QNetworkReply> m_reply; // the manager owns it too
    Exchange m_result;
};

/// A plain POSIX socket, read without blocking, that can tell a reset (ECONNRESET) from a clean close (EOF): Qt
/// reports both as RemoteHostClosedError.
class RawConnection
{
public:
    enum class End { Open, Closed, Reset };

    explicit RawConnection(quint16 port)
        : m_fd(::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0))
    {
        sockaddr_in address {};
        address.sin_family = AF_INET;
        address.sin_port = htons(port);
        address.sin_addr.s_addr = htonl(0x7f000001U);
        m_connected = m_fd >= 0 && ::connect(m_fd, reinterpret_cast<const sockaddr *>(&address), sizeof address) == 0;
        if (m_connected)
            ::fcntl(m_fd, F_SETFL, ::fcntl(m_fd, F_GETFL) | O_NONBLOCK);
    }
    ~RawConnection()
    {
        if (m_fd >= 0)
            ::close(m_fd);
    }
    Q_DISABLE_COPY_MOVE(RawConnection)

    bool isConnected() const { return m_connected; }
    bool send(const QByteArray &bytes)
    {
        return ::send(m_fd, bytes.constData(), size_t(bytes.size()), 0) == bytes.size();
    }
    /// Reads whatever has arrived; returns how the connection stands.
    End poll()
    {
        char buffer[16384];
        while (m_end == End::Open) {
            const ssize_t count = ::recv(m_fd, buffer, sizeof buffer, 0);
            if (count > 0)
                m_received.append(buffer, count);
            else if (count == 0)
                m_end = End::Closed;
            else if (errno == ECONNRESET)
                m_end = End::Reset;
            else if (errno != EINTR)
                break; // EAGAIN: nothing more for now
        }
        return m_end;
    }
    End end() const { return m_end; }
    QByteArray received() const { return m_received; }

private:
    int m_fd = -1;
    bool m_connected = false;
    End m_end = End::Open;
    QByteArray m_received;
};

QByteArray httpPost(const QString &path, const QJsonObject &body)
{
    const QByteArray json = QJsonDocument(body).toJson(QJsonDocument::Compact);
    return "POST " + path.toUtf8() + " HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
        + "Content-Length: " + QByteArray::number(json.size()) + "\r\n\r\n" + json;
}

QJsonObject responsesBody(bool stream = true, const QString &input = u"Hello"_s)
{
    return {
        { u"model"_s, u"gpt-4o-mini"_s },
        { u"input"_s, input },
        { u"instructions"_s, u"You are terse."_s },
        { u"stream"_s, stream },
        { u"tools"_s,
            QJsonArray { QJsonObject {
                { u"type"_s, u"function"_s },
                { u"name"_s, u"get_weather"_s },
                { u"description"_s, u"Weather for a city"_s },
                { u"parameters"_s,
                    QJsonObject {
                        { u"type"_s, u"object"_s },
                        { u"properties"_s, QJsonObject { { u"city"_s, QJsonObject { { u"type"_s, u"string"_s } } } } },
                        { u"required"_s, QJsonArray { u"city"_s } },
                        { u"additionalProperties"_s, false },
                    } },
                { u"strict"_s, true },
            } } },
    };
}

QJsonObject chatBody(bool stream = true, bool includeUsage = true, const QString &system = u"You are terse."_s)
{
    QJsonObject body {
        { u"model"_s, u"gpt-4o-mini"_s },
        { u"messages"_s,
            QJsonArray {
                QJsonObject { { u"role"_s, u"system"_s }, { u"content"_s, system } },
                QJsonObject { { u"role"_s, u"user"_s }, { u"content"_s, u"Hello"_s } },
            } },
        { u"stream"_s, stream },
    };
    if (includeUsage)
        body.insert(u"stream_options"_s, QJsonObject { { u"include_usage"_s, true } });
    return body;
}

TokenUsage usage(qint64 input, qint64 output, qint64 cached = 0, qint64 reasoning = 0)
{
    TokenUsage result;
    result.inputTokens = input;
    result.outputTokens = output;
    result.cachedTokens = cached;
    result.reasoningTokens = reasoning;
    return result;
}

ToolCall call(const QString &id, const QString &name, const QString &arguments)
{
    ToolCall result;
    result.callId = id;
    result.name = name;
    result.arguments = arguments;
    return result;
}

QStringList types(const QList<Frame> &frames)
{
    QStringList result;
    for (const Frame &frame : frames)
        result.append(frame.json().value(u"type").toString());
    return result;
}

/// Tool calls put together from chat chunks, tolerant the way protocols.md says a client must be.
QList<ToolCall> assembleChatToolCalls(const QList<Frame> &frames, QString *finishReason, QJsonObject *usageChunk)
{
    QList<ToolCall> calls;
    QList<int> indexes;
    for (const Frame &frame : frames) {
        if (frame.data == "[DONE]")
            continue;
        const QJsonObject chunk = frame.json();
        if (chunk.value(u"usage").isObject())
            *usageChunk = chunk;
        const QJsonArray choices = chunk.value(u"choices").toArray();
        for (const QJsonValue &choice : choices) {
            const QJsonObject object = choice.toObject();
            if (object.value(u"finish_reason").isString())
                *finishReason = object.value(u"finish_reason").toString();
            const QJsonArray fragments = object.value(u"delta").toObject().value(u"tool_calls").toArray();
            for (const QJsonValue &value : fragments) {
                const QJsonObject fragment = value.toObject();
                const QString id = fragment.value(u"id").toString();
                const int index = fragment.contains(u"index") ? fragment.value(u"index").toInt() : -1;
                qsizetype target = -1;
                for (qsizetype i = 0; i < calls.size() && !id.isEmpty(); ++i) {
                    if (calls.at(i).callId == id)
                        target = i;
                }
                if (target < 0 && !id.isEmpty() && !calls.isEmpty() && calls.last().callId.isEmpty()
                    && (index < 0 || indexes.last() == index)) {
                    target = calls.size() - 1; // the id came after the first fragment
                }
                if (target < 0 && id.isEmpty()) {
                    for (qsizetype i = calls.size() - 1; i >= 0 && index >= 0; --i) {
                        if (indexes.at(i) == index) {
                            target = i;
                            break;
                        }
                    }
                    if (target < 0 && index < 0 && !calls.isEmpty())
                        target = calls.size() - 1;
                }
                if (target < 0) {
                    calls.append(ToolCall());
                    indexes.append(index);
                    target = calls.size() - 1;
                }
                ToolCall &current = calls[target];
                if (!id.isEmpty())
                    current.callId = id;
                const QJsonObject function = fragment.value(u"function").toObject();
                if (function.contains(u"name"))
                    current.name = function.value(u"name").toString();
                current.arguments += function.value(u"arguments").toString();
            }
        }
    }
    return calls;
}

QString chatText(const QList<Frame> &frames)
{
    QString text;
    for (const Frame &frame : frames) {
        const QJsonArray choices = frame.json().value(u"choices").toArray();
        for (const QJsonValue &choice : choices)
            text += choice.toObject().value(u"delta").toObject().value(u"content").toString();
    }
    return text;
}

} // namespace

class TestFakeLlmServer : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void cleanup();

    void listensOnLoopback();
    void responsesStream_data();
    void responsesStream();
    void responsesTerminals_data();
    void responsesTerminals();
    void chatStream_data();
    void chatStream();
    void nonStreamed_data();
    void nonStreamed();
    void conversationsModelsAndUnknownPaths();
    void httpErrors_data();
    void httpErrors();
    void emptyQueueIs500();
    void failFirstThenSucceed();
    void resetMidStream_data();
    void resetMidStream();
    void malformedJson_data();
    void malformedJson();
    void endWithoutFinal_data();
    void endWithoutFinal();
    void stallUntilClientGivesUp();
    void stallForAGivenTime();
    void fragmentedWritesAndPacedFrames();
    void keepAliveReusesTheConnection();
    void pipelinedRequestsOnOneSocket();
    void chunkedRequestBody();
    void connectionCloseIsHonoured();
    void recordsRequests();
    void responderAnswersByRequest();
    void specValidatorAcceptsAndRejects_data();
    void specValidatorAcceptsAndRejects();
    void emittedFramesMatchTheSpec_data();
    void emittedFramesMatchTheSpec();
    void standaloneHelper();

private:
    SpecValidator *validator();

    std::unique_ptr<FakeLlmServer> m_server;
    std::unique_ptr<QNetworkAccessManager> m_network;
};

void TestFakeLlmServer::init()
{
    m_server = std::make_unique<FakeLlmServer>();
    QVERIFY2(m_server->isListening(), qPrintable(m_server->errorString()));
    m_network = std::make_unique<QNetworkAccessManager>();
}

void TestFakeLlmServer::cleanup()
{
    // Nothing may be left running: once the client's pool is gone, the server has no connection open.
    m_network.reset();
    if (m_server)
        QTRY_COMPARE_WITH_TIMEOUT(m_server->openConnections(), 0, Timeout);
    m_server.reset();
}

SpecValidator *TestFakeLlmServer::validator()
{
    SpecValidator *instance = SpecValidator::instance();
    return instance;
}

void TestFakeLlmServer::listensOnLoopback()
{
    QVERIFY(m_server->port() > 0);
    QCOMPARE(m_server->baseUrl(), QUrl(u"http://127.0.0.1:%1/v1"_s.arg(m_server->port())));
    QCOMPARE(m_server->url(u"/responses"_s).path(), u"/v1/responses"_s);
    FakeLlmServer second;
    QVERIFY(second.isListening());
    QVERIFY(second.port() != m_server->port());
}

void TestFakeLlmServer::responsesStream_data()
{
    QTest::addColumn<ScriptedReply>("reply");

    const TokenUsage used = usage(31, 12, 8, 4);
    QTest::newRow("text") << ScriptedReply::text({ u"Hel"_s, u"lo, "_s, u"wörld"_s, u" 👋"_s }, used);
    QTest::newRow("text and two calls") << ScriptedReply::calling(
        { call(u"call_a"_s, u"get_weather"_s, uR"({"city":"Paris"})"_s),
            call(u"call_b"_s, u"get_weather"_s, uR"({"city":"Oslo","unit":"celsius"})"_s) },
        { u"Let me check."_s }, used);
    QTest::newRow("calls only, default ids")
        << ScriptedReply::calling({ call(QString(), u"lookup"_s, uR"({"q":"x"})"_s) }, {}, used);
    QTest::newRow("close-delimited")
        << ScriptedReply::text({ u"a"_s, u"b"_s }, used).withTransfer(ScriptedReply::Transfer::CloseDelimited);
    ScriptedReply fragmented = ScriptedReply::text({ u"frag"_s, u"mented"_s }, used);
    fragmented.writeChunkBytes = 7;
    QTest::newRow("written 7 bytes at a time") << fragmented;
}

void TestFakeLlmServer::responsesStream()
{
    QFETCH(ScriptedReply, reply);
    m_server->enqueue(reply);
    Call request(*m_network, "POST", m_server->url(u"/responses"_s), responsesBody());
    QTRY_VERIFY_WITH_TIMEOUT(request.isFinished(), Timeout);
    const Exchange &result = request.result();
    QCOMPARE(result.error, QNetworkReply::NoError);
    QCOMPARE(result.status, 200);
    QVERIFY(result.headers.value("content-type").startsWith("text/event-stream"));
    if (reply.transfer == ScriptedReply::Transfer::Chunked) {
        QCOMPARE(result.headers.value("transfer-encoding"), "chunked");
    } else {
        QVERIFY(!result.headers.contains("transfer-encoding"));
        QVERIFY(!result.headers.contains("content-length"));
    }
    QVERIFY(!result.body.contains("[DONE]"));

    const QList<Frame> frames = result.frames();
    QStringList expected { u"response.created"_s, u"response.in_progress"_s };
    if (!reply.textChunks.isEmpty()) {
        expected << u"response.output_item.added"_s << u"response.content_part.added"_s;
        for (qsizetype i = 0; i < reply.textChunks.size(); ++i)
            expected << u"response.output_text.delta"_s;
        expected << u"response.output_text.done"_s << u"response.content_part.done"_s << u"response.output_item.done"_s;
    }
    for (const ToolCall &toolCall : std::as_const(reply.toolCalls)) {
        expected << u"response.output_item.added"_s;
        const qsizetype fragments = qMin<qsizetype>(reply.argumentFragments, toolCall.arguments.size());
        for (qsizetype i = 0; i < fragments; ++i)
            expected << u"response.function_call_arguments.delta"_s;
        expected << u"response.function_call_arguments.done"_s << u"response.output_item.done"_s;
    }
    expected << u"response.completed"_s;
    QCOMPARE(types(frames), expected);

    QString text;
    QMap<QString, ToolCall> calls; // by item id
    QStringList callOrder;
    for (qsizetype i = 0; i < frames.size(); ++i) {
        const QJsonObject event = frames.at(i).json();
        QCOMPARE(frames.at(i).event, event.value(u"type").toString());
        QCOMPARE(event.value(u"sequence_number").toInt(-1), int(i));
        const QString type = event.value(u"type").toString();
        if (type == u"response.output_text.delta") {
            text += event.value(u"delta").toString();
        } else if (type == u"response.output_item.added"
            && event.value(u"item").toObject().value(u"type").toString() == u"function_call") {
            const QJsonObject item = event.value(u"item").toObject();
            QVERIFY(item.value(u"id").toString().startsWith(u"fc_"));
            QCOMPARE(item.value(u"arguments").toString(), QString());
            QCOMPARE(item.value(u"status").toString(), u"in_progress"_s);
            ToolCall &current = calls[item.value(u"id").toString()];
            current.callId = item.value(u"call_id").toString();
            current.name = item.value(u"name").toString();
            callOrder << item.value(u"id").toString();
        } else if (type == u"response.function_call_arguments.delta") {
            QVERIFY(calls.contains(event.value(u"item_id").toString()));
            calls[event.value(u"item_id").toString()].arguments += event.value(u"delta").toString();
        } else if (type == u"response.function_call_arguments.done") {
            QCOMPARE(event.value(u"arguments").toString(), calls.value(event.value(u"item_id").toString()).arguments);
        }
    }
    QCOMPARE(text, reply.fullText());
    QCOMPARE(callOrder.size(), reply.toolCalls.size());
    for (qsizetype i = 0; i < callOrder.size(); ++i) {
        const ToolCall got = calls.value(callOrder.at(i));
        const ToolCall &want = reply.toolCalls.at(i);
        QCOMPARE(got.name, want.name);
        QCOMPARE(got.arguments, want.arguments);
        QCOMPARE(got.callId, want.callId.isEmpty() ? u"call_1_%1"_s.arg(i) : want.callId);
    }

    const QJsonObject response = frames.last().json().value(u"response").toObject();
    QCOMPARE(response.value(u"status").toString(), u"completed"_s);
    QCOMPARE(response.value(u"id").toString(), u"resp_1"_s);
    QCOMPARE(response.value(u"model").toString(), u"gpt-4o-mini"_s);
    QCOMPARE(response.value(u"instructions").toString(), u"You are terse."_s);
    QCOMPARE(response.value(u"output").toArray().size(), (reply.textChunks.isEmpty() ? 0 : 1) + reply.toolCalls.size());
    const QJsonObject reported = response.value(u"usage").toObject();
    QCOMPARE(reported.value(u"input_tokens").toInteger(), reply.usage.inputTokens);
    QCOMPARE(reported.value(u"output_tokens").toInteger(), reply.usage.outputTokens);
    QCOMPARE(reported.value(u"total_tokens").toInteger(), reply.usage.total());
    QCOMPARE(reported.value(u"input_tokens_details").toObject().value(u"cached_tokens").toInteger(),
        reply.usage.cachedTokens);
    QCOMPARE(reported.value(u"output_tokens_details").toObject().value(u"reasoning_tokens").toInteger(),
        reply.usage.reasoningTokens);
}

void TestFakeLlmServer::responsesTerminals_data()
{
    QTest::addColumn<ScriptedReply>("reply");
    QTest::addColumn<QString>("lastType");
    QTest::addColumn<QString>("code");

    QTest::newRow("failed") << ScriptedReply::terminating(
        ScriptedReply::Terminal::Failed, { u"par"_s }, u"rate_limit_exceeded"_s, u"Slow down"_s)
                            << u"response.failed"_s << u"rate_limit_exceeded"_s;
    QTest::newRow("failed, default code")
        << ScriptedReply::terminating(ScriptedReply::Terminal::Failed) << u"response.failed"_s << u"server_error"_s;
    QTest::newRow("incomplete") << ScriptedReply::terminating(
        ScriptedReply::Terminal::Incomplete, { u"cut "_s }, u"max_output_tokens"_s)
                                << u"response.incomplete"_s << u"max_output_tokens"_s;
    QTest::newRow("incomplete, content filter")
        << ScriptedReply::terminating(ScriptedReply::Terminal::Incomplete, {}, u"content_filter"_s)
        << u"response.incomplete"_s << u"content_filter"_s;
    QTest::newRow("error event") << ScriptedReply::terminating(
        ScriptedReply::Terminal::Error, { u"x"_s }, u"server_error"_s, u"Boom"_s)
                                 << u"error"_s << u"server_error"_s;
}

void TestFakeLlmServer::responsesTerminals()
{
    QFETCH(ScriptedReply, reply);
    QFETCH(QString, lastType);
    QFETCH(QString, code);
    m_server->enqueue(reply);
    Call request(*m_network, "POST", m_server->url(u"/responses"_s), responsesBody());
    QTRY_VERIFY_WITH_TIMEOUT(request.isFinished(), Timeout);
    QCOMPARE(request.result().error, QNetworkReply::NoError);
    const QList<Frame> frames = request.result().frames();
    const QJsonObject last = frames.last().json();
    QCOMPARE(last.value(u"type").toString(), lastType);
    QCOMPARE(types(frames).count(lastType), 1);
    if (lastType == u"response.failed") {
        const QJsonObject response = last.value(u"response").toObject();
        QCOMPARE(response.value(u"status").toString(), u"failed"_s);
        QCOMPARE(response.value(u"error").toObject().value(u"code").toString(), code);
        QVERIFY(!response.value(u"error").toObject().value(u"message").toString().isEmpty());
    } else if (lastType == u"response.incomplete") {
        const QJsonObject response = last.value(u"response").toObject();
        QCOMPARE(response.value(u"status").toString(), u"incomplete"_s);
        QCOMPARE(response.value(u"incomplete_details").toObject().value(u"reason").toString(), code);
    } else {
        QCOMPARE(last.value(u"code").toString(), code);
        QCOMPARE(last.value(u"message").toString(), u"Boom"_s);
        QVERIFY(last.value(u"param").isNull());
    }
}

void TestFakeLlmServer::chatStream_data()
{
    QTest::addColumn<ScriptedReply>("reply");
    QTest::addColumn<bool>("includeUsage");
    QTest::addColumn<bool>("expectUsageChunk");
    QTest::addColumn<QString>("finishReason");

    const TokenUsage used = usage(40, 9, 16, 3);
    const QList<ToolCall> twoCalls { call(u"call_1"_s, u"get_weather"_s, uR"({"city":"Paris"})"_s),
        call(u"call_2"_s, u"get_time"_s, uR"({"tz":"Europe/Oslo"})"_s) };

    QTest::newRow("text") << ScriptedReply::text({ u"Hel"_s, u"lo"_s }, used) << true << true << u"stop"_s;
    QTest::newRow("text, usage not asked for") << ScriptedReply::text({ u"Hi"_s }, used) << false << false << u"stop"_s;
    ScriptedReply always = ScriptedReply::text({ u"Hi"_s }, used);
    always.usageChunk = ScriptedReply::UsageChunk::Always;
    QTest::newRow("usage always (llama.cpp)") << always << false << true << u"stop"_s;
    ScriptedReply never = ScriptedReply::text({ u"Hi"_s }, used);
    never.usageChunk = ScriptedReply::UsageChunk::Never;
    QTest::newRow("usage never") << never << true << false << u"stop"_s;
    QTest::newRow("parallel calls") << ScriptedReply::calling(twoCalls, {}, used) << true << true << u"tool_calls"_s;
    ScriptedReply noIndex = ScriptedReply::calling(twoCalls, {}, used);
    noIndex.omitToolCallIndex = true;
    QTest::newRow("quirk: no index") << noIndex << true << true << u"tool_calls"_s;
    ScriptedReply lateId = ScriptedReply::calling(twoCalls, {}, used);
    lateId.omitFirstToolCallId = true;
    QTest::newRow("quirk: no id on the first fragment") << lateId << true << true << u"tool_calls"_s;
    ScriptedReply sameIndex = ScriptedReply::calling(twoCalls, {}, used);
    sameIndex.sameToolCallIndex = true;
    QTest::newRow("quirk: index 0 for every call") << sameIndex << true << true << u"tool_calls"_s;
    ScriptedReply length = ScriptedReply::text({ u"cut"_s }, used);
    length.finishReason = u"length"_s;
    QTest::newRow("finish_reason length") << length << true << true << u"length"_s;
    QTest::newRow("close-delimited")
        << ScriptedReply::text({ u"a"_s, u"b"_s }, used).withTransfer(ScriptedReply::Transfer::CloseDelimited) << true
        << true << u"stop"_s;
}

void TestFakeLlmServer::chatStream()
{
    QFETCH(ScriptedReply, reply);
    QFETCH(bool, includeUsage);
    QFETCH(bool, expectUsageChunk);
    QFETCH(QString, finishReason);

    m_server->enqueue(reply);
    Call request(*m_network, "POST", m_server->url(u"/chat/completions"_s), chatBody(true, includeUsage));
    QTRY_VERIFY_WITH_TIMEOUT(request.isFinished(), Timeout);
    const Exchange &result = request.result();
    QCOMPARE(result.error, QNetworkReply::NoError);
    QCOMPARE(result.status, 200);
    QVERIFY(result.headers.value("content-type").startsWith("text/event-stream"));

    const QList<Frame> frames = result.frames();
    QVERIFY(frames.size() >= 3);
    QCOMPARE(frames.last().data, "[DONE]");
    for (const Frame &frame : frames) {
        QVERIFY(frame.event.isEmpty());
        if (frame.data != "[DONE]") {
            QVERIFY(frame.isJson());
            QCOMPARE(frame.json().value(u"object").toString(), u"chat.completion.chunk"_s);
            QCOMPARE(frame.json().value(u"id").toString(), u"chatcmpl-1"_s);
        }
    }
    const QJsonObject first = frames.first().json().value(u"choices").toArray().first().toObject();
    QCOMPARE(first.value(u"delta").toObject().value(u"role").toString(), u"assistant"_s);
    QCOMPARE(chatText(frames), reply.fullText());

    QString gotFinish;
    QJsonObject usageChunk;
    const QList<ToolCall> calls = assembleChatToolCalls(frames, &gotFinish, &usageChunk);
    QCOMPARE(gotFinish, finishReason);
    QCOMPARE(calls.size(), reply.toolCalls.size());
    for (qsizetype i = 0; i < calls.size(); ++i) {
        QCOMPARE(calls.at(i).callId, reply.toolCalls.at(i).callId);
        QCOMPARE(calls.at(i).name, reply.toolCalls.at(i).name);
        QCOMPARE(calls.at(i).arguments, reply.toolCalls.at(i).arguments);
    }
    // The quirks are really there.
    bool anyIndex = false;
    bool firstHasId = true;
    QSet<int> indexes;
    for (const Frame &frame : frames) {
        const QJsonArray fragments = frame.json()
                                         .value(u"choices")
                                         .toArray()
                                         .first()
                                         .toObject()
                                         .value(u"delta")
                                         .toObject()
                                         .value(u"tool_calls")
                                         .toArray();
        for (const QJsonValue &fragment : fragments) {
            const QJsonObject object = fragment.toObject();
            anyIndex = anyIndex || object.contains(u"index");
            if (object.contains(u"index"))
                indexes.insert(object.value(u"index").toInt());
            if (object.value(u"function").toObject().contains(u"name"))
                firstHasId = firstHasId && object.contains(u"id");
        }
    }
    if (!reply.toolCalls.isEmpty()) {
        QCOMPARE(anyIndex, !reply.omitToolCallIndex);
        QCOMPARE(firstHasId, !reply.omitFirstToolCallId);
        if (!reply.omitToolCallIndex)
            QCOMPARE(indexes.size(), reply.sameToolCallIndex ? 1 : reply.toolCalls.size());
    }

    QCOMPARE(!usageChunk.isEmpty(), expectUsageChunk);
    if (expectUsageChunk) {
        QCOMPARE(frames.at(frames.size() - 2).json(), usageChunk); // the last chunk before [DONE]
        QVERIFY(usageChunk.value(u"choices").toArray().isEmpty());
        const QJsonObject reported = usageChunk.value(u"usage").toObject();
        QCOMPARE(reported.value(u"prompt_tokens").toInteger(), reply.usage.inputTokens);
        QCOMPARE(reported.value(u"completion_tokens").toInteger(), reply.usage.outputTokens);
        QCOMPARE(reported.value(u"total_tokens").toInteger(), reply.usage.total());
        QCOMPARE(reported.value(u"prompt_tokens_details").toObject().value(u"cached_tokens").toInteger(),
            reply.usage.cachedTokens);
        QCOMPARE(reported.value(u"completion_tokens_details").toObject().value(u"reasoning_tokens").toInteger(),
            reply.usage.reasoningTokens);
    }
}

void TestFakeLlmServer::nonStreamed_data()
{
    QTest::addColumn<bool>("responses");
    QTest::addColumn<bool>("streamFieldPresent");
    QTest::newRow("responses, stream false") << true << true;
    QTest::newRow("responses, no stream field") << true << false;
    QTest::newRow("chat, stream false") << false << true;
    QTest::newRow("chat, no stream field") << false << false;
}

void TestFakeLlmServer::nonStreamed()
{
    QFETCH(bool, responses);
    QFETCH(bool, streamFieldPresent);
    QVERIFY2(validator()->isReady(), qPrintable(validator()->errorString()));

    m_server->enqueue(ScriptedReply::calling(
        { call(u"call_x"_s, u"get_weather"_s, uR"({"city":"Rome"})"_s) }, { u"Sure"_s, u"."_s }, usage(5, 6)));
    QJsonObject body = responses ? responsesBody(false) : chatBody(false, false);
    if (!streamFieldPresent)
        body.remove(u"stream"_s);
    Call request(*m_network, "POST", m_server->url(responses ? u"/responses"_s : u"/chat/completions"_s), body);
    QTRY_VERIFY_WITH_TIMEOUT(request.isFinished(), Timeout);
    const Exchange &result = request.result();
    QCOMPARE(result.error, QNetworkReply::NoError);
    QCOMPARE(result.headers.value("content-type"), "application/json");
    QCOMPARE(result.headers.value("content-length").toInt(), result.body.size());
    const QJsonObject object = result.json();
    if (responses) {
        QCOMPARE(object.value(u"object").toString(), u"response"_s);
        QCOMPARE(object.value(u"status").toString(), u"completed"_s);
        const QJsonArray output = object.value(u"output").toArray();
        QCOMPARE(output.size(), 2);
        QCOMPARE(
            output.at(0).toObject().value(u"content").toArray().at(0).toObject().value(u"text").toString(), u"Sure."_s);
        QCOMPARE(output.at(1).toObject().value(u"call_id").toString(), u"call_x"_s);
        const SpecValidator::Result check = validator()->validate(u"Response"_s, object);
        QVERIFY2(check.valid, qPrintable(check.message()));
    } else {
        QCOMPARE(object.value(u"object").toString(), u"chat.completion"_s);
        const QJsonObject choice = object.value(u"choices").toArray().at(0).toObject();
        QCOMPARE(choice.value(u"finish_reason").toString(), u"tool_calls"_s);
        QCOMPARE(choice.value(u"message").toObject().value(u"content").toString(), u"Sure."_s);
        const QJsonObject toolCall
            = choice.value(u"message").toObject().value(u"tool_calls").toArray().at(0).toObject();
        QCOMPARE(toolCall.value(u"id").toString(), u"call_x"_s);
        QCOMPARE(toolCall.value(u"function").toObject().value(u"arguments").toString(), uR"({"city":"Rome"})"_s);
        QCOMPARE(object.value(u"usage").toObject().value(u"total_tokens").toInt(), 11);
        const SpecValidator::Result check = validator()->validate(u"CreateChatCompletionResponse"_s, object);
        QVERIFY2(check.valid, qPrintable(check.message()));
    }
}

void TestFakeLlmServer::conversationsModelsAndUnknownPaths()
{
    QVERIFY2(validator()->isReady(), qPrintable(validator()->errorString()));
    {
        Call create(*m_network, "POST", m_server->url(u"/conversations"_s),
            { { u"metadata"_s, QJsonObject { { u"agent"_s, u"analyst"_s } } } });
        QTRY_VERIFY_WITH_TIMEOUT(create.isFinished(), Timeout);
        const QJsonObject conversation = create.result().json();
        QCOMPARE(create.result().status, 200);
        QCOMPARE(conversation.value(u"id").toString(), u"conv_1"_s);
        QCOMPARE(conversation.value(u"object").toString(), u"conversation"_s);
        QVERIFY(conversation.value(u"created_at").toInteger() > 0);
        QCOMPARE(conversation.value(u"metadata").toObject().value(u"agent").toString(), u"analyst"_s);
        const SpecValidator::Result check = validator()->validate(u"ConversationResource"_s, conversation);
        QVERIFY2(check.valid, qPrintable(check.message()));
    }
    {
        Call create(*m_network, "POST", m_server->url(u"/conversations"_s), {});
        QTRY_VERIFY_WITH_TIMEOUT(create.isFinished(), Timeout);
        QCOMPARE(create.result().json().value(u"id").toString(), u"conv_2"_s);
        QCOMPARE(create.result().json().value(u"metadata").toObject(), QJsonObject());
    }
    QCOMPARE(m_server->conversationIds(), QStringList({ u"conv_1"_s, u"conv_2"_s }));
    {
        Call get(*m_network, "GET", m_server->url(u"/conversations/conv_1"_s));
        QTRY_VERIFY_WITH_TIMEOUT(get.isFinished(), Timeout);
        QCOMPARE(get.result().json().value(u"id").toString(), u"conv_1"_s);
    }
    {
        m_server->setModels({ u"llama3.2"_s, u"qwen3"_s });
        Call models(*m_network, "GET", m_server->url(u"/models"_s));
        QTRY_VERIFY_WITH_TIMEOUT(models.isFinished(), Timeout);
        const QJsonObject list = models.result().json();
        QCOMPARE(list.value(u"object").toString(), u"list"_s);
        const QJsonArray data = list.value(u"data").toArray();
        QCOMPARE(data.size(), 2);
        QCOMPARE(data.at(0).toObject().value(u"id").toString(), u"llama3.2"_s);
        QCOMPARE(data.at(1).toObject().value(u"object").toString(), u"model"_s);
        QVERIFY(data.at(1).toObject().contains(u"owned_by"));
        QVERIFY(data.at(1).toObject().contains(u"created"));
        const SpecValidator::Result check = validator()->validate(u"ListModelsResponse"_s, list);
        QVERIFY2(check.valid, qPrintable(check.message()));
    }
    const QList<std::pair<QByteArray, QString>> unknown { { "GET", u"/v1/responses"_s }, { "POST", u"/v1/nothing"_s },
        { "GET", u"/v1/conversations/conv_404"_s }, { "DELETE", u"/v1/models"_s } };
    for (const auto &[method, path] : unknown) {
        QUrl url = m_server->baseUrl();
        url.setPath(path);
        Call call(*m_network, method, url, {});
        QTRY_VERIFY_WITH_TIMEOUT(call.isFinished(), Timeout);
        QCOMPARE(call.result().status, 404);
        QCOMPARE(call.result().error, QNetworkReply::ContentNotFoundError);
        const QJsonObject error = call.result().json().value(u"error").toObject();
        QVERIFY(!error.value(u"message").toString().isEmpty());
        QCOMPARE(error.value(u"type").toString(), u"invalid_request_error"_s);
        QVERIFY(error.contains(u"param"));
        QVERIFY(error.contains(u"code"));
        const SpecValidator::Result check = validator()->validate(u"ErrorResponse"_s, call.result().json());
        QVERIFY2(check.valid, qPrintable(check.message()));
    }
    QCOMPARE(m_server->pendingReplies(), 0);
}

void TestFakeLlmServer::httpErrors_data()
{
    QTest::addColumn<bool>("responses");
    QTest::addColumn<int>("status");
    QTest::addColumn<int>("retryAfter");
    QTest::addColumn<QString>("code");
    QTest::addColumn<QNetworkReply::NetworkError>("networkError");

    for (const bool responses : { true, false }) {
        const char *protocol = responses ? "responses" : "chat";
        QTest::addRow("%s 401", protocol)
            << responses << 401 << -1 << u"invalid_api_key"_s << QNetworkReply::AuthenticationRequiredError;
        QTest::addRow("%s 404", protocol)
            << responses << 404 << -1 << u"model_not_found"_s << QNetworkReply::ContentNotFoundError;
        QTest::addRow("%s 429", protocol)
            << responses << 429 << 7 << u"rate_limit_exceeded"_s << QNetworkReply::UnknownContentError;
        QTest::addRow("%s 500", protocol) << responses << 500 << -1 << QString() << QNetworkReply::InternalServerError;
        QTest::addRow("%s 503", protocol)
            << responses << 503 << 2 << QString() << QNetworkReply::ServiceUnavailableError;
    }
}

void TestFakeLlmServer::httpErrors()
{
    QFETCH(bool, responses);
    QFETCH(int, status);
    QFETCH(int, retryAfter);
    QFETCH(QString, code);
    QFETCH(QNetworkReply::NetworkError, networkError);
    QVERIFY2(validator()->isReady(), qPrintable(validator()->errorString()));

    m_server->enqueue(ScriptedReply::httpError(status, retryAfter));
    m_server->enqueue(ScriptedReply::text({ u"after"_s }));
    Call request(*m_network, "POST", m_server->url(responses ? u"/responses"_s : u"/chat/completions"_s),
        responses ? responsesBody() : chatBody());
    QTRY_VERIFY_WITH_TIMEOUT(request.isFinished(), Timeout);
    const Exchange &result = request.result();
    QCOMPARE(result.status, status);
    QCOMPARE(result.error, networkError);
    QCOMPARE(result.headers.contains("retry-after"), retryAfter >= 0);
    if (retryAfter >= 0)
        QCOMPARE(result.headers.value("retry-after").toInt(), retryAfter);
    const QJsonObject error = result.json().value(u"error").toObject();
    QVERIFY(!error.value(u"message").toString().isEmpty());
    QVERIFY(!error.value(u"type").toString().isEmpty());
    QVERIFY(error.value(u"param").isNull());
    if (code.isEmpty())
        QVERIFY(error.value(u"code").isNull());
    else
        QCOMPARE(error.value(u"code").toString(), code);
    const SpecValidator::Result check = validator()->validate(u"ErrorResponse"_s, result.json());
    QVERIFY2(check.valid, qPrintable(check.message()));
    QCOMPARE(m_server->pendingReplies(), 1); // one reply per request, error or not
}

void TestFakeLlmServer::emptyQueueIs500()
{
    Call request(*m_network, "POST", m_server->url(u"/responses"_s), responsesBody());
    QTRY_VERIFY_WITH_TIMEOUT(request.isFinished(), Timeout);
    QCOMPARE(request.result().status, 500);
    const QJsonObject error = request.result().json().value(u"error").toObject();
    QVERIFY2(error.value(u"message").toString().contains(u"no scripted reply"), request.result().body.constData());
    QCOMPARE(error.value(u"code").toString(), u"no_scripted_reply"_s);
}

void TestFakeLlmServer::failFirstThenSucceed()
{
    m_server->failFirst(2, ScriptedReply::httpError(429, 1));
    m_server->enqueue(ScriptedReply::text({ u"finally"_s }));
    QList<int> statuses;
    for (int attempt = 0; attempt < 3; ++attempt) {
        Call request(*m_network, "POST", m_server->url(u"/chat/completions"_s), chatBody());
        QTRY_VERIFY_WITH_TIMEOUT(request.isFinished(), Timeout);
        statuses << request.result().status;
        if (attempt < 2)
            QCOMPARE(request.result().headers.value("retry-after"), "1");
        else
            QCOMPARE(chatText(request.result().frames()), u"finally"_s);
    }
    QCOMPARE(statuses, QList<int>({ 429, 429, 200 }));
    QCOMPARE(m_server->requestCount(), 3);
    QCOMPARE(m_server->pendingReplies(), 0);
}

void TestFakeLlmServer::resetMidStream_data()
{
    QTest::addColumn<bool>("responses");
    QTest::addColumn<int>("afterFrames");
    QTest::newRow("responses after 3 frames") << true << 3;
    QTest::newRow("responses before any frame") << true << 0;
    QTest::newRow("chat after 2 frames") << false << 2;
}

void TestFakeLlmServer::resetMidStream()
{
    QFETCH(bool, responses);
    QFETCH(int, afterFrames);
    const ScriptedReply reply = ScriptedReply::text({ u"a"_s, u"b"_s, u"c"_s, u"d"_s, u"e"_s })
                                    .withFault(ScriptedReply::Fault::ResetMidStream, afterFrames);
    const QString path = responses ? u"/v1/responses"_s : u"/v1/chat/completions"_s;
    const QJsonObject body = responses ? responsesBody() : chatBody();

    // At the socket: the frames, then a TCP reset (ECONNRESET), not a clean end.
    m_server->enqueue(reply);
    RawConnection raw(m_server->port());
    QVERIFY(raw.isConnected());
    QVERIFY(raw.send(httpPost(path, body)));
    QTRY_VERIFY_WITH_TIMEOUT(raw.poll() != RawConnection::End::Open, Timeout);
    QCOMPARE(raw.end(), RawConnection::End::Reset);
    QVERIFY(raw.received().startsWith("HTTP/1.1 200 OK\r\n"));
    QCOMPARE(raw.received().count("data: "), afterFrames);
    QVERIFY(!raw.received().endsWith("0\r\n\r\n"));

    // Through QNetworkAccessManager: the frames and no final event. Qt 6.4 reports a reset inside a chunked body
    // as an error or, when its disconnect handling wins, as a normal finish: only the missing final event tells.
    m_server->enqueue(reply);
    Call request(*m_network, "POST", m_server->url(path.mid(3)), body);
    QTRY_VERIFY_WITH_TIMEOUT(request.isFinished(), Timeout);
    const QList<Frame> frames = request.result().frames();
    QCOMPARE(frames.size(), afterFrames);
    for (const Frame &frame : frames) {
        QVERIFY(frame.isJson());
        QVERIFY(frame.event != u"response.completed");
    }
    QTRY_COMPARE_WITH_TIMEOUT(m_server->openConnections(), 0, Timeout);
}

void TestFakeLlmServer::malformedJson_data()
{
    QTest::addColumn<bool>("responses");
    QTest::newRow("responses") << true;
    QTest::newRow("chat") << false;
}

void TestFakeLlmServer::malformedJson()
{
    QFETCH(bool, responses);
    m_server->enqueue(
        ScriptedReply::text({ u"a"_s, u"b"_s }).withFault(ScriptedReply::Fault::MalformedJson, responses ? 4 : 1));
    Call request(*m_network, "POST", m_server->url(responses ? u"/responses"_s : u"/chat/completions"_s),
        responses ? responsesBody() : chatBody());
    QTRY_VERIFY_WITH_TIMEOUT(request.isFinished(), Timeout);
    QCOMPARE(request.result().error, QNetworkReply::NoError);
    const QList<Frame> frames = request.result().frames();
    int broken = 0;
    for (qsizetype i = 0; i < frames.size(); ++i) {
        if (frames.at(i).data == "[DONE]")
            continue;
        if (!frames.at(i).isJson()) {
            ++broken;
            QCOMPARE(i, responses ? 4 : 1);
        }
    }
    QCOMPARE(broken, 1);
    // The rest of the stream follows the broken frame.
    if (responses)
        QCOMPARE(frames.last().json().value(u"type").toString(), u"response.completed"_s);
    else
        QCOMPARE(frames.last().data, "[DONE]");
}

void TestFakeLlmServer::endWithoutFinal_data()
{
    QTest::addColumn<bool>("responses");
    QTest::addColumn<ScriptedReply::Transfer>("transfer");
    QTest::newRow("responses, chunked") << true << ScriptedReply::Transfer::Chunked;
    QTest::newRow("responses, close-delimited") << true << ScriptedReply::Transfer::CloseDelimited;
    QTest::newRow("chat, chunked") << false << ScriptedReply::Transfer::Chunked;
    QTest::newRow("chat, close-delimited") << false << ScriptedReply::Transfer::CloseDelimited;
}

void TestFakeLlmServer::endWithoutFinal()
{
    QFETCH(bool, responses);
    QFETCH(ScriptedReply::Transfer, transfer);
    const ScriptedReply reply = ScriptedReply::text({ u"a"_s, u"b"_s, u"c"_s })
                                    .withFault(ScriptedReply::Fault::EndWithoutFinal, 3)
                                    .withTransfer(transfer);
    m_server->enqueue(reply);
    Call request(*m_network, "POST", m_server->url(responses ? u"/responses"_s : u"/chat/completions"_s),
        responses ? responsesBody() : chatBody());
    QTRY_VERIFY_WITH_TIMEOUT(request.isFinished(), Timeout);
    // HTTP-wise a clean end: only the missing final event tells.
    QCOMPARE(request.result().error, QNetworkReply::NoError);
    const QList<Frame> frames = request.result().frames();
    QCOMPARE(frames.size(), 3);
    QVERIFY(!types(frames).contains(u"response.completed"_s));
    QVERIFY(!request.result().body.contains("[DONE]"));
    QTRY_COMPARE_WITH_TIMEOUT(m_server->openConnections(), 0, Timeout);

    // At the socket: a clean close (FIN), after the chunked terminator if the body is chunked.
    m_server->enqueue(reply);
    RawConnection raw(m_server->port());
    QVERIFY(raw.isConnected());
    QVERIFY(raw.send(httpPost(
        responses ? u"/v1/responses"_s : u"/v1/chat/completions"_s, responses ? responsesBody() : chatBody())));
    QTRY_VERIFY_WITH_TIMEOUT(raw.poll() != RawConnection::End::Open, Timeout);
    QCOMPARE(raw.end(), RawConnection::End::Closed);
    QCOMPARE(raw.received().count("data: "), 3);
    QCOMPARE(raw.received().endsWith("0\r\n\r\n"), transfer == ScriptedReply::Transfer::Chunked);
}

void TestFakeLlmServer::stallUntilClientGivesUp()
{
    m_server->enqueue(ScriptedReply::text({ u"a"_s, u"b"_s }).withFault(ScriptedReply::Fault::Stall, 2));
    Call request(*m_network, "POST", m_server->url(u"/responses"_s), responsesBody());
    QTRY_COMPARE_WITH_TIMEOUT(parseFrames(request.bytesSoFar()).size(), 2, Timeout);
    QVERIFY(!request.isFinished());
    QCOMPARE(m_server->openConnections(), 1);
    // The stall holds while the server answers others: a whole exchange on a second connection brings it nothing.
    {
        Call other(*m_network, "GET", m_server->url(u"/models"_s));
        QTRY_VERIFY_WITH_TIMEOUT(other.isFinished(), Timeout);
        QCOMPARE(other.result().status, 200);
    }
    QVERIFY(!request.isFinished());
    QCOMPARE(parseFrames(request.bytesSoFar()).size(), 2);

    request.reply()->abort();
    QVERIFY(request.isFinished());
    QCOMPARE(request.result().error, QNetworkReply::OperationCanceledError);
    m_network.reset(); // the idle connection of the second exchange
    QTRY_COMPARE_WITH_TIMEOUT(m_server->openConnections(), 0, Timeout);
}

void TestFakeLlmServer::stallForAGivenTime()
{
    ScriptedReply reply = ScriptedReply::text({ u"a"_s }).withFault(ScriptedReply::Fault::Stall, 1);
    reply.stallMs = 100;
    // At the socket: one frame, then the server closes (FIN) inside the chunked body, with no last chunk.
    m_server->enqueue(reply);
    RawConnection raw(m_server->port());
    QVERIFY(raw.isConnected());
    QVERIFY(raw.send(httpPost(u"/v1/chat/completions"_s, chatBody())));
    QTRY_VERIFY_WITH_TIMEOUT(raw.poll() != RawConnection::End::Open, Timeout);
    QCOMPARE(raw.end(), RawConnection::End::Closed);
    QVERIFY(raw.received().startsWith("HTTP/1.1 200 OK\r\n"));
    QCOMPARE(raw.received().count("data: "), 1);
    QVERIFY(!raw.received().contains("[DONE]"));
    QVERIFY(!raw.received().endsWith("0\r\n\r\n"));

    // Through QNetworkAccessManager: the frame and no [DONE]. Qt 6.4 reports a close inside a chunked body as an
    // error or, when its disconnect handling reads the socket as finished first, as a normal end: only the missing
    // final frame tells, which is what the app's stream readers check.
    m_server->enqueue(reply);
    Call request(*m_network, "POST", m_server->url(u"/chat/completions"_s), chatBody());
    QTRY_VERIFY_WITH_TIMEOUT(request.isFinished(), Timeout);
    const QList<Frame> frames = request.result().frames();
    QCOMPARE(frames.size(), 1);
    QVERIFY(frames.constFirst().isJson());
    QTRY_COMPARE_WITH_TIMEOUT(m_server->openConnections(), 0, Timeout);
}

void TestFakeLlmServer::fragmentedWritesAndPacedFrames()
{
    ScriptedReply fragmented = ScriptedReply::text({ u"one "_s, u"two "_s, u"three"_s });
    fragmented.writeChunkBytes = 3;
    ScriptedReply paced = ScriptedReply::text({ u"slow "_s, u"and steady"_s });
    paced.frameIntervalMs = 5;
    m_server->enqueue({ fragmented, paced });
    for (const ScriptedReply &reply : { fragmented, paced }) {
        Call request(*m_network, "POST", m_server->url(u"/chat/completions"_s), chatBody());
        QSignalSpy readyRead(request.reply(), &QNetworkReply::readyRead);
        QTRY_VERIFY_WITH_TIMEOUT(request.isFinished(), Timeout);
        QCOMPARE(request.result().error, QNetworkReply::NoError);
        QCOMPARE(chatText(request.result().frames()), reply.fullText());
        QVERIFY(readyRead.count() >= 1);
    }
}

void TestFakeLlmServer::keepAliveReusesTheConnection()
{
    m_server->enqueue({ ScriptedReply::text({ u"one"_s }), ScriptedReply::text({ u"two"_s }) });
    for (const QString &expected : { u"one"_s, u"two"_s }) {
        Call request(*m_network, "POST", m_server->url(u"/chat/completions"_s), chatBody());
        QTRY_VERIFY_WITH_TIMEOUT(request.isFinished(), Timeout);
        QCOMPARE(chatText(request.result().frames()), expected);
        QCOMPARE(request.result().headers.value("connection"), "keep-alive");
    }
    const QList<RecordedRequest> requests = m_server->requests();
    QCOMPARE(requests.size(), 2);
    QCOMPARE(requests.at(0).connectionId, requests.at(1).connectionId);
    QCOMPARE(m_server->openConnections(), 1); // the client's pool keeps it; cleanup() checks it goes
}

void TestFakeLlmServer::pipelinedRequestsOnOneSocket()
{
    m_server->enqueue(ScriptedReply::text({ u"streamed"_s }));
    QTcpSocket socket;
    socket.connectToHost(QHostAddress::LocalHost, m_server->port());
    QVERIFY(socket.waitForConnected(Timeout));
    const QByteArray body = QJsonDocument(chatBody(true, false)).toJson(QJsonDocument::Compact);
    // Three requests in one write: a chunked stream, a JSON reply, then one that asks to close.
    socket.write("POST /v1/chat/completions HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                 "Content-Length: "
        + QByteArray::number(body.size()) + "\r\n\r\n" + body
        + "GET /v1/models HTTP/1.1\r\nHost: x\r\n\r\n"
          "GET /v1/models?page=2 HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
    QByteArray received;
    QTRY_VERIFY_WITH_TIMEOUT(
        (received += socket.readAll(), socket.state() == QAbstractSocket::UnconnectedState), Timeout);
    received += socket.readAll();

    QCOMPARE(received.count("HTTP/1.1 200 OK\r\n"), 3);
    const qsizetype first = received.indexOf("HTTP/1.1 200 OK");
    const qsizetype second = received.indexOf("HTTP/1.1 200 OK", first + 1);
    const qsizetype third = received.indexOf("HTTP/1.1 200 OK", second + 1);
    const QByteArray stream = received.mid(first, second - first);
    QVERIFY(stream.contains("Transfer-Encoding: chunked"));
    QVERIFY(stream.contains("streamed"));
    QVERIFY(stream.endsWith("data: [DONE]\n\n\r\n0\r\n\r\n"));
    QVERIFY(received.mid(second, third - second).contains("\"object\":\"list\""));
    QVERIFY(received.mid(third).contains("Connection: close"));

    const QList<RecordedRequest> requests = m_server->requests();
    QCOMPARE(requests.size(), 3);
    QCOMPARE(requests.at(0).path, u"/v1/chat/completions"_s);
    QCOMPARE(requests.at(1).path, u"/v1/models"_s);
    QCOMPARE(requests.at(2).query, u"page=2"_s);
    QCOMPARE(requests.at(0).connectionId, requests.at(2).connectionId);
    QCOMPARE(requests.at(0).json, chatBody(true, false));
}

void TestFakeLlmServer::chunkedRequestBody()
{
    QTcpSocket socket;
    socket.connectToHost(QHostAddress::LocalHost, m_server->port());
    QVERIFY(socket.waitForConnected(Timeout));
    socket.write("POST /v1/conversations HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n"
                 "Connection: close\r\n\r\n"
                 "5\r\n{\"met\r\n"
                 "18;ext=1\r\nadata\":{\"k\":\"v\"},\"items\"\r\n"
                 "4\r\n:[]}\r\n"
                 "0\r\n\r\n");
    QByteArray received;
    QTRY_VERIFY_WITH_TIMEOUT(
        (received += socket.readAll(), socket.state() == QAbstractSocket::UnconnectedState), Timeout);
    received += socket.readAll();
    QVERIFY2(received.startsWith("HTTP/1.1 200 OK"), received.constData());
    QCOMPARE(m_server->lastRequest().body, R"({"metadata":{"k":"v"},"items":[]})");
    QCOMPARE(m_server->lastRequest().json.value(u"metadata").toObject().value(u"k").toString(), u"v"_s);
}

void TestFakeLlmServer::connectionCloseIsHonoured()
{
    m_server->enqueue(ScriptedReply::text({ u"bye"_s }));
    Call request(*m_network, "POST", m_server->url(u"/responses"_s), responsesBody(), { { "Connection", "close" } });
    QTRY_VERIFY_WITH_TIMEOUT(request.isFinished(), Timeout);
    QCOMPARE(request.result().error, QNetworkReply::NoError);
    QCOMPARE(request.result().headers.value("connection"), "close");
    QTRY_COMPARE_WITH_TIMEOUT(m_server->openConnections(), 0, Timeout);

    // A malformed request line gets a 400 and the connection ends.
    QTcpSocket socket;
    socket.connectToHost(QHostAddress::LocalHost, m_server->port());
    QVERIFY(socket.waitForConnected(Timeout));
    socket.write("NONSENSE\r\n\r\n");
    QByteArray received;
    QTRY_VERIFY_WITH_TIMEOUT(
        (received += socket.readAll(), socket.state() == QAbstractSocket::UnconnectedState), Timeout);
    received += socket.readAll();
    QVERIFY2(received.startsWith("HTTP/1.1 400 Bad Request"), received.constData());
}

void TestFakeLlmServer::recordsRequests()
{
    QSignalSpy received(m_server.get(), &FakeLlmServer::requestReceived);
    m_server->enqueue({ ScriptedReply::text({ u"1"_s }), ScriptedReply::text({ u"2"_s }) });
    const QDateTime before = QDateTime::currentDateTimeUtc();
    {
        QUrl url = m_server->url(u"/responses"_s);
        url.setQuery(u"trace=on"_s);
        Call request(*m_network, "POST", url, responsesBody(), { { "X-Tandem-Test", "yes" } });
        QTRY_VERIFY_WITH_TIMEOUT(request.isFinished(), Timeout);
    }
    {
        Call request(*m_network, "POST", m_server->url(u"/chat/completions"_s), chatBody());
        QTRY_VERIFY_WITH_TIMEOUT(request.isFinished(), Timeout);
    }
    QCOMPARE(received.count(), 2);
    QCOMPARE(m_server->requestCount(), 2);
    const RecordedRequest first = m_server->requests().first();
    QCOMPARE(received.at(0).at(0).value<RecordedRequest>().path, first.path);
    QCOMPARE(first.index, 0);
    QCOMPARE(first.method, u"POST"_s);
    QCOMPARE(first.path, u"/v1/responses"_s);
    QCOMPARE(first.query, u"trace=on"_s);
    QCOMPARE(first.httpVersion, u"HTTP/1.1"_s);
    QCOMPARE(first.headers.value(u"x-tandem-test"_s), u"yes"_s);
    QCOMPARE(first.header(u"Authorization"_s), u"Bearer sk-test"_s);
    QCOMPARE(first.headers.value(u"content-type"_s), u"application/json"_s);
    for (auto it = first.headers.begin(); it != first.headers.end(); ++it)
        QCOMPARE(it.key(), it.key().toLower());
    QCOMPARE(first.json, responsesBody());
    QCOMPARE(QJsonDocument::fromJson(first.body).object(), responsesBody());
    QVERIFY(first.isStreaming());
    QCOMPARE(first.model(), u"gpt-4o-mini"_s);
    QCOMPARE(first.instructions(), u"You are terse."_s);
    QCOMPARE(first.lastUserText(), u"Hello"_s);
    QVERIFY(first.receivedAt >= before.addSecs(-1));
    QVERIFY(first.receivedAt <= QDateTime::currentDateTimeUtc());

    const RecordedRequest last = m_server->lastRequest();
    QCOMPARE(last.index, 1);
    QCOMPARE(last.path, u"/v1/chat/completions"_s);
    QCOMPARE(last.instructions(), u"You are terse."_s);
    QCOMPARE(last.lastUserText(), u"Hello"_s);
    QCOMPARE(m_server->requests(u"/v1/chat/completions"_s).size(), 1);

    m_server->clear();
    QCOMPARE(m_server->requestCount(), 0);
    QCOMPARE(m_server->lastRequest().index, -1);
}

void TestFakeLlmServer::responderAnswersByRequest()
{
    m_server->setResponder([](const RecordedRequest &request) {
        if (request.instructions().contains(u"analyst"))
            return ScriptedReply::text({ u"from the analyst"_s });
        return ScriptedReply::calling({ call(u"call_h"_s, u"handoff_to"_s, uR"({"target_agent":"analyst"})"_s) });
    });
    m_server->enqueue(ScriptedReply::text({ u"queued first"_s }));
    const QList<std::pair<QString, QString>> turns {
        { u"You are the router."_s, u"queued first"_s }, // the queue goes before the responder
        { u"You are the analyst."_s, u"from the analyst"_s },
        { u"You are the router."_s, QString() },
    };
    for (const auto &[system, expected] : turns) {
        Call request(*m_network, "POST", m_server->url(u"/chat/completions"_s), chatBody(true, true, system));
        QTRY_VERIFY_WITH_TIMEOUT(request.isFinished(), Timeout);
        const QList<Frame> frames = request.result().frames();
        QCOMPARE(chatText(frames), expected);
        if (expected.isEmpty()) {
            QString finish;
            QJsonObject usageChunk;
            const QList<ToolCall> calls = assembleChatToolCalls(frames, &finish, &usageChunk);
            QCOMPARE(calls.size(), 1);
            QCOMPARE(calls.first().name, u"handoff_to"_s);
        }
    }

    // The echo responder of the standalone helper.
    m_server->setResponder(FakeLlmServer::echoResponder());
    Call echo(*m_network, "POST", m_server->url(u"/responses"_s), responsesBody(true, u"ping"_s));
    QTRY_VERIFY_WITH_TIMEOUT(echo.isFinished(), Timeout);
    const QList<Frame> frames = echo.result().frames();
    QCOMPARE(frames.last()
                 .json()
                 .value(u"response")
                 .toObject()
                 .value(u"output")
                 .toArray()
                 .at(0)
                 .toObject()
                 .value(u"content")
                 .toArray()
                 .at(0)
                 .toObject()
                 .value(u"text")
                 .toString(),
        u"Echo: ping"_s);

    m_server->clearScript();
    Call none(*m_network, "POST", m_server->url(u"/responses"_s), responsesBody());
    QTRY_VERIFY_WITH_TIMEOUT(none.isFinished(), Timeout);
    QCOMPARE(none.result().status, 500);
}

void TestFakeLlmServer::specValidatorAcceptsAndRejects_data()
{
    QTest::addColumn<QString>("schema");
    QTest::addColumn<QByteArray>("body");
    QTest::addColumn<bool>("valid");

    QTest::newRow("CreateResponse, string input")
        << u"CreateResponse"_s << QByteArray(R"({"model":"gpt-4o","input":"hi","stream":true})") << true;
    QTest::newRow("CreateResponse, items, tools, conversation")
        << u"CreateResponse"_s
        << QByteArray(R"({"model":"gpt-4o","conversation":"conv_1","instructions":"Be brief.","input":[
            {"type":"message","role":"user","content":"hi"},
            {"type":"function_call","call_id":"call_1","name":"f","arguments":"{}"},
            {"type":"function_call_output","call_id":"call_1","output":"42"}],
            "tools":[{"type":"function","name":"f","parameters":{"type":"object","properties":{}},"strict":false}],
            "stream":true,"store":false,"max_output_tokens":256})")
        << true;
    QTest::newRow("CreateResponse, input is a number")
        << u"CreateResponse"_s << QByteArray(R"({"model":"gpt-4o","input":42})") << false;
    QTest::newRow("CreateResponse, stream is a string")
        << u"CreateResponse"_s << QByteArray(R"({"model":"gpt-4o","input":"hi","stream":"yes"})") << false;
    QTest::newRow("CreateChatCompletionRequest")
        << u"CreateChatCompletionRequest"_s
        << QByteArray(R"({"model":"gpt-4o","messages":[{"role":"system","content":"x"},{"role":"user","content":"hi"},
            {"role":"assistant","content":null,"tool_calls":[{"id":"c","type":"function",
            "function":{"name":"f","arguments":"{}"}}]},{"role":"tool","tool_call_id":"c","content":"ok"}],
            "stream":true,"stream_options":{"include_usage":true}})")
        << true;
    QTest::newRow("CreateChatCompletionRequest, no messages")
        << u"CreateChatCompletionRequest"_s << QByteArray(R"({"model":"gpt-4o","messages":[]})") << false;
    QTest::newRow("CreateConversationBody")
        << u"CreateConversationBody"_s << QByteArray(R"({"metadata":{"agent":"analyst"}})") << true;
    QTest::newRow("CreateConversationBody, metadata not strings")
        << u"CreateConversationBody"_s << QByteArray(R"({"metadata":{"agent":1}})") << false;
    QTest::newRow("ResponseStreamEvent, unknown type")
        << u"ResponseStreamEvent"_s << QByteArray(R"({"type":"response.bogus","sequence_number":1})") << false;
    QTest::newRow("ResponseStreamEvent, delta without logprobs")
        << u"ResponseStreamEvent"_s
        << QByteArray(R"({"type":"response.output_text.delta","item_id":"m","output_index":0,"content_index":0,
            "delta":"x","sequence_number":3})")
        << false;
    QTest::newRow("chat chunk, tool call without index")
        << u"CreateChatCompletionStreamResponse"_s
        << QByteArray(R"({"id":"c","object":"chat.completion.chunk","created":1,"model":"m","choices":[{"index":0,
            "finish_reason":null,"delta":{"tool_calls":[{"function":{"arguments":"{"}}]}}]})")
        << false;
    QTest::newRow("unknown schema") << u"NoSuchSchema"_s << QByteArray("{}") << false;
}

void TestFakeLlmServer::specValidatorAcceptsAndRejects()
{
    QFETCH(QString, schema);
    QFETCH(QByteArray, body);
    QFETCH(bool, valid);
    QVERIFY2(validator()->isReady(), qPrintable(validator()->errorString()));
    QJsonParseError error;
    const QJsonDocument document = QJsonDocument::fromJson(body, &error);
    QVERIFY2(error.error == QJsonParseError::NoError, qPrintable(error.errorString()));
    const SpecValidator::Result result = validator()->validate(schema, document.object());
    QVERIFY2(result.valid == valid, qPrintable(u"expected %1, got: %2"_s.arg(valid).arg(result.message())));
    if (!valid)
        QVERIFY(!result.errors.isEmpty());
}

void TestFakeLlmServer::emittedFramesMatchTheSpec_data()
{
    QTest::addColumn<bool>("responses");
    QTest::addColumn<ScriptedReply>("reply");
    QTest::addColumn<bool>("conforms");

    const QList<ToolCall> calls { call(u"call_1"_s, u"get_weather"_s, uR"({"city":"Paris"})"_s),
        call(u"call_2"_s, u"get_time"_s, uR"({"tz":"UTC"})"_s) };
    const TokenUsage used = usage(100, 20, 50, 5);
    for (const bool responses : { true, false }) {
        const char *protocol = responses ? "responses" : "chat";
        QTest::addRow("%s text", protocol) << responses << ScriptedReply::text({ u"a"_s, u"b"_s }, used) << true;
        QTest::addRow("%s calls", protocol) << responses << ScriptedReply::calling(calls, { u"x"_s }, used) << true;
    }
    QTest::newRow("responses failed") << true << ScriptedReply::terminating(ScriptedReply::Terminal::Failed, { u"a"_s })
                                      << true;
    QTest::newRow("responses incomplete")
        << true << ScriptedReply::terminating(ScriptedReply::Terminal::Incomplete, { u"a"_s }) << true;
    QTest::newRow("responses error event")
        << true << ScriptedReply::terminating(ScriptedReply::Terminal::Error, { u"a"_s }) << true;
    ScriptedReply length = ScriptedReply::text({ u"a"_s }, used);
    length.finishReason = u"length"_s;
    QTest::newRow("chat finish length") << false << length << true;
    ScriptedReply lateId = ScriptedReply::calling(calls);
    lateId.omitFirstToolCallId = true;
    QTest::newRow("chat quirk: late id (still valid)") << false << lateId << true;
    ScriptedReply sameIndex = ScriptedReply::calling(calls);
    sameIndex.sameToolCallIndex = true;
    QTest::newRow("chat quirk: same index (still valid)") << false << sameIndex << true;
    ScriptedReply noIndex = ScriptedReply::calling(calls);
    noIndex.omitToolCallIndex = true;
    QTest::newRow("chat quirk: no index (off spec)") << false << noIndex << false;
}

void TestFakeLlmServer::emittedFramesMatchTheSpec()
{
    QFETCH(bool, responses);
    QFETCH(ScriptedReply, reply);
    QFETCH(bool, conforms);
    QVERIFY2(validator()->isReady(), qPrintable(validator()->errorString()));

    m_server->enqueue(reply);
    const QJsonObject body = responses ? responsesBody() : chatBody();
    Call request(*m_network, "POST", m_server->url(responses ? u"/responses"_s : u"/chat/completions"_s), body);
    QTRY_VERIFY_WITH_TIMEOUT(request.isFinished(), Timeout);
    QCOMPARE(request.result().error, QNetworkReply::NoError);

    // The request bodies of these tests are valid too, or they would prove little.
    const SpecValidator::Result requestCheck
        = validator()->validate(responses ? u"CreateResponse"_s : u"CreateChatCompletionRequest"_s, body);
    QVERIFY2(requestCheck.valid, qPrintable(requestCheck.message()));

    const QString schema = responses ? u"ResponseStreamEvent"_s : u"CreateChatCompletionStreamResponse"_s;
    const QList<Frame> frames = request.result().frames();
    QVERIFY(frames.size() > 3);
    int invalid = 0;
    QStringList problems;
    for (const Frame &frame : frames) {
        if (frame.data == "[DONE]")
            continue;
        const SpecValidator::Result result = validator()->validate(schema, frame.json());
        if (!result.valid) {
            ++invalid;
            problems << QString::fromUtf8(frame.data) + u"\n  "_s + result.message();
        }
    }
    if (conforms)
        QVERIFY2(invalid == 0, qPrintable(problems.join(u"\n"_s)));
    else
        QVERIFY2(invalid > 0, "the off-spec quirk must be caught by the validator");
}

void TestFakeLlmServer::standaloneHelper()
{
    QTemporaryDir folder;
    QVERIFY(folder.isValid());
    const QString script = folder.filePath(u"script.json"_s);
    QFile file(script);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(
        R"([{"text":["scr","ipted"],"usage":{"input":3,"output":2}},{"fault":"http","status":429,"retryAfter":4}])");
    file.close();

    QProcess helper;
    helper.setProgram(QString::fromUtf8(TANDEM_HELPER_FAKELLM_PATH));
    helper.setArguments({ u"--port"_s, u"0"_s, u"--script"_s, script });
    helper.start();
    QVERIFY2(helper.waitForStarted(Timeout), qPrintable(helper.errorString()));
    QTRY_VERIFY_WITH_TIMEOUT(helper.canReadLine(), Timeout);
    const QString line = QString::fromUtf8(helper.readLine()).trimmed();
    QVERIFY2(line.startsWith(u"listening on http://127.0.0.1:"), qPrintable(line));
    const QUrl base(line.mid(QStringView(u"listening on ").size()));

    QList<Exchange> results;
    for (int i = 0; i < 3; ++i) {
        QUrl url = base;
        url.setPath(base.path() + u"/chat/completions"_s);
        Call request(*m_network, "POST", url, chatBody());
        QTRY_VERIFY_WITH_TIMEOUT(request.isFinished(), Timeout);
        results << request.result();
    }
    QCOMPARE(chatText(results.at(0).frames()), u"scripted"_s);
    QCOMPARE(results.at(1).status, 429);
    QCOMPARE(results.at(1).headers.value("retry-after"), "4");
    QCOMPARE(chatText(results.at(2).frames()), u"Echo: Hello"_s);

    m_network.reset(); // its pool holds a connection to the helper
    helper.terminate();
    QVERIFY(helper.waitForFinished(Timeout));
}

QTEST_GUILESS_MAIN(TestFakeLlmServer)

#include "tst_fakellmserver.moc"
