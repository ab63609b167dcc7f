// ChatCompletionsClient over loopback against the fake LLM server: text, tool calls assembled from every fragment
// shape real servers send, finish_reason, [DONE], the usage chunk, the tool messages of the next turn, and every body
// checked against the spec's CreateChatCompletionRequest.
#include "FakeLlmServer.h"
#include "LlmJobProbe.h"
#include "LogCapture.h"
#include "SpecValidator.h"
#include "llm/ChatCompletionsClient.h"
#include "llm/NetworkAccess.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QNetworkAccessManager>
#include <QTest>

#include <memory>

using namespace Qt::StringLiterals;
using namespace Tandem;
using Tandem::Test::FakeLlmServer;
using Tandem::Test::LlmJobProbe;
using Tandem::Test::LogCapture;
using Tandem::Test::RecordedRequest;
using Tandem::Test::ScriptedReply;
using Tandem::Test::SpecValidator;

Q_DECLARE_METATYPE(Tandem::LlmError::Type)

namespace {

constexpr int Timeout = 30'000; // generous: two cores are shared with builds
const QString ApiKey = u"sk-or-v1-tandem-chat-secret-77d0"_s;

QJsonObject json(const char *text)
{
    QJsonParseError error;
    const QJsonDocument document = QJsonDocument::fromJson(QByteArray(text), &error);
    if (error.error != QJsonParseError::NoError)
        qFatal("bad expected JSON in the test: %s", qPrintable(error.errorString()));
    return document.object();
}

QByteArray text(const QJsonValue &value)
{
    if (value.isArray())
        return QJsonDocument(value.toArray()).toJson(QJsonDocument::Indented);
    return QJsonDocument(value.toObject()).toJson(QJsonDocument::Indented);
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

ToolCall call(const QString &callId, const QString &name, const QString &arguments)
{
    return ToolCall { callId, name, arguments, QString() };
}

LlmRequest userRequest(const QString &message)
{
    LlmRequest request;
    request.input = { InputItem::user(message) };
    return request;
}

ToolDefinition weatherTool()
{
    ToolDefinition tool;
    tool.name = u"get_weather"_s;
    tool.description = u"Weather for a city"_s;
    tool.parameters = json(R"({"type":"object","properties":{"city":{"type":"string"}},"required":["city"]})");
    return tool;
}

/// One `data:` frame of a chat stream whose only choice carries @p delta.
QByteArray deltaFrame(const char *delta, const char *finishReason = nullptr)
{
    const QByteArray finish = finishReason ? "\"" + QByteArray(finishReason) + "\"" : QByteArray("null");
    return R"(data: {"id":"chatcmpl-raw","object":"chat.completion.chunk","created":1,"model":"m","choices":[)"
           R"({"index":0,"delta":)"
        + QByteArray(delta) + R"(,"finish_reason":)" + finish + "}]}\n\n";
}

} // namespace

class TestChatCompletionsClient : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void init();
    void cleanup();
    void cleanupTestCase();

    void requestShape();
    void textDeltas_data();
    void textDeltas();
    void toolCalls_data();
    void toolCalls();
    void toolMessagesOnNextRequest();
    void finishReason_data();
    void finishReason();
    void usageChunk_data();
    void usageChunk();
    void doneEndsTheStream();
    void errorInTheStream_data();
    void errorInTheStream();
    void authorizationNeverLogged();

private:
    std::unique_ptr<LlmJobProbe> run(const LlmRequest &request);
    void expectEndedOnce(const LlmJobProbe &probe);

    std::unique_ptr<LogCapture> m_logs; // for the whole run: no test may log the key
    std::unique_ptr<FakeLlmServer> m_server;
    std::unique_ptr<QNetworkAccessManager> m_network;
    std::unique_ptr<ChatCompletionsClient> m_client;
};

void TestChatCompletionsClient::initTestCase()
{
    qRegisterMetaType<Tandem::LlmResult>();
    qRegisterMetaType<Tandem::LlmError>();
    qRegisterMetaType<Tandem::ToolCall>();
    m_logs = std::make_unique<LogCapture>();
    SpecValidator *validator = SpecValidator::instance();
    QVERIFY2(validator->isReady(), qPrintable(validator->errorString()));
}

