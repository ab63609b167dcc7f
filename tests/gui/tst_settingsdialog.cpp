// Settings round trip on a real database file and the real SecretStore (the session's keychain, or its in-memory
// fallback when there is none): a provider is added, its key stored and never shown back, defaults persist.

#include "FirstRunDialog.h"
#include "SecretTestUtil.h"
#include "SettingsDialog.h"
#include "TemporaryDatabase.h"
#include "agents/EngineConfig.h"
#include "chat/LocalSettingsService.h"
#include "domain/ProviderPresets.h"
#include "presentation/SettingsViewModel.h"
#include "storage/ProviderStore.h"
#include "storage/SecretStore.h"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QNetworkAccessManager>
#include <QPushButton>
#include <QSignalSpy>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace Tandem;

class TestSettingsDialog : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void providerAndKeyRoundTrip();
    void aSecretInTheBaseUrlIsRefused_data();
    void aSecretInTheBaseUrlIsRefused();
    void preferencesRoundTrip();
    void firstRunOffersOpenAiWithoutLocalServers();
    void guardrailsPage();
    void criticalToolsPage();
    void routerThreshold();
};

void TestSettingsDialog::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(u"Tandem"_s);
    QCoreApplication::setApplicationName(u"tandem-gui-test"_s);
}

void TestSettingsDialog::providerAndKeyRoundTrip()
{
    Test::TemporaryDatabase db;
    QVERIFY2(db.isReady(), qPrintable(db.errorString()));
    ProviderStore &providers = db.work().providers();
    SecretStore secrets(u"tandem-gui-test"_s);
    secrets.setRetryDelay(50);
    QNetworkAccessManager network;
    LocalSettingsService service(&db.work(), &secrets, &network);
    SettingsViewModel settings(&service);

    ProviderProfile local = ProviderPresets::ollama();
    local.id.clear();
    local.name = u"My Ollama"_s;
    const QString id = settings.saveProvider(local);
    QVERIFY(!id.isEmpty());

    const QString key = u"sk-test-%1"_s.arg(QDateTime::currentMSecsSinceEpoch());
    {
        SettingsDialog dialog(&settings);
        dialog.show();
        auto *list = dialog.findChild<QListWidget *>(u"ProviderList"_s);
        QCOMPARE(list->count(), 1);
        QCOMPARE(list->item(0)->text(), u"My Ollama"_s);
        auto *model = dialog.findChild<QComboBox *>(u"ProviderModel"_s);
        model->setCurrentText(u"llama3.2"_s);
        auto *keyField = dialog.findChild<QLineEdit *>(u"ProviderKey"_s);
        QCOMPARE(keyField->echoMode(), QLineEdit::Password);
        keyField->setText(key);
        QSignalSpy stored(&settings, &SettingsViewModel::keyStored);
        QTest::mouseClick(dialog.findChild<QPushButton *>(u"SaveProvider"_s), Qt::LeftButton);
        QVERIFY(stored.wait(20000) || !stored.isEmpty());
        QVERIFY2(stored.first().at(1).toBool(), qPrintable(stored.first().at(2).toString()));
        QVERIFY(keyField->text().isEmpty()); // the key left the widget
    }
    QCOMPARE(providers.get(id)->defaultModel, u"llama3.2"_s);

    // Opened again: the key is stored, and only a placeholder says so.
    SettingsDialog again(&settings);
    again.show();
    auto *keyField = again.findChild<QLineEdit *>(u"ProviderKey"_s);
    QTRY_COMPARE_WITH_TIMEOUT(keyField->placeholderText(), SettingsDialog::storedKeyPlaceholder(), 20000);
    QVERIFY(keyField->text().isEmpty());
    QVERIFY(settings.removeProvider(id));
    QVERIFY(settings.providers().isEmpty());
    // Never in the database.
    db.connection().close();
    QVERIFY(!Test::folderContains(db.folder(), key.toUtf8()));
}

