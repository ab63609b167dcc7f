// Every fault the fake LLM server can inject, against both protocol clients: the typed error the caller gets, the
// retries counted (and the delays they report), the partial text kept, cancellation that never reads as a failure,
// and nothing left running afterwards.
#include "FakeLlmServer.h"
#include "LlmJobProbe.h"
#include "llm/ChatCompletionsClient.h"
#include "llm/ClientFactory.h"
#include "llm/ModelListJob.h"
#include "llm/NetworkAccess.h"
#include "llm/ResponsesClient.h"
#include "llm/SseParser.h"

#include <QNetworkAccessManager>
#include <QSignalSpy>
#include <QTcpServer>
#include <QTest>

#include <memory>

using namespace Qt::StringLiterals;
using namespace Tandem;
using Tandem::Test::FakeLlmServer;
using Tandem::Test::LlmJobProbe;
using Tandem::Test::ScriptedReply;
using Fault = Tandem::Test::ScriptedReply::Fault;
using Protocol = Tandem::ProviderProfile::Protocol;

namespace {

constexpr int Timeout = 30'000; // generous: two cores are shared with builds
constexpr int MaxRetries = 2;
constexpr int BaseDelayMs = 10;
constexpr int ShortIdleMs = 500;

/// How a case ends.
enum class End { Finished, Failed, Cancelled };
/// When the test calls abort().
enum class Abort {
    Never,
    Immediately, ///< right after stream(), before any answer
    OnSecondDelta, ///< inside the textDelta slot, mid-stream
    WhileWaitingToRetry, ///< after retrying() was emitted, before the next attempt
    OnFirstToolCall, ///< inside the toolCallReady slot of the first call (a handoff stops the turn)
    OnFinished, ///< inside the finished slot: too late, nothing changes
};

/// Delay a retry must report: a value >= 0 exactly (Retry-After honoured), or kBackoff for base * 2^(n-1) plus up to
/// 50% jitter.
constexpr int kBackoff = -1;

const QStringList Chunks { u"Partial "_s, u"text "_s, u"never read"_s };
const QString PartialText = u"Partial text "_s; // the first two chunks

/// The text reply every case streams when it gets that far.
ScriptedReply textReply()
{
    TokenUsage usage;
    usage.inputTokens = 12;
    usage.outputTokens = 3;
    return ScriptedReply::text(Chunks, usage);
}

/// Frames a protocol sends before its first text delta: Responses created, in_progress, output_item.added,
/// content_part.added; Chat Completions the role chunk.
int framesBeforeText(Protocol protocol)
{
    return protocol == Protocol::Responses ? 4 : 1;
}

/// The text reply with @p fault after the first two text deltas.
ScriptedReply faultAfterTwoDeltas(Protocol protocol, Fault fault, ScriptedReply::Transfer transfer)
{
    return textReply().withFault(fault, framesBeforeText(protocol) + 2).withTransfer(transfer);
}

QString modelPath(Protocol protocol)
{
    return protocol == Protocol::Responses ? u"/v1/responses"_s : u"/v1/chat/completions"_s;
}

// Columns: the server's script, what the client is told, and what must come out.
struct Case
{
    int failures = 0; ///< model requests answered with `failure` first
    ScriptedReply failure;
    QList<ScriptedReply> replies; ///< then these, in order
    int overrideStatus = 0; ///< > 0: the model route answers this status and body instead (no script)
    QByteArray overrideBody;
    int idleTimeoutMs = Timeout;
    Abort abort = Abort::Never;

    End end = End::Failed;
    QList<LlmError::Type> types; ///< the error type; two when either is right (a reset: Network or Protocol)
    int attempts = 1;
    int requests = 1; ///< model requests the server recorded; -1: not checked
    QList<int> retryDelays; ///< one per retrying(), exact or kBackoff
    QString text; ///< the text the caller has at the end (partial for a failure)
    int httpStatus = -1; ///< the error's status; -1: not checked
    QString code; ///< the error's code; empty: not checked
    QString detail; ///< a part of the error's detail; empty: not checked
    int retryAfterMs = -2; ///< the error's retryAfterMs; -2: not checked
    bool clientCloses = false; ///< the server's connection stays open unless the client closes it
    int readyCalls = 0; ///< toolCallReady() signals
};

} // namespace