void TestChatCompletionsClient::init()
{
    m_server = std::make_unique<FakeLlmServer>();
    QVERIFY2(m_server->isListening(), qPrintable(m_server->errorString()));
    m_network.reset(NetworkAccess::createManager());

    ProviderProfile profile;
    profile.id = u"local-test"_s;
    profile.name = u"Local (test)"_s;
    profile.protocol = ProviderProfile::Protocol::ChatCompletions;
    profile.baseUrl = m_server->baseUrl();
    profile.defaultModel = u"llama-test"_s;
    m_client = std::make_unique<ChatCompletionsClient>(m_network.get(), profile);
    m_client->setApiKey(ApiKey);
    RetryPolicy policy;
    policy.maxRetries = 2;
    policy.baseDelayMs = 10;
    policy.idleTimeoutMs = Timeout;
    m_client->setRetryPolicy(policy);
}

void TestChatCompletionsClient::cleanup()
{
    SpecValidator *validator = SpecValidator::instance();
    const QList<RecordedRequest> requests = m_server->requests(u"/v1/chat/completions"_s);
    for (const RecordedRequest &request : requests) {
        QVERIFY2(QJsonDocument::fromJson(request.body).isObject(), request.body.constData());
        const SpecValidator::Result result = validator->validate(u"CreateChatCompletionRequest"_s, request.json);
        QVERIFY2(result.valid,
            qPrintable(
                u"request #%1:\n%2\n%3"_s.arg(request.index).arg(result.message(), QString::fromUtf8(request.body))));
        // What every request of this client asks for.
        QCOMPARE(request.json.value(u"stream"), QJsonValue(true));
        QCOMPARE(text(request.json.value(u"stream_options")), text(json(R"({"include_usage":true})")));
        QCOMPARE(request.header(u"Authorization"_s), u"Bearer "_s + ApiKey);
    }
    // Nothing outlives the client and its network manager: the server sees every connection closed, the idle
    // keep-alive ones and any a test left streaming.
    m_client.reset();
    m_network.reset();
    QTRY_COMPARE_WITH_TIMEOUT(m_server->openConnections(), 0, Timeout);
    m_server.reset();
}

void TestChatCompletionsClient::cleanupTestCase()
{
    const QStringList logs = LogCapture::lines();
    m_logs.reset();
    QVERIFY2(!logs.isEmpty(), "the log capture saw nothing: the check below would prove nothing");
    for (const QString &line : logs) {
        QVERIFY2(!line.contains(ApiKey), qPrintable(line));
        QVERIFY2(!line.contains(u"Bearer"_s, Qt::CaseInsensitive), qPrintable(line));
    }
}

std::unique_ptr<LlmJobProbe> TestChatCompletionsClient::run(const LlmRequest &request)
{
    LlmJob *job = m_client->stream(request);
    auto probe = std::make_unique<LlmJobProbe>(job);
    probe->waitForEnd(Timeout);
    return probe;
}

void TestChatCompletionsClient::expectEndedOnce(const LlmJobProbe &probe)
{
    QVERIFY2(probe.hasEnded(), "the job never ended");
    QCOMPARE(probe.endCount(), 1);
    QTRY_VERIFY_WITH_TIMEOUT(probe.job().isNull(), Timeout); // deleteLater()
    QCOMPARE(probe.signalsAfterEnd, 0);
}

