// ResponsesClient over loopback against the fake LLM server: what the caller receives (text, calls, usage, typed
// errors), what the server receives (bodies checked against the spec's CreateResponse), and the API key kept out of
// the logs.
#include "FakeLlmServer.h"
#include "LlmJobProbe.h"
#include "LogCapture.h"
#include "SpecValidator.h"
#include "domain/Logging.h"
#include "llm/CreateConversationJob.h"
#include "llm/NetworkAccess.h"
#include "llm/ResponsesClient.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QNetworkAccessManager>
#include <QPointer>
#include <QSignalSpy>
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
const QString ApiKey = u"sk-tandem-secret-4f9a7c1e"_s;

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

ToolCall call(const QString &callId, const QString &name, const QString &arguments, const QString &itemId = {})
{
    return ToolCall { callId, name, arguments, itemId };
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
    tool.parameters = json(R"({"type":"object","properties":{"city":{"type":"string"}},"required":["city"],
        "additionalProperties":false})");
    tool.strict = true;
    return tool;
}

QByteArray sse(const QByteArray &type, const QByteArray &data)
{
    return "event: " + type + "\ndata: " + data + "\n\n";
}

} // namespace

class TestResponsesClient : public QObject
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
    void functionCalls_data();
    void functionCalls();
    void functionCallOutputsOnNextRequest_data();
    void functionCallOutputsOnNextRequest();
    void usageReported_data();
    void usageReported();
    void terminalEvents_data();
    void terminalEvents();
    void unknownEventsIgnored();
    void completedWithoutItemEvents();
    void specStreamsDeclareTheFinalText_data();
    void specStreamsDeclareTheFinalText();
    void specStreamsDeclareTheFinalArguments_data();
    void specStreamsDeclareTheFinalArguments();
    void argumentsDoneWithoutIdsEnds();
    void createConversation();
    void createConversationFails();
    void conversationStateOptions_data();
    void conversationStateOptions();
    void twoJobsAtOnce();
    void authorizationNeverLogged();

private:
    /// Starts a job for @p request and waits for its end; the probe outlives the job.
    std::unique_ptr<LlmJobProbe> run(const LlmRequest &request);
    /// The job ended exactly once, emitted nothing afterwards and deleted itself.
    void expectEndedOnce(const LlmJobProbe &probe);

    std::unique_ptr<LogCapture> m_logs; // for the whole run: no test may log the key
    std::unique_ptr<FakeLlmServer> m_server;
    std::unique_ptr<QNetworkAccessManager> m_network;
    std::unique_ptr<ResponsesClient> m_client;
};

void TestResponsesClient::initTestCase()
{
    qRegisterMetaType<Tandem::LlmResult>();
    qRegisterMetaType<Tandem::LlmError>();
    qRegisterMetaType<Tandem::ToolCall>();
    m_logs = std::make_unique<LogCapture>();
    QVERIFY(lcLlm().isDebugEnabled());
    QVERIFY(lcLlm().isInfoEnabled());

    SpecValidator *validator = SpecValidator::instance();
    QVERIFY2(validator->isReady(), qPrintable(validator->errorString()));
}

void TestResponsesClient::init()
{
    m_server = std::make_unique<FakeLlmServer>();
    QVERIFY2(m_server->isListening(), qPrintable(m_server->errorString()));
    m_network.reset(NetworkAccess::createManager());

    ProviderProfile profile;
    profile.id = u"openai-test"_s;
    profile.name = u"OpenAI (test)"_s;
    profile.protocol = ProviderProfile::Protocol::Responses;
    profile.baseUrl = m_server->baseUrl();
    profile.defaultModel = u"gpt-test"_s;
    m_client = std::make_unique<ResponsesClient>(m_network.get(), profile);
    m_client->setApiKey(ApiKey);
    RetryPolicy policy;
    policy.maxRetries = 2;
    policy.baseDelayMs = 10;
    policy.idleTimeoutMs = Timeout;
    m_client->setRetryPolicy(policy);
}

void TestResponsesClient::cleanup()
{
    // Whatever a test sent, it must be a valid CreateResponse / CreateConversationBody.
    SpecValidator *validator = SpecValidator::instance();
    const QList<RecordedRequest> requests = m_server->requests();
    for (const RecordedRequest &request : requests) {
        const QString schema = SpecValidator::requestSchema(request.path);
        if (schema.isEmpty())
            continue;
        QVERIFY2(QJsonDocument::fromJson(request.body).isObject(), request.body.constData());
        const SpecValidator::Result result = validator->validate(schema, request.json);
        QVERIFY2(result.valid,
            qPrintable(u"%1 #%2 against %3:\n%4\n%5"_s.arg(request.path)
                           .arg(request.index)
                           .arg(schema, result.message(), QString::fromUtf8(request.body))));
    }
    // Nothing outlives the client and its network manager: the server sees every connection closed, the idle
    // keep-alive ones and any a test left streaming.
    m_client.reset();
    m_network.reset();
    QTRY_COMPARE_WITH_TIMEOUT(m_server->openConnections(), 0, Timeout);
    m_server.reset();
}

void TestResponsesClient::cleanupTestCase()
{
    const QStringList logs = LogCapture::lines();
    m_logs.reset();
    QVERIFY2(!logs.isEmpty(), "the log capture saw nothing: the check below would prove nothing");
    for (const QString &line : logs) {
        QVERIFY2(!line.contains(ApiKey), qPrintable(line));
        QVERIFY2(!line.contains(u"Bearer"_s, Qt::CaseInsensitive), qPrintable(line));
    }
}

