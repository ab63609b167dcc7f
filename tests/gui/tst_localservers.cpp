// Start-up detection of model servers on this computer: with providers configured, the window looks for local servers
// after it is shown, offers the ones not configured yet in the status bar, and adds them on a click. Real parts: a
// SQLite file, the real SettingsViewModel and detector, loopback HTTP to fake LLM servers.

#include "FakeLlmServer.h"
#include "MainWindow.h"
#include "TemporaryDatabase.h"
#include "chat/LocalChatRepository.h"
#include "chat/LocalSettingsService.h"
#include "presentation/SettingsViewModel.h"
#include "storage/ProviderStore.h"

#include <QLabel>
#include <QNetworkAccessManager>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace Tandem;
using Tandem::Test::FakeLlmServer;

class TestLocalServers : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void offersUnconfiguredServersAndAddsThem();
    void configuredServersAreNotOffered();

private:
    static ProviderProfile candidate(const QString &name, const FakeLlmServer &server);
};

void TestLocalServers::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(u"Tandem"_s);
    QCoreApplication::setApplicationName(u"tandem-gui-test"_s);
}

ProviderProfile TestLocalServers::candidate(const QString &name, const FakeLlmServer &server)
{
    ProviderProfile profile;
    profile.name = name;
    profile.protocol = ProviderProfile::Protocol::ChatCompletions;
    profile.baseUrl = server.baseUrl();
    return profile;
}

void TestLocalServers::offersUnconfiguredServersAndAddsThem()
{
    Test::TemporaryDatabase db;
    QVERIFY2(db.isReady(), qPrintable(db.errorString()));
    FakeLlmServer configured;
    FakeLlmServer found;
    found.setModels({ u"qwen2.5:7b"_s });
    ProviderStore &providers = db.work().providers();
    ProviderProfile existing = candidate(u"Existing"_s, configured);
    existing.id = u"existing"_s;
    QVERIFY(providers.save(existing));

    QNetworkAccessManager network;
    LocalSettingsService service(&db.work(), nullptr, &network);
    SettingsViewModel settings(&service);
    service.setDetectionCandidates(
        { candidate(u"Configured server"_s, configured), candidate(u"Found server"_s, found) });
    LocalChatRepository repository(db.work(), &network, nullptr, nullptr);
    MainWindow window(&repository, &settings);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));

    QSignalSpy finished(&settings, &SettingsViewModel::detectionFinished);
    window.runFirstRunIfNeeded(); // providers exist: no dialog, a detection in the background
    QVERIFY(finished.wait(5000));
    QLabel *offer = window.localServerOffer();
    QVERIFY(offer->isVisible());
    QVERIFY2(offer->text().contains(u"Found server"_s), qPrintable(offer->text()));
    QVERIFY2(!offer->text().contains(u"Configured server"_s), qPrintable(offer->text()));

    Q_EMIT offer->linkActivated(u"add"_s);
    QVERIFY(!offer->isVisible());
    const QList<ProviderProfile> stored = settings.providers();
    QCOMPARE(stored.size(), 2);
    QVERIFY(settings.isConfigured(candidate(u"Found server"_s, found)));
    for (const ProviderProfile &profile : stored)
        if (profile.baseUrl == found.baseUrl())
            QCOMPARE(profile.defaultModel, u"qwen2.5:7b"_s);
}

void TestLocalServers::configuredServersAreNotOffered()
{
    Test::TemporaryDatabase db;
    QVERIFY2(db.isReady(), qPrintable(db.errorString()));
    FakeLlmServer server;
    ProviderStore &providers = db.work().providers();
    ProviderProfile existing = candidate(u"Mine"_s, server);
    existing.id = u"mine"_s;
    existing.baseUrl = QUrl(server.baseUrl().toString() + u"/"_s); // a trailing slash is the same server
    QVERIFY(providers.save(existing));

    QNetworkAccessManager network;
    LocalSettingsService service(&db.work(), nullptr, &network);
    SettingsViewModel settings(&service);
    service.setDetectionCandidates({ candidate(u"Local server"_s, server) });
    LocalChatRepository repository(db.work(), &network, nullptr, nullptr);
    MainWindow window(&repository, &settings);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QSignalSpy detected(&settings, &SettingsViewModel::localServerDetected);
    QSignalSpy finished(&settings, &SettingsViewModel::detectionFinished);
    window.runFirstRunIfNeeded();
    QVERIFY(finished.wait(5000));
    QCOMPARE(detected.size(), 1); // it answered...
    QVERIFY(!window.localServerOffer()->isVisible()); // ...and is already a provider
}

QTEST_MAIN(TestLocalServers)
#include "tst_localservers.moc"