Q_DECLARE_METATYPE(Case)
Q_DECLARE_METATYPE(Tandem::LlmError::Type)
Q_DECLARE_METATYPE(Tandem::ProviderProfile::Protocol)

class TestClientFaults : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void faults_data();
    void faults();
    void connectionRefused_data();
    void connectionRefused();
    void unusableUrlFailsWithoutARequest_data();
    void unusableUrlFailsWithoutARequest();
    void deletingTheClientStopsItsJobs_data() { connectionRefused_data(); }
    void deletingTheClientStopsItsJobs();

private:
    /// Adds the row @p name for each protocol; @p script makes the replies of that protocol.
    template <typename Script> void addRow(const char *name, Script script);
};

void TestClientFaults::initTestCase()
{
    qRegisterMetaType<Tandem::LlmResult>();
    qRegisterMetaType<Tandem::LlmError>();
    qRegisterMetaType<Tandem::ToolCall>();
}

template <typename Script> void TestClientFaults::addRow(const char *name, Script script)
{
    for (const Protocol protocol : { Protocol::Responses, Protocol::ChatCompletions }) {
        const char *prefix = protocol == Protocol::Responses ? "responses: " : "chat: ";
        const QByteArray tag = QByteArray(prefix) + name;
        QTest::newRow(tag.constData()) << protocol << script(protocol);
    }
}