std::unique_ptr<LlmJobProbe> TestResponsesClient::run(const LlmRequest &request)
{
    LlmJob *job = m_client->stream(request);
    auto probe = std::make_unique<LlmJobProbe>(job);
    probe->waitForEnd(Timeout);
    return probe;
}

void TestResponsesClient::expectEndedOnce(const LlmJobProbe &probe)
{
    QVERIFY2(probe.hasEnded(), "the job never ended");
    QCOMPARE(probe.endCount(), 1);
    QTRY_VERIFY_WITH_TIMEOUT(probe.job().isNull(), Timeout); // deleteLater()
    QCOMPARE(probe.signalsAfterEnd, 0);
}

void TestResponsesClient::requestShape()
{
    m_server->enqueue(ScriptedReply::text({ u"ok"_s }));
    LlmRequest request = userRequest(u"Hello"_s);
    request.instructions = u"You are terse."_s;
    request.tools = { weatherTool() };
    request.parallelToolCalls = true;
    request.maxOutputTokens = 512;
    const auto probe = run(request);
    expectEndedOnce(*probe);
    if (QTest::currentTestFailed())
        return;
    QCOMPARE(probe->finishedCount, 1);

    QCOMPARE(m_server->requestCount(), 1);
    const RecordedRequest recorded = m_server->lastRequest();
    QCOMPARE(recorded.method, u"POST"_s);
    QCOMPARE(recorded.path, u"/v1/responses"_s);
    QCOMPARE(recorded.header(u"Authorization"_s), u"Bearer "_s + ApiKey);
    QCOMPARE(recorded.header(u"Accept"_s), u"text/event-stream"_s);
    QVERIFY(recorded.header(u"Content-Type"_s).startsWith(u"application/json"_s));
    QVERIFY(recorded.header(u"User-Agent"_s).startsWith(u"Tandem/"_s));
    QCOMPARE(text(recorded.json), text(json(R"({"model":"gpt-test","stream":true,"instructions":"You are terse.",
        "input":[{"type":"message","role":"user","content":"Hello"}],
        "tools":[{"type":"function","name":"get_weather","description":"Weather for a city","strict":true,
                  "parameters":{"type":"object","properties":{"city":{"type":"string"}},"required":["city"],
                                "additionalProperties":false}}],
        "parallel_tool_calls":true,"max_output_tokens":512})")));
}

void TestResponsesClient::textDeltas_data()
{
    QTest::addColumn<QStringList>("chunks");
    QTest::addColumn<int>("writeChunkBytes");
    QTest::addColumn<ScriptedReply::Transfer>("transfer");

    const QStringList ascii { u"Hello"_s, u", "_s, u"world"_s, u"!"_s };
    // Two-, three- and four-byte UTF-8, a combining accent and a surrogate pair, each split across reads below.
    const QStringList multibyte { u"Grüße, "_s, u"日本語の"_s, u"テキスト "_s, u"😀👍🏽"_s,
        u" e\u0301t\u00e9"_s };
    QTest::newRow("ascii") << ascii << 0 << ScriptedReply::Transfer::Chunked;
    QTest::newRow("ascii, close-delimited") << ascii << 0 << ScriptedReply::Transfer::CloseDelimited;
    QTest::newRow("multi-byte") << multibyte << 0 << ScriptedReply::Transfer::Chunked;
    QTest::newRow("multi-byte, one byte per read") << multibyte << 1 << ScriptedReply::Transfer::Chunked;
    QTest::newRow("multi-byte, three bytes per read, close-delimited")
        << multibyte << 3 << ScriptedReply::Transfer::CloseDelimited;
    QTest::newRow("newlines and JSON escapes")
        << QStringList { u"line 1\n"_s, u"\"quoted\"\t\\ "_s, u"\r\nend"_s } << 7 << ScriptedReply::Transfer::Chunked;
    QTest::newRow("a single long delta") << QStringList { QString(20'000, u'x') + u"ß"_s } << 0
                                         << ScriptedReply::Transfer::Chunked;
}

void TestResponsesClient::textDeltas()
{
    QFETCH(QStringList, chunks);
    QFETCH(int, writeChunkBytes);
    QFETCH(ScriptedReply::Transfer, transfer);

    ScriptedReply reply = ScriptedReply::text(chunks, usage(11, 7)).withTransfer(transfer);
    reply.writeChunkBytes = writeChunkBytes;
    reply.responseId = u"resp_text"_s;
    reply.model = u"gpt-test-2025"_s;
    m_server->enqueue(reply);

    const auto probe = run(userRequest(u"Say hello"_s));
    expectEndedOnce(*probe);
    if (QTest::currentTestFailed())
        return;
    QCOMPARE(probe->finishedCount, 1);
    QCOMPARE(probe->stateAtEnd, LlmJob::State::Finished);
    QCOMPARE(probe->deltas, chunks);
    const QString expected = chunks.join(QString());
    QCOMPARE(probe->text(), expected);
    QCOMPARE(probe->finishedResult.text, expected);
    QCOMPARE(probe->resultAtEnd.text, expected);
    QCOMPARE(probe->finishedResult.responseId, u"resp_text"_s);
    QCOMPARE(probe->finishedResult.model, u"gpt-test-2025"_s);
    QCOMPARE(probe->finishedResult.finishReason, u"stop"_s);
    QVERIFY(probe->finishedResult.toolCalls.isEmpty());
    QCOMPARE(probe->finishedResult.usage, usage(11, 7));
    QCOMPARE(probe->attemptsAtEnd, 1);
    QVERIFY(probe->retries.isEmpty());
    QCOMPARE(probe->signalOrder.last(), u"finished"_s);
    QCOMPARE(probe->signalOrder.count(u"usage"_s), 1);
    // The one message item, kept for stateless replay.
    QCOMPARE(probe->finishedResult.outputItems.size(), 1);
    QCOMPARE(probe->finishedResult.outputItems.first().toObject().value(u"type").toString(), u"message"_s);
}

void TestResponsesClient::functionCalls_data()
{
    QTest::addColumn<QList<ToolCall>>("calls");
    QTest::addColumn<QStringList>("chunks");
    QTest::addColumn<int>("argumentFragments");

    QTest::newRow("one call") << QList<ToolCall> {
        call(u"call_w1"_s, u"get_weather"_s, uR"({"city":"Paris"})"_s, u"fc_w1"_s)
    } << QStringList() << 3;
    QTest::newRow("one call, arguments in one delta")
        << QList<ToolCall> { call(u"call_w1"_s, u"get_weather"_s, uR"({"city":"Paris"})"_s, u"fc_w1"_s) }
        << QStringList() << 1;
    QTest::newRow("three calls in one response") << QList<ToolCall> {
        call(u"call_a"_s, u"get_weather"_s, uR"({"city":"Paris"})"_s, u"fc_a"_s),
        call(u"call_b"_s, u"get_time"_s, uR"({"zone":"Europe/Paris"})"_s, u"fc_b"_s),
        call(u"call_c"_s, u"transfer_to_reviewer"_s, u"{}"_s, u"fc_c"_s),
    } << QStringList() << 4;
    QTest::newRow("text, then two calls with non-ASCII arguments") << QList<ToolCall> {
        call(u"call_1"_s, u"search"_s, uR"({"q":"Zürich 日本 😀","limit":3})"_s, u"fc_1"_s),
        call(u"call_2"_s, u"search"_s, uR"({"q":"\"quoted\" \\ back"})"_s, u"fc_2"_s),
    } << QStringList { u"Let me "_s, u"look."_s } << 6;
    QTest::newRow("empty arguments") << QList<ToolCall> { call(u"call_e"_s, u"ping"_s, QString(), u"fc_e"_s) }
                                     << QStringList() << 3;
}

void TestResponsesClient::functionCalls()
{
    QFETCH(QList<ToolCall>, calls);
    QFETCH(QStringList, chunks);
    QFETCH(int, argumentFragments);

    ScriptedReply reply = ScriptedReply::calling(calls, chunks, usage(20, 9));
    reply.argumentFragments = argumentFragments;
    reply.writeChunkBytes = 5; // every event split across reads
    m_server->enqueue(reply);

    LlmRequest request = userRequest(u"Use the tools"_s);
    request.tools = { weatherTool() };
    const auto probe = run(request);
    expectEndedOnce(*probe);
    if (QTest::currentTestFailed())
        return;
    QCOMPARE(probe->finishedCount, 1);
    QCOMPARE(probe->readyCalls, calls); // call_id, name, arguments and item id, exactly, in output order
    QCOMPARE(probe->finishedResult.toolCalls, calls);
    QCOMPARE(probe->startedCalls.size(), calls.size());
    for (qsizetype i = 0; i < calls.size(); ++i) {
        QCOMPARE(probe->startedCalls.at(i).first, calls.at(i).callId);
        QCOMPARE(probe->startedCalls.at(i).second, calls.at(i).name);
    }
    // Each call is announced before it is ready, and the first call is ready before the second starts streaming.
    const QStringList callSignals = [&] {
        QStringList order = probe->signalOrder;
        order.removeIf([](const QString &name) { return name != u"started" && name != u"ready"; });
        return order;
    }();
    QStringList expectedOrder;
    for (qsizetype i = 0; i < calls.size(); ++i)
        expectedOrder << u"started"_s << u"ready"_s;
    QCOMPARE(callSignals, expectedOrder);
    QCOMPARE(probe->finishedResult.text, chunks.join(QString()));
    QCOMPARE(probe->finishedResult.finishReason, u"tool_calls"_s);
    QCOMPARE(probe->finishedResult.usage, usage(20, 9));
    QCOMPARE(probe->finishedResult.outputItems.size(), calls.size() + (chunks.isEmpty() ? 0 : 1));
}

void TestResponsesClient::functionCallOutputsOnNextRequest_data()
{
    QTest::addColumn<bool>("stateful");
    QTest::newRow("stateless: calls replayed") << false;
    QTest::newRow("stateful: previous_response_id") << true;
}

void TestResponsesClient::functionCallOutputsOnNextRequest()
{
    QFETCH(bool, stateful);

    const QList<ToolCall> calls {
        call(u"call_p"_s, u"get_weather"_s, uR"({"city":"Paris"})"_s, u"fc_p"_s),
        call(u"call_l"_s, u"get_weather"_s, uR"({"city":"Lyon"})"_s, u"fc_l"_s),
    };
    ScriptedReply first = ScriptedReply::calling(calls);
    first.responseId = u"resp_calls"_s;
    m_server->enqueue(first);
    m_server->enqueue(ScriptedReply::text({ u"Paris 18 °C, Lyon 20 °C."_s }));

    LlmRequest request = userRequest(u"Weather in Paris and Lyon?"_s);
    request.tools = { weatherTool() };
    const auto firstProbe = run(request);
    expectEndedOnce(*firstProbe);
    if (QTest::currentTestFailed())
        return;
    QCOMPARE(firstProbe->finishedCount, 1);
    const LlmResult result = firstProbe->finishedResult;
    QCOMPARE(result.toolCalls, calls);

    // The engine's next turn: one output for every call, in the calls' order.
    LlmRequest next = request;
    if (stateful) {
        next.input.clear();
        next.previousResponseId = result.responseId;
        next.store = true;
    } else {
        for (const ToolCall &toolCall : result.toolCalls)
            next.input.append(InputItem::functionCall(toolCall));
    }
    next.input.append(InputItem::functionOutput(result.toolCalls.at(0).callId, u"18 °C"_s));
    next.input.append(InputItem::functionOutput(result.toolCalls.at(1).callId, u"20 °C"_s));
    const auto secondProbe = run(next);
    expectEndedOnce(*secondProbe);
    if (QTest::currentTestFailed())
        return;
    QCOMPARE(secondProbe->finishedCount, 1);
    QCOMPARE(secondProbe->finishedResult.text, u"Paris 18 °C, Lyon 20 °C."_s);

    const QList<RecordedRequest> requests = m_server->requests(u"/v1/responses"_s);
    QCOMPARE(requests.size(), 2);
    const QJsonObject body = requests.at(1).json;
    const QJsonObject outputs[] = {
        json(R"({"type":"function_call_output","call_id":"call_p","output":"18 °C"})"),
        json(R"({"type":"function_call_output","call_id":"call_l","output":"20 °C"})"),
    };
    QJsonArray expectedInput;
    if (stateful) {
        QCOMPARE(body.value(u"previous_response_id").toString(), u"resp_calls"_s);
        QCOMPARE(body.value(u"store"), QJsonValue(true));
    } else {
        QVERIFY(!body.contains(u"previous_response_id"));
        expectedInput = {
            json(R"({"type":"message","role":"user","content":"Weather in Paris and Lyon?"})"),
            json(R"({"type":"function_call","call_id":"call_p","name":"get_weather",
                     "arguments":"{\"city\":\"Paris\"}"})"),
            json(R"({"type":"function_call","call_id":"call_l","name":"get_weather",
                     "arguments":"{\"city\":\"Lyon\"}"})"),
        };
    }
    for (const QJsonObject &output : outputs)
        expectedInput.append(output);
    QCOMPARE(text(body.value(u"input")), text(expectedInput));
}

