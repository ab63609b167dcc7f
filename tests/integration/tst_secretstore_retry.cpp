// SecretStore's one retry, on the real Secret Service. The test owns a private session bus (a dbus-daemon with no
// service files, so nothing is started on demand) and, when a case wants it, starts gnome-keyring on that bus at the
// moment SecretStore retries: as a keychain started with the desktop session that comes up after its first client
// asked. Each attempt is one QtKeychain job, created as a child of the store, so the test counts attempts by the
// store's children and acts before the retry's job can start (QtKeychain starts jobs from the event loop).
#include "ApiClient.h"
#include "EngineHarness.h"
#include "SecretTestUtil.h"
#include "api/LocalApi.h"
#include "storage/SecretStore.h"

#include <QChildEvent>
#include <QDBusConnection>
#include <QDBusConnectionInterface>
#include <QDeadlineTimer>
#include <QDir>
#include <QFile>
#include <QProcess>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>
#include <QUuid>

#include <functional>

using namespace Qt::StringLiterals;
using namespace Tandem;
using Status = SecretStore::Result::Status;

Q_DECLARE_METATYPE(Tandem::SecretStore::Result::Status)

namespace {

constexpr int Timeout = 30'000; // generous: two cores are shared with builds
const QString SecretsName = u"org.freedesktop.secrets"_s;

// A session bus of the test's own, with no <servicedir>: on it the Secret Service cannot be started on demand; it is
// up only once the test starts it.
constexpr char BusConfig[] = "<busconfig>\n"
                             "  <type>session</type>\n"
                             "  <listen>unix:dir=@DIR@</listen>\n"
                             "  <auth>EXTERNAL</auth>\n"
                             "  <policy context=\"default\">\n"
                             "    <allow send_destination=\"*\" eavesdrop=\"true\"/>\n"
                             "    <allow eavesdrop=\"true\"/>\n"
                             "    <allow own=\"*\"/>\n"
                             "  </policy>\n"
                             "</busconfig>\n";

/// Counts the keychain attempts of one store (each is a QtKeychain job created as the store's child) and runs
/// @p onAttempt as each is created, before its job can start.
class AttemptCounter final : public QObject
{
public:
    explicit AttemptCounter(SecretStore *store, std::function<void(int)> onAttempt = {})
        : m_onAttempt(std::move(onAttempt))
    {
        store->installEventFilter(this);
    }
    Q_DISABLE_COPY_MOVE(AttemptCounter)

    int count() const { return m_count; }

protected:
    bool eventFilter(QObject *watched, QEvent *event) override
    {
        if (event->type() == QEvent::ChildAdded) {
            ++m_count;
            if (m_onAttempt)
                m_onAttempt(m_count);
        }
        return QObject::eventFilter(watched, event);
    }

private:
    std::function<void(int)> m_onAttempt;
    int m_count = 0;
};

/// The most keychain jobs of one store alive at once.
class OverlapCounter final : public QObject
{
public:
    explicit OverlapCounter(SecretStore *store) { store->installEventFilter(this); }
    Q_DISABLE_COPY_MOVE(OverlapCounter)

    int most() const { return m_most; }

protected:
    bool eventFilter(QObject *watched, QEvent *event) override
    {
        if (event->type() == QEvent::ChildAdded) {
            // A finished job is deleted later (QtKeychain's auto-delete): the next look may start before that
            // deletion was delivered. Deliver it first, so that only jobs still under way are counted.
            QCoreApplication::sendPostedEvents(nullptr, QEvent::DeferredDelete);
            m_most = std::max(m_most, ++m_open);
        } else if (event->type() == QEvent::ChildRemoved)
            --m_open;
        return QObject::eventFilter(watched, event);
    }

private:
    int m_open = 0;
    int m_most = 0;
};

// scripts/test.sh sets TANDEM_REQUIRE_KEYCHAIN=1: there a missing keychain fails the test instead of skipping it.
bool keychainRequired()
{
    return qEnvironmentVariable("TANDEM_REQUIRE_KEYCHAIN") == u"1"_s;
}

bool secretServiceOnTheBus()
{
    QDBusConnectionInterface *bus = QDBusConnection::sessionBus().interface();
    return bus && bus->isServiceRegistered(SecretsName).value();
}

} // namespace

class TestSecretStoreRetry : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void cleanupTestCase();

    void retriesOnceThenKeepsKeysInMemory_data();
    void retriesOnceThenKeepsKeysInMemory();
    void keychainUpForTheRetry();
    void keychainRestartIsNotAMissingKeychain();

