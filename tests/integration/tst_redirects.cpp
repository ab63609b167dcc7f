// Redirects (issue #24, item 3): a provider's redirect is followed only within the origin the person chose. One to
// another origin (here: a second fake server on another port) fails with a message naming it, and the second server
// never sees a connection, so neither the API key nor the conversation can reach it; for every redirect status, both
// protocols and the model list.
#include "FakeLlmServer.h"
#include "LlmJobProbe.h"
#include "llm/ClientFactory.h"
#include "llm/ModelListJob.h"
#include "llm/NetworkAccess.h"

#include <QNetworkAccessManager>
#include <QSignalSpy>
#include <QTest>

#include <memory>

using namespace Qt::StringLiterals;
using namespace Tandem;
using Tandem::Test::FakeLlmServer;
using Tandem::Test::LlmJobProbe;
using Tandem::Test::ScriptedReply;
using Protocol = Tandem::ProviderProfile::Protocol;

Q_DECLARE_METATYPE(Tandem::ProviderProfile::Protocol)

namespace {

constexpr int Timeout = 30'000; // generous: two cores are shared with builds
const QString kKey = u"sk-redirect-secret-0123456789"_s;
const QString kQuestion = u"The whole conversation, private"_s;

QString modelPath(Protocol protocol)
{
    return protocol == Protocol::Responses ? u"/v1/responses"_s : u"/v1/chat/completions"_s;
}

/// What is asked of the first server: a streamed answer, or the model list.
enum class Call { Stream, Models };

struct Outcome
{
    bool finished = false;
    QString text;
    QStringList models;
    LlmError error;
};

/// Makes @p call through a client of @p protocol whose base URL is @p baseUrl, with the API key; waits for its end.
Outcome run(Protocol protocol, const QUrl &baseUrl, Call call)
{
    std::unique_ptr<QNetworkAccessManager> network(NetworkAccess::createManager());
    ProviderProfile profile;
    profile.protocol = protocol;
    profile.baseUrl = baseUrl;
    profile.defaultModel = u"redirect-model"_s;
    std::unique_ptr<LlmClient> client(ClientFactory::create(network.get(), profile));
    client->setApiKey(kKey);
    RetryPolicy policy;
    policy.maxRetries = 2;
    policy.baseDelayMs = 10;
    client->setRetryPolicy(policy);

    Outcome outcome;
    if (call == Call::Stream) {
        LlmRequest request;
        request.input = { InputItem::user(kQuestion) };
        LlmJobProbe probe(client->stream(request));
        if (!probe.waitForEnd(Timeout))
            qFatal("the job never ended");
        outcome.finished = probe.finishedCount == 1;
        outcome.text = probe.finishedResult.text;
        outcome.error = probe.failedError;
        return outcome;
    }
    ModelListJob *job = client->listModels();
    QSignalSpy finished(job, &ModelListJob::finished);
    QSignalSpy failed(job, &ModelListJob::failed);
    if (!QTest::qWaitFor([&] { return finished.count() + failed.count() > 0; }, Timeout))
        qFatal("the model list never ended");
    outcome.finished = finished.count() == 1;
    if (outcome.finished)
        outcome.models = finished.first().first().toStringList();
    else
        outcome.error = failed.first().first().value<LlmError>();
    return outcome;
}

} // namespace

Q_DECLARE_METATYPE(Call)

class TestRedirects : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void toAnotherOriginIsRefused_data();
    void toAnotherOriginIsRefused();
    void withinTheOriginIsFollowed_data();
    void withinTheOriginIsFollowed();
    void origins();
};

void TestRedirects::initTestCase()
{
    qRegisterMetaType<Tandem::LlmResult>();
    qRegisterMetaType<Tandem::LlmError>();
    qRegisterMetaType<Tandem::ToolCall>();
}

void TestRedirects::toAnotherOriginIsRefused_data()
{
    QTest::addColumn<Protocol>("protocol");
    QTest::addColumn<Call>("call");
    QTest::addColumn<int>("status");
    for (const Protocol protocol : { Protocol::Responses, Protocol::ChatCompletions }) {
        const char *name = protocol == Protocol::Responses ? "responses" : "chat";
        for (const int status : { 301, 302, 303, 307, 308 }) {
            QTest::addRow("%s: stream, %d", name, status) << protocol << Call::Stream << status;
            QTest::addRow("%s: models, %d", name, status) << protocol << Call::Models << status;
        }
    }
}