void TestResponsesClient::usageReported_data()
{
    QTest::addColumn<TokenUsage>("reported");
    QTest::newRow("input and output") << usage(120, 45);
    QTest::newRow("cached and reasoning") << usage(2048, 900, 1024, 640);
    QTest::newRow("zero") << usage(0, 0);
    QTest::newRow("large") << usage(1'500'000'000'000, 3'000'000'000, 1'000'000'000'000, 2'000'000'000);
}

void TestResponsesClient::usageReported()
{
    QFETCH(TokenUsage, reported);
    m_server->enqueue(ScriptedReply::text({ u"counted"_s }, reported));
    const auto probe = run(userRequest(u"Count"_s));
    expectEndedOnce(*probe);
    if (QTest::currentTestFailed())
        return;
    QCOMPARE(probe->finishedCount, 1);
    QCOMPARE(probe->usages.size(), 1);
    QCOMPARE(probe->usages.first(), reported);
    QCOMPARE(probe->finishedResult.usage, reported);
    // Usage comes with the final event, before finished().
    QCOMPARE(probe->signalOrder.mid(probe->signalOrder.size() - 2), (QStringList { u"usage"_s, u"finished"_s }));
}

void TestResponsesClient::terminalEvents_data()
{
    QTest::addColumn<ScriptedReply>("reply");
    QTest::addColumn<LlmError::Type>("type");
    QTest::addColumn<QString>("code");
    QTest::addColumn<QString>("detail");
    QTest::addColumn<QString>("finishReason");
    QTest::addColumn<bool>("usageReported");

    const QStringList chunks { u"Partial "_s, u"answer"_s };
    QTest::newRow("response.failed") << ScriptedReply::terminating(
        ScriptedReply::Terminal::Failed, chunks, u"server_error"_s, u"Model crashed."_s)
                                     << LlmError::Type::Server << u"server_error"_s << u"Model crashed."_s << QString()
                                     << true;
    QTest::newRow("response.failed, rate limit")
        << ScriptedReply::terminating(
               ScriptedReply::Terminal::Failed, chunks, u"rate_limit_exceeded"_s, u"Slow down."_s)
        << LlmError::Type::RateLimited << u"rate_limit_exceeded"_s << u"Slow down."_s << QString() << true;
    QTest::newRow("response.incomplete, max_output_tokens")
        << ScriptedReply::terminating(ScriptedReply::Terminal::Incomplete, chunks, u"max_output_tokens"_s)
        << LlmError::Type::Incomplete << u"max_output_tokens"_s << u"response.incomplete: max_output_tokens"_s
        << u"length"_s << true;
    QTest::newRow("response.incomplete, content_filter")
        << ScriptedReply::terminating(ScriptedReply::Terminal::Incomplete, chunks, u"content_filter"_s)
        << LlmError::Type::Incomplete << u"content_filter"_s << u"response.incomplete: content_filter"_s
        << u"content_filter"_s << true;
    QTest::newRow("error event") << ScriptedReply::terminating(
        ScriptedReply::Terminal::Error, chunks, u"server_error"_s, u"Boom."_s)
                                 << LlmError::Type::Server << u"server_error"_s << u"Boom."_s << QString() << false;
    QTest::newRow("error event, rate limit")
        << ScriptedReply::terminating(ScriptedReply::Terminal::Error, chunks, u"rate_limit_exceeded"_s, u"Later."_s)
        << LlmError::Type::RateLimited << u"rate_limit_exceeded"_s << u"Later."_s << QString() << false;
    QTest::newRow("error event, no text")
        << ScriptedReply::terminating(ScriptedReply::Terminal::Error, {}, u"invalid_prompt"_s, u"No."_s)
        << LlmError::Type::Server << u"invalid_prompt"_s << u"No."_s << QString() << false;
}

