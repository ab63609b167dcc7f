// The chat view on real parts, on the offscreen platform: the real LocalChatRepository on a temporary SQLite file,
// its runs streamed over loopback HTTP by the fake LLM server. Rows and dividers, sending, following the stream,
// Stop, the dual-agent toggle, Copy and Retry from the bubble, and the Markdown safety rules. What a click asked for
// is checked where it lands: the stored rows, the requests the server received, the clipboard.

#include "ChatView.h"
#include "Composer.h"
#include "EngineHarness.h"
#include "MainWindow.h"
#include "MessageDelegate.h"
#include "presentation/ChatViewModel.h"
#include "presentation/MessageListModel.h"
#include "presentation/SafeTextDocument.h"
#include "storage/MessageStore.h"
#include "storage/TransactionGuard.h"

#include <QAction>
#include <QClipboard>
#include <QFile>
#include <QGuiApplication>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QScrollBar>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QSvgRenderer>
#include <QTest>
#include <QTextBlock>

#include <algorithm>
#include <memory>

using namespace Qt::StringLiterals;
using namespace Tandem;
using Tandem::Test::EngineHarness;
using Tandem::Test::ScriptedReply;

namespace {

/// A reply that streams every chunk of @p text, then goes silent with the connection open (until stopped).
ScriptedReply stallingAfter(const QStringList &text)
{
    // Chat Completions opens with a role-only chunk, then one chunk per piece of text.
    return ScriptedReply::text(text).withFault(ScriptedReply::Fault::Stall, int(text.size()) + 1);
}

/// "<prefix>0<suffix>", "<prefix>1<suffix>", …
QStringList numbered(const QString &prefix, int count, const QString &suffix)
{
    QStringList list;
    for (int i = 0; i < count; ++i)
        list << prefix + QString::number(i) + suffix;
    return list;
}

} // namespace

class TestChatView : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void init();
    void cleanup();
    void everyDividerKindHasItsIcon_data();
    void everyDividerKindHasItsIcon();
    void showsRowsAndDividersInOrder();
    void typedMessageAppearsAtOnce();
    void followsTheStreamUnlessScrolledUp();
    void stopWhileRunning();
    void dualToggleSwitchesTheConversation();
    void copyAndRetryFromTheBubble();
    void remoteImagesAreNeverFetched();

private:
    /// A shown window on the harness's repository.
    std::unique_ptr<MainWindow> showWindow(const QSize &size = QSize(900, 640));
    /// Waits until the window's view model says the run is over, then applies the streamed text.
    bool waitUntilIdle(MainWindow &window) const;
    /// The first point of @p row's footer where the delegate places @p action (viewport coordinates); null if none.
    static QPoint actionPoint(ChatView *view, int row, MessageDelegate::Action action);
    static void typeAndSend(MainWindow &window, const QString &text);
    Message history(qint64 conversation, Message::Role role, const QString &text) const;

    std::unique_ptr<EngineHarness> m_h;
    LocalChatRepository *m_repo = nullptr;
};

void TestChatView::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(u"Tandem"_s);
    QCoreApplication::setApplicationName(u"tandem-gui-test"_s);
}

void TestChatView::init()
{
    EngineConfig config = EngineHarness::testConfig(); // no retries
    config.persistIntervalMs = 10;
    m_h = std::make_unique<EngineHarness>(ProviderProfile::Protocol::ChatCompletions, config);
    QVERIFY(m_h->isReady());
    m_repo = &m_h->repository();
}

void TestChatView::cleanup()
{
    if (m_repo) {
        const QList<Conversation> conversations = m_repo->conversations();
        for (const Conversation &c : conversations)
            m_repo->cancel(c.id); // a failed test may leave a stalled run behind
    }
    m_repo = nullptr;
    m_h.reset();
}

std::unique_ptr<MainWindow> TestChatView::showWindow(const QSize &size)
{
    auto window = std::make_unique<MainWindow>(m_repo);
    window->resize(size);
    window->show();
    if (!QTest::qWaitForWindowExposed(window.get()))
        return {};
    return window;
}

