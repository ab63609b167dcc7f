// Settings → Local API on the real server: off by default, a free port chosen and shown, the switch starts and
// stops the API (its address shown, DASHBOARD_URL set), and the token is copied to the clipboard, never shown.

#include "EngineHarness.h"
#include "LocalApiPage.h"
#include "SettingsDialog.h"
#include "api/LocalApi.h"
#include "storage/SecretStore.h"

#include <QCheckBox>
#include <QClipboard>
#include <QGuiApplication>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace Tandem;

class TestLocalApiPage : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void switchStartsAndStopsTheApi();
    void settingsDialogHasThePage();
};

void TestLocalApiPage::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(u"Tandem"_s);
    QCoreApplication::setApplicationName(u"tandem-localapi-test"_s);
    QSettings().clear();
}

void TestLocalApiPage::switchStartsAndStopsTheApi()
{
    Test::EngineHarness harness(ProviderProfile::Protocol::ChatCompletions);
    QVERIFY(harness.isReady());
    QTemporaryDir profile;
    SecretStore secrets(u"tandem-gui-test"_s);
    secrets.setRetryDelay(50);
    LocalApi api(harness.repository(), secrets, profile.path());

    QVERIFY(!LocalApi::enabledInSettings());
    LocalApiPage page(&api);
    QVERIFY(!page.enabledBox()->isChecked());
    QVERIFY(!api.isRunning());
    QVERIFY(page.urlField()->text().isEmpty());
    // A free port is chosen, shown and kept.
    QVERIFY(page.portBox()->value() > 0);
    QCOMPARE(int(LocalApi::portInSettings()), page.portBox()->value());

    QSignalSpy started(&api, &LocalApi::started);
    page.enabledBox()->setChecked(true);
    QVERIFY(started.count() == 1 || started.wait(20000));
    QVERIFY(api.isRunning());
    QCOMPARE(int(api.port()), page.portBox()->value());
    QCOMPARE(page.urlField()->text(), u"http://127.0.0.1:%1"_s.arg(page.portBox()->value()));
    QCOMPARE(harness.repository().engineConfig().dashboardUrl, page.urlField()->text());
    QVERIFY(LocalApi::enabledInSettings());

    QString token;
    api.readToken([&](const QString &value, const QString &) { token = value; });
    QVERIFY(QTest::qWaitFor([&] { return !token.isEmpty(); }, 20000));
    QGuiApplication::clipboard()->clear();
    QMetaObject::invokeMethod(page.findChild<QPushButton *>(u"LocalApiCopyToken"_s), "click");
    QVERIFY(QTest::qWaitFor([&] { return QGuiApplication::clipboard()->text() == token; }, 20000));
    // The token shows nowhere on the page, nor in the settings.
    for (const QLineEdit *field : page.findChildren<QLineEdit *>())
        QVERIFY(!field->text().contains(token));
    for (const QLabel *label : page.findChildren<QLabel *>())
        QVERIFY(!label->text().contains(token));
    QSettings settings;
    for (const QString &key : settings.allKeys())
        QVERIFY2(!settings.value(key).toString().contains(token), qPrintable(key));

    page.enabledBox()->setChecked(false);
    QVERIFY(!api.isRunning());
    QVERIFY(page.urlField()->text().isEmpty());
    QVERIFY(harness.repository().engineConfig().dashboardUrl.isEmpty());
    QVERIFY(!LocalApi::enabledInSettings());
    secrets.remove(LocalApi::tokenKeyFor(profile.path()), [](const SecretStore::Result &) {});
}

void TestLocalApiPage::settingsDialogHasThePage()
{
    Test::EngineHarness harness(ProviderProfile::Protocol::ChatCompletions);
    QTemporaryDir profile;
    SecretStore secrets(u"tandem-gui-test"_s);
    LocalApi api(harness.repository(), secrets, profile.path());
    SettingsDialog dialog(nullptr);
    const auto *tabs = dialog.findChild<QTabWidget *>();
    QVERIFY(tabs);
    const int before = tabs->count();
    dialog.addLocalApiPage(&api);
    QCOMPARE(tabs->count(), before + 1);
    QCOMPARE(tabs->tabText(before), u"&Local API"_s);
    QVERIFY(dialog.findChild<LocalApiPage *>());
}

QTEST_MAIN(TestLocalApiPage)
#include "tst_localapipage.moc"