void TestResponsesClient::terminalEvents()
{
    QFETCH(ScriptedReply, reply);
    QFETCH(LlmError::Type, type);
    QFETCH(QString, code);
    QFETCH(QString, detail);
    QFETCH(QString, finishReason);
    QFETCH(bool, usageReported);

    reply.usage = usage(30, 2);
    m_server->enqueue(reply);
    const auto probe = run(userRequest(u"Try"_s));
    expectEndedOnce(*probe);
    if (QTest::currentTestFailed())
        return;
    QCOMPARE(probe->failedCount, 1);
    QCOMPARE(probe->finishedCount, 0);
    QCOMPARE(probe->stateAtEnd, LlmJob::State::Failed);
    QCOMPARE(probe->failedError.type, type);
    QCOMPARE(probe->failedError.code, code);
    QCOMPARE(probe->failedError.detail, detail);
    QCOMPARE(probe->errorAtEnd.type, type);
    QVERIFY(!probe->failedError.userMessage().isEmpty());
    // A stream-level error is never retried: the body had started.
    QCOMPARE(probe->attemptsAtEnd, 1);
    QCOMPARE(m_server->requestCount(), 1);
    // What arrived before the end stays readable.
    QCOMPARE(probe->text(), reply.fullText());
    QCOMPARE(probe->resultAtEnd.text, reply.fullText());
    QCOMPARE(probe->resultAtEnd.finishReason, finishReason);
    QCOMPARE(probe->usages.size(), usageReported ? 1 : 0);
    if (usageReported)
        QCOMPARE(probe->resultAtEnd.usage, usage(30, 2));
}

