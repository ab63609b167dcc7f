// The API key of a provider profile, kept in the real Secret Service, reaches the provider as
// `Authorization: Bearer <key>` on the path the app uses (ClientPool reading SecretStore; and the whole of main.cpp's
// wiring: SettingsViewModel storing the key through LocalSettingsService, LocalChatRepository running a turn),
// against the fake LLM server over loopback, and goes nowhere else: not into the SQLite file, the QSettings file or
// the log.
#include "FakeLlmServer.h"
#include "LlmJobProbe.h"
#include "LogCapture.h"
#include "SecretTestUtil.h"
#include "TemporaryDatabase.h"
#include "agents/ClientPool.h"
#include "chat/LocalChatRepository.h"
#include "chat/LocalSettingsService.h"
#include "domain/Logging.h"
#include "llm/NetworkAccess.h"
#include "presentation/SettingsViewModel.h"
#include "storage/ProviderStore.h"
#include "storage/SecretStore.h"

#include <QFile>
#include <QNetworkAccessManager>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTest>
#include <QUuid>

#include <memory>

using namespace Qt::StringLiterals;
using namespace Tandem;
using Tandem::Test::FakeLlmServer;
using Tandem::Test::LlmJobProbe;
using Tandem::Test::LogCapture;
using Tandem::Test::RecordedRequest;
using Tandem::Test::ScriptedReply;
using Status = SecretStore::Result::Status;
using Protocol = ProviderProfile::Protocol;

Q_DECLARE_METATYPE(Tandem::ProviderProfile::Protocol)

namespace {

constexpr int Timeout = 30'000; // generous: two cores are shared with builds

QString newKey()
{
    return u"sk-proj-%1"_s.arg(QUuid::createUuid().toString(QUuid::Id128));
}

ProviderProfile fakeProfile(const FakeLlmServer &server, Protocol protocol)
{
    ProviderProfile profile;
    profile.id = u"fake-provider"_s;
    profile.name = u"Fake provider"_s;
    profile.protocol = protocol;
    profile.baseUrl = server.baseUrl();
    profile.defaultModel = u"fake-model"_s;
    return profile;
}

/// Asks @p pool for the client of @p profile and waits for the answer (the key is read from the keychain).
LlmClient *acquire(ClientPool &pool, const ProviderProfile &profile, QString *error)
{
    bool answered = false;
    LlmClient *client = nullptr;
    pool.acquire(profile, [&](LlmClient *acquired, const QString &why) {
        answered = true;
        client = acquired;
        *error = why;
    });
    if (!QTest::qWaitFor([&] { return answered; }, Timeout))
        *error = u"the pool did not answer in time"_s;
    return client;
}

} // namespace

class TestSecretStoreProvider : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void cleanup();
    void cleanupTestCase();

    void poolSendsTheStoredKey_data();
    void poolSendsTheStoredKey();
    void noStoredKeyNoAuthorization_data() { protocols(); }
    void noStoredKeyNoAuthorization();
    void keyReachesTheProviderAndNothingElse_data() { protocols(); }
    void keyReachesTheProviderAndNothingElse();
    void boundSettingsReachTheEngineAtOnce();

private:
    static void protocols()
    {
        QTest::addColumn<Protocol>("protocol");
        QTest::newRow("responses") << Protocol::Responses;
        QTest::newRow("chat") << Protocol::ChatCompletions;
    }
    /// Stores @p key in the keychain for @p providerId, remembering it for the log check.
    bool storeKey(SecretStore &secrets, const QString &providerId, const QString &key);

    QString m_service;
    std::unique_ptr<LogCapture> m_logs; // for the whole run: no test may log a key
    QStringList m_keys; // every key stored so far
};