void TestClientFaults::faults_data()
{
    QTest::addColumn<Protocol>("protocol");
    QTest::addColumn<Case>("c");

    const auto httpFailure = [](int status, LlmError::Type type, const QString &code) {
        return [=](Protocol) {
            Case c;
            c.replies = { ScriptedReply::httpError(status), textReply() };
            c.types = { type };
            c.httpStatus = status;
            c.code = code;
            return c;
        };
    };
    addRow("401 is Auth, not retried", httpFailure(401, LlmError::Type::Auth, u"invalid_api_key"_s));
    addRow("403 is Auth", httpFailure(403, LlmError::Type::Auth, QString()));
    addRow("404 is NotFound", httpFailure(404, LlmError::Type::NotFound, u"model_not_found"_s));
    addRow("400 is BadRequest", httpFailure(400, LlmError::Type::BadRequest, QString()));

    addRow("429 with Retry-After, then success", [](Protocol) {
        Case c;
        c.replies = { ScriptedReply::httpError(429, 1), textReply() };
        c.end = End::Finished;
        c.attempts = 2;
        c.requests = 2;
        c.retryDelays = { 1000 };
        c.text = Chunks.join(QString());
        return c;
    });
    addRow("429 with retry-after-ms, then success", [](Protocol) {
        ScriptedReply limited = ScriptedReply::httpError(429);
        limited.retryAfterMs = 40;
        Case c;
        c.replies = { limited, textReply() };
        c.end = End::Finished;
        c.attempts = 2;
        c.requests = 2;
        c.retryDelays = { 40 };
        c.text = Chunks.join(QString());
        return c;
    });
    addRow("429 forever is RateLimited after the retries", [](Protocol) {
        Case c;
        c.failures = 100;
        c.failure = ScriptedReply::httpError(429);
        c.types = { LlmError::Type::RateLimited };
        c.attempts = 1 + MaxRetries;
        c.requests = 1 + MaxRetries;
        c.retryDelays = { kBackoff, kBackoff };
        c.httpStatus = 429;
        c.code = u"rate_limit_exceeded"_s;
        return c;
    });
    addRow("429 with Retry-After beyond the policy fails at once", [](Protocol) {
        Case c;
        c.replies = { ScriptedReply::httpError(429, 3600), textReply() };
        c.types = { LlmError::Type::RateLimited };
        c.httpStatus = 429;
        c.retryAfterMs = 3'600'000;
        return c;
    });
    addRow("429 insufficient_quota is not retried", [](Protocol) {
        ScriptedReply quota = ScriptedReply::httpError(429);
        quota.errorCode = u"insufficient_quota"_s;
        Case c;
        c.replies = { quota, textReply() };
        c.types = { LlmError::Type::RateLimited };
        c.httpStatus = 429;
        c.code = u"insufficient_quota"_s;
        return c;
    });
    addRow("500 then success", [](Protocol) {
        Case c;
        c.replies = { ScriptedReply::httpError(500), textReply() };
        c.end = End::Finished;
        c.attempts = 2;
        c.requests = 2;
        c.retryDelays = { kBackoff };
        c.text = Chunks.join(QString());
        return c;
    });
    addRow("503, 500, then success", [](Protocol) {
        Case c;
        c.replies = { ScriptedReply::httpError(503), ScriptedReply::httpError(500), textReply() };
        c.end = End::Finished;
        c.attempts = 3;
        c.requests = 3;
        c.retryDelays = { kBackoff, kBackoff };
        c.text = Chunks.join(QString());
        return c;
    });
    addRow("503 forever is Server after the retries", [](Protocol) {
        Case c;
        c.failures = 100;
        c.failure = ScriptedReply::httpError(503);
        c.types = { LlmError::Type::Server };
        c.attempts = 1 + MaxRetries;
        c.requests = 1 + MaxRetries;
        c.retryDelays = { kBackoff, kBackoff };
        c.httpStatus = 503;
        return c;
    });
    addRow("500 forever is Server after the retries", [](Protocol) {
        Case c;
        c.failures = 100;
        c.failure = ScriptedReply::httpError(500);
        c.types = { LlmError::Type::Server };
        c.attempts = 1 + MaxRetries;
        c.requests = 1 + MaxRetries;
        c.retryDelays = { kBackoff, kBackoff };
        c.httpStatus = 500;
        return c;
    });

    for (const auto transfer : { ScriptedReply::Transfer::Chunked, ScriptedReply::Transfer::CloseDelimited }) {
        const bool chunked = transfer == ScriptedReply::Transfer::Chunked;
        addRow(chunked ? "reset mid-stream" : "reset mid-stream, close-delimited", [transfer](Protocol protocol) {
            Case c;
            c.replies = { faultAfterTwoDeltas(protocol, Fault::ResetMidStream, transfer), textReply() };
            c.types = { LlmError::Type::ConnectionCut };
            c.text = PartialText; // kept, and never retried once text has arrived
            return c;
        });
        addRow(chunked ? "malformed JSON in a frame" : "malformed JSON in a frame, close-delimited",
            [transfer](Protocol protocol) {
                Case c;
                c.replies = { faultAfterTwoDeltas(protocol, Fault::MalformedJson, transfer), textReply() };
                c.types = { LlmError::Type::Protocol };
                c.text = PartialText;
                return c;
            });
        addRow(chunked ? "stream ends without its final event" : "stream ends without its final event, close-delimited",
            [transfer](Protocol protocol) {
                Case c;
                c.replies = { faultAfterTwoDeltas(protocol, Fault::EndWithoutFinal, transfer), textReply() };
                c.types = { LlmError::Type::ConnectionCut };
                c.text = PartialText;
                return c;
            });
    }
    addRow("a line longer than the parser holds stops the stream", [](Protocol protocol) {
        ScriptedReply huge = faultAfterTwoDeltas(protocol, Fault::HugeLine, ScriptedReply::Transfer::Chunked);
        huge.hugeLineBytes = SseParser::maxEventBytes() + 1024 * 1024;
        Case c;
        c.replies = { huge, textReply() };
        c.types = { LlmError::Type::Protocol };
        c.detail = u"larger than 16 MiB"_s;
        c.text = PartialText;
        return c;
    });
    addRow("empty stream", [](Protocol) {
        Case c;
        c.replies = { textReply().withFault(Fault::EndWithoutFinal, 0), textReply() };
        c.types = { LlmError::Type::ConnectionCut };
        return c;
    });
    addRow("stall past the idle timeout", [](Protocol protocol) {
        Case c;
        c.replies = { faultAfterTwoDeltas(protocol, Fault::Stall, ScriptedReply::Transfer::Chunked), textReply() };
        c.idleTimeoutMs = ShortIdleMs;
        c.types = { LlmError::Type::Timeout };
        c.text = PartialText;
        c.clientCloses = true;
        return c;
    });
    addRow("stall before the first byte", [](Protocol) {
        Case c;
        c.replies = { textReply().withFault(Fault::Stall, 0), textReply() };
        c.idleTimeoutMs = ShortIdleMs;
        c.types = { LlmError::Type::Timeout };
        c.clientCloses = true;
        return c;
    });
    addRow("JSON error document with status 200", [](Protocol) {
        Case c;
        c.overrideStatus = 200;
        c.overrideBody = R"({"error":{"message":"Engine overloaded","type":"server_error","code":"overloaded"}})";
        c.types = { LlmError::Type::Server };
        c.code = u"overloaded"_s;
        return c;
    });
    addRow("JSON document instead of a stream", [](Protocol) {
        Case c;
        c.overrideStatus = 200;
        c.overrideBody = R"({"id":"x","object":"unexpected"})";
        c.types = { LlmError::Type::Protocol };
        return c;
    });
    addRow("HTML error page", [](Protocol) {
        Case c;
        c.overrideStatus = 502;
        c.overrideBody = "<html><body>Bad gateway</body></html>";
        c.types = { LlmError::Type::Server };
        c.attempts = 1 + MaxRetries;
        c.requests = 1 + MaxRetries;
        c.retryDelays = { kBackoff, kBackoff };
        c.httpStatus = 502;
        return c;
    });

    addRow("abort mid-stream", [](Protocol protocol) {
        Case c;
        c.replies = { textReply().withFault(Fault::Stall, framesBeforeText(protocol) + 3) };
        c.abort = Abort::OnSecondDelta;
        c.end = End::Cancelled;
        c.text = PartialText;
        c.clientCloses = true;
        return c;
    });
    addRow("abort while waiting to retry", [](Protocol) {
        Case c;
        c.replies = { ScriptedReply::httpError(503, 1), textReply() };
        c.abort = Abort::WhileWaitingToRetry;
        c.end = End::Cancelled;
        c.retryDelays = { 1000 };
        return c;
    });
    addRow("abort when the first tool call is ready", [](Protocol) {
        ScriptedReply calling = ScriptedReply::calling({
            ToolCall { u"call_1"_s, u"transfer_to_reviewer"_s, u"{}"_s, QString() },
            ToolCall { u"call_2"_s, u"get_time"_s, u"{}"_s, QString() },
        });
        Case c;
        c.replies = { calling };
        c.abort = Abort::OnFirstToolCall;
        c.end = End::Cancelled;
        c.readyCalls = 1;
        return c;
    });
    addRow("abort in the finished slot does nothing", [](Protocol) {
        Case c;
        c.replies = { textReply() };
        c.abort = Abort::OnFinished;
        c.end = End::Finished;
        c.text = Chunks.join(QString());
        return c;
    });
    addRow("abort before any answer", [](Protocol) {
        Case c;
        c.replies = { textReply().withFault(Fault::Stall, 0) };
        c.abort = Abort::Immediately;
        c.end = End::Cancelled;
        c.attempts = 1;
        c.requests = -1; // the request may or may not have left
        return c;
    });
}