void TestResponsesClient::unknownEventsIgnored()
{
    ScriptedReply reply = ScriptedReply::calling(
        { call(u"call_u"_s, u"lookup"_s, uR"({"id":7})"_s, u"fc_u"_s) }, { u"Known "_s, u"text"_s }, usage(5, 6));
    // Scripted frames: created, in_progress, item added, part added, 2 deltas, text done, part done, item done, then
    // the call's added, 3 argument deltas, arguments done, item done, completed.
    reply.insertedFrames = {
        { 0, sse("response.future_event", R"({"type":"response.future_event","sequence_number":99,"x":[1,2]})") },
        { 2,
            sse("response.reasoning_summary_text.delta",
                R"({"type":"response.reasoning_summary_text.delta","item_id":"rs_1","output_index":0,)"
                R"("summary_index":0,"delta":"thinking","sequence_number":98})") },
        { 5, ": a comment the parser drops\n\n" },
        { 5, sse("response.output_text.annotation.added", R"({"type":"response.output_text.annotation.added"})") },
        { 9, sse("ping", "{}") },
        { 12,
            sse("response.web_search_call.in_progress",
                R"({"type":"response.web_search_call.in_progress","item_id":"ws_1","output_index":3})") },
        { 15, sse("response.custom_tool_call_input.delta", R"({"type":"response.custom_tool_call_input.delta"})") },
    };
    m_server->enqueue(reply);
    const auto probe = run(userRequest(u"Go"_s));
    expectEndedOnce(*probe);
    if (QTest::currentTestFailed())
        return;
    QCOMPARE(probe->finishedCount, 1);
    QCOMPARE(probe->deltas, (QStringList { u"Known "_s, u"text"_s }));
    QCOMPARE(probe->finishedResult.text, u"Known text"_s);
    QCOMPARE(probe->readyCalls, (QList<ToolCall> { call(u"call_u"_s, u"lookup"_s, uR"({"id":7})"_s, u"fc_u"_s) }));
    QCOMPARE(probe->finishedResult.usage, usage(5, 6));
}

void TestResponsesClient::completedWithoutItemEvents()
{
    // Some compatible servers send no item events at all: the output of response.completed is the answer.
    const QByteArray completed = R"({"type":"response.completed","sequence_number":1,"response":{"id":"resp_bare",)"
                                 R"("object":"response","created_at":1,"status":"completed","model":"bare-model",)"
                                 R"("output":[{"type":"message","id":"msg_1","role":"assistant","status":"completed",)"
                                 R"("content":[{"type":"output_text","text":"Whole text","annotations":[]}]},)"
                                 R"({"type":"function_call","id":"fc_1","call_id":"call_bare","name":"f",)"
                                 R"("arguments":"{\"k\":true}","status":"completed"}],)"
                                 R"("usage":{"input_tokens":3,"output_tokens":4,"total_tokens":7,)"
                                 R"("input_tokens_details":{"cached_tokens":1},)"
                                 R"("output_tokens_details":{"reasoning_tokens":2}}}})";
    m_server->overrideRoute(u"POST"_s, u"/v1/responses"_s, 200,
        sse("response.created", R"({"type":"response.created","sequence_number":0,"response":{"id":"resp_bare"}})")
            + sse("response.completed", completed),
        QByteArrayLiteral("text/event-stream"));
    const auto probe = run(userRequest(u"Bare"_s));
    expectEndedOnce(*probe);
    if (QTest::currentTestFailed())
        return;
    QCOMPARE(probe->finishedCount, 1);
    QCOMPARE(probe->deltas, QStringList { u"Whole text"_s });
    QCOMPARE(probe->finishedResult.text, u"Whole text"_s);
    QCOMPARE(probe->readyCalls, (QList<ToolCall> { call(u"call_bare"_s, u"f"_s, uR"({"k":true})"_s, u"fc_1"_s) }));
    QCOMPARE(probe->startedCalls.size(), 1);
    QCOMPARE(probe->finishedResult.responseId, u"resp_bare"_s);
    QCOMPARE(probe->finishedResult.model, u"bare-model"_s);
    QCOMPARE(probe->finishedResult.finishReason, u"tool_calls"_s);
    QCOMPARE(probe->finishedResult.usage, usage(3, 4, 1, 2));
    QCOMPARE(probe->finishedResult.outputItems.size(), 2);
}

