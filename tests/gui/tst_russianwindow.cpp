// The window in Russian, as a person with a Russian desktop (or "Русский" chosen in the settings) gets it: the
// translations are installed the way every Tandem process installs them (AppSetup::configure), the real MainWindow
// runs a dual-agent turn against the fake LLM server over loopback, and what is on screen is Russian: the menus,
// the toolbar, the composer, the status line, seed 000's two dividers («Передача сообщения во 2-го агента»,
// «Сообщение принято агентом 2», stored in the language of the process that made them) and counts with their
// plural forms.

#include "ChatView.h"
#include "Composer.h"
#include "FakeLlmServer.h"
#include "MainWindow.h"
#include "TemporaryDatabase.h"
#include "TextRecorder.h"
#include "chat/LocalChatRepository.h"
#include "cli/AppSetup.h"
#include "presentation/ChatViewModel.h"
#include "presentation/MessageListModel.h"
#include "storage/ProviderStore.h"

#include <QAction>
#include <QLabel>
#include <QMenuBar>
#include <QNetworkAccessManager>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QStandardPaths>
#include <QTest>

#include <memory>

using namespace Qt::StringLiterals;
using namespace Tandem;
using Tandem::Test::FakeLlmServer;
using Tandem::Test::ScriptedReply;
using Tandem::Test::TextRecorder;

class TestRussianWindow : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void init();
    void cleanup();
    void menusAndControlsAreRussian();
    void dualAgentTurnShowsTheSeedsDividers();
    void countsUseRussianPluralForms_data();
    void countsUseRussianPluralForms();

private:
    std::unique_ptr<MainWindow> showWindow();
    static QString painted(ChatView *view);
    static void typeAndSend(MainWindow &window, const QString &text);

    std::unique_ptr<Test::TemporaryDatabase> m_db;
    std::unique_ptr<FakeLlmServer> m_server;
    std::unique_ptr<QNetworkAccessManager> m_network;
    std::unique_ptr<LocalChatRepository> m_repository;
};

void TestRussianWindow::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    // What main() does before it makes the window, with Russian as the language chosen.
    AppSetup::configure(*QCoreApplication::instance(), u"ru"_s);
    QCOMPARE(AppSetup::description().left(7), u"Tandem:"_s); // the name is not translated...
    QVERIFY2(AppSetup::description().contains(u"агент"_s), qPrintable(AppSetup::description())); // ...the rest is
}

void TestRussianWindow::init()
{
    m_db = std::make_unique<Test::TemporaryDatabase>();
    QVERIFY2(m_db->isReady(), qPrintable(m_db->errorString()));
    m_server = std::make_unique<FakeLlmServer>();
    QVERIFY(m_server->isListening());
    ProviderProfile profile;
    profile.id = u"fake"_s;
    profile.name = u"Демо-сервер"_s;
    profile.protocol = ProviderProfile::Protocol::ChatCompletions;
    profile.baseUrl = m_server->baseUrl();
    profile.defaultModel = u"fake-model"_s;
    QVERIFY(m_db->work().providers().save(profile));
    m_network = std::make_unique<QNetworkAccessManager>();
    EngineConfig config;
    config.defaultProviderId = profile.id;
    config.retryPolicy.maxRetries = 0;
    config.persistIntervalMs = 10;
    m_repository = std::make_unique<LocalChatRepository>(m_db->work(), m_network.get(), nullptr, nullptr, config);
}

void TestRussianWindow::cleanup()
{
    m_repository.reset();
    m_network.reset();
    m_server.reset();
    m_db.reset();
}

std::unique_ptr<MainWindow> TestRussianWindow::showWindow()
{
    auto window = std::make_unique<MainWindow>(m_repository.get());
    window->resize(1000, 700);
    window->show();
    if (!QTest::qWaitForWindowExposed(window.get()))
        return {};
    return window;
}

QString TestRussianWindow::painted(ChatView *view)
{
    TextRecorder recorder(view->viewport()->size());
    view->viewport()->render(&recorder);
    return recorder.text();
}

void TestRussianWindow::typeAndSend(MainWindow &window, const QString &text)
{
    auto *editor = window.composer()->findChild<QPlainTextEdit *>();
    editor->setFocus();
    editor->insertPlainText(text); // QTest types Latin-1 only; Enter is the person's key

    QTest::keyClick(editor, Qt::Key_Return);
}

