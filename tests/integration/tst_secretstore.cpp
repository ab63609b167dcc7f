#include "SecretTestUtil.h"
#include "TemporaryDatabase.h"
#include "storage/ProviderStore.h"
#include "storage/SecretStore.h"

#include <QProcess>
#include <QSettings>
#include <QStandardPaths>
#include <QTest>
#include <QUuid>

using namespace Qt::StringLiterals;
using namespace Tandem;
using Status = SecretStore::Result::Status;

// Runs against the real Secret Service on the session bus (gnome-keyring under dbus-run-session in
// scripts/test.sh). Each run uses its own service name so it never touches a person's real keys.
class TestSecretStore : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void writeReadDelete();
    void missingKeyIsNotFound();
    void overwrite();
    void unicodeAndLongKeys();
    void keyIsInTheKeychainAndNowhereElse();

private:
    QString m_service;
    std::unique_ptr<SecretStore> m_store;
};

void TestSecretStore::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(u"Tandem"_s);
    QCoreApplication::setApplicationName(u"tandem"_s);
    m_service = u"tandem-test-%1"_s.arg(QUuid::createUuid().toString(QUuid::WithoutBraces));
    m_store = std::make_unique<SecretStore>(m_service);
    m_store->setRetryDelay(200);

    const auto probe = Test::waitFor([&](auto done) { m_store->read(u"probe"_s, done); });
    if (!m_store->isPersistent() || probe.status == Status::Failed) {
        const QByteArray why = "no Secret Service answered: " + probe.errorString.toUtf8()
            + " (run the tests through scripts/test.sh, which starts one)";
        if (qEnvironmentVariable("TANDEM_REQUIRE_KEYCHAIN") == u"1"_s)
            QFAIL(why.constData());
        QSKIP(why.constData());
    }
}

void TestSecretStore::writeReadDelete()
{
    const QString key = u"sk-test-%1"_s.arg(QUuid::createUuid().toString(QUuid::Id128));
    QCOMPARE(Test::waitFor([&](auto done) { m_store->write(u"openai"_s, key, done); }).status, Status::Ok);
    const auto read = Test::waitFor([&](auto done) { m_store->read(u"openai"_s, done); });
    QCOMPARE(read.status, Status::Ok);
    QCOMPARE(read.secret, key);

    // A second store (as after a restart) finds the same key.
    SecretStore again(m_service);
    QCOMPARE(Test::waitFor([&](auto done) { again.read(u"openai"_s, done); }).secret, key);

    QCOMPARE(Test::waitFor([&](auto done) { m_store->remove(u"openai"_s, done); }).status, Status::Ok);
    QCOMPARE(Test::waitFor([&](auto done) { m_store->read(u"openai"_s, done); }).status, Status::NotFound);
    // Deleting what is not there is not an error.
    QCOMPARE(Test::waitFor([&](auto done) { m_store->remove(u"openai"_s, done); }).status, Status::Ok);
    QVERIFY(m_store->isPersistent());
    QVERIFY(m_store->persistenceNotice().isEmpty());
}

void TestSecretStore::missingKeyIsNotFound()
{
    const auto read = Test::waitFor([&](auto done) { m_store->read(u"never-stored"_s, done); });
    QCOMPARE(read.status, Status::NotFound);
    QVERIFY(read.secret.isEmpty());
    QVERIFY(read.errorString.isEmpty());
}

void TestSecretStore::overwrite()
{
    QCOMPARE(Test::waitFor([&](auto done) { m_store->write(u"ollama"_s, u"first"_s, done); }).status, Status::Ok);
    QCOMPARE(Test::waitFor([&](auto done) { m_store->write(u"ollama"_s, u"second"_s, done); }).status, Status::Ok);
    QCOMPARE(Test::waitFor([&](auto done) { m_store->read(u"ollama"_s, done); }).secret, u"second"_s);
    // Keys of different providers are separate.
    QCOMPARE(Test::waitFor([&](auto done) { m_store->read(u"openai"_s, done); }).status, Status::NotFound);
    Test::waitFor([&](auto done) { m_store->remove(u"ollama"_s, done); });
}

void TestSecretStore::unicodeAndLongKeys()
{
    const QString key = u"ключ-🔑-"_s + QString(4000, u'x');
    QCOMPARE(Test::waitFor([&](auto done) { m_store->write(u"custom"_s, key, done); }).status, Status::Ok);
    QCOMPARE(Test::waitFor([&](auto done) { m_store->read(u"custom"_s, done); }).secret, key);
    Test::waitFor([&](auto done) { m_store->remove(u"custom"_s, done); });
}

void TestSecretStore::keyIsInTheKeychainAndNowhereElse()
{
    Test::TemporaryDatabase temp;
    QVERIFY2(temp.isReady(), qPrintable(temp.errorString()));
    ProviderProfile profile;
    profile.id = u"openai"_s;
    profile.name = u"OpenAI"_s;
    profile.protocol = ProviderProfile::Protocol::Responses;
    profile.baseUrl = QUrl(u"https://api.openai.com/v1"_s);
    QVERIFY(temp.work().providers().save(profile));

    const QString key = u"sk-proj-%1"_s.arg(QUuid::createUuid().toString(QUuid::Id128));
    QCOMPARE(Test::waitFor([&](auto done) { m_store->write(profile.id, key, done); }).status, Status::Ok);
    QSettings settings;
    settings.setValue(u"providers/default"_s, profile.id);
    settings.sync();
    QCOMPARE(settings.status(), QSettings::NoError);
    temp.database().close(); // flush the WAL into the file

    QStringList hits;
    QVERIFY2(!Test::folderContains(temp.folder(), key.toUtf8(), &hits), qPrintable(hits.join(u", ")));
    QVERIFY(QFile::exists(settings.fileName()));
    QFile settingsFile(settings.fileName());
    QVERIFY(settingsFile.open(QIODevice::ReadOnly));
    QVERIFY(!settingsFile.readAll().contains(key.toUtf8()));
    // ... and it really is in the Secret Service, as another client sees it.
    QProcess lookup;
    lookup.start(u"secret-tool"_s, { u"lookup"_s, u"server"_s, m_service, u"user"_s, profile.id });
    QVERIFY(lookup.waitForFinished(20000));
    QCOMPARE(lookup.readAllStandardOutput().trimmed(), key.toUtf8());

    Test::waitFor([&](auto done) { m_store->remove(profile.id, done); });
}

QTEST_GUILESS_MAIN(TestSecretStore)
#include "tst_secretstore.moc"