void TestClientFaults::faults()
{
    QFETCH(Protocol, protocol);
    QFETCH(Case, c);

    auto server = std::make_unique<FakeLlmServer>();
    QVERIFY2(server->isListening(), qPrintable(server->errorString()));
    if (c.failures > 0)
        server->failFirst(c.failures, c.failure);
    server->enqueue(c.replies);
    if (c.overrideStatus > 0)
        server->overrideRoute(u"POST"_s, modelPath(protocol), c.overrideStatus, c.overrideBody,
            c.overrideBody.startsWith('{') ? QByteArrayLiteral("application/json") : QByteArrayLiteral("text/html"));

    std::unique_ptr<QNetworkAccessManager> network(NetworkAccess::createManager());
    ProviderProfile profile;
    profile.protocol = protocol;
    profile.baseUrl = server->baseUrl();
    profile.defaultModel = u"fault-model"_s;
    std::unique_ptr<LlmClient> client;
    if (protocol == Protocol::Responses)
        client = std::make_unique<ResponsesClient>(network.get(), profile);
    else
        client = std::make_unique<ChatCompletionsClient>(network.get(), profile);
    client->setApiKey(u"sk-faults"_s);
    RetryPolicy policy;
    policy.maxRetries = MaxRetries;
    policy.baseDelayMs = BaseDelayMs;
    policy.idleTimeoutMs = c.idleTimeoutMs;
    client->setRetryPolicy(policy);

    LlmRequest request;
    request.input = { InputItem::user(u"Hello"_s) };
    LlmJob *job = client->stream(request);
    LlmJobProbe probe(job);
    switch (c.abort) {
    case Abort::Never:
        break;
    case Abort::Immediately:
        job->abort();
        break;
    case Abort::OnSecondDelta:
        connect(job, &LlmJob::textDelta, job, [&probe, job] {
            if (probe.deltas.size() == 2)
                job->abort();
        });
        break;
    case Abort::WhileWaitingToRetry:
        // Queued: the abort lands while the retry timer runs, not inside the failure handling.
        connect(
            job, &LlmJob::retrying, job, [job] { job->abort(); }, Qt::QueuedConnection);
        break;
    case Abort::OnFirstToolCall:
        connect(job, &LlmJob::toolCallReady, job, [job] { job->abort(); });
        break;
    case Abort::OnFinished:
        connect(job, &LlmJob::finished, job, [job] { job->abort(); });
        break;
    }
    QVERIFY2(probe.waitForEnd(Timeout), "the job never ended");

    // Ended exactly once, as expected, and deleted itself.
    QCOMPARE(probe.endCount(), 1);
    QTRY_VERIFY_WITH_TIMEOUT(probe.job().isNull(), Timeout);
    QCOMPARE(probe.signalsAfterEnd, 0);
    switch (c.end) {
    case End::Finished:
        QCOMPARE(probe.finishedCount, 1);
        QCOMPARE(probe.stateAtEnd, LlmJob::State::Finished);
        QCOMPARE(probe.finishedResult.text, c.text);
        break;
    case End::Failed:
        QCOMPARE(probe.failedCount, 1);
        QCOMPARE(probe.stateAtEnd, LlmJob::State::Failed);
        QVERIFY2(c.types.contains(probe.failedError.type),
            qPrintable(u"got %1: %2"_s.arg(LlmError::typeName(probe.failedError.type), probe.failedError.detail)));
        QCOMPARE(probe.errorAtEnd.type, probe.failedError.type);
        QVERIFY(!probe.failedError.userMessage().isEmpty());
        if (c.httpStatus >= 0)
            QCOMPARE(probe.failedError.httpStatus, c.httpStatus);
        if (!c.code.isEmpty())
            QCOMPARE(probe.failedError.code, c.code);
        if (!c.detail.isEmpty())
            QVERIFY2(probe.failedError.detail.contains(c.detail), qPrintable(probe.failedError.detail));
        if (c.retryAfterMs > -2)
            QCOMPARE(probe.failedError.retryAfterMs, c.retryAfterMs);
        break;
    case End::Cancelled:
        QCOMPARE(probe.cancelledCount, 1);
        QCOMPARE(probe.failedCount, 0);
        QCOMPARE(probe.stateAtEnd, LlmJob::State::Cancelled);
        QCOMPARE(probe.errorAtEnd.type, LlmError::Type::Cancelled);
        QVERIFY(!probe.errorAtEnd.userMessage().isEmpty());
        break;
    }
    QCOMPARE(probe.text(), c.text);
    QCOMPARE(probe.resultAtEnd.text, c.text);
    QCOMPARE(probe.readyCalls.size(), c.readyCalls);

    // Retries counted, with the delays they reported.
    QCOMPARE(probe.attemptsAtEnd, c.attempts);
    if (c.requests >= 0)
        QCOMPARE(server->requests(modelPath(protocol)).size(), c.requests);
    QCOMPARE(probe.retries.size(), c.retryDelays.size());
    for (qsizetype i = 0; i < probe.retries.size(); ++i) {
        const LlmJobProbe::Retry &retry = probe.retries.at(i);
        QCOMPARE(retry.attempt, int(i + 1));
        QVERIFY(retry.reason.isTransient());
        if (c.retryDelays.at(i) == kBackoff) {
            const int base = BaseDelayMs << i;
            QVERIFY2(
                retry.delayMs >= base && retry.delayMs <= base + base / 2, qPrintable(QString::number(retry.delayMs)));
        } else {
            QCOMPARE(retry.delayMs, c.retryDelays.at(i));
        }
    }

    // Nothing left running: a stream the server would keep open forever was closed by the client.
    if (c.clientCloses)
        QTRY_COMPARE_WITH_TIMEOUT(server->openConnections(), 0, Timeout);
    client.reset();
    network.reset();
    QTRY_COMPARE_WITH_TIMEOUT(server->openConnections(), 0, Timeout);
}

