// The keychain's D-Bus chain is loaded only when a key is read or written (#29 item 3): SecretStore reaches
// QtKeychain through the module tandem-keychain.so (app/keychain), so a process that touches no key maps neither
// libqt6keychain nor the module. Against the real Secret Service, like integration.secretstore.
#include "storage/KeychainModule.h"
#include "storage/SecretStore.h"

#include <QFile>
#include <QStandardPaths>
#include <QTest>
#include <QUuid>

using namespace Qt::StringLiterals;
using namespace Tandem;

namespace {
/// Whether a file whose name contains @p name is mapped into this process.
bool mapped(const QString &name)
{
    QFile maps(u"/proc/self/maps"_s);
    if (!maps.open(QIODevice::ReadOnly))
        return false;
    return QString::fromLocal8Bit(maps.readAll()).contains(name);
}
} // namespace

class TestKeychainLazy : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void nothingOfTheKeychainBeforeAKeyIsUsed();
    void theFirstReadLoadsTheModule();
};

void TestKeychainLazy::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
}

void TestKeychainLazy::nothingOfTheKeychainBeforeAKeyIsUsed()
{
    SecretStore store(u"tandem-test-%1"_s.arg(QUuid::createUuid().toString(QUuid::WithoutBraces)));
    QVERIFY(!KeychainModule::isLoaded());
    QVERIFY2(!mapped(u"libqt6keychain"_s), "QtKeychain is mapped before any key was read");
    QVERIFY(!mapped(u"tandem-keychain.so"_s));
}

void TestKeychainLazy::theFirstReadLoadsTheModule()
{
    SecretStore store(u"tandem-test-%1"_s.arg(QUuid::createUuid().toString(QUuid::WithoutBraces)));
    store.setRetryDelay(50);
    bool answered = false;
    SecretStore::Result result;
    store.read(u"no-such-provider"_s, [&](const SecretStore::Result &r) {
        result = r;
        answered = true;
    });
    QTRY_VERIFY_WITH_TIMEOUT(answered, 20000);
    QVERIFY(KeychainModule::isLoaded());
    QVERIFY(mapped(u"tandem-keychain.so"_s));
    QVERIFY(mapped(u"libqt6keychain"_s));
    // The keychain answered through the module: a missing key, or (with no Secret Service) the memory it falls back to.
    QCOMPARE(result.status, SecretStore::Result::Status::NotFound);
}

QTEST_GUILESS_MAIN(TestKeychainLazy)
#include "tst_keychainlazy.moc"