void TestSettingsDialog::aSecretInTheBaseUrlIsRefused_data()
{
    QTest::addColumn<QString>("url");
    QTest::addColumn<QString>("said");
    QTest::newRow("user info") << u"https://me:sk-url-secret-1@api.example.com/v1"_s << u"user name or password"_s;
    QTest::newRow("key") << u"https://api.example.com/v1?key=sk-url-secret-1"_s << u"secret parameter “key”"_s;
    QTest::newRow("api_key") << u"https://api.example.com/v1?api_key=sk-url-secret-1"_s
                             << u"secret parameter “api_key”"_s;
    QTest::newRow("token") << u"https://api.example.com/v1?token=sk-url-secret-1"_s << u"secret parameter “token”"_s;
}

void TestSettingsDialog::aSecretInTheBaseUrlIsRefused()
{
    QFETCH(QString, url);
    QFETCH(QString, said);
    Test::TemporaryDatabase db;
    QVERIFY2(db.isReady(), qPrintable(db.errorString()));
    ProviderStore &providers = db.work().providers();
    QNetworkAccessManager network;
    LocalSettingsService service(&db.work(), nullptr, &network);
    SettingsViewModel settings(&service);
    const QString id = settings.saveProvider(ProviderPresets::openAi());
    QVERIFY(!id.isEmpty());
    const QUrl stored = providers.get(id)->baseUrl;

    SettingsDialog dialog(&settings);
    dialog.show();
    dialog.findChild<QLineEdit *>(u"ProviderBaseUrl"_s)->setText(url);
    auto *status = dialog.findChild<QLabel *>(u"ProviderStatus"_s);
    QTest::mouseClick(dialog.findChild<QPushButton *>(u"SaveProvider"_s), Qt::LeftButton);
    QVERIFY2(status->text().contains(said), qPrintable(status->text()));
    QVERIFY2(status->text().contains(u"API key field"_s), qPrintable(status->text()));
    QCOMPARE(providers.get(id)->baseUrl, stored); // the profile kept its clean URL
    // Testing the connection is refused the same way, before any request.
    QSignalSpy tested(&settings, &SettingsViewModel::connectionTested);
    QTest::mouseClick(dialog.findChild<QPushButton *>(u"TestConnection"_s), Qt::LeftButton);
    QCOMPARE(tested.size(), 1);
    QCOMPARE(tested.first().at(1).toBool(), false);
    QVERIFY(tested.first().at(2).toString().contains(said));

    // A new profile with such a URL, from the view model or straight into the store: refused as well.
    ProviderProfile added;
    added.name = u"Added"_s;
    added.baseUrl = QUrl(url);
    QVERIFY(settings.saveProvider(added).isEmpty());
    QVERIFY(settings.lastError().contains(said));
    added.id = u"direct"_s;
    QVERIFY(!providers.save(added));
    QCOMPARE(providers.list().size(), 1);
    db.connection().close();
    QVERIFY(!Test::folderContains(db.folder(), "sk-url-secret"));
}

void TestSettingsDialog::preferencesRoundTrip()
{
    LocalSettingsService service(nullptr, nullptr, nullptr);
    SettingsViewModel settings(&service);
    QSignalSpy theme(&settings, &SettingsViewModel::themeChanged);
    settings.setTheme(u"dark"_s);
    settings.setLanguage(u"ru"_s);
    settings.setDefaultModel(u"agent2"_s, u"gpt-4.1"_s);
    QCOMPARE(theme.count(), 1);
    LocalSettingsService rereadService(nullptr, nullptr, nullptr);
    SettingsViewModel reread(&rereadService);
    QCOMPARE(reread.theme(), u"dark"_s);
    QCOMPARE(reread.language(), u"ru"_s);
    QCOMPARE(reread.defaultModel(u"agent2"_s), u"gpt-4.1"_s);
    SettingsDialog dialog(&reread);
    QCOMPARE(dialog.findChild<QComboBox *>(u"ThemeSelector"_s)->currentData().toString(), u"dark"_s);
    QCOMPARE(dialog.findChild<QLineEdit *>(u"Agent2Model"_s)->text(), u"gpt-4.1"_s);
    reread.setTheme(u"system"_s);
    reread.setDefaultModel(u"agent2"_s, {});
}