void TestClientFaults::connectionRefused_data()
{
    QTest::addColumn<Protocol>("protocol");
    QTest::newRow("responses") << Protocol::Responses;
    QTest::newRow("chat") << Protocol::ChatCompletions;
}

void TestClientFaults::connectionRefused()
{
    QFETCH(Protocol, protocol);

    // A port nothing listens on any more.
    quint16 port = 0;
    {
        QTcpServer probeServer;
        QVERIFY(probeServer.listen(QHostAddress::LocalHost));
        port = probeServer.serverPort();
    }
    std::unique_ptr<QNetworkAccessManager> network(NetworkAccess::createManager());
    ProviderProfile profile;
    profile.protocol = protocol;
    profile.baseUrl = QUrl(u"http://127.0.0.1:%1/v1"_s.arg(port));
    profile.defaultModel = u"m"_s;
    std::unique_ptr<LlmClient> client;
    if (protocol == Protocol::Responses)
        client = std::make_unique<ResponsesClient>(network.get(), profile);
    else
        client = std::make_unique<ChatCompletionsClient>(network.get(), profile);
    RetryPolicy policy;
    policy.maxRetries = MaxRetries;
    policy.baseDelayMs = BaseDelayMs;
    client->setRetryPolicy(policy);

    LlmRequest request;
    request.input = { InputItem::user(u"Anyone?"_s) };
    LlmJobProbe probe(client->stream(request));
    QVERIFY(probe.waitForEnd(Timeout));
    QCOMPARE(probe.endCount(), 1);
    QTRY_VERIFY_WITH_TIMEOUT(probe.job().isNull(), Timeout);
    QCOMPARE(probe.failedCount, 1);
    QCOMPARE(probe.failedError.type, LlmError::Type::Network);
    QCOMPARE(probe.failedError.httpStatus, 0);
    QVERIFY(!probe.failedError.userMessage().isEmpty());
    QCOMPARE(probe.attemptsAtEnd, 1 + MaxRetries);
    QCOMPARE(probe.retries.size(), MaxRetries);
}

