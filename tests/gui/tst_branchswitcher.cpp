// The message tree in the window (issue #30, item 2): Edit turns the person's bubble into an editor whose Send makes a
// new version and runs, Cancel leaves everything as it was; a message with versions shows "‹ 2/2 ›" in its footer,
// whose arrows (and Alt+Left / Alt+Right on the focused message) show the other branch. Real repository on a SQLite
// file, fake LLM server, offscreen widgets.

#include "ChatView.h"
#include "EngineHarness.h"
#include "MainWindow.h"
#include "MessageDelegate.h"
#include "MessageEditor.h"
#include "presentation/ChatViewModel.h"
#include "presentation/MessageListModel.h"

#include <QPlainTextEdit>
#include <QPushButton>
#include <QStandardPaths>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace Tandem;
using Tandem::Test::EngineHarness;
using Tandem::Test::ScriptedReply;

class TestBranchSwitcher : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void editMakesAVersionAndTheSwitcherMovesBetweenThem();
    void cancelLeavesTheMessage();

private:
    static QPoint actionPoint(ChatView *view, int row, MessageDelegate::Action action);
    static QStringList shown(ChatView *view);
    static bool waitUntilIdle(MainWindow &window);
};

void TestBranchSwitcher::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(u"Tandem"_s);
    QCoreApplication::setApplicationName(u"tandem-gui-test"_s);
}

QPoint TestBranchSwitcher::actionPoint(ChatView *view, int row, MessageDelegate::Action action)
{
    const QModelIndex index = view->model()->index(row, 0);
    const QRect rect = view->visualRect(index);
    for (int y = rect.bottom(); y >= rect.top(); y -= 2)
        for (int x = rect.left(); x <= rect.right(); x += 2)
            if (view->messageDelegate()->actionAt(rect, index, QPoint(x, y)) == action)
                return QPoint(x, y);
    return {};
}

QStringList TestBranchSwitcher::shown(ChatView *view)
{
    QStringList texts;
    for (int row = 0; row < view->model()->rowCount(); ++row)
        texts << view->model()->index(row, 0).data(MessageListModel::ContentRole).toString();
    return texts;
}

bool TestBranchSwitcher::waitUntilIdle(MainWindow &window)
{
    const bool idle = QTest::qWaitFor([&] { return !window.viewModel()->isRunning(); }, 15'000);
    window.viewModel()->messages()->flushDeltas();
    return idle;
}

void TestBranchSwitcher::editMakesAVersionAndTheSwitcherMovesBetweenThem()
{
    EngineHarness h(ProviderProfile::Protocol::ChatCompletions);
    QVERIFY(h.isReady());
    MainWindow window(&h.repository());
    window.resize(900, 640);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    h.server().enqueue(ScriptedReply::text({ u"Red."_s }));
    window.viewModel()->newConversation();
    QVERIFY(window.viewModel()->send(u"Name a colour"_s));
    QVERIFY(waitUntilIdle(window));
    ChatView *view = window.chatView();
    QCOMPARE(shown(view), (QStringList { u"Name a colour"_s, u"Red."_s }));
    // One version: no switcher.
    QVERIFY(actionPoint(view, 0, MessageDelegate::Action::PreviousVersion).isNull());

    // Edit: the bubble becomes an editor with the message's text, Send and Cancel.
    QVERIFY(view->startEdit(0));
    auto *editor = view->findChild<MessageEditor *>();
    QVERIFY(editor);
    QTRY_VERIFY(editor->isVisible());
    QCOMPARE(editor->text(), u"Name a colour"_s);
    QVERIFY(editor->findChild<QPushButton *>(u"MessageEditorCancel"_s));
    auto *text = editor->findChild<QPlainTextEdit *>();
    QVERIFY(text);
    text->setPlainText(u"Name a fruit"_s);
    h.server().enqueue(ScriptedReply::text({ u"Apple."_s }));
    QTest::mouseClick(editor->findChild<QPushButton *>(u"MessageEditorSend"_s), Qt::LeftButton);
    QVERIFY(waitUntilIdle(window));
    QTRY_VERIFY(!view->findChild<MessageEditor *>() || !view->findChild<MessageEditor *>()->isVisible());
    QTRY_COMPARE(shown(view), (QStringList { u"Name a fruit"_s, u"Apple."_s }));
    // The model was asked the new question without the old one.
    QVERIFY(!EngineHarness::inputSummary(h.modelRequests().constLast()).contains(u"Name a colour"_s));

    // The person's message has two versions: "‹ 2/2 ›", described for a screen reader, with tooltips.
    const QModelIndex first = view->model()->index(0, 0);
    QCOMPARE(first.data(MessageListModel::SiblingCountRole).toInt(), 2);
    QVERIFY(first.data(Qt::AccessibleDescriptionRole).toString().contains(u"2"_s));
    QPoint previous;
    QTRY_VERIFY(!(previous = actionPoint(view, 0, MessageDelegate::Action::PreviousVersion)).isNull());
    QVERIFY(!actionPoint(view, 0, MessageDelegate::Action::NextVersion).isNull());
    QVERIFY(!MessageDelegate::actionDescription(MessageDelegate::Action::PreviousVersion).isEmpty());

    // ‹ shows the first version with its answer, nothing run again.
    const qsizetype requests = h.modelRequests().size();
    QTest::mouseClick(view->viewport(), Qt::LeftButton, {}, previous);
    QTRY_COMPARE(shown(view), (QStringList { u"Name a colour"_s, u"Red."_s }));
    QCOMPARE(view->model()->index(0, 0).data(MessageListModel::SiblingIndexRole).toInt(), 0);

    // Alt+Right on the focused message shows the second again.
    view->setFocus();
    view->setCurrentIndex(view->model()->index(0, 0));
    QTest::keyClick(view, Qt::Key_Right, Qt::AltModifier);
    QTRY_COMPARE(shown(view), (QStringList { u"Name a fruit"_s, u"Apple."_s }));
    QCOMPARE(h.modelRequests().size(), requests);
}

void TestBranchSwitcher::cancelLeavesTheMessage()
{
    EngineHarness h(ProviderProfile::Protocol::ChatCompletions);
    QVERIFY(h.isReady());
    MainWindow window(&h.repository());
    window.resize(900, 640);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    h.server().enqueue(ScriptedReply::text({ u"Red."_s }));
    window.viewModel()->newConversation();
    QVERIFY(window.viewModel()->send(u"Name a colour"_s));
    QVERIFY(waitUntilIdle(window));
    ChatView *view = window.chatView();
    QVERIFY(view->startEdit(0));
    auto *editor = view->findChild<MessageEditor *>();
    QVERIFY(editor);
    editor->findChild<QPlainTextEdit *>()->setPlainText(u"Something else"_s);
    QTest::keyClick(editor->findChild<QPlainTextEdit *>(), Qt::Key_Escape);
    QTRY_VERIFY(!view->findChild<MessageEditor *>() || !view->findChild<MessageEditor *>()->isVisible());
    QCOMPARE(shown(view), (QStringList { u"Name a colour"_s, u"Red."_s }));
    QCOMPARE(view->model()->index(0, 0).data(MessageListModel::SiblingCountRole).toInt(), 1);
    QCOMPARE(h.modelRequests().size(), 1);
    // An answer cannot be edited.
    QVERIFY(!view->startEdit(1));
}

QTEST_MAIN(TestBranchSwitcher)
#include "tst_branchswitcher.moc"
