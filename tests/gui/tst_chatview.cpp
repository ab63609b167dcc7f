// The chat view's behaviour on the offscreen platform over the in-memory test repository: rows and dividers,
// sending, following the stream, Stop, the dual-agent toggle, copy, retry and the Markdown safety rules.
// The end-to-end turn against the real engine and the fake LLM server belongs in tst_chatwindow.

#include "../unit/StubChatRepository.h"
#include "ChatView.h"
#include "Composer.h"
#include "MainWindow.h"
#include "MessageDelegate.h"
#include "presentation/ChatViewModel.h"
#include "presentation/MessageListModel.h"
#include "presentation/SafeTextDocument.h"

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

using namespace Qt::StringLiterals;
using namespace Tandem;
using Tandem::Test::StubChatRepository;

class TestChatView : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
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
    static Message row(qint64 conversation, Message::Role role, const QString &agent, const QString &text);
};

Message TestChatView::row(qint64 conversation, Message::Role role, const QString &agent, const QString &text)
{
    Message m;
    m.conversationId = conversation;
    m.role = role;
    m.agentId = agent;
    m.content = text;
    return m;
}

void TestChatView::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(u"Tandem"_s);
    QCoreApplication::setApplicationName(u"tandem-gui-test"_s);
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
    StubChatRepository repo;
    const qint64 c = repo.createConversation(Conversation::Mode::Dual);
    MainWindow window(&repo);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    window.viewModel()->openConversation(c);
    repo.store(row(c, Message::Role::User, {}, u"Rewrite this"_s));
    repo.store(row(c, Message::Role::Assistant, u"agent1"_s, u"HANDOFF_AGENT2"_s));
    Message handing = row(c, Message::Role::System, u"agent2"_s, u"Handing the message to agent 2"_s);
    handing.kind = Message::Kind::Divider;
    handing.divider = Message::Divider::HandingOver;
    repo.store(handing);
    Message accepted = handing;
    accepted.content = u"Message accepted by agent 2"_s;
    accepted.divider = Message::Divider::Accepted;
    repo.store(accepted);
    repo.store(row(c, Message::Role::Assistant, u"agent2"_s, u"Here it is."_s));

    QAbstractItemModel *model = window.chatView()->model();
    QCOMPARE(model->rowCount(), 5);
    QCOMPARE(model->index(2, 0).data(MessageListModel::DividerKindRole).toInt(), int(Message::Divider::HandingOver));
    QCOMPARE(model->index(3, 0).data(MessageListModel::DividerKindRole).toInt(), int(Message::Divider::Accepted));
    QCOMPARE(MessageDelegate::dividerTitle(model->index(3, 0)), u"Message accepted by agent 2"_s);
    QCOMPARE(model->index(4, 0).data(MessageListModel::AgentNameRole).toString(), u"Agent 2"_s);
    // Laid out and visible: each row has a height and the divider is centred.
    QTest::qWait(50);
    for (int i = 0; i < 5; ++i)
        QVERIFY(window.chatView()->visualRect(model->index(i, 0)).height() > 10);
    const QRect user = window.chatView()->visualRect(model->index(0, 0));
    QVERIFY(user.isValid());
    QVERIFY(window.dualAction()->isChecked());
}

void TestChatView::typedMessageAppearsAtOnce()
{
    StubChatRepository repo;
    MainWindow window(&repo);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    auto *editor = window.composer()->findChild<QPlainTextEdit *>();
    editor->setFocus();
    QTest::keyClicks(editor, u"Hello agents"_s);
    QTest::keyClick(editor, Qt::Key_Return);
    QCOMPARE(repo.sendCalls, 1);
    QVERIFY(window.viewModel()->conversationId() > 0);
    QCOMPARE(window.chatView()->model()->rowCount(), 1);
    QCOMPARE(window.chatView()->model()->index(0, 0).data().toString(), u"Hello agents"_s);
    QVERIFY(window.composer()->text().isEmpty());
    QVERIFY(window.chatView()->isVisible());
}