namespace {
/// The events of an SSE file of tests/data/openai (each with its blank line), in order.
QList<QByteArray> specEvents(const QString &name)
{
    QFile file(QFINDTESTDATA(u"data/openai/"_s + name));
    if (!file.open(QIODevice::ReadOnly))
        return {};
    const QList<QByteArray> lines = file.readAll().split('\n');
    QList<QByteArray> joined;
    QByteArray current;
    for (const QByteArray &line : lines) {
        if (line.isEmpty()) {
            if (!current.isEmpty())
                joined << current + '\n';
            current.clear();
            continue;
        }
        current += line + '\n';
    }
    return joined;
}

/// @p events without those of the types in @p dropped, as one stream body.
QByteArray streamWithout(const QList<QByteArray> &events, const QStringList &dropped)
{
    QByteArray body;
    for (const QByteArray &event : events) {
        bool drop = false;
        for (const QString &type : dropped)
            drop = drop || event.startsWith(QByteArray("event: " + type.toUtf8() + '\n'));
        if (!drop)
            body += event;
    }
    return body;
}
} // namespace

void TestResponsesClient::specStreamsDeclareTheFinalText_data()
{
    QTest::addColumn<QStringList>("dropped");
    QTest::addColumn<QByteArray>("firstDelta"); // replaces the spec's "Hi" when not empty
    QTest::addColumn<QStringList>("deltas");
    const QString final = u"Hi there! How can I assist you today?"_s;
    const QString rest = final.mid(2);
    QTest::newRow("as the spec has it") << QStringList() << QByteArray() << QStringList { u"Hi"_s, rest };
    QTest::newRow("declared by output_item.done")
        << QStringList { u"response.output_text.done"_s } << QByteArray() << QStringList { u"Hi"_s, rest };
    QTest::newRow("declared by response.completed only") << QStringList { u"response.output_text.done"_s,
        u"response.content_part.done"_s, u"response.output_item.done"_s }
                                                         << QByteArray() << QStringList { u"Hi"_s, rest };
    QTest::newRow("no delta at all") << QStringList { u"response.output_text.delta"_s } << QByteArray()
                                     << QStringList { final };
    // Deltas that do not lead to the declared text: the declared one is the reply.
    QTest::newRow("deltas that disagree") << QStringList() << QByteArray("Hello") << QStringList { u"Hello"_s };
}