private:
    /// Starts gnome-keyring (secrets only, its login keyring unlocked) on the private bus and waits, without running
    /// the event loop, until it owns the Secret Service name.
    bool startKeychain(QString *error);

    QTemporaryDir m_dir;
    QProcess m_bus;
    QProcess m_keychain;
    QString m_service;
};

void TestSecretStoreRetry::initTestCase()
{
    m_service = u"tandem-test-%1"_s.arg(QUuid::createUuid().toString(QUuid::WithoutBraces));
    QVERIFY2(m_dir.isValid(), qPrintable(m_dir.errorString()));
    for (const QString &tool : { u"dbus-daemon"_s, u"gnome-keyring-daemon"_s, u"secret-tool"_s }) {
        const QByteArray why = tool.toUtf8() + " is not installed (apt-get install dbus gnome-keyring libsecret-tools)";
        if (QStandardPaths::findExecutable(tool).isEmpty()) {
            if (keychainRequired())
                QFAIL(why.constData());
            QSKIP(why.constData());
        }
    }

    QFile config(m_dir.filePath(u"bus.conf"_s));
    QVERIFY(config.open(QIODevice::WriteOnly));
    config.write(QByteArray(BusConfig).replace("@DIR@", m_dir.path().toHtmlEscaped().toUtf8()));
    config.close();
    m_bus.start(u"dbus-daemon"_s,
        { u"--nofork"_s, u"--nopidfile"_s, u"--print-address=1"_s, u"--config-file=%1"_s.arg(config.fileName()) });
    QVERIFY2(m_bus.waitForStarted(Timeout), qPrintable(m_bus.errorString()));
    QVERIFY2(m_bus.waitForReadyRead(Timeout), "dbus-daemon printed no address");
    const QByteArray address = m_bus.readLine().trimmed();
    QVERIFY2(address.startsWith("unix:"), address.constData());
    // Before anything in this process touches D-Bus: Qt and libsecret (under QtKeychain) both read it on first use.
    qputenv("DBUS_SESSION_BUS_ADDRESS", address);
    QVERIFY(QDBusConnection::sessionBus().isConnected());
    QVERIFY(!secretServiceOnTheBus());
    QVERIFY(!QDBusConnection::sessionBus().interface()->activatableServiceNames().value().contains(SecretsName));
}

void TestSecretStoreRetry::cleanupTestCase()
{
    for (QProcess *process : { &m_keychain, &m_bus }) {
        if (process->state() == QProcess::NotRunning)
            continue;
        process->terminate();
        if (!process->waitForFinished(Timeout))
            process->kill();
        process->waitForFinished(Timeout);
    }
}

bool TestSecretStoreRetry::startKeychain(QString *error)
{
    // Its own HOME and runtime folder: the keyring file and control socket of this test, no one else's.
    const QString home = m_dir.filePath(u"home"_s);
    const QString runtime = m_dir.filePath(u"run"_s);
    if (!QDir().mkpath(home) || !QDir().mkpath(runtime)
        || !QFile::setPermissions(runtime, QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner)) {
        *error = u"cannot create the keychain's folders in %1"_s.arg(m_dir.path());
        return false;
    }
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.insert(u"HOME"_s, home);
    environment.insert(u"XDG_DATA_HOME"_s, home + u"/.local/share"_s);
    environment.insert(u"XDG_CONFIG_HOME"_s, home + u"/.config"_s);
    environment.insert(u"XDG_CACHE_HOME"_s, home + u"/.cache"_s);
    environment.insert(u"XDG_RUNTIME_DIR"_s, runtime);
    environment.insert(u"DBUS_SESSION_BUS_ADDRESS"_s, qEnvironmentVariable("DBUS_SESSION_BUS_ADDRESS"));
    environment.remove(u"GNOME_KEYRING_CONTROL"_s);
    m_keychain.setProcessEnvironment(environment);
    m_keychain.setProcessChannelMode(QProcess::ForwardedErrorChannel);
    m_keychain.start(u"gnome-keyring-daemon"_s, { u"--foreground"_s, u"--unlock"_s, u"--components=secrets"_s });
    if (!m_keychain.waitForStarted(Timeout)) {
        *error = u"gnome-keyring-daemon did not start: "_s + m_keychain.errorString();
        return false;
    }
    // The login keyring's password (it is created with it), written now: this runs outside the event loop.
    m_keychain.write("tandem-test");
    if (!m_keychain.waitForBytesWritten(Timeout)) {
        *error = u"gnome-keyring-daemon did not read its password: "_s + m_keychain.errorString();
        return false;
    }
    m_keychain.closeWriteChannel();
    for (QDeadlineTimer deadline(Timeout); !deadline.hasExpired(); QThread::msleep(20)) {
        if (secretServiceOnTheBus())
            return true;
        if (m_keychain.state() == QProcess::NotRunning) {
            *error = u"gnome-keyring-daemon exited: "_s + QString::fromLocal8Bit(m_keychain.readAllStandardOutput());
            return false;
        }
    }
    *error = u"gnome-keyring-daemon did not take the name %1 on the bus"_s.arg(SecretsName);
    return false;
}