bool TestChatView::waitUntilIdle(MainWindow &window) const
{
    const bool idle = QTest::qWaitFor([&] { return !window.viewModel()->isRunning(); }, 15'000);
    window.viewModel()->messages()->flushDeltas();
    return idle;
}

QPoint TestChatView::actionPoint(ChatView *view, int row, MessageDelegate::Action action)
{
    const QModelIndex index = view->model()->index(row, 0);
    const QRect rect = view->visualRect(index);
    // The footer is at the bottom of the bubble: look there first.
    for (int y = rect.bottom(); y >= rect.top(); y -= 2)
        for (int x = rect.left(); x <= rect.right(); x += 2)
            if (view->messageDelegate()->actionAt(rect, index, QPoint(x, y)) == action)
                return QPoint(x, y);
    return {};
}

void TestChatView::typeAndSend(MainWindow &window, const QString &text)
{
    auto *editor = window.composer()->findChild<QPlainTextEdit *>();
    editor->setFocus();
    QTest::keyClicks(editor, text);
    QTest::keyClick(editor, Qt::Key_Return);
}

Message TestChatView::history(qint64 conversation, Message::Role role, const QString &text) const
{
    Message m;
    m.conversationId = conversation;
    m.role = role;
    m.agentId = role == Message::Role::User ? QString() : u"assistant"_s;
    m.content = text;
    return m;
}

void TestChatView::everyDividerKindHasItsIcon_data()
{
    QTest::addColumn<int>("kind");
    QTest::newRow("handing over") << int(Message::Divider::HandingOver);
    QTest::newRow("accepted") << int(Message::Divider::Accepted);
    QTest::newRow("rejected") << int(Message::Divider::Rejected);
    QTest::newRow("transferred") << int(Message::Divider::Transferred);
    QTest::newRow("error") << int(Message::Divider::Error);
    QTest::newRow("approval") << int(Message::Divider::ApprovalNeeded);
}

void TestChatView::everyDividerKindHasItsIcon()
{
    QFETCH(int, kind);
    const QString path = MessageDelegate::dividerIconPath(kind);
    QVERIFY2(QFile::exists(path), qPrintable(path));
    QSvgRenderer renderer(path);
    QVERIFY(renderer.isValid());
    // Each kind has an icon of its own.
    for (int other = int(Message::Divider::HandingOver); other <= int(Message::Divider::ApprovalNeeded); ++other)
        if (other != kind)
            QVERIFY(MessageDelegate::dividerIconPath(other) != path);
}

void TestChatView::showsRowsAndDividersInOrder()
{
    // A real dual-agent turn (seed 000's text signal): agent 1 hands over, agent 2 answers.
    m_h->server().enqueue(ScriptedReply::text({ u"HANDOFF_AGENT2\n"_s, u"Rewrite: make it shorter"_s }));
    m_h->server().enqueue(ScriptedReply::text({ u"Here it is."_s }));
    const qint64 c = m_h->createConversation(Conversation::Mode::Dual);
    const auto window = showWindow();
    QVERIFY(window);
    window->viewModel()->openConversation(c);
    QVERIFY(window->dualAction()->isChecked());
    QVERIFY(window->viewModel()->send(u"Rewrite this"_s));
    QVERIFY(waitUntilIdle(*window));

    // One row per stored message, in the stored order: the question, agent 1's handover, both dividers, the answer.
    QAbstractItemModel *model = window->chatView()->model();
    const QList<Message> stored = m_h->rows(c);
    QCOMPARE(model->rowCount(), 5);
    QCOMPARE(stored.size(), 5);
    for (int i = 0; i < 5; ++i)
        QCOMPARE(model->index(i, 0).data(MessageListModel::IdRole).toLongLong(), stored.at(i).id);
    QCOMPARE(model->index(0, 0).data(MessageListModel::ContentRole).toString(), u"Rewrite this"_s);
    QCOMPARE(model->index(1, 0).data(MessageListModel::AgentNameRole).toString(), u"Agent 1"_s);
    QCOMPARE(model->index(1, 0).data(MessageListModel::ContentRole).toString(), u"Rewrite: make it shorter"_s);
    QCOMPARE(model->index(2, 0).data(MessageListModel::DividerKindRole).toInt(), int(Message::Divider::HandingOver));
    QCOMPARE(MessageDelegate::dividerTitle(model->index(2, 0)), u"Handing the message to agent 2"_s);
    QCOMPARE(model->index(3, 0).data(MessageListModel::DividerKindRole).toInt(), int(Message::Divider::Accepted));
    QCOMPARE(MessageDelegate::dividerTitle(model->index(3, 0)), u"Message accepted by agent 2"_s);
    QCOMPARE(model->index(4, 0).data(MessageListModel::AgentNameRole).toString(), u"Agent 2"_s);
    QCOMPARE(model->index(4, 0).data(MessageListModel::ContentRole).toString(), u"Here it is."_s);
    // Laid out and visible: each row has a height, top to bottom in order.
    ChatView *view = window->chatView();
    QTRY_VERIFY(view->visualRect(model->index(4, 0)).height() > 10);
    for (int i = 0; i < 5; ++i) {
        QVERIFY(view->visualRect(model->index(i, 0)).height() > 10);
        if (i > 0)
            QVERIFY(view->visualRect(model->index(i, 0)).top() >= view->visualRect(model->index(i - 1, 0)).bottom());
    }
    QVERIFY(window->dualAction()->isChecked());
}

void TestChatView::typedMessageAppearsAtOnce()
{
    m_h->server().enqueue(ScriptedReply::text({ u"Hello "_s, u"person"_s }));
    const auto window = showWindow();
    QVERIFY(window);
    QVERIFY(m_repo->conversations().isEmpty());
    typeAndSend(*window, u"Hello agents"_s);

    // Stored and shown before any reply.
    const qint64 c = window->viewModel()->conversationId();
    QVERIFY(c > 0);
    QCOMPARE(m_repo->conversations().size(), 1);
    QCOMPARE(window->chatView()->model()->rowCount(), 1);
    QCOMPARE(window->chatView()->model()->index(0, 0).data().toString(), u"Hello agents"_s);
    QCOMPARE(m_h->rows(c).size(), 1);
    QCOMPARE(m_h->rows(c).constFirst().content, u"Hello agents"_s);
    QVERIFY(window->composer()->text().isEmpty());
    QVERIFY(window->chatView()->isVisible());

    // Sent once, and answered.
    QVERIFY(waitUntilIdle(*window));
    const QList<Test::RecordedRequest> requests = m_h->modelRequests();
    QCOMPARE(requests.size(), 1);
    QCOMPARE(EngineHarness::inputSummary(requests.constFirst()).constLast(), u"user: Hello agents"_s);
    QCOMPARE(window->chatView()->model()->rowCount(), 2);
    QCOMPARE(window->chatView()->model()->index(1, 0).data().toString(), u"Hello person"_s);
}

void TestChatView::followsTheStreamUnlessScrolledUp()
{
    const qint64 c = m_h->createConversation(Conversation::Mode::Single);
    {
        TransactionGuard transaction(m_h->db());
        for (int i = 0; i < 80; ++i) {
            Message m = history(c, i % 2 ? Message::Role::Assistant : Message::Role::User,
                u"Message %1 with a few words to wrap a little"_s.arg(i));
            QVERIFY(MessageStore(m_h->db()).append(m));
        }
        QVERIFY(transaction.commit());
    }
    const auto window = showWindow(QSize(900, 600));
    QVERIFY(window);
    window->viewModel()->openConversation(c);
    ChatView *view = window->chatView();
    QScrollBar *bar = view->verticalScrollBar();
    QTRY_VERIFY(bar->maximum() > 0);
    QTRY_COMPARE(bar->value(), bar->maximum());

    // A reply streams thirty paragraphs and waits for more: the view went along with it.
    const int before = bar->value();
    m_h->server().enqueue(stallingAfter(numbered(u"streamed line "_s, 30, u"\n\n"_s)));
    QVERIFY(window->viewModel()->send(u"Go on"_s));
    MessageListModel *messages = window->viewModel()->messages();
    QTRY_VERIFY_WITH_TIMEOUT(
        messages->messageAt(messages->rowCount() - 1).content.contains(u"streamed line 29"_s), 10'000);
    messages->flushDeltas();
    QTRY_COMPARE(bar->value(), bar->maximum());
    QVERIFY(bar->value() > before);
    QVERIFY(view->isFollowing());
    window->viewModel()->stop();
    QVERIFY(!window->viewModel()->isRunning());

    // The person scrolls up: text streamed into a reply no longer moves the view.
    QTRY_COMPARE(bar->value(), bar->maximum());
    bar->setValue(bar->maximum() / 2);
    QVERIFY(!view->isFollowing());
    const int kept = bar->value();
    m_h->server().enqueue(stallingAfter(numbered(u"more "_s, 10, u"\n\n"_s)));
    QVERIFY(window->viewModel()->send(u"And more"_s));
    QTRY_VERIFY_WITH_TIMEOUT(messages->messageAt(messages->rowCount() - 1).content.contains(u"more 9"_s), 10'000);
    messages->flushDeltas();
    QCoreApplication::processEvents(); // the view follows, if it does, on the next turn of the event loop
    QCoreApplication::processEvents();
    QCOMPARE(bar->value(), kept);
    QVERIFY(!view->isFollowing());
    view->scrollToEnd();
    QVERIFY(view->isFollowing());
    QCOMPARE(bar->value(), bar->maximum());
    window->viewModel()->stop();
}

void TestChatView::stopWhileRunning()
{
    const auto window = showWindow();
    QVERIFY(window);
    const qint64 c = window->viewModel()->newConversation();
    auto *stop = window->composer()->findChild<QPushButton *>(u"StopButton"_s);
    auto *send = window->composer()->findChild<QPushButton *>(u"SendButton"_s);
    QVERIFY(!stop->isVisible());
    QVERIFY(send->isVisible());
    QSignalSpy finished(m_repo, &ChatRepository::runFinished);

    // Stop, clicked: the partial reply stays, marked stopped.
    m_h->server().enqueue(stallingAfter({ u"Once "_s, u"upon "_s }));
    typeAndSend(*window, u"Tell me a story"_s);
    QVERIFY(stop->isVisible());
    QVERIFY(!send->isVisible());
    QTRY_VERIFY_WITH_TIMEOUT(m_h->rows(c).constLast().content == u"Once upon "_s, 10'000);
    QTest::mouseClick(stop, Qt::LeftButton);
    QCOMPARE(finished.count(), 1);
    QCOMPARE(finished.constLast().at(2).value<RunOutcome>(), RunOutcome::Cancelled);
    QCOMPARE(m_h->rows(c).constLast().status, Message::Status::Cancelled);
    QCOMPARE(m_h->rows(c).constLast().content, u"Once upon "_s);
    QVERIFY(!stop->isVisible());
    QVERIFY(send->isVisible());

    // Esc in the editor stops too.
    m_h->server().enqueue(stallingAfter({ u"Another "_s, u"one"_s }));
    typeAndSend(*window, u"Another"_s);
    QVERIFY(stop->isVisible());
    QTRY_VERIFY_WITH_TIMEOUT(m_h->rows(c).constLast().content == u"Another one"_s, 10'000);
    auto *editor = window->composer()->findChild<QPlainTextEdit *>();
    editor->setFocus();
    QTest::keyClick(editor, Qt::Key_Escape);
    QCOMPARE(finished.count(), 2);
    QCOMPARE(finished.constLast().at(2).value<RunOutcome>(), RunOutcome::Cancelled);
    QCOMPARE(m_h->rows(c).constLast().status, Message::Status::Cancelled);
    QVERIFY(!stop->isVisible());
    QVERIFY(send->isVisible());
    QCOMPARE(m_h->modelRequests().size(), 2);
}

void TestChatView::dualToggleSwitchesTheConversation()
{
    const auto window = showWindow();
    QVERIFY(window);
    const qint64 c = window->viewModel()->newConversation();
    QVERIFY(!window->dualAction()->isChecked());
    window->dualAction()->trigger();
    QCOMPARE(m_repo->conversation(c)->mode, Conversation::Mode::Dual);
    QVERIFY(window->viewModel()->isDualMode());
    QVERIFY(window->dualAction()->isChecked());
    window->dualAction()->trigger();
    QCOMPARE(m_repo->conversation(c)->mode, Conversation::Mode::Single);
    QVERIFY(!window->viewModel()->isDualMode());
    QVERIFY(!window->dualAction()->isChecked());
}

void TestChatView::copyAndRetryFromTheBubble()
{
    m_h->server().enqueue(ScriptedReply::httpError(503));
    const auto window = showWindow();
    QVERIFY(window);
    const qint64 c = window->viewModel()->newConversation();
    QVERIFY(window->viewModel()->send(u"question"_s));
    QVERIFY(waitUntilIdle(*window));
    ChatView *view = window->chatView();
    QCOMPARE(view->model()->rowCount(), 2);
    QCOMPARE(view->model()->index(1, 0).data(MessageListModel::KindRole).toInt(), int(Message::Kind::Error));
    const QString reason = view->model()->index(1, 0).data(MessageListModel::ContentRole).toString();
    QVERIFY(!reason.isEmpty());

    view->copyRow(0);
    QCOMPARE(QGuiApplication::clipboard()->text(), u"question"_s);
    view->copyRow(1);
    QVERIFY2(QGuiApplication::clipboard()->text().contains(reason), qPrintable(QGuiApplication::clipboard()->text()));

    // Copy in the error bubble's footer.
    QGuiApplication::clipboard()->clear();
    QPoint copy;
    QTRY_VERIFY(!(copy = actionPoint(view, 1, MessageDelegate::Action::Copy)).isNull());
    QTest::mouseClick(view->viewport(), Qt::LeftButton, {}, copy);
    QVERIFY(QGuiApplication::clipboard()->text().contains(reason));

    // Retry in the same footer asks the same question again.
    m_h->server().enqueue(ScriptedReply::text({ u"An "_s, u"answer."_s }));
    const QPoint retry = actionPoint(view, 1, MessageDelegate::Action::Retry);
    QVERIFY(!retry.isNull());
    QTest::mouseClick(view->viewport(), Qt::LeftButton, {}, retry);
    QVERIFY(waitUntilIdle(*window));
    const QList<Test::RecordedRequest> requests = m_h->modelRequests();
    QCOMPARE(requests.size(), 2);
    QCOMPARE(EngineHarness::inputSummary(requests.at(1)).constLast(), u"user: question"_s);
    const QList<Message> stored = m_h->rows(c);
    QCOMPARE(stored.constLast().content, u"An answer."_s);
    QCOMPARE(stored.constLast().status, Message::Status::Complete);
    QCOMPARE(
        std::count_if(stored.cbegin(), stored.cend(), [](const Message &m) { return m.role == Message::Role::User; }),
        1);
    QCOMPARE(view->model()->index(view->model()->rowCount() - 1, 0).data().toString(), u"An answer."_s);
}

void TestChatView::remoteImagesAreNeverFetched()
{
    SafeTextDocument document;
    document.setChatMarkdown(u"![tracker](https://example.com/pixel.png) and ![local](/etc/hostname)\n\n"
                             "```\ncode\n```"_s,
        QColor(Qt::lightGray));
    document.setTextWidth(400);
    document.size(); // lays it out, which asks for the images
    QVERIFY(document.refusedResources() >= 2);
    // Code blocks are monospaced.
    QTextBlock last = document.lastBlock();
    QVERIFY(last.charFormat().fontFixedPitch() || last.charFormat().font().fixedPitch()
        || last.blockFormat().hasProperty(QTextFormat::BlockCodeFence));
}

QTEST_MAIN(TestChatView)
#include "tst_chatview.moc"
