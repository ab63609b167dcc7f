#include "SecretTestUtil.h"
#include "storage/SecretStore.h"

#include <QDir>
#include <QSignalSpy>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace Tandem;
using Status = SecretStore::Result::Status;

// ctest runs this with DBUS_SESSION_BUS_ADDRESS pointing nowhere: there is no keychain at all.
class TestSecretStoreNoBackend : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void keysLiveInMemoryAndNowhereElse();
};

void TestSecretStoreNoBackend::keysLiveInMemoryAndNowhereElse()
{
    QVERIFY2(qEnvironmentVariable("DBUS_SESSION_BUS_ADDRESS").contains(u"nonexistent"_s),
        "run through ctest, which points the session bus nowhere");
    QVERIFY(QDir().mkpath(QDir::homePath()));
    SecretStore store(u"tandem-test-nobackend"_s);
    store.setRetryDelay(50);
    QSignalSpy persistence(&store, &SecretStore::persistenceChanged);

    const QString key = u"sk-memory-only-5f0c2a"_s;
    const auto written = Test::waitFor([&](auto done) { store.write(u"openai"_s, key, done); });
    QCOMPARE(written.status, Status::Ok);
    QVERIFY(!store.isPersistent());
    QCOMPARE(persistence.count(), 1);
    QCOMPARE(persistence.first().first().toBool(), false);
    QVERIFY(store.persistenceNotice().contains(u"memory"_s));

    const auto read = Test::waitFor([&](auto done) { store.read(u"openai"_s, done); });
    QCOMPARE(read.status, Status::Ok);
    QCOMPARE(read.secret, key);
    QCOMPARE(Test::waitFor([&](auto done) { store.read(u"other"_s, done); }).status, Status::NotFound);
    QCOMPARE(Test::waitFor([&](auto done) { store.remove(u"openai"_s, done); }).status, Status::Ok);
    QCOMPARE(Test::waitFor([&](auto done) { store.read(u"openai"_s, done); }).status, Status::NotFound);

    // No plaintext fallback: no file in this test's own HOME holds the key.
    QVERIFY2(QDir::homePath().endsWith(u"nobackend-home"_s), "run through ctest, which gives this test its own HOME");
    QStringList hits;
    QVERIFY2(!Test::folderContains(QDir::homePath(), key.toUtf8(), &hits), qPrintable(hits.join(u", ")));
}

QTEST_GUILESS_MAIN(TestSecretStoreNoBackend)
#include "tst_secretstore_nobackend.moc"