void TestClientFaults::unusableUrlFailsWithoutARequest_data()
{
    QTest::addColumn<Protocol>("protocol");
    QTest::addColumn<QString>("url");
    QTest::addColumn<bool>("abortFirst");
    for (const Protocol protocol : { Protocol::Responses, Protocol::ChatCompletions }) {
        const char *name = protocol == Protocol::Responses ? "responses" : "chat";
        QTest::addRow("%s: ftp", name) << protocol << u"ftp://127.0.0.1/v1"_s << false;
        QTest::addRow("%s: no host", name) << protocol << u"http:///v1"_s << false;
        QTest::addRow("%s: aborted before it fails", name) << protocol << u"file:///etc/v1"_s << true;
    }
}

void TestClientFaults::unusableUrlFailsWithoutARequest()
{
    QFETCH(Protocol, protocol);
    QFETCH(QString, url);
    QFETCH(bool, abortFirst);

    std::unique_ptr<QNetworkAccessManager> network(NetworkAccess::createManager());
    ProviderProfile profile;
    profile.protocol = protocol;
    profile.baseUrl = QUrl(url);
    profile.defaultModel = u"m"_s;
    std::unique_ptr<LlmClient> client(ClientFactory::create(network.get(), profile));
    LlmRequest request;
    request.input = { InputItem::user(u"Hello"_s) };
    LlmJobProbe probe(client->stream(request));
    QCOMPARE(probe.endCount(), 0); // never inside stream(): the caller connects after it returns
    if (abortFirst) {
        probe.job()->abort();
        QTest::qWait(50);
        QCOMPARE(probe.failedCount, 0); // the pending refusal does not follow the cancellation
        QCOMPARE(probe.cancelledCount, 1);
        return;
    }
    QVERIFY(probe.waitForEnd(Timeout));
    QCOMPARE(probe.failedCount, 1);
    QCOMPARE(probe.failedError.type, LlmError::Type::Network);
    QVERIFY2(probe.failedError.detail.startsWith(u"Invalid base URL"_s), qPrintable(probe.failedError.detail));
    QCOMPARE(probe.attemptsAtEnd, 0);
    QCOMPARE(probe.signalsAfterEnd, 0);

    // The models list (a plain JSON request) refuses it the same way.
    ModelListJob *models = client->listModels();
    QSignalSpy failed(models, &ModelListJob::failed);
    QVERIFY(failed.wait(Timeout));
    QCOMPARE(failed.first().first().value<LlmError>().type, LlmError::Type::Network);
}