void TestResponsesClient::specStreamsDeclareTheFinalText()
{
    QFETCH(QStringList, dropped);
    QFETCH(QByteArray, firstDelta);
    QFETCH(QStringList, deltas);
    const QList<QByteArray> events = specEvents(u"responses-stream-text.sse"_s);
    QCOMPARE(events.size(), 10); // nine events and the spec's "..." line
    QByteArray body = streamWithout(events, dropped);
    if (!firstDelta.isEmpty())
        body.replace(R"("delta":"Hi")", QByteArray(R"("delta":")" + firstDelta + '"'));
    m_server->overrideRoute(u"POST"_s, u"/v1/responses"_s, 200, body, QByteArrayLiteral("text/event-stream"));

    const auto probe = run(userRequest(u"Hello!"_s));
    expectEndedOnce(*probe);
    if (QTest::currentTestFailed())
        return;
    QCOMPARE(probe->finishedCount, 1);
    QCOMPARE(probe->finishedResult.text, u"Hi there! How can I assist you today?"_s);
    QCOMPARE(probe->deltas, deltas);
    QCOMPARE(probe->finishedResult.responseId, u"resp_67c9fdcecf488190bdd9a0409de3a1ec07b8b0ad4e5eb654"_s);
    QCOMPARE(probe->finishedResult.usage.inputTokens, 37);
    QCOMPARE(probe->finishedResult.usage.outputTokens, 11);
    QCOMPARE(probe->finishedResult.outputItems.size(), 1); // the message, once
}

void TestResponsesClient::specStreamsDeclareTheFinalArguments_data()
{
    QTest::addColumn<QStringList>("dropped");
    QTest::addColumn<QString>("callId");
    QTest::newRow("as assembled from the spec") << QStringList() << u"call_abc"_s;
    // Without its output_item.added the call is still made from the declared arguments (no call id was sent).
    QTest::newRow("no output_item.added") << QStringList { u"response.output_item.added"_s } << QString();
}

void TestResponsesClient::specStreamsDeclareTheFinalArguments()
{
    QFETCH(QStringList, dropped);
    QFETCH(QString, callId);
    const QList<QByteArray> events = specEvents(u"responses-stream-function-call.sse"_s);
    QCOMPARE(events.size(), 6);
    m_server->overrideRoute(
        u"POST"_s, u"/v1/responses"_s, 200, streamWithout(events, dropped), QByteArrayLiteral("text/event-stream"));

    LlmRequest request = userRequest(u"Weather?"_s);
    request.tools = { weatherTool() };
    const auto probe = run(request);
    expectEndedOnce(*probe);
    if (QTest::currentTestFailed())
        return;
    QCOMPARE(probe->finishedCount, 1);
    QCOMPARE(probe->readyCalls.size(), 1);
    const ToolCall call = probe->readyCalls.constFirst();
    QCOMPARE(call.name, u"get_weather"_s);
    QCOMPARE(call.arguments, u"{ \"arg\": 123 }"_s);
    QCOMPARE(call.itemId, u"item-abc"_s);
    QCOMPARE(call.callId, callId);
    QCOMPARE(probe->finishedResult.toolCalls, QList<ToolCall> { call });
    QCOMPARE(probe->finishedResult.finishReason, u"tool_calls"_s);
}

void TestResponsesClient::argumentsDoneWithoutIdsEnds()
{
    // Found by fuzz_responsesstream (tests/fuzz/corpus/responsesstream/regression-pending-call-without-ids): a call
    // known only from its arguments.done, which carries neither an item id nor a call id, then response.completed
    // without it in its output. The call was never matched, stayed pending, and response.completed completed it
    // again and again, for ever, growing memory.
    QByteArray body = streamWithout(specEvents(u"responses-stream-function-call.sse"_s),
        { u"response.output_item.added"_s, u"response.function_call_arguments.delta"_s });
    QVERIFY(body.contains(R"("item_id":"item-abc",)"));
    body.replace(R"("item_id":"item-abc",)", "");
    m_server->overrideRoute(u"POST"_s, u"/v1/responses"_s, 200, body, QByteArrayLiteral("text/event-stream"));

    LlmRequest request = userRequest(u"Weather?"_s);
    request.tools = { weatherTool() };
    const auto probe = run(request);
    expectEndedOnce(*probe);
    if (QTest::currentTestFailed())
        return;
    QCOMPARE(probe->finishedCount, 1);
    QCOMPARE(probe->startedCalls.size(), 1);
    QCOMPARE(probe->readyCalls.size(), 1);
    const ToolCall call = probe->readyCalls.constFirst();
    QCOMPARE(call.name, u"get_weather"_s);
    QCOMPARE(call.arguments, u"{ \"arg\": 123 }"_s);
    QCOMPARE(probe->finishedResult.toolCalls, QList<ToolCall> { call });
}

void TestResponsesClient::createConversation()
{
    const QJsonObject metadata { { u"agent"_s, u"planner"_s }, { u"chat"_s, u"42"_s } };
    QPointer<CreateConversationJob> job = m_client->createConversation(metadata);
    QSignalSpy finished(job.data(), &CreateConversationJob::finished);
    QSignalSpy failed(job.data(), &CreateConversationJob::failed);
    QSignalSpy cancelled(job.data(), &CreateConversationJob::cancelled);
    QTRY_COMPARE_WITH_TIMEOUT(finished.size() + failed.size() + cancelled.size(), 1, Timeout);
    QCOMPARE(finished.size(), 1);
    QCOMPARE(finished.first().first().toString(), u"conv_1"_s);
    QTRY_VERIFY_WITH_TIMEOUT(job.isNull(), Timeout);
    QCOMPARE(m_server->conversationIds(), QStringList { u"conv_1"_s });

    const RecordedRequest recorded = m_server->lastRequest();
    QCOMPARE(recorded.method, u"POST"_s);
    QCOMPARE(recorded.path, u"/v1/conversations"_s);
    QCOMPARE(recorded.header(u"Authorization"_s), u"Bearer "_s + ApiKey);
    QCOMPARE(text(recorded.json), text(json(R"({"metadata":{"agent":"planner","chat":"42"}})")));

    // Then a turn in that conversation: the server keeps the thread, the request names it.
    m_server->enqueue(ScriptedReply::text({ u"In the thread."_s }));
    LlmRequest request = userRequest(u"Next"_s);
    request.conversationId = finished.first().first().toString();
    const auto probe = run(request);
    expectEndedOnce(*probe);
    if (QTest::currentTestFailed())
        return;
    QCOMPARE(probe->finishedCount, 1);
    QCOMPARE(m_server->lastRequest().json.value(u"conversation").toString(), u"conv_1"_s);
    QVERIFY(!m_server->lastRequest().json.contains(u"previous_response_id"));
}

void TestResponsesClient::createConversationFails()
{
    m_server->overrideRoute(u"POST"_s, u"/v1/conversations"_s, 401,
        R"({"error":{"message":"Incorrect API key provided.","type":"invalid_request_error","param":null,)"
        R"("code":"invalid_api_key"}})");
    QPointer<CreateConversationJob> job = m_client->createConversation();
    QSignalSpy finished(job.data(), &CreateConversationJob::finished);
    QSignalSpy failed(job.data(), &CreateConversationJob::failed);
    QTRY_COMPARE_WITH_TIMEOUT(finished.size() + failed.size(), 1, Timeout);
    QCOMPARE(failed.size(), 1);
    const LlmError error = failed.first().first().value<LlmError>();
    QCOMPARE(error.type, LlmError::Type::Auth);
    QCOMPARE(error.code, u"invalid_api_key"_s);
    QVERIFY(!error.userMessage().isEmpty());
    QTRY_VERIFY_WITH_TIMEOUT(job.isNull(), Timeout);
    QCOMPARE(m_server->requestCount(), 1);
    QVERIFY(m_server->lastRequest().json.isEmpty()); // `{}`: no metadata
}

void TestResponsesClient::conversationStateOptions_data()
{
    QTest::addColumn<QString>("conversation");
    QTest::addColumn<QString>("previousResponseId");
    QTest::addColumn<int>("store"); // -1: not set
    QTest::addColumn<QJsonObject>("expectedFields");

    QTest::newRow("conversation") << u"conv_7"_s << QString() << -1 << json(R"({"conversation":"conv_7"})");
    QTest::newRow("conversation, store") << u"conv_7"_s << QString() << 1
                                         << json(R"({"conversation":"conv_7","store":true})");
    QTest::newRow("previous_response_id, store")
        << QString() << u"resp_41"_s << 1 << json(R"({"previous_response_id":"resp_41","store":true})");
    QTest::newRow("store false (stateless)") << QString() << QString() << 0 << json(R"({"store":false})");
    QTest::newRow("conversation wins over previous_response_id")
        << u"conv_7"_s << u"resp_41"_s << 1 << json(R"({"conversation":"conv_7","store":true})");
    QTest::newRow("none") << QString() << QString() << -1 << QJsonObject();
}

void TestResponsesClient::conversationStateOptions()
{
    QFETCH(QString, conversation);
    QFETCH(QString, previousResponseId);
    QFETCH(int, store);
    QFETCH(QJsonObject, expectedFields);

    if (!conversation.isEmpty() && !previousResponseId.isEmpty())
        QTest::ignoreMessage(QtWarningMsg, "previous_response_id dropped: the request names a conversation");
    m_server->enqueue(ScriptedReply::text({ u"ok"_s }));
    LlmRequest request = userRequest(u"Hi"_s);
    request.model = u"gpt-explicit"_s;
    request.conversationId = conversation;
    request.previousResponseId = previousResponseId;
    if (store >= 0)
        request.store = store == 1;
    const auto probe = run(request);
    expectEndedOnce(*probe);
    if (QTest::currentTestFailed())
        return;
    QCOMPARE(probe->finishedCount, 1);

    QJsonObject expected = json(R"({"model":"gpt-explicit","stream":true,
        "input":[{"type":"message","role":"user","content":"Hi"}]})");
    for (auto it = expectedFields.begin(); it != expectedFields.end(); ++it)
        expected.insert(it.key(), it.value());
    QCOMPARE(text(m_server->lastRequest().json), text(expected));
}