void TestChatCompletionsClient::requestShape()
{
    m_server->enqueue(ScriptedReply::text({ u"ok"_s }));
    LlmRequest request = userRequest(u"Hello"_s);
    request.instructions = u"You are terse."_s;
    request.tools = { weatherTool() };
    request.parallelToolCalls = true;
    request.maxOutputTokens = 300;
    request.temperature = 0.25;
    const auto probe = run(request);
    expectEndedOnce(*probe);
    if (QTest::currentTestFailed())
        return;
    QCOMPARE(probe->finishedCount, 1);

    QCOMPARE(m_server->requestCount(), 1);
    const RecordedRequest recorded = m_server->lastRequest();
    QCOMPARE(recorded.method, u"POST"_s);
    QCOMPARE(recorded.path, u"/v1/chat/completions"_s);
    QCOMPARE(recorded.header(u"Accept"_s), u"text/event-stream"_s);
    QVERIFY(recorded.header(u"Content-Type"_s).startsWith(u"application/json"_s));
    QCOMPARE(text(recorded.json), text(json(R"({"model":"llama-test","stream":true,
        "stream_options":{"include_usage":true},
        "messages":[{"role":"system","content":"You are terse."},{"role":"user","content":"Hello"}],
        "tools":[{"type":"function","function":{"name":"get_weather","description":"Weather for a city",
                  "strict":false,
                  "parameters":{"type":"object","properties":{"city":{"type":"string"}},"required":["city"]}}}],
        "parallel_tool_calls":true,"max_tokens":300,"temperature":0.25})")));
}

void TestChatCompletionsClient::textDeltas_data()
{
    QTest::addColumn<QStringList>("chunks");
    QTest::addColumn<int>("writeChunkBytes");
    QTest::addColumn<ScriptedReply::Transfer>("transfer");

    const QStringList ascii { u"Hello"_s, u", "_s, u"world"_s, u"!"_s };
    const QStringList multibyte { u"Grüße, "_s, u"日本語の"_s, u"テキスト "_s, u"😀👍🏽"_s,
        u" e\u0301t\u00e9"_s };
    QTest::newRow("ascii") << ascii << 0 << ScriptedReply::Transfer::Chunked;
    QTest::newRow("ascii, close-delimited") << ascii << 0 << ScriptedReply::Transfer::CloseDelimited;
    QTest::newRow("multi-byte") << multibyte << 0 << ScriptedReply::Transfer::Chunked;
    QTest::newRow("multi-byte, one byte per read") << multibyte << 1 << ScriptedReply::Transfer::Chunked;
    QTest::newRow("multi-byte, two bytes per read, close-delimited")
        << multibyte << 2 << ScriptedReply::Transfer::CloseDelimited;
    QTest::newRow("newlines and JSON escapes")
        << QStringList { u"line 1\n"_s, u"\"quoted\"\t\\ "_s, u"\r\nend"_s } << 7 << ScriptedReply::Transfer::Chunked;
}

void TestChatCompletionsClient::textDeltas()
{
    QFETCH(QStringList, chunks);
    QFETCH(int, writeChunkBytes);
    QFETCH(ScriptedReply::Transfer, transfer);

    ScriptedReply reply = ScriptedReply::text(chunks, usage(9, 4)).withTransfer(transfer);
    reply.writeChunkBytes = writeChunkBytes;
    reply.responseId = u"chatcmpl-text"_s;
    reply.model = u"llama-3.3-70b"_s;
    m_server->enqueue(reply);

    const auto probe = run(userRequest(u"Say hello"_s));
    expectEndedOnce(*probe);
    if (QTest::currentTestFailed())
        return;
    QCOMPARE(probe->finishedCount, 1);
    QCOMPARE(probe->stateAtEnd, LlmJob::State::Finished);
    QCOMPARE(probe->deltas, chunks); // the role chunk's empty content is no delta
    const QString expected = chunks.join(QString());
    QCOMPARE(probe->text(), expected);
    QCOMPARE(probe->finishedResult.text, expected);
    QCOMPARE(probe->finishedResult.responseId, u"chatcmpl-text"_s);
    QCOMPARE(probe->finishedResult.model, u"llama-3.3-70b"_s);
    QCOMPARE(probe->finishedResult.finishReason, u"stop"_s);
    QCOMPARE(probe->finishedResult.usage, usage(9, 4));
    QVERIFY(probe->finishedResult.toolCalls.isEmpty());
    QCOMPARE(probe->attemptsAtEnd, 1);
    QCOMPARE(probe->signalOrder.last(), u"finished"_s);
}

void TestChatCompletionsClient::toolCalls_data()
{
    QTest::addColumn<ScriptedReply>("reply");
    QTest::addColumn<QList<ToolCall>>("expected");

    const QList<ToolCall> one { call(u"call_w"_s, u"get_weather"_s, uR"({"city":"Paris"})"_s) };
    const QList<ToolCall> three {
        call(u"call_a"_s, u"get_weather"_s, uR"({"city":"Paris"})"_s),
        call(u"call_b"_s, u"get_time"_s, uR"({"zone":"Europe/Paris","fmt":"24h"})"_s),
        call(u"call_c"_s, u"transfer_to_reviewer"_s, u"{}"_s),
    };
    QTest::newRow("one call") << ScriptedReply::calling(one) << one;
    QTest::newRow("three parallel calls") << ScriptedReply::calling(three) << three;
    {
        ScriptedReply reply = ScriptedReply::calling(three, { u"Checking "_s, u"now."_s });
        reply.argumentFragments = 7;
        reply.writeChunkBytes = 9;
        QTest::newRow("text, then calls, fragments split across reads") << reply << three;
    }
    {
        ScriptedReply reply = ScriptedReply::calling(three);
        reply.omitToolCallIndex = true;
        QTest::newRow("fragments without index") << reply << three;
    }
    {
        ScriptedReply reply = ScriptedReply::calling(three);
        reply.omitFirstToolCallId = true;
        QTest::newRow("id only on the second fragment") << reply << three;
    }
    {
        ScriptedReply reply = ScriptedReply::calling(three);
        reply.sameToolCallIndex = true;
        QTest::newRow("every call at index 0") << reply << three;
    }
    {
        ScriptedReply reply = ScriptedReply::calling(three);
        reply.omitToolCallIndex = true;
        reply.omitFirstToolCallId = true;
        QTest::newRow("no index, id only on the second fragment") << reply << three;
    }
    {
        ScriptedReply reply = ScriptedReply::calling({ call(u"call_u"_s, u"search"_s, uR"({"q":"Zürich 日本 😀"})"_s) });
        reply.argumentFragments = 11; // splits between the characters, never inside one
        reply.writeChunkBytes = 1;
        QTest::newRow("non-ASCII arguments, one byte per read")
            << reply << QList<ToolCall> { call(u"call_u"_s, u"search"_s, uR"({"q":"Zürich 日本 😀"})"_s) };
    }
    {
        // OpenAI's parallel calls, interleaved: both start, then their arguments alternate.
        ScriptedReply reply;
        reply.finishReason = u"tool_calls"_s;
        reply.insertedFrames = {
            { 1,
                deltaFrame(R"({"tool_calls":[{"index":0,"id":"call_x","type":"function",)"
                           R"("function":{"name":"get_weather","arguments":""}}]})") },
            { 1,
                deltaFrame(R"({"tool_calls":[{"index":1,"id":"call_y","type":"function",)"
                           R"("function":{"name":"get_time","arguments":""}}]})") },
            { 1, deltaFrame(R"({"tool_calls":[{"index":1,"function":{"arguments":"{\"zone\":"}}]})") },
            { 1, deltaFrame(R"({"tool_calls":[{"index":0,"function":{"arguments":"{\"city\":"}}]})") },
            { 1, deltaFrame(R"({"tool_calls":[{"index":0,"function":{"arguments":"\"Rome\"}"}}]})") },
            { 1, deltaFrame(R"({"tool_calls":[{"index":1,"function":{"arguments":"\"UTC\"}"}}]})") },
        };
        QTest::newRow("parallel calls interleaved")
            << reply
            << QList<ToolCall> { call(u"call_x"_s, u"get_weather"_s, uR"({"city":"Rome"})"_s),
                   call(u"call_y"_s, u"get_time"_s, uR"({"zone":"UTC"})"_s) };
    }
    {
        // No index at all, the id on every fragment (some proxies), interleaved.
        ScriptedReply reply;
        reply.finishReason = u"tool_calls"_s;
        reply.insertedFrames = {
            { 1, deltaFrame(R"({"tool_calls":[{"id":"call_p","function":{"name":"f","arguments":"{\"a\""}}]})") },
            { 1, deltaFrame(R"({"tool_calls":[{"id":"call_q","function":{"name":"g","arguments":"{\"b\""}}]})") },
            { 1, deltaFrame(R"({"tool_calls":[{"id":"call_p","function":{"arguments":":1}"}}]})") },
            { 1, deltaFrame(R"({"tool_calls":[{"id":"call_q","function":{"arguments":":2}"}}]})") },
        };
        QTest::newRow("no index, ids on every fragment, interleaved")
            << reply
            << QList<ToolCall> { call(u"call_p"_s, u"f"_s, uR"({"a":1})"_s),
                   call(u"call_q"_s, u"g"_s, uR"({"b":2})"_s) };
    }
    {
        // Two calls in one chunk, arguments as an object (a non-conforming server).
        ScriptedReply reply;
        reply.finishReason = u"tool_calls"_s;
        reply.insertedFrames = {
            { 1,
                deltaFrame(R"({"tool_calls":[{"index":0,"id":"call_1","function":{"name":"f","arguments":{"x":1}}},)"
                           R"({"index":1,"id":"call_2","function":{"name":"g","arguments":"{}"}}]})") },
        };
        QTest::newRow("two calls in one chunk, object arguments")
            << reply
            << QList<ToolCall> { call(u"call_1"_s, u"f"_s, uR"({"x":1})"_s), call(u"call_2"_s, u"g"_s, u"{}"_s) };
    }
}