void TestSecretStoreProvider::initTestCase()
{
    qRegisterMetaType<Tandem::RunOutcome>();
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(u"Tandem"_s);
    QCoreApplication::setApplicationName(u"tandem"_s);
    QSettings().clear(); // each run starts from no settings, as a new user does
    m_logs = std::make_unique<LogCapture>();
    QVERIFY(lcSecrets().isDebugEnabled());
    QVERIFY(lcLlm().isDebugEnabled());

    // Each run has its own service name, so it never touches a person's real keys.
    m_service = u"tandem-test-%1"_s.arg(QUuid::createUuid().toString(QUuid::WithoutBraces));
    SecretStore probe(m_service);
    probe.setRetryDelay(200);
    const auto read = Test::waitFor([&](auto done) { probe.read(u"probe"_s, done); }, Timeout);
    if (!probe.isPersistent() || read.status == Status::Failed) {
        const QByteArray why = "no Secret Service answered: " + read.errorString.toUtf8()
            + " (run the tests through scripts/test.sh, which starts one)";
        if (qEnvironmentVariable("TANDEM_REQUIRE_KEYCHAIN") == u"1"_s)
            QFAIL(why.constData());
        QSKIP(why.constData());
    }
}

void TestSecretStoreProvider::cleanup()
{
    SecretStore secrets(m_service);
    Test::waitFor([&](auto done) { secrets.remove(u"fake-provider"_s, done); }, Timeout);
}

void TestSecretStoreProvider::cleanupTestCase()
{
    const QStringList logs = LogCapture::lines();
    m_logs.reset();
    QVERIFY2(!logs.isEmpty(), "the log capture saw nothing: the check below would prove nothing");
    for (const QString &line : logs) {
        for (const QString &key : std::as_const(m_keys))
            QVERIFY2(!line.contains(key), qPrintable(line));
        QVERIFY2(!line.contains(u"Bearer"_s, Qt::CaseInsensitive), qPrintable(line));
    }
}

bool TestSecretStoreProvider::storeKey(SecretStore &secrets, const QString &providerId, const QString &key)
{
    m_keys.append(key);
    const auto written = Test::waitFor([&](auto done) { secrets.write(providerId, key, done); }, Timeout);
    if (written.status != Status::Ok)
        qWarning("storing the key failed: %s", qPrintable(written.errorString));
    return written.status == Status::Ok;
}

void TestSecretStoreProvider::poolSendsTheStoredKey_data()
{
    QTest::addColumn<Protocol>("protocol");
    QTest::addColumn<QString>("extraAuthorization");
    QTest::newRow("responses") << Protocol::Responses << QString();
    QTest::newRow("chat") << Protocol::ChatCompletions << QString();
    // A stale header among the profile's extra headers cannot replace the key from the keychain.
    QTest::newRow("responses, stale extra header") << Protocol::Responses << u"Authorization"_s;
    QTest::newRow("chat, stale extra header, lower case") << Protocol::ChatCompletions << u"authorization"_s;
}

void TestSecretStoreProvider::poolSendsTheStoredKey()
{
    QFETCH(Protocol, protocol);
    QFETCH(QString, extraAuthorization);

    FakeLlmServer server;
    QVERIFY2(server.isListening(), qPrintable(server.errorString()));
    server.enqueue(ScriptedReply::text({ u"pong"_s }));
    std::unique_ptr<QNetworkAccessManager> network(NetworkAccess::createManager());
    SecretStore secrets(m_service);
    ProviderProfile profile = fakeProfile(server, protocol);
    if (!extraAuthorization.isEmpty())
        profile.extraHeaders.insert(extraAuthorization, u"Bearer sk-stale"_s);
    const QString key = newKey();
    QVERIFY(storeKey(secrets, profile.id, key));

    ClientPool pool(network.get(), &secrets, RetryPolicy {});
    QString error;
    LlmClient *client = acquire(pool, profile, &error);
    QVERIFY2(client, qPrintable(error));
    LlmRequest request;
    request.input = { InputItem::user(u"ping"_s) };
    LlmJobProbe probe(client->stream(request));
    QVERIFY(probe.waitForEnd(Timeout));
    QCOMPARE(probe.failedCount, 0);
    QCOMPARE(probe.text(), u"pong"_s);

    QCOMPARE(server.requestCount(), 1);
    const RecordedRequest recorded = server.lastRequest();
    QCOMPARE(recorded.header(u"Authorization"_s), u"Bearer "_s + key);
    QVERIFY(!recorded.headers.value(u"authorization"_s).contains(u"sk-stale"_s));

    // The pool keeps the client (and its key); a changed key reaches the provider once the pool is told.
    QCOMPARE(acquire(pool, profile, &error), client);
    const QString changed = newKey();
    QVERIFY(storeKey(secrets, profile.id, changed));
    pool.invalidate(profile.id);
    server.enqueue(ScriptedReply::text({ u"pong again"_s }));
    client = acquire(pool, profile, &error);
    QVERIFY2(client, qPrintable(error));
    LlmJobProbe second(client->stream(request));
    QVERIFY(second.waitForEnd(Timeout));
    QCOMPARE(second.failedCount, 0);
    QCOMPARE(server.lastRequest().header(u"Authorization"_s), u"Bearer "_s + changed);
}

