// First run through the main window, with no provider yet: the first-run dialog lists the model server it found on
// this computer (the fake LLM server over loopback, offered as a detection candidate) and "Use this server" makes it
// the provider, with which the next message is answered; or the person gives an OpenAI key, which goes to the
// SecretStore (the session's keychain, or its in-memory fallback when there is none) and nowhere else. Real parts: a
// SQLite file, the real SettingsViewModel, detector and SecretStore, QSettings in test mode under a name of its own.

#include "Composer.h"
#include "FakeLlmServer.h"
#include "FirstRunDialog.h"
#include "MainWindow.h"
#include "ModalAnswer.h"
#include "SecretTestUtil.h"
#include "TemporaryDatabase.h"
#include "chat/LocalChatRepository.h"
#include "chat/LocalSettingsService.h"
#include "domain/ProviderPresets.h"
#include "presentation/ChatViewModel.h"
#include "presentation/SettingsViewModel.h"
#include "storage/ProviderStore.h"
#include "storage/SecretStore.h"

#include <QLineEdit>
#include <QListWidget>
#include <QNetworkAccessManager>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSettings>
#include <QStandardPaths>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace Tandem;
using Tandem::Test::FakeLlmServer;
using Tandem::Test::ModalAnswer;
using Tandem::Test::ScriptedReply;

namespace {

QPushButton *buttonNamed(QWidget *parent, const QString &accessibleName)
{
    const QList<QPushButton *> buttons = parent->findChildren<QPushButton *>();
    for (QPushButton *button : buttons)
        if (button->accessibleName() == accessibleName)
            return button;
    return nullptr;
}

} // namespace

class TestFirstRun : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void init();
    void cleanup();
    void detectedLocalServerBecomesTheProvider();
    void openAiKeyGoesToTheSecretStore();
};

void TestFirstRun::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(u"Tandem"_s);
    QCoreApplication::setApplicationName(u"tandem-gui-test-firstrun"_s);
}

void TestFirstRun::init()
{
    QSettings().clear(); // no default provider from an earlier run
}

void TestFirstRun::cleanup()
{
    QSettings settings;
    settings.clear();
    settings.sync();
}