void TestChatCompletionsClient::toolCalls()
{
    QFETCH(ScriptedReply, reply);
    QFETCH(QList<ToolCall>, expected);

    reply.usage = usage(40, 12);
    m_server->enqueue(reply);
    LlmRequest request = userRequest(u"Use the tools"_s);
    request.tools = { weatherTool() };
    const auto probe = run(request);
    expectEndedOnce(*probe);
    if (QTest::currentTestFailed())
        return;
    QCOMPARE(probe->finishedCount, 1);
    QCOMPARE(probe->readyCalls, expected);
    QCOMPARE(probe->finishedResult.toolCalls, expected);
    QCOMPARE(probe->finishedResult.finishReason, u"tool_calls"_s);
    QCOMPARE(probe->finishedResult.text, reply.fullText());
    QCOMPARE(probe->finishedResult.usage, usage(40, 12));
    // Every call is announced once, with the id and name it is handed out with, before any is ready.
    QCOMPARE(probe->startedCalls.size(), expected.size());
    for (const ToolCall &toolCall : expected)
        QVERIFY(probe->startedCalls.contains(std::pair(toolCall.callId, toolCall.name)));
    QVERIFY(probe->signalOrder.lastIndexOf(u"started"_s) < probe->signalOrder.indexOf(u"ready"_s));
}