void TestSecretStoreProvider::noStoredKeyNoAuthorization()
{
    QFETCH(Protocol, protocol);

    // A local server needs no key: "no key" is not an error, and no Authorization header is sent at all.
    FakeLlmServer server;
    QVERIFY2(server.isListening(), qPrintable(server.errorString()));
    server.enqueue(ScriptedReply::text({ u"pong"_s }));
    std::unique_ptr<QNetworkAccessManager> network(NetworkAccess::createManager());
    SecretStore secrets(m_service);
    const ProviderProfile profile = fakeProfile(server, protocol);
    QCOMPARE(Test::waitFor([&](auto done) { secrets.read(profile.id, done); }, Timeout).status, Status::NotFound);

    ClientPool pool(network.get(), &secrets, RetryPolicy {});
    QString error;
    LlmClient *client = acquire(pool, profile, &error);
    QVERIFY2(client, qPrintable(error));
    QVERIFY(error.isEmpty());
    LlmRequest request;
    request.input = { InputItem::user(u"ping"_s) };
    LlmJobProbe probe(client->stream(request));
    QVERIFY(probe.waitForEnd(Timeout));
    QCOMPARE(probe.failedCount, 0);
    QCOMPARE(server.requestCount(), 1);
    QVERIFY(!server.lastRequest().headers.contains(u"authorization"_s));
}

void TestSecretStoreProvider::keyReachesTheProviderAndNothingElse()
{
    QFETCH(Protocol, protocol);

    // Wired as main.cpp wires the window: one database file, one network manager, the keychain, the settings.
    Test::TemporaryDatabase temp;
    QVERIFY2(temp.isReady(), qPrintable(temp.errorString()));
    FakeLlmServer server;
    QVERIFY2(server.isListening(), qPrintable(server.errorString()));
    server.setResponder(FakeLlmServer::echoResponder());
    std::unique_ptr<QNetworkAccessManager> network(NetworkAccess::createManager());
    SecretStore secrets(m_service);
    const QString key = newKey();
    m_keys.append(key);
    QString providerId;
    {
        LocalSettingsService service(&temp.work(), &secrets, network.get());
        SettingsViewModel settings(&service);

        // The person adds a provider and types its key, as in the first-run dialog.
        providerId = settings.saveProvider(fakeProfile(server, protocol));
        QVERIFY2(!providerId.isEmpty(), qPrintable(settings.lastError()));
        QSignalSpy stored(&settings, &SettingsViewModel::keyStored);
        settings.storeKey(providerId, key);
        QTRY_COMPARE_WITH_TIMEOUT(stored.count(), 1, Timeout);
        QVERIFY2(stored.first().at(1).toBool(), qPrintable(stored.first().at(2).toString()));
        settings.setDefaultProviderId(providerId);
        EngineConfig config;
        service.applyTo(config);
        config.retryPolicy.maxRetries = 0;

        // ... and chats.
        LocalChatRepository repository(temp.work(), network.get(), &secrets, nullptr, config);
        const qint64 conversationId = repository.createConversation(Conversation::Mode::Single);
        QVERIFY(conversationId > 0);
        QCOMPARE(repository.conversation(conversationId)->providerId, providerId);
        QSignalSpy finished(&repository, &ChatRepository::runFinished);
        QVERIFY(repository.send(conversationId, u"Hello"_s).messageId > 0);
        QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, Timeout);
        QVERIFY2(finished.first().at(2).value<RunOutcome>() == RunOutcome::Completed,
            qPrintable(finished.first().at(3).toString()));
        const QList<Message> rows = repository.messages(conversationId);
        QVERIFY(!rows.isEmpty());
        QCOMPARE(rows.constLast().content, u"Echo: Hello"_s);
    }

    // Every request the provider received carried the key from the keychain.
    const QList<RecordedRequest> requests = server.requests();
    QVERIFY(!requests.isEmpty());
    for (const RecordedRequest &request : requests)
        QCOMPARE(request.header(u"Authorization"_s), u"Bearer "_s + key);

    // ... and nothing else holds it: not the database (its WAL flushed into the file), not the settings file.
    temp.database().close();
    QStringList hits;
    QVERIFY2(!Test::folderContains(temp.folder(), key.toUtf8(), &hits), qPrintable(hits.join(u", ")));
    QSettings written;
    written.sync();
    QCOMPARE(written.status(), QSettings::NoError);
    QFile settingsFile(written.fileName());
    QVERIFY2(settingsFile.open(QIODevice::ReadOnly), qPrintable(written.fileName()));
    const QByteArray settingsBytes = settingsFile.readAll();
    QVERIFY2(settingsBytes.contains(providerId.toUtf8()), "the settings file should name the default provider");
    QVERIFY(!settingsBytes.contains(key.toUtf8()));
    const QStringList logs = LogCapture::lines();
    QVERIFY(!logs.isEmpty());
    for (const QString &line : logs)
        QVERIFY2(!line.contains(key), qPrintable(line));
}

