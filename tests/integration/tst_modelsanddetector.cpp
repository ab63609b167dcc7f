// `GET /v1/models` through both clients, typed errors included; LocalServerDetector finding a fake server without
// blocking; and the provider presets of issue 3.
#include "FakeLlmServer.h"
#include "domain/ProviderPresets.h"
#include "llm/ChatCompletionsClient.h"
#include "llm/ClientFactory.h"
#include "llm/LocalServerDetector.h"
#include "llm/ModelListJob.h"
#include "llm/NetworkAccess.h"
#include "llm/ResponsesClient.h"

#include <QNetworkAccessManager>
#include <QPointer>
#include <QSignalSpy>
#include <QTcpServer>
#include <QTest>

#include <memory>

using namespace Qt::StringLiterals;
using namespace Tandem;
using Tandem::Test::FakeLlmServer;
using Tandem::Test::RecordedRequest;
using Protocol = Tandem::ProviderProfile::Protocol;

Q_DECLARE_METATYPE(Tandem::LlmError::Type)
Q_DECLARE_METATYPE(Tandem::ProviderProfile::Protocol)
Q_DECLARE_METATYPE(Tandem::ProviderProfile)

namespace {

constexpr int Timeout = 30'000; // generous: two cores are shared with builds

/// A port nothing listens on.
quint16 closedPort()
{
    QTcpServer server;
    if (!server.listen(QHostAddress::LocalHost))
        return 0;
    return server.serverPort();
}

ProviderProfile localProfile(const QString &name, const QUrl &baseUrl, const QString &defaultModel = {})
{
    ProviderProfile profile;
    profile.id = name.toLower();
    profile.name = name;
    profile.protocol = Protocol::ChatCompletions;
    profile.baseUrl = baseUrl;
    profile.defaultModel = defaultModel;
    return profile;
}

} // namespace

class TestModelsAndDetector : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void init();
    void cleanup();

    void listModels_data();
    void listModels();
    void listModelsErrors_data();
    void listModelsErrors();
    void detectorFindsLocalServers();
    void detectorWithNothingToProbe();
    void detectorAbort();
    void detectorDefaults();
    void presets_data();
    void presets();
    void presetLists();

private:
    std::unique_ptr<LlmClient> makeClient(Protocol protocol, const QUrl &baseUrl);

    std::unique_ptr<FakeLlmServer> m_server;
    std::unique_ptr<QNetworkAccessManager> m_network;
};

void TestModelsAndDetector::initTestCase()
{
    qRegisterMetaType<Tandem::LlmError>();
    qRegisterMetaType<Tandem::ProviderProfile>();
}

void TestModelsAndDetector::init()
{
    m_server = std::make_unique<FakeLlmServer>();
    QVERIFY2(m_server->isListening(), qPrintable(m_server->errorString()));
    m_network.reset(NetworkAccess::createManager());
}

void TestModelsAndDetector::cleanup()
{
    m_network.reset();
    m_server.reset();
}

std::unique_ptr<LlmClient> TestModelsAndDetector::makeClient(Protocol protocol, const QUrl &baseUrl)
{
    ProviderProfile profile;
    profile.protocol = protocol;
    profile.baseUrl = baseUrl;
    std::unique_ptr<LlmClient> client;
    if (protocol == Protocol::Responses)
        client = std::make_unique<ResponsesClient>(m_network.get(), profile);
    else
        client = std::make_unique<ChatCompletionsClient>(m_network.get(), profile);
    client->setApiKey(u"sk-models"_s);
    RetryPolicy policy;
    policy.maxRetries = 2;
    policy.baseDelayMs = 10;
    client->setRetryPolicy(policy);
    return client;
}

void TestModelsAndDetector::listModels_data()
{
    QTest::addColumn<Protocol>("protocol");
    QTest::addColumn<QStringList>("models");

    const QStringList models { u"gpt-5-mini"_s, u"qwen2.5:7b-instruct"_s, u"meta-llama/Llama-3.3-70B"_s };
    QTest::newRow("responses") << Protocol::Responses << models;
    QTest::newRow("chat") << Protocol::ChatCompletions << models;
    QTest::newRow("chat, empty list") << Protocol::ChatCompletions << QStringList();
}