void TestChatCompletionsClient::toolMessagesOnNextRequest()
{
    const QList<ToolCall> calls {
        call(u"call_p"_s, u"get_weather"_s, uR"({"city":"Paris"})"_s),
        call(u"call_l"_s, u"get_weather"_s, uR"({"city":"Lyon"})"_s),
    };
    m_server->enqueue(ScriptedReply::calling(calls));
    m_server->enqueue(ScriptedReply::text({ u"Paris 18 °C, Lyon 20 °C."_s }));

    LlmRequest request = userRequest(u"Weather in Paris and Lyon?"_s);
    request.instructions = u"Be brief."_s;
    request.tools = { weatherTool() };
    const auto first = run(request);
    expectEndedOnce(*first);
    if (QTest::currentTestFailed())
        return;
    QCOMPARE(first->finishedCount, 1);
    QCOMPARE(first->finishedResult.toolCalls, calls);

    LlmRequest next = request;
    for (const ToolCall &toolCall : first->finishedResult.toolCalls)
        next.input.append(InputItem::functionCall(toolCall));
    next.input.append(InputItem::functionOutput(u"call_p"_s, u"18 °C"_s));
    next.input.append(InputItem::functionOutput(u"call_l"_s, u"20 °C"_s));
    const auto second = run(next);
    expectEndedOnce(*second);
    if (QTest::currentTestFailed())
        return;
    QCOMPARE(second->finishedResult.text, u"Paris 18 °C, Lyon 20 °C."_s);

    const QList<RecordedRequest> requests = m_server->requests(u"/v1/chat/completions"_s);
    QCOMPARE(requests.size(), 2);
    QCOMPARE(text(requests.at(1).json.value(u"messages")),
        text(QJsonArray {
            json(R"({"role":"system","content":"Be brief."})"),
            json(R"({"role":"user","content":"Weather in Paris and Lyon?"})"),
            json(R"({"role":"assistant","content":null,"tool_calls":[
            {"id":"call_p","type":"function","function":{"name":"get_weather","arguments":"{\"city\":\"Paris\"}"}},
            {"id":"call_l","type":"function","function":{"name":"get_weather","arguments":"{\"city\":\"Lyon\"}"}}]})"),
            json(R"({"role":"tool","tool_call_id":"call_p","content":"18 °C"})"),
            json(R"({"role":"tool","tool_call_id":"call_l","content":"20 °C"})"),
        }));
}

void TestChatCompletionsClient::finishReason_data()
{
    QTest::addColumn<QString>("finishReason");
    QTest::addColumn<int>("truncateAfterFrames"); // -1: the whole stream, [DONE] included
    QTest::addColumn<bool>("finishes");
    QTest::addColumn<QString>("expectedReason");

    // Frames: the role chunk, 2 text chunks, the finish_reason chunk, the usage chunk, [DONE].
    QTest::newRow("stop") << u"stop"_s << -1 << true << u"stop"_s;
    QTest::newRow("stop, connection closed instead of [DONE]") << u"stop"_s << 5 << true << u"stop"_s;
    QTest::newRow("stop, closed before the usage chunk") << u"stop"_s << 4 << true << u"stop"_s;
    QTest::newRow("length") << u"length"_s << -1 << false << u"length"_s;
    QTest::newRow("content_filter") << u"content_filter"_s << -1 << false << u"content_filter"_s;
}

