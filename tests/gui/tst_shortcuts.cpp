// The main window's keyboard shortcuts, pressed on the focused widget of the active window as a person would: Ctrl+N
// opens a new conversation, Ctrl+F goes to the sidebar search, Ctrl+L to the composer, Esc stops the running stream.
// Real parts: the LocalChatRepository on a temporary SQLite file, runs streamed by the fake LLM server over loopback.

#include "ChatView.h"
#include "Composer.h"
#include "EngineHarness.h"
#include "MainWindow.h"
#include "presentation/ChatViewModel.h"
#include "presentation/ConversationListModel.h"
#include "presentation/MessageListModel.h"

#include <QApplication>
#include <QLineEdit>
#include <QListView>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTest>

#include <memory>

using namespace Qt::StringLiterals;
using namespace Tandem;
using Tandem::Test::EngineHarness;
using Tandem::Test::ScriptedReply;

class TestShortcuts : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void init();
    void cleanup();
    void ctrlNOpensANewConversation();
    void ctrlFFocusesTheSearch();
    void ctrlLFocusesTheComposer();
    void escStopsTheRunningStream();

private:
    /// Presses @p key on whatever has the keyboard focus, as the platform would deliver it.
    static void press(QKeyCombination key);
    QLineEdit *search() const { return m_window->findChild<QLineEdit *>(u"SearchField"_s); }
    QPlainTextEdit *editor() const { return m_window->composer()->findChild<QPlainTextEdit *>(); }

    std::unique_ptr<EngineHarness> m_h;
    LocalChatRepository *m_repo = nullptr;
    std::unique_ptr<MainWindow> m_window;
};

void TestShortcuts::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(u"Tandem"_s);
    QCoreApplication::setApplicationName(u"tandem-gui-test"_s);
}

void TestShortcuts::init()
{
    EngineConfig config = EngineHarness::testConfig(); // no retries
    config.persistIntervalMs = 10;
    m_h = std::make_unique<EngineHarness>(ProviderProfile::Protocol::ChatCompletions, config);
    QVERIFY(m_h->isReady());
    m_repo = &m_h->repository();
    m_window = std::make_unique<MainWindow>(m_repo);
    m_window->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
    m_window->activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(m_window.get()));
}

void TestShortcuts::cleanup()
{
    if (m_repo) {
        const QList<Conversation> conversations = m_repo->conversations();
        for (const Conversation &c : conversations)
            m_repo->cancel(c.id); // a failed test may leave a stalled run behind
    }
    m_window.reset();
    m_repo = nullptr;
    m_h.reset();
}

void TestShortcuts::press(QKeyCombination key)
{
    QWidget *focus = QApplication::focusWidget();
    QVERIFY(focus);
    QTest::keyClick(focus, key.key(), key.keyboardModifiers());
}

void TestShortcuts::ctrlNOpensANewConversation()
{
    // An answered conversation is open, the focus in the message list.
    const qint64 first = m_h->createConversation(Conversation::Mode::Single);
    m_h->server().enqueue(ScriptedReply::text({ u"Hi"_s }));
    QCOMPARE(m_h->sendAndWait(first, u"Hello"_s), RunOutcome::Completed);
    m_window->viewModel()->openConversation(first);
    QCOMPARE(m_window->viewModel()->messages()->rowCount(), 2);
    m_window->chatView()->setFocus();
    QCOMPARE(QApplication::focusWidget(), m_window->chatView());

    press(Qt::CTRL | Qt::Key_N);
    const QList<Conversation> conversations = m_repo->conversations();
    QCOMPARE(conversations.size(), 2);
    const qint64 created = m_window->viewModel()->conversationId();
    QVERIFY(created > 0);
    QVERIFY(created != first);
    QVERIFY(m_repo->conversation(created).has_value());
    // Opened: empty, current in the sidebar, ready to type into.
    QCOMPARE(m_window->viewModel()->messages()->rowCount(), 0);
    const auto *list = m_window->findChild<QListView *>(u"ConversationList"_s);
    QTRY_COMPARE(list->currentIndex().data(ConversationListModel::IdRole).toLongLong(), created);
    QCOMPARE(QApplication::focusWidget(), editor());

    // Typed into at once, the message goes to the new conversation.
    m_h->server().enqueue(ScriptedReply::text({ u"Fresh"_s }));
    QTest::keyClicks(editor(), u"New topic"_s);
    QTest::keyClick(editor(), Qt::Key_Return);
    QCOMPARE(m_h->waitForRun(created), RunOutcome::Completed);
    QCOMPARE(m_h->rows(created).constFirst().content, u"New topic"_s);
    QCOMPARE(m_h->rows(first).size(), 2);
}

