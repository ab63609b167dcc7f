// The local API takes a token this process writes or deletes through its keychain store at once, without waiting for
// its slow look at the keychain (kept only for a token another process wrote): the store announces its own changes
// (SecretStore::secretChanged), and the API reads the token once then, not on a timer.
#include "ApiClient.h"
#include "EngineHarness.h"
#include "api/LocalApi.h"
#include "storage/SecretStore.h"

#include <QEvent>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include <functional>
#include <memory>
#include <optional>

using namespace Qt::StringLiterals;
using namespace Tandem;
using namespace Tandem::Test;

namespace {

/// Counts the keychain jobs a store starts: each is its child while it runs.
class KeychainJobCounter final : public QObject
{
public:
    explicit KeychainJobCounter(SecretStore *store) { store->installEventFilter(this); }
    Q_DISABLE_COPY_MOVE(KeychainJobCounter)

    int started() const { return m_started; }

protected:
    bool eventFilter(QObject *watched, QEvent *event) override
    {
        if (event->type() == QEvent::ChildAdded)
            ++m_started;
        return QObject::eventFilter(watched, event);
    }

private:
    int m_started = 0;
};

SecretStore::Result wait(const std::function<void(SecretStore::Callback)> &operation)
{
    std::optional<SecretStore::Result> result;
    operation([&result](const SecretStore::Result &answer) { result = answer; });
    if (!QTest::qWaitFor([&result] { return result.has_value(); }, 20'000))
        return {};
    return *result;
}

} // namespace

class TestLocalApiToken : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void cleanup();
    void aTokenWrittenHereIsTakenAtOnce();
    void aTokenDeletedHereIsRefusedAtOnce();
    void anotherKeyIsNotReadAgain();

private:
    QString tokenKey() const { return LocalApi::tokenKeyFor(m_profile->path()); }
    /// The token the running API was started with.
    QString startedToken();

    const QString m_path = u"/api/handoffs?stale=true"_s;
    std::unique_ptr<QTemporaryDir> m_profile;
    std::unique_ptr<SecretStore> m_secrets;
    std::unique_ptr<EngineHarness> m_harness;
    std::unique_ptr<LocalApi> m_api;
};

void TestLocalApiToken::init()
{
    m_profile = std::make_unique<QTemporaryDir>();
    m_secrets = std::make_unique<SecretStore>(u"tandem-test-localapitoken"_s);
    m_secrets->setRetryDelay(50);
    m_harness = std::make_unique<EngineHarness>(ProviderProfile::Protocol::ChatCompletions);
    m_api = std::make_unique<LocalApi>(m_harness->repository(), *m_secrets, m_profile->path());
    m_api->setTokenRefreshInterval(24 * 3600 * 1000); // no look for another process's token within the test
    QSignalSpy started(m_api.get(), &LocalApi::started);
    m_api->start(0);
    QVERIFY(started.count() == 1 || started.wait(20'000));
}

void TestLocalApiToken::cleanup()
{
    m_api.reset();
    wait([this](SecretStore::Callback done) { m_secrets->remove(tokenKey(), done); });
    m_harness.reset();
    m_secrets.reset();
    m_profile.reset();
}

QString TestLocalApiToken::startedToken()
{
    QString token;
    m_api->readToken([&token](const QString &value, const QString &) { token = value; });
    if (!QTest::qWaitFor([&token] { return !token.isEmpty(); }, 20'000))
        return {};
    return token;
}

void TestLocalApiToken::aTokenWrittenHereIsTakenAtOnce()
{
    const QString old = startedToken();
    QVERIFY(!old.isEmpty());
    QCOMPARE(ApiClient(m_api->port(), old).get(m_path).status, 200);
    KeychainJobCounter jobs(m_secrets.get());

    // Another part of this process (not the API's own "Regenerate token") rotates the token through the store.
    const QString rotated = LocalApi::newToken();
    QVERIFY(wait([&](SecretStore::Callback done) { m_secrets->write(tokenKey(), rotated, done); }).ok());

    QVERIFY(QTest::qWaitFor([&] { return ApiClient(m_api->port(), rotated).get(m_path).status == 200; }, 20'000));
    QCOMPARE(ApiClient(m_api->port(), old).get(m_path).status, 401);
    // The write and one read of the new token: the API did not poll the keychain for it.
    QCOMPARE(jobs.started(), m_secrets->isPersistent() ? 2 : 0);
}

void TestLocalApiToken::aTokenDeletedHereIsRefusedAtOnce()
{
    const QString token = startedToken();
    QVERIFY(!token.isEmpty());
    QCOMPARE(ApiClient(m_api->port(), token).get(m_path).status, 200);

    QVERIFY(wait([this](SecretStore::Callback done) { m_secrets->remove(tokenKey(), done); }).ok());

    QVERIFY(QTest::qWaitFor([&] { return ApiClient(m_api->port(), token).get(m_path).status == 401; }, 20'000));
}

void TestLocalApiToken::anotherKeyIsNotReadAgain()
{
    // A provider's API key written through the same store is none of the API's business: no read of the token.
    const QString token = startedToken();
    KeychainJobCounter jobs(m_secrets.get());
    QVERIFY(wait([this](SecretStore::Callback done) {
        m_secrets->write(u"tandem-test-provider"_s, u"sk-test"_s, done);
    }).ok());
    QVERIFY(wait([this](SecretStore::Callback done) { m_secrets->remove(u"tandem-test-provider"_s, done); }).ok());
    QCOMPARE(jobs.started(), m_secrets->isPersistent() ? 2 : 0);
    QCOMPARE(ApiClient(m_api->port(), token).get(m_path).status, 200);
}

QTEST_GUILESS_MAIN(TestLocalApiToken)
#include "tst_localapitoken.moc"