void TestChatCompletionsClient::finishReason()
{
    QFETCH(QString, finishReason);
    QFETCH(int, truncateAfterFrames);
    QFETCH(bool, finishes);
    QFETCH(QString, expectedReason);

    ScriptedReply reply = ScriptedReply::text({ u"Cut "_s, u"here"_s }, usage(10, 2));
    reply.finishReason = finishReason;
    if (truncateAfterFrames >= 0)
        reply = reply.withFault(ScriptedReply::Fault::EndWithoutFinal, truncateAfterFrames);
    m_server->enqueue(reply);
    const auto probe = run(userRequest(u"Go"_s));
    expectEndedOnce(*probe);
    if (QTest::currentTestFailed())
        return;
    QCOMPARE(probe->text(), u"Cut here"_s);
    QCOMPARE(probe->resultAtEnd.text, u"Cut here"_s);
    QCOMPARE(probe->resultAtEnd.finishReason, expectedReason);
    if (finishes) {
        QCOMPARE(probe->finishedCount, 1);
        QCOMPARE(probe->finishedResult.finishReason, expectedReason);
        return;
    }
    QCOMPARE(probe->failedCount, 1);
    QCOMPARE(probe->failedError.type, LlmError::Type::Incomplete);
    QCOMPARE(probe->failedError.code, finishReason);
    QVERIFY(!probe->failedError.userMessage().isEmpty());
    QCOMPARE(probe->usages, QList<TokenUsage> { usage(10, 2) }); // what the cut-off answer cost is still reported
}

void TestChatCompletionsClient::usageChunk_data()
{
    QTest::addColumn<ScriptedReply::UsageChunk>("usageChunk");
    QTest::addColumn<TokenUsage>("reported");
    QTest::addColumn<bool>("expectUsage");

    QTest::newRow("as requested") << ScriptedReply::UsageChunk::IfRequested << usage(100, 20) << true;
    QTest::newRow("cached and reasoning")
        << ScriptedReply::UsageChunk::IfRequested << usage(4096, 800, 2048, 512) << true;
    QTest::newRow("sent always") << ScriptedReply::UsageChunk::Always << usage(7, 3) << true;
    QTest::newRow("never sent") << ScriptedReply::UsageChunk::Never << usage(7, 3) << false;
}

void TestChatCompletionsClient::usageChunk()
{
    QFETCH(ScriptedReply::UsageChunk, usageChunk);
    QFETCH(TokenUsage, reported);
    QFETCH(bool, expectUsage);

    ScriptedReply reply = ScriptedReply::text({ u"counted"_s }, reported);
    reply.usageChunk = usageChunk;
    m_server->enqueue(reply);
    const auto probe = run(userRequest(u"Count"_s));
    expectEndedOnce(*probe);
    if (QTest::currentTestFailed())
        return;
    QCOMPARE(probe->finishedCount, 1);
    QCOMPARE(probe->finishedResult.text, u"counted"_s);
    if (expectUsage) {
        QCOMPARE(probe->usages, QList<TokenUsage> { reported });
        QCOMPARE(probe->finishedResult.usage, reported);
        QCOMPARE(probe->signalOrder.mid(probe->signalOrder.size() - 2), (QStringList { u"usage"_s, u"finished"_s }));
    } else {
        QVERIFY(probe->usages.isEmpty());
        QCOMPARE(probe->finishedResult.usage, TokenUsage());
    }
}

void TestChatCompletionsClient::doneEndsTheStream()
{
    ScriptedReply reply = ScriptedReply::text({ u"Done "_s, u"is done."_s });
    // Frames: role, 2 text chunks, finish, usage, [DONE]; then garbage and more text the client must not read.
    reply.insertedFrames = {
        { 0, ": OPENROUTER PROCESSING\n\n" }, // comments real proxies send
        { 2, ": keep-alive\n\n" },
        { 2,
            R"(data: {"id":"chatcmpl-x","object":"chat.completion.chunk","created":1,"model":"m","choices":[],)"
            R"("system_fingerprint":"fp_1","x_unknown":{"a":1}})"
            "\n\n" },
        { 99, deltaFrame(R"({"content":" after DONE"})") },
        { 99, "data: {not json at all\n\n" },
    };
    m_server->enqueue(reply);
    const auto probe = run(userRequest(u"Go"_s));
    expectEndedOnce(*probe);
    if (QTest::currentTestFailed())
        return;
    QCOMPARE(probe->finishedCount, 1);
    QCOMPARE(probe->finishedResult.text, u"Done is done."_s);
    QCOMPARE(probe->finishedResult.finishReason, u"stop"_s);
}