void TestChatView::followsTheStreamUnlessScrolledUp()
{
    StubChatRepository repo;
    const qint64 c = repo.createConversation(Conversation::Mode::Single);
    for (int i = 0; i < 80; ++i)
        repo.seed(row(c, i % 2 ? Message::Role::Assistant : Message::Role::User, i % 2 ? u"agent1"_s : QString(),
            u"Message %1 with a few words to wrap a little"_s.arg(i)));
    MainWindow window(&repo);
    window.resize(900, 600);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    window.viewModel()->openConversation(c);
    ChatView *view = window.chatView();
    QScrollBar *bar = view->verticalScrollBar();
    QTRY_VERIFY(bar->maximum() > 0);
    QTRY_COMPARE(bar->value(), bar->maximum());

    Message reply = row(c, Message::Role::Assistant, u"agent1"_s, {});
    reply.status = Message::Status::Streaming;
    reply = repo.store(reply);
    for (int i = 0; i < 30; ++i)
        repo.delta(reply.id, u"streamed line %1\n\n"_s.arg(i));
    window.viewModel()->messages()->flushDeltas();
    QTRY_COMPARE(bar->value(), bar->maximum());
    QVERIFY(view->isFollowing());

    // The person scrolls up: new text no longer moves the view.
    bar->setValue(bar->maximum() / 2);
    QVERIFY(!view->isFollowing());
    const int kept = bar->value();
    for (int i = 0; i < 10; ++i)
        repo.delta(reply.id, u"more %1\n\n"_s.arg(i));
    window.viewModel()->messages()->flushDeltas();
    QTest::qWait(50);
    QCOMPARE(bar->value(), kept);
    view->scrollToEnd();
    QVERIFY(view->isFollowing());
}

void TestChatView::stopWhileRunning()
{
    StubChatRepository repo;
    MainWindow window(&repo);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    const qint64 c = window.viewModel()->newConversation();
    auto *stop = window.composer()->findChild<QPushButton *>(u"StopButton"_s);
    auto *send = window.composer()->findChild<QPushButton *>(u"SendButton"_s);
    QVERIFY(!stop->isVisible());
    repo.running = true;
    Q_EMIT repo.runStarted(c, 1);
    QVERIFY(stop->isVisible());
    QVERIFY(!send->isVisible());
    QTest::mouseClick(stop, Qt::LeftButton);
    QCOMPARE(repo.cancelCalls, 1);
    // Esc stops too.
    auto *editor = window.composer()->findChild<QPlainTextEdit *>();
    editor->setFocus();
    QTest::keyClick(editor, Qt::Key_Escape);
    QCOMPARE(repo.cancelCalls, 2);
    repo.running = false;
    Q_EMIT repo.runFinished(c, 1, RunOutcome::Cancelled, {});
    QVERIFY(!stop->isVisible());
    QVERIFY(send->isVisible());
}

void TestChatView::dualToggleSwitchesTheConversation()
{
    StubChatRepository repo;
    MainWindow window(&repo);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    const qint64 c = window.viewModel()->newConversation();
    QVERIFY(!window.dualAction()->isChecked());
    window.dualAction()->trigger();
    QCOMPARE(repo.conversationRows.value(c).mode, Conversation::Mode::Dual);
    QVERIFY(window.viewModel()->isDualMode());
    window.dualAction()->trigger();
    QCOMPARE(repo.conversationRows.value(c).mode, Conversation::Mode::Single);
    QVERIFY(!window.dualAction()->isChecked());
}

void TestChatView::copyAndRetryFromTheBubble()
{
    StubChatRepository repo;
    const qint64 c = repo.createConversation(Conversation::Mode::Single);
    repo.seed(row(c, Message::Role::User, {}, u"question"_s));
    Message error = row(c, Message::Role::Assistant, u"agent1"_s, {});
    error.kind = Message::Kind::Error;
    error.status = Message::Status::Error;
    error.error = u"The provider answered 503."_s;
    repo.seed(error);
    MainWindow window(&repo);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    window.viewModel()->openConversation(c);
    ChatView *view = window.chatView();
    QTest::qWait(50);
    const QModelIndex index = view->model()->index(1, 0);
    const QRect rect = view->visualRect(index);
    QPoint retry;
    for (int y = rect.top(); y <= rect.bottom() && retry.isNull(); y += 2)
        for (int x = rect.left(); x <= rect.right() && retry.isNull(); x += 2)
            if (view->messageDelegate()->actionAt(rect, index, QPoint(x, y)) == MessageDelegate::Action::Retry)
                retry = QPoint(x, y);
    QVERIFY(!retry.isNull());
    QTest::mouseClick(view->viewport(), Qt::LeftButton, {}, retry);
    QCOMPARE(repo.regenerateCalls, 1);

    view->copyRow(0);
    QCOMPARE(QGuiApplication::clipboard()->text(), u"question"_s);
    view->copyRow(1);
    QVERIFY(QGuiApplication::clipboard()->text().contains(u"503"_s));
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