void TestFirstRun::detectedLocalServerBecomesTheProvider()
{
    Test::TemporaryDatabase db;
    QVERIFY2(db.isReady(), qPrintable(db.errorString()));
    FakeLlmServer server;
    QVERIFY(server.isListening());
    server.setModels({ u"llama3.2:3b"_s });
    QNetworkAccessManager network;
    SecretStore secrets(u"tandem-gui-test-firstrun"_s);
    secrets.setRetryDelay(50);
    LocalSettingsService service(&db.work(), &secrets, &network);
    SettingsViewModel settings(&service);
    ProviderProfile candidate = ProviderPresets::ollama();
    candidate.id.clear();
    candidate.name = u"Ollama"_s;
    candidate.baseUrl = server.baseUrl();
    service.setDetectionCandidates({ candidate });
    LocalChatRepository repository(db.work(), &network, &secrets, nullptr);
    MainWindow window(&repository, &settings);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    // Written before there is a provider: it cannot be sent yet, and the button says why.
    auto *send = window.composer()->findChild<QPushButton *>(u"SendButton"_s);
    QTest::keyClicks(window.composer()->findChild<QPlainTextEdit *>(), u"Anyone there?"_s);
    QVERIFY(!send->isEnabled());
    QVERIFY(!send->toolTip().isEmpty());

    QString listed;
    ModalAnswer<FirstRunDialog> answer([&](FirstRunDialog *dialog) {
        auto *servers = dialog->findChild<QListWidget *>(u"DetectedServers"_s);
        if (servers->count() == 0)
            return false; // still looking
        listed = servers->item(0)->text();
        servers->setCurrentRow(0);
        buttonNamed(dialog, u"Use the selected local server"_s)->click();
        return true;
    });
    window.runFirstRunIfNeeded();
    QVERIFY(answer.answered());
    QVERIFY2(listed.contains(u"Ollama"_s), qPrintable(listed));
    QVERIFY2(listed.contains(server.baseUrl().toDisplayString()), qPrintable(listed));

    // Stored as the provider, and the default one.
    const QList<ProviderProfile> stored = settings.providers();
    QCOMPARE(stored.size(), 1);
    QCOMPARE(stored.constFirst().baseUrl, server.baseUrl());
    QCOMPARE(stored.constFirst().protocol, ProviderProfile::Protocol::ChatCompletions);
    QCOMPARE(stored.constFirst().defaultModel, u"llama3.2:3b"_s);
    QCOMPARE(settings.defaultProviderId(), stored.constFirst().id);

    // The message written before goes to it now.
    QVERIFY(send->isEnabled());
    server.enqueue(ScriptedReply::text({ u"Hello from "_s, u"the local server"_s }));
    QTest::mouseClick(send, Qt::LeftButton);
    QVERIFY(window.viewModel()->conversationId() > 0);
    QVERIFY(QTest::qWaitFor([&] { return !window.viewModel()->isRunning(); }, 15'000));
    const QList<Test::RecordedRequest> requests = server.requests(u"/v1/chat/completions"_s);
    QCOMPARE(requests.size(), 1);
    QCOMPARE(requests.constFirst().json.value(u"model"_s).toString(), u"llama3.2:3b"_s);
    const QList<Message> rows = repository.messages(window.viewModel()->conversationId());
    QCOMPARE(rows.constLast().content, u"Hello from the local server"_s);
}

void TestFirstRun::openAiKeyGoesToTheSecretStore()
{
    Test::TemporaryDatabase db;
    QVERIFY2(db.isReady(), qPrintable(db.errorString()));
    // The only candidate answers, but is no model server: nothing is found.
    FakeLlmServer notAModelServer;
    notAModelServer.overrideRoute(u"GET"_s, u"/v1/models"_s, 404, QByteArrayLiteral("{}"));
    QNetworkAccessManager network;
    SecretStore secrets(u"tandem-gui-test-firstrun"_s);
    secrets.setRetryDelay(50);
    LocalSettingsService service(&db.work(), &secrets, &network);
    SettingsViewModel settings(&service);
    ProviderProfile candidate = ProviderPresets::ollama();
    candidate.id.clear();
    candidate.baseUrl = notAModelServer.baseUrl();
    service.setDetectionCandidates({ candidate });
    LocalChatRepository repository(db.work(), &network, &secrets, nullptr);
    MainWindow window(&repository, &settings);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));

    auto *send = window.composer()->findChild<QPushButton *>(u"SendButton"_s);
    QTest::keyClicks(window.composer()->findChild<QPlainTextEdit *>(), u"Hello"_s);
    QVERIFY(!send->isEnabled());

    const QString key = u"sk-first-run-%1"_s.arg(QDateTime::currentMSecsSinceEpoch());
    int offered = -1;
    bool typedIntoAPasswordField = false;
    ModalAnswer<FirstRunDialog> answer([&](FirstRunDialog *dialog) {
        auto *field = dialog->findChild<QLineEdit *>(u"OpenAiKey"_s);
        QPushButton *use = buttonNamed(dialog, u"Use OpenAI with this key"_s);
        if (field->text().isEmpty()) {
            offered = dialog->findChild<QListWidget *>(u"DetectedServers"_s)->count();
            typedIntoAPasswordField = field->echoMode() == QLineEdit::Password;
            QTest::keyClicks(field, key);
            return false;
        }
        if (!use->isEnabled())
            return false;
        use->click(); // the dialog closes once the key is stored
        return true;
    });
    window.runFirstRunIfNeeded();
    QVERIFY(answer.answered());
    QCOMPARE(offered, 0);
    QVERIFY(typedIntoAPasswordField);

    const QList<ProviderProfile> stored = settings.providers();
    QCOMPARE(stored.size(), 1);
    const QString id = stored.constFirst().id;
    QCOMPARE(stored.constFirst().baseUrl, ProviderPresets::openAi().baseUrl);
    QCOMPARE(stored.constFirst().protocol, ProviderProfile::Protocol::Responses);
    QCOMPARE(settings.defaultProviderId(), id);
    QVERIFY(send->isEnabled()); // (not clicked: nothing goes to the real OpenAI)

    // The key is in the SecretStore under the provider's id, and in no file of the database's folder.
    const SecretStore::Result read = Test::waitFor([&](SecretStore::Callback done) { secrets.read(id, done); });
    QVERIFY2(read.ok(), qPrintable(read.errorString));
    QCOMPARE(read.secret, key);
    db.connection().close();
    QVERIFY(!Test::folderContains(db.folder(), key.toUtf8()));
    QVERIFY(!QSettings().allKeys().isEmpty());
    const QStringList settingKeys = QSettings().allKeys();
    for (const QString &name : settingKeys)
        QVERIFY(!QSettings().value(name).toString().contains(key));
    const SecretStore::Result removed = Test::waitFor([&](SecretStore::Callback done) { secrets.remove(id, done); });
    QVERIFY2(removed.ok(), qPrintable(removed.errorString));
}

QTEST_MAIN(TestFirstRun)
#include "tst_firstrun.moc"