void TestModelsAndDetector::listModels()
{
    QFETCH(Protocol, protocol);
    QFETCH(QStringList, models);

    m_server->setModels(models);
    const auto client = makeClient(protocol, m_server->baseUrl());
    QPointer<ModelListJob> job = client->listModels();
    QSignalSpy finished(job.data(), &ModelListJob::finished);
    QSignalSpy failed(job.data(), &ModelListJob::failed);
    QSignalSpy cancelled(job.data(), &ModelListJob::cancelled);
    QTRY_COMPARE_WITH_TIMEOUT(finished.size() + failed.size() + cancelled.size(), 1, Timeout);
    QCOMPARE(finished.size(), 1);
    QCOMPARE(finished.first().first().toStringList(), models); // ids, in the server's order
    QTRY_VERIFY_WITH_TIMEOUT(job.isNull(), Timeout);
    QCOMPARE(finished.size(), 1);

    QCOMPARE(m_server->requestCount(), 1);
    const RecordedRequest request = m_server->lastRequest();
    QCOMPARE(request.method, u"GET"_s);
    QCOMPARE(request.path, u"/v1/models"_s);
    QCOMPARE(request.header(u"Authorization"_s), u"Bearer sk-models"_s);
    QCOMPARE(request.header(u"Accept"_s), u"application/json"_s);
    QVERIFY(request.body.isEmpty());
}

void TestModelsAndDetector::listModelsErrors_data()
{
    QTest::addColumn<Protocol>("protocol");
    QTest::addColumn<QString>("basePath");
    QTest::addColumn<int>("status"); // 0: the usual route
    QTest::addColumn<QByteArray>("body");
    QTest::addColumn<LlmError::Type>("type");
    QTest::addColumn<int>("attempts");

    for (const Protocol protocol : { Protocol::Responses, Protocol::ChatCompletions }) {
        const char *prefix = protocol == Protocol::Responses ? "responses: " : "chat: ";
        const auto tag = [prefix](const char *name) {
            return QByteArray(QByteArray(prefix) + name);
        };
        QTest::newRow(tag("401").constData())
            << protocol << u"/v1"_s << 401
            << QByteArray(R"({"error":{"message":"Incorrect API key provided.","type":"invalid_request_error",)"
                          R"("param":null,"code":"invalid_api_key"}})")
            << LlmError::Type::Auth << 1;
        QTest::newRow(tag("wrong base URL is 404").constData())
            << protocol << u"/wrong/v1"_s << 0 << QByteArray() << LlmError::Type::NotFound << 1;
        QTest::newRow(tag("no data array").constData())
            << protocol << u"/v1"_s << 200 << QByteArray(R"({"object":"list"})") << LlmError::Type::Protocol << 1;
        QTest::newRow(tag("not JSON").constData())
            << protocol << u"/v1"_s << 200 << QByteArray("<html>models</html>") << LlmError::Type::Protocol << 1;
        QTest::newRow(tag("503 after the retries").constData())
            << protocol << u"/v1"_s << 503 << QByteArray(R"({"error":"overloaded"})") << LlmError::Type::Server << 3;
    }
}

void TestModelsAndDetector::listModelsErrors()
{
    QFETCH(Protocol, protocol);
    QFETCH(QString, basePath);
    QFETCH(int, status);
    QFETCH(QByteArray, body);
    QFETCH(LlmError::Type, type);
    QFETCH(int, attempts);

    if (status > 0)
        m_server->overrideRoute(u"GET"_s, u"/v1/models"_s, status, body);
    QUrl baseUrl = m_server->baseUrl();
    baseUrl.setPath(basePath);
    const auto client = makeClient(protocol, baseUrl);
    QPointer<ModelListJob> job = client->listModels();
    QSignalSpy finished(job.data(), &ModelListJob::finished);
    QSignalSpy failed(job.data(), &ModelListJob::failed);
    int attemptsAtEnd = 0;
    JsonRequestJob::State stateAtEnd = JsonRequestJob::State::Running;
    connect(job.data(), &ModelListJob::failed, this, [&] {
        attemptsAtEnd = job->attempts();
        stateAtEnd = job->state();
    });
    QTRY_COMPARE_WITH_TIMEOUT(finished.size() + failed.size(), 1, Timeout);
    QCOMPARE(failed.size(), 1);
    const LlmError error = failed.first().first().value<LlmError>();
    QCOMPARE(error.type, type);
    QVERIFY(!error.userMessage().isEmpty());
    QCOMPARE(attemptsAtEnd, attempts);
    QCOMPARE(stateAtEnd, JsonRequestJob::State::Failed);
    QCOMPARE(m_server->requestCount(), attempts);
    QTRY_VERIFY_WITH_TIMEOUT(job.isNull(), Timeout);
}

