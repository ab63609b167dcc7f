// Fork from a message (issue #30, item 5): the chat's context menu copies the history up to that message, with its
// agents and variables, into a new conversation titled "<title> (fork)", which opens. Real repository on a SQLite
// file, fake LLM server, offscreen widgets.

#include "ChatView.h"
#include "EngineHarness.h"
#include "MainWindow.h"
#include "presentation/ChatViewModel.h"
#include "presentation/MessageListModel.h"
#include "storage/AgentThreadStore.h"
#include "storage/ConversationStore.h"
#include "storage/MessageStore.h"
#include "storage/UnitOfWork.h"

#include <QAction>
#include <QApplication>
#include <QContextMenuEvent>
#include <QMenu>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTest>
#include <QTimer>

using namespace Qt::StringLiterals;
using namespace Tandem;
using Tandem::Test::EngineHarness;
using Tandem::Test::ScriptedReply;

class TestForkConversation : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void contextMenuForksUpToTheMessage();
    void viewModelOpensTheFork();

private:
    /// Triggers the entry @p text of the next popup menu once it is open; @p entries receives its entries.
    static void chooseInNextMenu(const QString &text, QStringList *entries);
};

void TestForkConversation::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(u"Tandem"_s);
    QCoreApplication::setApplicationName(u"tandem-gui-test"_s);
}

void TestForkConversation::chooseInNextMenu(const QString &text, QStringList *entries)
{
    auto *poll = new QTimer(qApp);
    poll->setInterval(10);
    QObject::connect(poll, &QTimer::timeout, poll, [poll, text, entries] {
        auto *menu = qobject_cast<QMenu *>(QApplication::activePopupWidget());
        if (!menu)
            return;
        QAction *chosen = nullptr;
        for (QAction *action : menu->actions()) {
            entries->append(action->text());
            if (action->text() == text)
                chosen = action;
        }
        poll->deleteLater();
        menu->close();
        if (chosen)
            chosen->trigger();
    });
    poll->start();
}

void TestForkConversation::contextMenuForksUpToTheMessage()
{
    EngineHarness h(ProviderProfile::Protocol::ChatCompletions);
    QVERIFY(h.isReady());
    MainWindow window(&h.repository());
    window.resize(900, 700);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));

    const qint64 id = h.createConversation(Conversation::Mode::Dual);
    QVERIFY(h.repository().renameConversation(id, u"Sentences"_s));
    QVERIFY(h.repository().setVariable(id, u"TONE"_s, u"dry"_s));
    window.viewModel()->openConversation(id);
    h.server().enqueue(ScriptedReply::text({ u"HANDOFF_AGENT2\nShorten: the quick brown fox."_s }));
    h.server().enqueue(ScriptedReply::text({ u"Quick fox."_s }));
    QCOMPARE(h.sendAndWait(id, u"Shorten my sentence"_s), RunOutcome::Completed);
    const qint64 forkPoint = h.work().messages().pageAfter(id, 0).constLast().id;
    h.server().enqueue(ScriptedReply::text({ u"Slow dog."_s }));
    QCOMPARE(h.sendAndWait(id, u"And another"_s), RunOutcome::Completed);
    const QList<Message> original = h.work().messages().pageAfter(id, 0);

    ChatView *view = window.chatView();
    QModelIndex target;
    for (int row = 0; row < view->model()->rowCount(); ++row) {
        const QModelIndex index = view->model()->index(row, 0);
        if (index.data(MessageListModel::IdRole).toLongLong() == forkPoint)
            target = index;
    }
    QVERIFY(target.isValid());
    view->scrollTo(target);
    const QPoint at = view->visualRect(target).center();
    QStringList entries;
    chooseInNextMenu(u"&Fork from Here"_s, &entries);
    QContextMenuEvent event(QContextMenuEvent::Mouse, at, view->viewport()->mapToGlobal(at));
    QApplication::sendEvent(view->viewport(), &event);
    QVERIFY2(entries.contains(u"&Fork from Here"_s), qPrintable(entries.join(u", "_s)));

    // The fork is open, titled after the original, with the history up to the message and nothing after it.
    const qint64 fork = window.viewModel()->conversationId();
    QVERIFY(fork != id && fork > 0);
    const std::optional<Conversation> forked = h.work().conversations().get(fork);
    QVERIFY(forked);
    QCOMPARE(forked->title, u"Sentences (fork)"_s);
    QCOMPARE(forked->mode, Conversation::Mode::Dual);
    const QList<Message> copied = h.work().messages().pageAfter(fork, 0);
    QStringList texts;
    for (const Message &m : copied)
        texts << m.content;
    qsizetype upTo = 0;
    while (upTo < original.size() && original.at(upTo).id != forkPoint)
        ++upTo;
    QCOMPARE(copied.size(), upTo + 1);
    QCOMPARE(copied.constLast().content, original.at(upTo).content);
    QVERIFY(texts.contains(u"Quick fox."_s));
    QVERIFY(!texts.contains(u"And another"_s));
    // Its agents and variables came along: the conversation is with agent 2 now, as the original was then.
    QCOMPARE(h.repository().variables(fork).value(u"TONE"_s), u"dry"_s);
    QCOMPARE(h.repository().activeAgent(fork), h.repository().activeAgent(id));
    // The original is untouched.
    QCOMPARE(h.work().messages().pageAfter(id, 0).size(), original.size());

    // The fork runs on from there.
    h.server().enqueue(ScriptedReply::text({ u"Brown fox."_s }));
    QCOMPARE(h.sendAndWait(fork, u"Once more"_s), RunOutcome::Completed);
    QCOMPARE(h.work().messages().pageAfter(fork, 0).constLast().content, u"Brown fox."_s);
}

void TestForkConversation::viewModelOpensTheFork()
{
    EngineHarness h(ProviderProfile::Protocol::ChatCompletions);
    QVERIFY(h.isReady());
    ChatViewModel chat(&h.repository());
    const qint64 id = h.createConversation(Conversation::Mode::Single);
    chat.openConversation(id);
    h.server().enqueue(ScriptedReply::text({ u"Red."_s }));
    QVERIFY(chat.send(u"Name a colour"_s));
    QCOMPARE(h.waitForRun(id), RunOutcome::Completed);
    const qint64 question = h.work().messages().pageAfter(id, 0).constFirst().id;

    // Forked at the question: the copy holds it alone, and the view model shows the copy.
    QSignalSpy changed(&chat, &ChatViewModel::conversationChanged);
    const qint64 fork = chat.forkAt(question);
    QVERIFY(fork > 0 && fork != id);
    QCOMPARE(chat.conversationId(), fork);
    QCOMPARE(changed.size(), 1);
    QTRY_COMPARE(chat.messages()->rowCount(), 1);
    QCOMPARE(chat.messages()->index(0).data(MessageListModel::ContentRole).toString(), u"Name a colour"_s);

    // A message of another conversation is refused, with a word on the status line; nothing is created.
    const int conversations = int(h.repository().conversations().size());
    QCOMPARE(chat.forkAt(question), 0);
    QVERIFY(!chat.errorText().isEmpty());
    QCOMPARE(int(h.repository().conversations().size()), conversations);
}

QTEST_MAIN(TestForkConversation)
#include "tst_forkconversation.moc"
