// The chat window end to end: the real LocalChatRepository on a real SQLite file, talking over loopback HTTP to
// the fake LLM server. A person types, a dual-agent turn runs with both dividers, dual mode is toggled, a stream is
// stopped.

#include "ChatView.h"
#include "Composer.h"
#include "FakeLlmServer.h"
#include "MainWindow.h"
#include "TemporaryDatabase.h"
#include "chat/LocalChatRepository.h"
#include "presentation/ChatViewModel.h"
#include "presentation/MessageListModel.h"
#include "storage/ProviderStore.h"

#include <QAction>
#include <QNetworkAccessManager>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTest>

#include <memory>

using namespace Qt::StringLiterals;
using namespace Tandem;
using Tandem::Test::FakeLlmServer;
using Tandem::Test::ScriptedReply;

class TestChatWindow : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void init();
    void cleanup();
    void dualAgentTurnShowsBothDividersInOrder();
    void toggleDualMode();
    void stopKeepsThePartialReply();

private:
    void typeAndSend(MainWindow &window, const QString &text);
    QList<Message> rows(MainWindow &window) const;

    std::unique_ptr<Test::TemporaryDatabase> m_db;
    std::unique_ptr<FakeLlmServer> m_server;
    std::unique_ptr<QNetworkAccessManager> m_network;
    std::unique_ptr<LocalChatRepository> m_repository;
};

void TestChatWindow::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(u"Tandem"_s);
    QCoreApplication::setApplicationName(u"tandem-gui-test"_s);
}

void TestChatWindow::init()
{
    m_db = std::make_unique<Test::TemporaryDatabase>();
    QVERIFY2(m_db->isReady(), qPrintable(m_db->errorString()));
    m_server = std::make_unique<FakeLlmServer>();
    QVERIFY(m_server->isListening());
    ProviderProfile profile;
    profile.id = u"fake"_s;
    profile.name = u"Fake server"_s;
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

void TestChatWindow::cleanup()
{
    m_repository.reset();
    m_network.reset();
    m_server.reset();
    m_db.reset();
}

void TestChatWindow::typeAndSend(MainWindow &window, const QString &text)
{
    auto *editor = window.composer()->findChild<QPlainTextEdit *>();
    editor->setFocus();
    QTest::keyClicks(editor, text);
    QTest::keyClick(editor, Qt::Key_Return);
}

QList<Message> TestChatWindow::rows(MainWindow &window) const
{
    QList<Message> list;
    MessageListModel *model = window.viewModel()->messages();
    for (int i = 0; i < model->rowCount(); ++i)
        list << model->messageAt(i);
    return list;
}

void TestChatWindow::dualAgentTurnShowsBothDividersInOrder()
{
    m_server->enqueue(ScriptedReply::text({ u"HANDOFF_AGENT2\n"_s, u"Rewrite: make it shorter"_s }));
    m_server->enqueue(ScriptedReply::text({ u"Here is the "_s, u"shorter text."_s }));
    MainWindow window(m_repository.get());
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    window.newConversation();
    window.dualAction()->trigger();
    QVERIFY(window.viewModel()->isDualMode());

    typeAndSend(window, u"Please shorten my text"_s);
    // The user's message is there at once, before any reply.
    QVERIFY(!rows(window).isEmpty());
    QCOMPARE(rows(window).constFirst().role, Message::Role::User);
    QCOMPARE(rows(window).constFirst().content, u"Please shorten my text"_s);

    QTRY_VERIFY_WITH_TIMEOUT(!window.viewModel()->isRunning(), 15000);
    window.viewModel()->messages()->flushDeltas();
    const QList<Message> list = rows(window);
    int handing = -1;
    int accepted = -1;
    int answer = -1;
    for (int i = 0; i < list.size(); ++i) {
        if (list.at(i).divider == Message::Divider::HandingOver)
            handing = i;
        else if (list.at(i).divider == Message::Divider::Accepted)
            accepted = i;
        else if (list.at(i).role == Message::Role::Assistant && list.at(i).agentId == u"agent2"_s
            && list.at(i).kind == Message::Kind::Text)
            answer = i;
    }
    QVERIFY2(handing > 0, "the handing-over divider is shown");
    QVERIFY2(accepted > handing, "the accepted divider follows it");
    QVERIFY2(answer > accepted, "agent 2's reply comes after both dividers");
    QCOMPARE(list.at(answer).content, u"Here is the shorter text."_s);
    QCOMPARE(list.at(answer).status, Message::Status::Complete);
    for (const Message &m : list)
        QVERIFY(!m.content.contains(u"HANDOFF_AGENT2"_s)); // the signal line is never shown
    // The view shows every row.
    for (int i = 0; i < list.size(); ++i)
        QVERIFY(window.chatView()->visualRect(window.chatView()->model()->index(i, 0)).height() > 0);
}

void TestChatWindow::toggleDualMode()
{
    MainWindow window(m_repository.get());
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    window.newConversation();
    const qint64 id = window.viewModel()->conversationId();
    QVERIFY(id > 0);
    QVERIFY(!window.dualAction()->isChecked());
    window.dualAction()->trigger();
    QCOMPARE(m_repository->conversation(id)->mode, Conversation::Mode::Dual);
    window.modeAction(Conversation::Mode::Single)->trigger();
    QCOMPARE(m_repository->conversation(id)->mode, Conversation::Mode::Single);
    QVERIFY(!window.viewModel()->isDualMode());
}

void TestChatWindow::stopKeepsThePartialReply()
{
    QStringList chunks;
    for (int i = 0; i < 200; ++i)
        chunks << u"word%1 "_s.arg(i);
    ScriptedReply slow = ScriptedReply::text(chunks);
    slow.frameIntervalMs = 30;
    m_server->enqueue(slow);
    MainWindow window(m_repository.get());
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    window.newConversation();
    typeAndSend(window, u"Tell me a long story"_s);
    auto *stop = window.composer()->findChild<QPushButton *>(u"StopButton"_s);
    QTRY_VERIFY_WITH_TIMEOUT(stop->isVisible(), 5000);
    // Wait until some text has streamed in.
    QTRY_VERIFY_WITH_TIMEOUT(rows(window).size() >= 2 && rows(window).constLast().content.contains(u"word2"_s), 10000);
    QTest::mouseClick(stop, Qt::LeftButton);
    QTRY_VERIFY_WITH_TIMEOUT(!window.viewModel()->isRunning(), 10000);
    window.viewModel()->messages()->flushDeltas();
    const Message reply = rows(window).constLast();
    QCOMPARE(reply.role, Message::Role::Assistant);
    QCOMPARE(reply.status, Message::Status::Cancelled);
    QVERIFY(reply.content.startsWith(u"word0 word1 word2"_s));
    QVERIFY(!reply.content.contains(u"word199"_s));
    QVERIFY(window.viewModel()->errorText().isEmpty());
    QVERIFY(!stop->isVisible());
}

QTEST_MAIN(TestChatWindow)
#include "tst_chatwindow.moc"