void TestRedirects::toAnotherOriginIsRefused()
{
    QFETCH(Protocol, protocol);
    QFETCH(Call, call);
    QFETCH(int, status);

    FakeLlmServer first;
    FakeLlmServer other; // another port: another origin
    QVERIFY2(first.isListening() && other.isListening(), qPrintable(first.errorString() + other.errorString()));
    other.setResponder(FakeLlmServer::echoResponder());
    const QString path = call == Call::Stream ? modelPath(protocol) : u"/v1/models"_s; // url() adds the /v1
    first.redirectRoute(call == Call::Stream ? u"POST"_s : u"GET"_s, path, status, other.url(path.mid(3)));

    const Outcome outcome = run(protocol, first.baseUrl(), call);

    QVERIFY(!outcome.finished);
    QCOMPARE(outcome.error.type, LlmError::Type::Redirected);
    QCOMPARE(outcome.error.httpStatus, status);
    const QString otherOrigin = u"http://127.0.0.1:%1"_s.arg(other.port());
    QCOMPARE(outcome.error.detail, otherOrigin);
    QVERIFY2(outcome.error.userMessage().contains(otherOrigin), qPrintable(outcome.error.userMessage()));
    QVERIFY(!outcome.error.isTransient());
    // The first server was asked once (a refusal is not retried); the other never even saw a connection.
    QCOMPARE(first.requests(path).size(), 1);
    QCOMPARE(first.requests(path).constFirst().header(u"Authorization"_s), u"Bearer "_s + kKey);
    QCOMPARE(other.requestCount(), 0);
    QCOMPARE(other.openConnections(), 0);
}

void TestRedirects::withinTheOriginIsFollowed_data()
{
    QTest::addColumn<Protocol>("protocol");
    QTest::addColumn<Call>("call");
    QTest::addColumn<int>("status");
    for (const Protocol protocol : { Protocol::Responses, Protocol::ChatCompletions }) {
        const char *name = protocol == Protocol::Responses ? "responses" : "chat";
        // A POST keeps its body through 307 and 308 only (301, 302 and 303 turn it into a GET).
        for (const int status : { 307, 308 })
            QTest::addRow("%s: stream, %d", name, status) << protocol << Call::Stream << status;
        for (const int status : { 301, 302, 303, 307, 308 })
            QTest::addRow("%s: models, %d", name, status) << protocol << Call::Models << status;
    }
}

void TestRedirects::withinTheOriginIsFollowed()
{
    QFETCH(Protocol, protocol);
    QFETCH(Call, call);
    QFETCH(int, status);

    FakeLlmServer server;
    QVERIFY2(server.isListening(), qPrintable(server.errorString()));
    server.setResponder(FakeLlmServer::echoResponder());
    server.setModels({ u"moved-model"_s });
    // The base URL names an old path that the server moved to /v1, on the same origin.
    const QString path = call == Call::Stream ? modelPath(protocol) : u"/v1/models"_s;
    server.redirectRoute(
        call == Call::Stream ? u"POST"_s : u"GET"_s, u"/old"_s + path, status, server.url(path.mid(3)));
    QUrl oldBase = server.baseUrl();
    oldBase.setPath(u"/old/v1"_s);

    const Outcome outcome = run(protocol, oldBase, call);

    QVERIFY2(outcome.finished, qPrintable(outcome.error.detail));
    if (call == Call::Stream)
        QCOMPARE(outcome.text, u"Echo: "_s + kQuestion);
    else
        QCOMPARE(outcome.models, QStringList { u"moved-model"_s });
    QCOMPARE(server.requests(path).size(), 1);
    QCOMPARE(server.requests(path).constFirst().header(u"Authorization"_s), u"Bearer "_s + kKey);
}

void TestRedirects::origins()
{
    const auto same = [](const char *a, const char *b) {
        return NetworkAccess::sameOrigin(QUrl(QString::fromLatin1(a)), QUrl(QString::fromLatin1(b)));
    };
    QVERIFY(same("https://api.example.com/v1/responses", "https://API.example.com:443/v2/x?y=1"));
    QVERIFY(same("http://127.0.0.1:8080/v1", "http://127.0.0.1:8080/other"));
    QVERIFY(!same("http://127.0.0.1:8080/v1", "http://127.0.0.1:8081/v1"));
    QVERIFY(!same("http://127.0.0.1:8080/v1", "http://localhost:8080/v1"));
    QVERIFY(!same("https://api.example.com/v1", "http://api.example.com/v1")); // never to plain text
    QVERIFY(!same("http://api.example.com/v1", "https://api.example.com/v1")); // another origin, even if safer
    QVERIFY(!same("https://api.example.com/v1", "https://api.example.com.evil.test/v1"));
    QVERIFY(!same("http://api.example.com/v1", "ftp://api.example.com/v1"));
    QCOMPARE(NetworkAccess::origin(QUrl(u"https://user:pw@other.example:8443/v1/x?key=1"_s)),
        u"https://other.example:8443"_s);
}

QTEST_GUILESS_MAIN(TestRedirects)
#include "tst_redirects.moc"
