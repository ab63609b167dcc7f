// Agent-specific reset from the toolbar (seed 000): the menu names the open conversation's agents, asks before it
// acts, and the chosen agent alone forgets the conversation. Real repository on a SQLite file, fake LLM server.

#include "EngineHarness.h"
#include "MainWindow.h"
#include "presentation/ChatViewModel.h"
#include "storage/AgentThreadStore.h"

#include <QAbstractButton>
#include <QAction>
#include <QApplication>
#include <QMenu>
#include <QMessageBox>
#include <QStandardPaths>
#include <QTest>
#include <QTimer>

using namespace Qt::StringLiterals;
using namespace Tandem;
using Tandem::Test::EngineHarness;
using Tandem::Test::ScriptedReply;

class TestResetAgent : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void menuResetsTheChosenAgentOnly();

private:
    /// Presses @p button of the next message box once it is open.
    static void answerNextMessageBox(QMessageBox::StandardButton button);
};

void TestResetAgent::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(u"Tandem"_s);
    QCoreApplication::setApplicationName(u"tandem-gui-test"_s);
}

void TestResetAgent::answerNextMessageBox(QMessageBox::StandardButton button)
{
    auto *poll = new QTimer(qApp);
    poll->setInterval(10);
    QObject::connect(poll, &QTimer::timeout, poll, [poll, button] {
        if (auto *box = qobject_cast<QMessageBox *>(QApplication::activeModalWidget())) {
            box->button(button)->click();
            poll->deleteLater();
        }
    });
    poll->start();
}

void TestResetAgent::menuResetsTheChosenAgentOnly()
{
    EngineHarness h(ProviderProfile::Protocol::ChatCompletions);
    QVERIFY(h.isReady());
    MainWindow window(&h.repository());
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QVERIFY(!window.resetAgentAction()->isEnabled()); // no conversation open

    const qint64 id = h.createConversation(Conversation::Mode::Dual);
    window.viewModel()->openConversation(id);
    QVERIFY(window.resetAgentAction()->isEnabled());
    h.server().enqueue(ScriptedReply::text({ u"HANDOFF_AGENT2\nShorten: the quick brown fox."_s }));
    h.server().enqueue(ScriptedReply::text({ u"Quick fox."_s }));
    QCOMPARE(h.sendAndWait(id, u"Shorten my sentence"_s), RunOutcome::Completed);

    QMenu *menu = window.resetAgentAction()->menu();
    QVERIFY(menu);
    Q_EMIT menu->aboutToShow();
    QStringList entries;
    QAction *agent2 = nullptr;
    for (QAction *action : menu->actions()) {
        entries << action->text();
        if (action->data().toString() == u"agent2"_s)
            agent2 = action;
    }
    QCOMPARE(entries, (QStringList { u"Reset Agent 1…"_s, u"Reset Agent 2…"_s }));
    QVERIFY(agent2);

    // Cancel changes nothing.
    answerNextMessageBox(QMessageBox::Cancel);
    agent2->trigger();
    AgentThreadStore &threads = h.work().threads();
    QCOMPARE(threads.get(id, u"agent2"_s).historyFrom, 0);

    answerNextMessageBox(QMessageBox::Reset);
    agent2->trigger();
    QVERIFY(threads.get(id, u"agent2"_s).historyFrom > 0);
    QCOMPARE(threads.get(id, u"agent1"_s).historyFrom, 0); // agent 1 keeps its thread
}

QTEST_MAIN(TestResetAgent)
#include "tst_resetagent.moc"