void TestClientFaults::deletingTheClientStopsItsJobs()
{
    QFETCH(Protocol, protocol);

    FakeLlmServer server;
    QVERIFY2(server.isListening(), qPrintable(server.errorString()));
    server.enqueue(textReply().withFault(Fault::Stall, framesBeforeText(protocol) + 1));
    std::unique_ptr<QNetworkAccessManager> network(NetworkAccess::createManager());
    ProviderProfile profile;
    profile.protocol = protocol;
    profile.baseUrl = server.baseUrl();
    profile.defaultModel = u"m"_s;
    std::unique_ptr<LlmClient> client(ClientFactory::create(network.get(), profile));

    LlmRequest request;
    request.input = { InputItem::user(u"Hello"_s) };
    LlmJobProbe probe(client->stream(request));
    QTRY_COMPARE_WITH_TIMEOUT(probe.deltas.size(), 1, Timeout);
    QCOMPARE(server.openConnections(), 1);

    // The client owns its jobs: gone with it, its stream is closed, and no signal reaches a caller being destroyed.
    client.reset();
    QVERIFY(probe.job().isNull());
    QTRY_COMPARE_WITH_TIMEOUT(server.openConnections(), 0, Timeout);
    QCOMPARE(probe.endCount(), 0);
}

QTEST_GUILESS_MAIN(TestClientFaults)
#include "tst_clientfaults.moc"