void TestSecretStoreRetry::retriesOnceThenKeepsKeysInMemory_data()
{
    QTest::addColumn<QString>("operation");
    QTest::addColumn<Status>("status");
    QTest::newRow("read") << u"read"_s << Status::NotFound;
    QTest::newRow("write") << u"write"_s << Status::Ok;
    QTest::newRow("remove") << u"remove"_s << Status::Ok;
}

void TestSecretStoreRetry::retriesOnceThenKeepsKeysInMemory()
{
    QFETCH(QString, operation);
    QFETCH(Status, status);
    QVERIFY2(!secretServiceOnTheBus(), "runs before keychainUpForTheRetry starts the keychain");

    SecretStore store(m_service);
    store.setRetryDelay(10);
    AttemptCounter attempts(&store);
    QSignalSpy persistence(&store, &SecretStore::persistenceChanged);
    const auto result = Test::waitFor(
        [&](auto done) {
            if (operation == u"read")
                store.read(u"openai"_s, done);
            else if (operation == u"write")
                store.write(u"openai"_s, u"sk-never-stored"_s, done);
            else
                store.remove(u"openai"_s, done);
        },
        Timeout);

    // One attempt, one retry, then no keychain on a bus where none is registered or activatable: memory only.
    QCOMPARE(attempts.count(), 2);
    QCOMPARE(result.status, status);
    QVERIFY(!store.isPersistent());
    QCOMPARE(persistence.count(), 1);
    QCOMPARE(persistence.first().first().toBool(), false);
    // From then on the store asks the keychain no more.
    QCOMPARE(Test::waitFor([&](auto done) { store.read(u"openai"_s, done); }, Timeout).status,
        operation == u"write" ? Status::Ok : Status::NotFound);
    QCOMPARE(attempts.count(), 2);
    QCOMPARE(persistence.count(), 1);
}

void TestSecretStoreRetry::keychainUpForTheRetry()
{
    QVERIFY(!secretServiceOnTheBus());
    SecretStore store(m_service);
    store.setRetryDelay(10);
    QString keychainError;
    bool keychainStarted = false;
    // The first attempt failed (there is no Secret Service yet); the keychain comes up before the retry's job runs.
    AttemptCounter attempts(&store, [&](int attempt) {
        if (attempt == 2)
            keychainStarted = startKeychain(&keychainError);
    });
    QSignalSpy persistence(&store, &SecretStore::persistenceChanged);

    const QString key = u"sk-after-retry-%1"_s.arg(QUuid::createUuid().toString(QUuid::Id128));
    const auto written = Test::waitFor([&](auto done) { store.write(u"openai"_s, key, done); }, Timeout);
    QCOMPARE(attempts.count(), 2);
    if (!keychainStarted) {
        if (keychainRequired())
            QFAIL(qPrintable(keychainError));
        QSKIP(qPrintable(keychainError));
    }
    QVERIFY2(written.status == Status::Ok, qPrintable(written.errorString));
    QVERIFY(store.isPersistent());
    QCOMPARE(persistence.count(), 0);

    // The key really is in the Secret Service: a new store reads it at the first attempt, and so does another client.
    SecretStore again(m_service);
    AttemptCounter againAttempts(&again);
    const auto read = Test::waitFor([&](auto done) { again.read(u"openai"_s, done); }, Timeout);
    QCOMPARE(read.status, Status::Ok);
    QCOMPARE(read.secret, key);
    QCOMPARE(againAttempts.count(), 1);
    QProcess lookup;
    lookup.start(u"secret-tool"_s, { u"lookup"_s, u"server"_s, m_service, u"user"_s, u"openai"_s });
    QVERIFY(lookup.waitForFinished(Timeout));
    QCOMPARE(lookup.readAllStandardOutput().trimmed(), key.toUtf8());

    QCOMPARE(Test::waitFor([&](auto done) { store.remove(u"openai"_s, done); }, Timeout).status, Status::Ok);
    QCOMPARE(attempts.count(), 3);
}