void TestShortcuts::ctrlFFocusesTheSearch()
{
    search()->setText(u"lisbon"_s);
    editor()->setFocus();
    QCOMPARE(QApplication::focusWidget(), editor());
    press(Qt::CTRL | Qt::Key_F);
    QCOMPARE(QApplication::focusWidget(), search());
    QCOMPARE(search()->selectedText(), u"lisbon"_s); // typing replaces the old query
    QTest::keyClicks(search(), u"porto"_s);
    QCOMPARE(search()->text(), u"porto"_s);
    QVERIFY(editor()->toPlainText().isEmpty());
}

void TestShortcuts::ctrlLFocusesTheComposer()
{
    search()->setFocus();
    QCOMPARE(QApplication::focusWidget(), search());
    press(Qt::CTRL | Qt::Key_L);
    QCOMPARE(QApplication::focusWidget(), editor());
    QTest::keyClicks(QApplication::focusWidget(), u"typed here"_s);
    QCOMPARE(m_window->composer()->text(), u"typed here"_s);
    QVERIFY(search()->text().isEmpty());
}

void TestShortcuts::escStopsTheRunningStream()
{
    // The reply streams two pieces and then waits for more, until stopped.
    m_h->server().enqueue(ScriptedReply::text({ u"Partial "_s, u"reply"_s }).withFault(ScriptedReply::Fault::Stall, 3));
    const qint64 id = m_window->viewModel()->newConversation();
    QSignalSpy finished(m_repo, &ChatRepository::runFinished);
    QVERIFY(m_window->viewModel()->send(u"Write at length"_s));
    QTRY_VERIFY_WITH_TIMEOUT(m_h->rows(id).constLast().content == u"Partial reply"_s, 10'000);
    QVERIFY(m_window->viewModel()->isRunning());

    // Esc with the focus outside the composer: the window's shortcut stops the run.
    m_window->chatView()->setFocus();
    QCOMPARE(QApplication::focusWidget(), m_window->chatView());
    press(Qt::Key_Escape);
    QCOMPARE(finished.count(), 1);
    QCOMPARE(finished.constFirst().at(0).toLongLong(), id);
    QCOMPARE(finished.constFirst().at(2).value<RunOutcome>(), RunOutcome::Cancelled);
    QVERIFY(!m_window->viewModel()->isRunning());
    QVERIFY(m_window->viewModel()->errorText().isEmpty()); // stopped is not failed
    const Message reply = m_h->rows(id).constLast();
    QCOMPARE(reply.role, Message::Role::Assistant);
    QCOMPARE(reply.status, Message::Status::Cancelled);
    QCOMPARE(reply.content, u"Partial reply"_s);
    MessageListModel *messages = m_window->viewModel()->messages();
    messages->flushDeltas();
    QCOMPARE(messages->messageAt(messages->rowCount() - 1).status, Message::Status::Cancelled);
    QCOMPARE(messages->messageAt(messages->rowCount() - 1).content, u"Partial reply"_s);
    QVERIFY(!m_window->composer()->findChild<QPushButton *>(u"StopButton"_s)->isVisible());

    // With nothing running, Esc changes nothing.
    press(Qt::Key_Escape);
    QCOMPARE(finished.count(), 1);
    QCOMPARE(m_h->rows(id).constLast().status, Message::Status::Cancelled);
}

QTEST_MAIN(TestShortcuts)
#include "tst_shortcuts.moc"