void TestModelsAndDetector::detectorFindsLocalServers()
{
    m_server->setModels({ u"qwen2.5:7b"_s, u"llama3.2"_s });
    auto second = std::make_unique<FakeLlmServer>();
    QVERIFY(second->isListening());
    second->setModels({ u"mistral"_s });
    // Accepts connections (the kernel does) and never answers: only the probe's timeout ends it.
    QTcpServer silent;
    QVERIFY(silent.listen(QHostAddress::LocalHost));
    const quint16 refusedPort = closedPort();
    QVERIFY(refusedPort != 0);

    const QList<ProviderProfile> candidates {
        localProfile(u"Refused"_s, QUrl(u"http://127.0.0.1:%1/v1"_s.arg(refusedPort))),
        localProfile(u"Fake"_s, m_server->baseUrl()),
        localProfile(u"Silent"_s, QUrl(u"http://127.0.0.1:%1/v1"_s.arg(silent.serverPort()))),
        localProfile(u"Second"_s, second->baseUrl(), u"chosen-by-user"_s),
    };
    LocalServerDetector detector(m_network.get());
    detector.setCandidates(candidates);
    detector.setTimeout(300);
    QSignalSpy detected(&detector, &LocalServerDetector::detected);
    QSignalSpy finished(&detector, &LocalServerDetector::finished);

    detector.start();
    // start() returns at once: nothing has been answered yet, every probe is in flight.
    QVERIFY(detector.isRunning());
    QCOMPARE(detected.size(), 0);
    QCOMPARE(finished.size(), 0);

    QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 1, Timeout);
    QVERIFY(!detector.isRunning());
    QCOMPARE(detected.size(), 2);
    QMap<QString, std::pair<ProviderProfile, QStringList>> found;
    for (const QList<QVariant> &arguments : std::as_const(detected)) {
        const auto profile = arguments.at(0).value<ProviderProfile>();
        found.insert(profile.name, std::pair(profile, arguments.at(1).toStringList()));
    }
    QCOMPARE(found.keys(), (QStringList { u"Fake"_s, u"Second"_s }));
    // The first model becomes the default of a profile that had none; a default already chosen stays.
    ProviderProfile expectedFake = candidates.at(1);
    expectedFake.defaultModel = u"qwen2.5:7b"_s;
    QCOMPARE(found.value(u"Fake"_s).first, expectedFake);
    QCOMPARE(found.value(u"Fake"_s).second, (QStringList { u"qwen2.5:7b"_s, u"llama3.2"_s }));
    QCOMPARE(found.value(u"Second"_s).first, candidates.at(3));
    QCOMPARE(found.value(u"Second"_s).second, QStringList { u"mistral"_s });

    // Probes carry no key and are never retried.
    QCOMPARE(m_server->requestCount(), 1);
    QCOMPARE(m_server->lastRequest().path, u"/v1/models"_s);
    QVERIFY(m_server->lastRequest().header(u"Authorization"_s).isEmpty());
    QCOMPARE(second->requestCount(), 1);
    // Ended once, and the probe jobs are gone.
    QCOMPARE(finished.size(), 1);
    QTRY_VERIFY_WITH_TIMEOUT(detector.findChildren<ModelListJob *>().isEmpty(), Timeout);
}

void TestModelsAndDetector::detectorWithNothingToProbe()
{
    LocalServerDetector detector(m_network.get());
    detector.setCandidates({});
    QSignalSpy finished(&detector, &LocalServerDetector::finished);
    detector.start();
    QCOMPARE(finished.size(), 0); // later, like a real detection, never inside start()
    QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 1, Timeout);

    // Only refused candidates: finished, nothing detected.
    const quint16 port = closedPort();
    detector.setCandidates({ localProfile(u"Refused"_s, QUrl(u"http://127.0.0.1:%1/v1"_s.arg(port))) });
    QSignalSpy detected(&detector, &LocalServerDetector::detected);
    detector.start();
    QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 2, Timeout);
    QCOMPARE(detected.size(), 0);
}

void TestModelsAndDetector::detectorAbort()
{
    QTcpServer silent;
    QVERIFY(silent.listen(QHostAddress::LocalHost));
    LocalServerDetector detector(m_network.get());
    detector.setCandidates({
        localProfile(u"Silent"_s, QUrl(u"http://127.0.0.1:%1/v1"_s.arg(silent.serverPort()))),
        localProfile(u"Fake"_s, m_server->baseUrl()),
    });
    detector.setTimeout(Timeout);
    QSignalSpy detected(&detector, &LocalServerDetector::detected);
    QSignalSpy finished(&detector, &LocalServerDetector::finished);
    detector.start();
    QTRY_COMPARE_WITH_TIMEOUT(detected.size(), 1, Timeout); // the fake answered; the silent one keeps it running
    QVERIFY(detector.isRunning());
    detector.abort();
    QVERIFY(!detector.isRunning());
    QTRY_VERIFY_WITH_TIMEOUT(detector.findChildren<ModelListJob *>().isEmpty(), Timeout);

    // A new detection after the abort reports once: the aborted one never does.
    detector.setCandidates({ localProfile(u"Fake"_s, m_server->baseUrl()) });
    detector.start();
    QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 1, Timeout);
    QCOMPARE(detected.size(), 2);
}