void TestSecretStoreRetry::keychainRestartIsNotAMissingKeychain()
{
    // The Secret Service restarts under a running store: operations fail (logged once), and the store stays
    // persistent: in memory the key would read as missing. The local API, which looks at the keychain again and
    // again, keeps its last good token (not revoked), says so once, and never has two looks under way. (One test:
    // after a restart this process's libsecret cannot reach the keychain again.)
    QString keychainError;
    if (!secretServiceOnTheBus() && !startKeychain(&keychainError)) {
        if (keychainRequired())
            QFAIL(qPrintable(keychainError));
        QSKIP(qPrintable(keychainError));
    }
    SecretStore store(m_service);
    store.setRetryDelay(10);
    QSignalSpy persistence(&store, &SecretStore::persistenceChanged);
    const QString key = u"sk-across-restart-%1"_s.arg(QUuid::createUuid().toString(QUuid::Id128));
    const auto written = Test::waitFor([&](auto done) { store.write(u"openai"_s, key, done); }, Timeout);
    QVERIFY2(written.status == Status::Ok, qPrintable(written.errorString));
    Test::EngineHarness h(ProviderProfile::Protocol::ChatCompletions);
    QTemporaryDir profile;
    LocalApi api(h.repository(), store, profile.path());
    QSignalSpy started(&api, &LocalApi::started);
    api.start(0);
    QVERIFY(started.wait(Timeout));
    QString token;
    api.readToken([&](const QString &value, const QString &) { token = value; });
    QVERIFY(QTest::qWaitFor([&] { return !token.isEmpty(); }, Timeout));
    const QString path = u"/api/handoffs?stale=true"_s;
    QCOMPARE(Test::ApiClient(api.port(), token).get(path).status, 200);

    m_keychain.terminate();
    QVERIFY(m_keychain.waitForFinished(Timeout));
    for (QDeadlineTimer deadline(Timeout); secretServiceOnTheBus() && !deadline.hasExpired();)
        QThread::msleep(20);
    QVERIFY(!secretServiceOnTheBus());
    const QRegularExpression storeWarning(u"keychain operation failed"_s);
    QTest::ignoreMessage(QtWarningMsg, storeWarning);
    QTest::failOnWarning(storeWarning); // a second failure is not logged again
    const QRegularExpression apiWarning(u"the keychain cannot be read"_s);
    QTest::ignoreMessage(QtWarningMsg, apiWarning);
    QTest::failOnWarning(apiWarning);
    {
        OverlapCounter jobs(&store);
        api.setTokenRefreshInterval(1);
        QTest::qWait(1000);
        QCOMPARE(jobs.most(), 1);
    }
    QCOMPARE(Test::ApiClient(api.port(), token).get(path).status, 200);
    api.stop();
    for (int i = 0; i < 2; ++i) {
        const auto read = Test::waitFor([&](auto done) { store.read(u"openai"_s, done); }, Timeout);
        QCOMPARE(read.status, Status::Failed);
        QVERIFY(store.isPersistent());
    }
    QCOMPARE(persistence.count(), 0);

    QVERIFY2(startKeychain(&keychainError), qPrintable(keychainError));
    // The key is intact in the restarted keychain. This process's libsecret keeps its session with the old daemon
    // ("The session does not exist") until the process restarts: the store must keep failing then, never read the key
    // as missing.
    QProcess lookup;
    lookup.start(u"secret-tool"_s, { u"lookup"_s, u"server"_s, m_service, u"user"_s, u"openai"_s });
    QVERIFY(lookup.waitForFinished(Timeout));
    QCOMPARE(lookup.readAllStandardOutput().trimmed(), key.toUtf8());
    const auto read = Test::waitFor([&](auto done) { store.read(u"openai"_s, done); }, Timeout);
    QVERIFY2(
        read.status == Status::Ok ? read.secret == key : read.status == Status::Failed, qPrintable(read.errorString));
    QVERIFY(store.isPersistent());
    QCOMPARE(persistence.count(), 0);
}

QTEST_GUILESS_MAIN(TestSecretStoreRetry)
#include "tst_secretstore_retry.moc"