void TestChatCompletionsClient::errorInTheStream_data()
{
    QTest::addColumn<QByteArray>("frame");
    QTest::addColumn<LlmError::Type>("type");
    QTest::addColumn<QString>("code");
    QTest::addColumn<QString>("detail");

    QTest::newRow("OpenAI error object") << QByteArray(
        R"(data: {"error":{"message":"The server is overloaded.","type":"server_error",)"
        R"("param":null,"code":"server_error"}})"
        "\n\n") << LlmError::Type::Server << u"server_error"_s
                                         << u"The server is overloaded."_s;
    QTest::newRow("rate limit in the stream")
        << QByteArray(R"(data: {"error":{"message":"Rate limit reached.","type":"requests",)"
                      R"("code":"rate_limit_exceeded"}})"
                      "\n\n")
        << LlmError::Type::RateLimited << u"rate_limit_exceeded"_s << u"Rate limit reached."_s;
    QTest::newRow("Ollama error string") << QByteArray("data: {\"error\":\"model crashed\"}\n\n")
                                         << LlmError::Type::Server << QString() << u"model crashed"_s;
    QTest::newRow("error event") << QByteArray(
        "event: error\ndata: {\"message\":\"vLLM engine dead\",\"type\":\"InternalServerError\"}\n\n")
                                 << LlmError::Type::Server << u"InternalServerError"_s << u"vLLM engine dead"_s;
}

void TestChatCompletionsClient::errorInTheStream()
{
    QFETCH(QByteArray, frame);
    QFETCH(LlmError::Type, type);
    QFETCH(QString, code);
    QFETCH(QString, detail);

    ScriptedReply reply = ScriptedReply::text({ u"Before "_s, u"the error"_s, u" (never read)"_s });
    reply.insertedFrames = { { 3, frame } }; // after the role chunk and two text chunks
    m_server->enqueue(reply);
    const auto probe = run(userRequest(u"Go"_s));
    expectEndedOnce(*probe);
    if (QTest::currentTestFailed())
        return;
    QCOMPARE(probe->failedCount, 1);
    QCOMPARE(probe->failedError.type, type);
    QCOMPARE(probe->failedError.code, code);
    QCOMPARE(probe->failedError.detail, detail);
    QVERIFY(!probe->failedError.userMessage().isEmpty());
    QCOMPARE(probe->resultAtEnd.text, u"Before the error"_s);
    QCOMPARE(probe->attemptsAtEnd, 1);
}

void TestChatCompletionsClient::authorizationNeverLogged()
{
    const qsizetype before = LogCapture::size();
    m_server->failFirst(1, ScriptedReply::httpError(500));
    m_server->enqueue(ScriptedReply::text({ u"logged"_s }));
    m_server->enqueue(ScriptedReply::httpError(401));
    const auto ok = run(userRequest(u"One"_s));
    const auto refused = run(userRequest(u"Two"_s));
    expectEndedOnce(*ok);
    expectEndedOnce(*refused);
    if (QTest::currentTestFailed())
        return;
    QCOMPARE(ok->finishedCount, 1);
    QCOMPARE(ok->retries.size(), 1);
    QCOMPARE(refused->failedError.type, LlmError::Type::Auth);
    QCOMPARE(m_server->requestCount(), 3);

    const QStringList logs = LogCapture::lines().mid(before);
    QVERIFY2(logs.filter(u"tandem.llm"_s).size() >= 4, qPrintable(logs.join(u'\n')));
    for (const QString &line : logs) {
        QVERIFY2(!line.contains(ApiKey), qPrintable(line));
        QVERIFY2(!line.contains(ApiKey.left(12)), qPrintable(line));
        QVERIFY2(!line.contains(u"Authorization"_s, Qt::CaseInsensitive), qPrintable(line));
    }
}

QTEST_GUILESS_MAIN(TestChatCompletionsClient)
#include "tst_chatcompletionsclient.moc"