void TestModelsAndDetector::detectorDefaults()
{
    const LocalServerDetector detector(m_network.get());
    QCOMPARE(detector.candidates(), ProviderPresets::localServers());
    QVERIFY(detector.timeout() > 0);
    QVERIFY(!detector.isRunning());
}

void TestModelsAndDetector::presets_data()
{
    QTest::addColumn<ProviderProfile>("preset");
    QTest::addColumn<QString>("id");
    QTest::addColumn<Protocol>("protocol");
    QTest::addColumn<QUrl>("baseUrl");

    QTest::newRow("OpenAI") << ProviderPresets::openAi() << u"openai"_s << Protocol::Responses
                            << QUrl(u"https://api.openai.com/v1"_s);
    QTest::newRow("Ollama") << ProviderPresets::ollama() << u"ollama"_s << Protocol::ChatCompletions
                            << QUrl(u"http://127.0.0.1:11434/v1"_s);
    QTest::newRow("llama.cpp") << ProviderPresets::llamaCpp() << u"llamacpp"_s << Protocol::ChatCompletions
                               << QUrl(u"http://127.0.0.1:8080/v1"_s);
    QTest::newRow("LM Studio") << ProviderPresets::lmStudio() << u"lmstudio"_s << Protocol::ChatCompletions
                               << QUrl(u"http://127.0.0.1:1234/v1"_s);
    QTest::newRow("vLLM") << ProviderPresets::vllm() << u"vllm"_s << Protocol::ChatCompletions
                          << QUrl(u"http://127.0.0.1:8000/v1"_s);
    QTest::newRow("OpenRouter") << ProviderPresets::openRouter() << u"openrouter"_s << Protocol::ChatCompletions
                                << QUrl(u"https://openrouter.ai/api/v1"_s);
    QTest::newRow("custom") << ProviderPresets::custom() << u"custom"_s << Protocol::ChatCompletions << QUrl();
}

void TestModelsAndDetector::presets()
{
    QFETCH(ProviderProfile, preset);
    QFETCH(QString, id);
    QFETCH(Protocol, protocol);
    QFETCH(QUrl, baseUrl);

    QCOMPARE(preset.id, id);
    QVERIFY(!preset.name.isEmpty());
    QCOMPARE(preset.protocol, protocol);
    QCOMPARE(preset.baseUrl, baseUrl);
    for (auto it = preset.extraHeaders.cbegin(); it != preset.extraHeaders.cend(); ++it)
        QVERIFY2(it.key().compare(u"Authorization"_s, Qt::CaseInsensitive) != 0, "a preset never carries a key");

    // The factory picks the client of the preset's protocol.
    const std::unique_ptr<LlmClient> client(ClientFactory::create(m_network.get(), preset));
    QVERIFY(client);
    QCOMPARE(client->profile(), preset);
    if (protocol == Protocol::Responses)
        QVERIFY(qobject_cast<ResponsesClient *>(client.get()));
    else
        QVERIFY(qobject_cast<ChatCompletionsClient *>(client.get()));
}

void TestModelsAndDetector::presetLists()
{
    QStringList ids;
    const QList<ProviderProfile> all = ProviderPresets::all();
    for (const ProviderProfile &profile : all)
        ids.append(profile.id);
    QCOMPARE(ids,
        (QStringList {
            u"openai"_s, u"ollama"_s, u"llamacpp"_s, u"lmstudio"_s, u"vllm"_s, u"openrouter"_s, u"custom"_s }));

    QStringList local;
    const QList<ProviderProfile> localServers = ProviderPresets::localServers();
    for (const ProviderProfile &profile : localServers) {
        local.append(profile.id);
        QCOMPARE(profile.baseUrl.host(), u"127.0.0.1"_s);
        QCOMPARE(profile.protocol, Protocol::ChatCompletions);
    }
    QCOMPARE(local, (QStringList { u"ollama"_s, u"llamacpp"_s, u"lmstudio"_s, u"vllm"_s }));
}

QTEST_GUILESS_MAIN(TestModelsAndDetector)
#include "tst_modelsanddetector.moc"