void TestSettingsDialog::firstRunOffersOpenAiWithoutLocalServers()
{
    Test::TemporaryDatabase db;
    LocalSettingsService service(&db.work(), nullptr, nullptr); // no network: detection ends at once, nothing found
    SettingsViewModel settings(&service);
    FirstRunDialog dialog(&settings);
    dialog.show();
    auto *servers = dialog.findChild<QListWidget *>(u"DetectedServers"_s);
    QCOMPARE(servers->count(), 0);
    auto *key = dialog.findChild<QLineEdit *>(u"OpenAiKey"_s);
    QVERIFY(key->isVisible());
    QCOMPARE(key->echoMode(), QLineEdit::Password);
}

void TestSettingsDialog::guardrailsPage()
{
    using Field = GuardrailLimits::Field;
    LocalSettingsService service(nullptr, nullptr, nullptr);
    SettingsViewModel settings(&service);
    settings.resetGuardrailLimits();
    QSignalSpy changed(&settings, &SettingsViewModel::engineSettingsChanged);
    {
        SettingsDialog dialog(&settings);
        dialog.show();
        auto *turns = dialog.findChild<QSpinBox *>(u"guardrail-max-turns"_s);
        auto *timeout = dialog.findChild<QSpinBox *>(u"guardrail-run-timeout"_s);
        QVERIFY(turns && timeout);
        // Every limit has its box, showing the limit in force, bounded as the limit is.
        for (const Field field : GuardrailLimits::fields()) {
            auto *box = dialog.findChild<QSpinBox *>(u"guardrail-"_s + GuardrailLimits::name(field));
            QVERIFY2(box, qPrintable(GuardrailLimits::name(field)));
            QCOMPARE(box->value(), GuardrailLimits().value(field));
            QCOMPARE(box->minimum(), GuardrailLimits::minimum(field));
            QCOMPARE(box->maximum(), GuardrailLimits::maximum(field));
        }
        turns->setValue(3);
        Q_EMIT turns->editingFinished();
        timeout->setValue(90);
        Q_EMIT timeout->editingFinished();
        QVERIFY(!dialog.findChild<QLabel *>(u"GuardrailStatus"_s)->text().isEmpty());
    }
    QCOMPARE(changed.count(), 2); // each change reaches the engine (LocalChatRepository::followSettings)
    LocalSettingsService reread(nullptr, nullptr, nullptr);
    QCOMPARE(reread.guardrailLimits().maxTurnsPerRun, 3);
    QCOMPARE(reread.guardrailLimits().runTimeoutMs, 90'000);

    // A value out of bounds is refused with its own sentence, and nothing is stored.
    QVERIFY(!settings.setGuardrailLimit(Field::MaxHopsPerTurn, 0));
    QCOMPARE(settings.lastError(), GuardrailLimits::problem(Field::MaxHopsPerTurn, 0));
    QCOMPARE(settings.guardrailLimits().maxHopsPerTurn, GuardrailLimits().maxHopsPerTurn);
    GuardrailLimits bad = settings.guardrailLimits();
    bad.maxTurnsPerRun = 0;
    bad.staleHandoffMinutes = 0;
    QVERIFY(!service.setGuardrailLimits(bad));
    QCOMPARE(service.lastError(),
        GuardrailLimits::problem(Field::MaxTurnsPerRun, 0) + u' '
            + GuardrailLimits::problem(Field::StaleHandoffMinutes, 0));
    QCOMPARE(reread.guardrailLimits().maxTurnsPerRun, 3);
    QCOMPARE(changed.count(), 2);

    // Restore Defaults brings the built-in limits back, on the page and for the engine.
    SettingsDialog again(&settings);
    again.show();
    QCOMPARE(again.findChild<QSpinBox *>(u"guardrail-max-turns"_s)->value(), 3);
    again.findChild<QPushButton *>(u"GuardrailDefaults"_s)->click();
    QCOMPARE(again.findChild<QSpinBox *>(u"guardrail-max-turns"_s)->value(), GuardrailLimits().maxTurnsPerRun);
    QVERIFY(settings.guardrailLimits() == GuardrailLimits());
    QCOMPARE(changed.count(), 3);
}

void TestSettingsDialog::criticalToolsPage()
{
    LocalSettingsService service(nullptr, nullptr, nullptr);
    SettingsViewModel settings(&service);
    settings.resetCriticalTools();
    const QStringList builtIn
        = { u"write_file"_s, u"delete_file"_s, u"delete_task"_s, u"run_command"_s, u"git_push"_s };
    QCOMPARE(settings.criticalTools(), builtIn);
    SettingsDialog dialog(&settings);
    dialog.show();
    auto *list = dialog.findChild<QListWidget *>(u"CriticalTools"_s);
    QVERIFY(list);
    QCOMPARE(list->count(), settings.toolNames().size());
    QStringList checked;
    for (int row = 0; row < list->count(); ++row)
        if (list->item(row)->checkState() == Qt::Checked)
            checked << list->item(row)->text();
    QCOMPARE(checked, builtIn);

    // Unchecking write_file and checking calculator reach the engine's configuration.
    list->findItems(u"write_file"_s, Qt::MatchExactly).constFirst()->setCheckState(Qt::Unchecked);
    list->findItems(u"calculator"_s, Qt::MatchExactly).constFirst()->setCheckState(Qt::Checked);
    EngineConfig config;
    service.applyTo(config);
    QCOMPARE(config.criticalTools.value(u"write_file"_s, true), false);
    QCOMPARE(config.criticalTools.value(u"calculator"_s, false), true);
    QVERIFY(!config.criticalTools.contains(u"delete_file"_s)); // its own choice, not stored
    QVERIFY(dialog.findChild<QLabel *>(u"GuardrailStatus"_s)->text().contains(u"calculator"_s));

    // An unknown tool is refused with its name; nothing changes.
    QVERIFY(!settings.setCriticalTools({ u"launch_rockets"_s }));
    QVERIFY(settings.lastError().contains(u"launch_rockets"_s));
    QVERIFY(settings.criticalTools().contains(u"calculator"_s));

    dialog.findChild<QPushButton *>(u"GuardrailDefaults"_s)->click();
    QCOMPARE(settings.criticalTools(), builtIn);
    QCOMPARE(list->findItems(u"write_file"_s, Qt::MatchExactly).constFirst()->checkState(), Qt::Checked);
}

void TestSettingsDialog::routerThreshold()
{
    LocalSettingsService service(nullptr, nullptr, nullptr);
    SettingsViewModel settings(&service);
    QVERIFY(settings.setRouterThreshold(0.6));
    SettingsDialog dialog(&settings);
    dialog.show();
    auto *box = dialog.findChild<QDoubleSpinBox *>(u"RouterThreshold"_s);
    QVERIFY(box);
    QCOMPARE(box->value(), 0.6);
    QCOMPARE(box->maximum(), 1.0); // nothing above certainty can be typed

    // A new threshold reaches the engine's configuration when the field is left.
    box->setValue(0.85);
    Q_EMIT box->editingFinished();
    EngineConfig config;
    service.applyTo(config);
    QCOMPARE(config.routerThreshold, 0.85);
    QVERIFY(dialog.findChild<QLabel *>(u"GuardrailStatus"_s)->text().contains(u"router"_s));
    QVERIFY(!settings.setRouterThreshold(1.5)); // out of range through the view model: refused, said why
    QVERIFY(settings.lastError().contains(u"between 0 and 1"_s));

    dialog.findChild<QPushButton *>(u"GuardrailDefaults"_s)->click();
    QCOMPARE(settings.routerThreshold(), 0.6);
    QCOMPARE(box->value(), 0.6);
}

QTEST_MAIN(TestSettingsDialog)
#include "tst_settingsdialog.moc"