void TestSecretStoreProvider::boundSettingsReachTheEngineAtOnce()
{
    // As main.cpp binds them (LocalChatRepository::followSettings): a new key and a new model per agent are used by
    // the very next request, without a restart.
    Test::TemporaryDatabase temp;
    QVERIFY2(temp.isReady(), qPrintable(temp.errorString()));
    FakeLlmServer server;
    QVERIFY2(server.isListening(), qPrintable(server.errorString()));
    server.setResponder(FakeLlmServer::echoResponder());
    std::unique_ptr<QNetworkAccessManager> network(NetworkAccess::createManager());
    SecretStore secrets(m_service);
    LocalSettingsService service(&temp.work(), &secrets, network.get());
    SettingsViewModel settings(&service);
    const QString providerId = settings.saveProvider(fakeProfile(server, Protocol::ChatCompletions));
    QVERIFY2(!providerId.isEmpty(), qPrintable(settings.lastError()));
    const auto storeKey = [&](const QString &key) {
        m_keys.append(key);
        QSignalSpy stored(&settings, &SettingsViewModel::keyStored);
        settings.storeKey(providerId, key);
        return stored.wait(Timeout) && stored.first().at(1).toBool();
    };
    const QString first = newKey();
    QVERIFY(storeKey(first));

    LocalChatRepository repository(temp.work(), network.get(), &secrets, nullptr);
    repository.followSettings(&service);
    const qint64 conversationId = repository.createConversation(Conversation::Mode::Single);
    QCOMPARE(repository.conversation(conversationId)->providerId, providerId);
    const auto ask = [&](const QString &text) {
        QSignalSpy finished(&repository, &ChatRepository::runFinished);
        return repository.send(conversationId, text).messageId > 0 && finished.wait(Timeout)
            && finished.first().at(2).value<RunOutcome>() == RunOutcome::Completed;
    };
    QVERIFY(ask(u"one"_s));
    QCOMPARE(server.lastRequest().header(u"Authorization"_s), u"Bearer "_s + first);
    QCOMPARE(server.lastRequest().model(), u"fake-model"_s);

    const QString second = newKey();
    QVERIFY(storeKey(second));
    settings.setDefaultModel(u"assistant"_s, u"model-chosen-later"_s);
    QVERIFY(ask(u"two"_s));
    QCOMPARE(server.lastRequest().header(u"Authorization"_s), u"Bearer "_s + second);
    QCOMPARE(server.lastRequest().model(), u"model-chosen-later"_s);
    settings.setDefaultModel(u"assistant"_s, QString());
}

QTEST_GUILESS_MAIN(TestSecretStoreProvider)
#include "tst_secretstore_provider.moc"