void TestRussianWindow::menusAndControlsAreRussian()
{
    const auto window = showWindow();
    QVERIFY(window);
    window->newConversation();
    QStringList menus;
    for (const QAction *menu : window->menuBar()->actions())
        menus << menu->text();
    QVERIFY2(menus.contains(u"&Файл"_s), qPrintable(menus.join(u", "_s)));
    QCOMPARE(window->dualAction()->text(), u"&Два агента"_s);
    QCOMPARE(window->exportAction()->text(), u"&Экспорт…"_s);
    auto *send = window->composer()->findChild<QPushButton *>(u"SendButton"_s);
    QVERIFY(send);
    QCOMPARE(send->text(), u"&Отправить"_s);
    auto *editor = window->composer()->findChild<QPlainTextEdit *>();
    QCOMPARE(editor->placeholderText(), u"Напишите сообщение. Enter — отправить, Shift+Enter — новая строка."_s);
    auto *status = window->findChild<QLabel *>(u"StatusLine"_s);
    QVERIFY(status);
    QVERIFY2(status->text().contains(u"Агент"_s), qPrintable(status->text()));
}

void TestRussianWindow::dualAgentTurnShowsTheSeedsDividers()
{
    m_server->enqueue(ScriptedReply::text({ u"HANDOFF_AGENT2\n"_s, u"Сократить текст: «Мы рады сообщить…»"_s }));
    m_server->enqueue(ScriptedReply::text({ u"Вот более "_s, u"короткий текст."_s }));
    const auto window = showWindow();
    QVERIFY(window);
    window->newConversation();
    window->dualAction()->trigger();
    QVERIFY(window->viewModel()->isDualMode());
    typeAndSend(*window, u"Сократи мой текст"_s);
    QTRY_VERIFY_WITH_TIMEOUT(!window->viewModel()->isRunning(), 15000);
    window->viewModel()->messages()->flushDeltas();

    // Stored in the language of the process that made them.
    MessageListModel *model = window->viewModel()->messages();
    QStringList dividers;
    for (int i = 0; i < model->rowCount(); ++i)
        if (model->messageAt(i).divider != Message::Divider::None)
            dividers << model->messageAt(i).content;
    QCOMPARE(dividers, (QStringList { u"Передача сообщения во 2-го агента"_s, u"Сообщение принято агентом 2"_s }));

    // And on screen, in order, before agent 2's answer.
    ChatView *view = window->chatView();
    QTRY_VERIFY(view->visualRect(view->model()->index(model->rowCount() - 1, 0)).height() > 10);
    const QString screen = painted(view);
    const qsizetype handing = screen.indexOf(u"Передача сообщения во 2-го агента"_s);
    const qsizetype accepted = screen.indexOf(u"Сообщение принято агентом 2"_s);
    const qsizetype answer = screen.indexOf(u"короткий текст."_s);
    QVERIFY2(handing >= 0 && accepted > handing && answer > accepted, qPrintable(screen));
    QVERIFY2(screen.contains(u"Агент 2"_s), qPrintable(screen)); // the answer's author
    QVERIFY2(!screen.contains(u"Handing the message"_s) && !screen.contains(u"Message accepted"_s), qPrintable(screen));
}

void TestRussianWindow::countsUseRussianPluralForms_data()
{
    // Russian has three forms: 1, 21 (один); 2–4, 22 (несколько); 5–20, 25 (много).
    QTest::addColumn<int>("tokens");
    QTest::addColumn<QString>("shown");
    QTest::newRow("21") << 21 << u"21 токен"_s;
    QTest::newRow("22") << 22 << u"22 токена"_s;
    QTest::newRow("25") << 25 << u"25 токенов"_s;
    QTest::newRow("111") << 111 << u"111 токенов"_s;
}

void TestRussianWindow::countsUseRussianPluralForms()
{
    QFETCH(int, tokens);
    QFETCH(QString, shown);
    TokenUsage usage;
    usage.inputTokens = tokens - 1;
    usage.outputTokens = 1;
    m_server->enqueue(ScriptedReply::text({ u"Сосчитано."_s }, usage));
    const auto window = showWindow();
    QVERIFY(window);
    window->newConversation();
    typeAndSend(*window, u"Сколько токенов?"_s);
    QTRY_VERIFY_WITH_TIMEOUT(!window->viewModel()->isRunning(), 15000);
    window->viewModel()->messages()->flushDeltas();
    ChatView *view = window->chatView();
    QTRY_VERIFY(view->visualRect(view->model()->index(1, 0)).height() > 10);
    const QStringList lines = painted(view).split(u'\n');
    bool found = false;
    for (const QString &line : lines)
        found = found || line.split(u"  ·  "_s).contains(shown);
    QVERIFY2(found, qPrintable(lines.join(u" | "_s)));
}

QTEST_MAIN(TestRussianWindow)
#include "tst_russianwindow.moc"