void TestResponsesClient::twoJobsAtOnce()
{
    // Two agents stream at once; cancelling one leaves the other alone.
    ScriptedReply slow = ScriptedReply::text({ u"never "_s, u"finished"_s, u" here"_s });
    slow = slow.withFault(ScriptedReply::Fault::Stall, 5);
    m_server->enqueue(slow);
    m_server->enqueue(ScriptedReply::text({ u"second "_s, u"agent"_s }));

    LlmJob *first = m_client->stream(userRequest(u"A"_s));
    LlmJobProbe firstProbe(first);
    QTRY_COMPARE_WITH_TIMEOUT(firstProbe.deltas.size(), 1, Timeout);
    LlmJob *second = m_client->stream(userRequest(u"B"_s));
    LlmJobProbe secondProbe(second);
    QVERIFY(first->serial() != second->serial());
    QVERIFY(secondProbe.waitForEnd(Timeout));
    QCOMPARE(secondProbe.finishedCount, 1);
    QCOMPARE(secondProbe.finishedResult.text, u"second agent"_s);
    QVERIFY(!firstProbe.hasEnded());

    first->abort();
    expectEndedOnce(firstProbe);
    expectEndedOnce(secondProbe);
    if (QTest::currentTestFailed())
        return;
    QCOMPARE(firstProbe.cancelledCount, 1);
    QCOMPARE(firstProbe.resultAtEnd.text, u"never "_s);
}

void TestResponsesClient::authorizationNeverLogged()
{
    // A retry and a failure make the client log at every level; none of it may carry the key.
    const qsizetype before = LogCapture::size();
    m_server->failFirst(1, ScriptedReply::httpError(503));
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

    const QList<RecordedRequest> requests = m_server->requests();
    QCOMPARE(requests.size(), 3);
    for (const RecordedRequest &request : requests)
        QCOMPARE(request.header(u"Authorization"_s), u"Bearer "_s + ApiKey);

    const QStringList logs = LogCapture::lines().mid(before);
    QVERIFY2(logs.size() >= 4, qPrintable(logs.join(u'\n')));
    QVERIFY2(logs.filter(u"tandem.llm"_s).size() >= 4, qPrintable(logs.join(u'\n')));
    QVERIFY2(!logs.filter(u"/v1/responses"_s).isEmpty(), qPrintable(logs.join(u'\n'))); // the URL may be logged
    for (const QString &line : logs) {
        QVERIFY2(!line.contains(ApiKey), qPrintable(line));
        QVERIFY2(!line.contains(ApiKey.left(12)), qPrintable(line));
        QVERIFY2(!line.contains(u"Authorization"_s, Qt::CaseInsensitive), qPrintable(line));
    }
}

QTEST_GUILESS_MAIN(TestResponsesClient)
#include "tst_responsesclient.moc"
