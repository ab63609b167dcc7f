// The pipeline panel (seed 002's UI) through a real pipeline run with a rejection: the engine runs against the fake
// LLM server on a SQLite file, and the panel, fed by the engine's signals only, shows each agent's state as the work
// moves (the reviewer's red mark after it rejects, the implementer active again), the phase, and the handoff history
// with its times, the rejection's reason in the expanded entry, and an entry that opens the inspector.

#include "AgentStrip.h"
#include "EngineHarness.h"
#include "MainWindow.h"
#include "PipelinePanel.h"
#include "presentation/ChatViewModel.h"
#include "presentation/PipelineViewModel.h"

#include <QDockWidget>
#include <QJsonDocument>
#include <QLabel>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTest>
#include <QTreeWidget>

using namespace Qt::StringLiterals;
using namespace Tandem;
using namespace Tandem::Test;

namespace {

ToolCall call(const QString &name, const QJsonObject &arguments)
{
    return ToolCall { {}, name, QString::fromUtf8(QJsonDocument(arguments).toJson(QJsonDocument::Compact)), {} };
}

ToolCall handoff(const QString &target, const QString &context)
{
    return call(u"handoff_to"_s, { { u"target_agent"_s, target }, { u"context"_s, context } });
}

Agent agent(const QString &id, const QString &name, const QStringList &targets)
{
    Agent a;
    a.id = id;
    a.name = name;
    a.instructions = u"You are the "_s + name + u" of the pipeline."_s;
    a.handoffTargets = targets;
    a.modes = { u"pipeline"_s };
    return a;
}

QString snapshot(const PipelineViewModel &model)
{
    QStringList states;
    const QList<PipelineViewModel::AgentState> agents = model.agents();
    for (const auto &agent : agents)
        states << agent.id + u':' + PipelineViewModel::stateName(agent.state);
    return states.join(u' ');
}

} // namespace

class TestPipelinePanel : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void statesThroughARunWithARejection();
    void theWindowDocksThePanelAndFollowsTheConversation();
    void theStoryIdAndItsPhaseShow();
};

void TestPipelinePanel::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(u"Tandem"_s);
    QCoreApplication::setApplicationName(u"tandem-gui-test"_s);
}

void TestPipelinePanel::statesThroughARunWithARejection()
{
    EngineHarness h(ProviderProfile::Protocol::ChatCompletions);
    QVERIFY(h.isReady());
    QVERIFY(h.saveAgent(agent(u"analyst"_s, u"Analyst"_s, { u"implementer"_s })));
    Agent implementer = agent(u"implementer"_s, u"Implementer"_s, { u"reviewer"_s });
    implementer.edgeOptions.insert(
        u"reviewer"_s, EdgeOptions { ContextTransfer::PayloadOnly, HandoffTiming::SameTurn, true });
    QVERIFY(h.saveAgent(implementer));
    QVERIFY(h.saveAgent(agent(u"reviewer"_s, u"Reviewer"_s, { u"refactorer"_s, u"implementer"_s })));
    QVERIFY(h.saveAgent(agent(u"refactorer"_s, u"Refactorer"_s, { u"documenter"_s })));
    QVERIFY(h.saveAgent(agent(u"documenter"_s, u"Documenter"_s, { u"orchestrator"_s })));
    const qint64 id = h.createConversation(Conversation::Mode::Pipeline);

    PipelinePanel panel(&h.repository());
    panel.resize(520, 420);
    panel.show();
    QVERIFY(QTest::qWaitForWindowExposed(&panel));
    panel.setConversation(id);
    PipelineViewModel *model = panel.viewModel();
    // Before anything happened: the five agents in seed 002's order, all pending, no history.
    QCOMPARE(snapshot(*model),
        u"analyst:pending implementer:pending reviewer:pending refactorer:pending documenter:pending"_s);
    QVERIFY(panel.history()->isHidden());

    QStringList seen;
    connect(model, &PipelineViewModel::changed, this, [&] {
        const QString now = snapshot(*model);
        if (seen.isEmpty() || seen.constLast() != now)
            seen << now;
    });

    h.server().enqueue(ScriptedReply::calling({ handoff(u"implementer"_s, u"Plan: add the login form"_s) }));
    h.server().enqueue(ScriptedReply::calling({ handoff(u"reviewer"_s, u"Login form done"_s) }));
    h.server().enqueue(ScriptedReply::calling({ call(u"reject_work"_s, { { u"reason"_s, u"Tests failing"_s } }) }));
    h.server().enqueue(ScriptedReply::calling({ handoff(u"reviewer"_s, u"Tests fixed"_s) }));
    h.server().enqueue(ScriptedReply::calling({ call(u"approve_work"_s, { { u"summary"_s, u"Clean"_s } }) }));
    h.server().enqueue(ScriptedReply::calling({ handoff(u"documenter"_s, u"Names tidied"_s) }));
    h.server().enqueue(ScriptedReply::calling({ handoff(u"orchestrator"_s, u"README updated"_s) }));
    QCOMPARE(h.sendAndWait(id, u"Story 1.1: a login form"_s), RunOutcome::Completed);

    // Live: the analyst worked first, the reviewer's rejection showed as its red mark while the work went back to the
    // implementer, and the reviewer was active (and working) again when it approved.
    const auto index = [&](const QString &state) {
        return seen.indexOf(state);
    };
    const qsizetype analystWorks
        = index(u"analyst:active implementer:pending reviewer:pending refactorer:pending documenter:pending"_s);
    const qsizetype rejected
        = index(u"analyst:done implementer:active reviewer:rejected refactorer:pending documenter:pending"_s);
    QVERIFY2(analystWorks >= 0, qPrintable(seen.join(u'\n')));
    QVERIFY2(rejected > analystWorks, qPrintable(seen.join(u'\n')));
    bool reviewerBackAtWork = false;
    for (qsizetype i = rejected + 1; i < seen.size(); ++i)
        reviewerBackAtWork |= seen.at(i).contains(u"reviewer:active"_s);
    QVERIFY2(reviewerBackAtWork, qPrintable(seen.join(u'\n')));
    bool timedOutOrWrong = false;
    for (const QString &state : std::as_const(seen))
        timedOutOrWrong |= state.contains(u"timed out"_s);
    QVERIFY(!timedOutOrWrong);

    // At the end: every agent done, the phase complete, nobody active.
    QCOMPARE(snapshot(*model), u"analyst:done implementer:done reviewer:done refactorer:done documenter:done"_s);
    QCOMPARE(model->phase(), u"complete"_s);
    QVERIFY(panel.phaseLabel()->isVisibleTo(&panel));
    QCOMPARE(panel.phaseLabel()->text(), u"Phase: Complete"_s);
    QCOMPARE(panel.strip()->agents().size(), 5);
    QVERIFY(!panel.strip()->isHub()); // a pipeline is a chain

    // The history: every stored handoff, in order, with its time; the rejected one names its reason when expanded.
    const QList<Handoff> stored = h.repository().handoffs(id);
    QTreeWidget *history = panel.history();
    QVERIFY(history->isVisibleTo(&panel));
    QCOMPARE(history->topLevelItemCount(), stored.size());
    QCOMPARE(stored.size(), 7);
    int rejectedRow = -1;
    for (int i = 0; i < stored.size(); ++i) {
        QTreeWidgetItem *item = history->topLevelItem(i);
        QCOMPARE(item->text(0), stored.at(i).createdAt.toLocalTime().time().toString(u"HH:mm:ss"_s));
        if (stored.at(i).status() == Handoff::Status::Rejected)
            rejectedRow = i;
    }
    QCOMPARE(rejectedRow, 2);
    QCOMPARE(history->topLevelItem(2)->text(1), u"Implementer → Reviewer · rejected"_s);
    QStringList details;
    for (int c = 0; c < history->topLevelItem(2)->childCount(); ++c)
        details << history->topLevelItem(2)->child(c)->text(0) + u": "_s + history->topLevelItem(2)->child(c)->text(1);
    QVERIFY2(details.contains(u"Rejected: Tests failing"_s), qPrintable(details.join(u'\n')));
    QVERIFY2(details.contains(u"Payload: Transferred to Reviewer. Context: Login form done"_s),
        qPrintable(details.join(u'\n')));

    // Opening an entry asks for the inspector of that handoff.
    QSignalSpy opened(&panel, &PipelinePanel::handoffActivated);
    Q_EMIT history->itemActivated(history->topLevelItem(2)->child(0), 1);
    QCOMPARE(opened.size(), 1);
    QCOMPARE(opened.at(0).at(0).toLongLong(), stored.at(2).id);
}

void TestPipelinePanel::theWindowDocksThePanelAndFollowsTheConversation()
{
    EngineHarness h(ProviderProfile::Protocol::ChatCompletions);
    QVERIFY(h.isReady());
    MainWindow window(&h.repository());
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QVERIFY(window.pipelineDock()->widget() == window.pipelinePanel());
    QVERIFY(window.pipelineDock()->toggleViewAction()->isCheckable());

    const qint64 dual = h.createConversation(Conversation::Mode::Dual);
    window.viewModel()->openConversation(dual);
    QCOMPARE(window.pipelinePanel()->viewModel()->conversationId(), dual);
    QCOMPARE(snapshot(*window.pipelinePanel()->viewModel()), u"agent1:pending agent2:pending"_s);

    // A dual turn: agent 1 hands over, agent 2 answers; the panel follows without being asked.
    h.server().enqueue(ScriptedReply::text({ u"HANDOFF_AGENT2\nShorten: the quick brown fox."_s }));
    h.server().enqueue(ScriptedReply::text({ u"Quick fox."_s }));
    QCOMPARE(h.sendAndWait(dual, u"Shorten my sentence"_s), RunOutcome::Completed);
    QCOMPARE(window.pipelinePanel()->viewModel()->stateOf(u"agent2"_s), PipelineViewModel::State::Done);
    QCOMPARE(window.pipelinePanel()->history()->topLevelItemCount(), 1);

    // Closed at first; showing and hiding it is one action (View → Pipeline Panel, Ctrl+J, the toolbar).
    QVERIFY(window.pipelineDock()->isHidden());
    window.pipelineDock()->toggleViewAction()->trigger();
    QVERIFY(window.pipelineDock()->isVisible());
    QVERIFY(window.pipelinePanel()->strip()->isVisible());
    window.pipelineDock()->toggleViewAction()->trigger();
    QVERIFY(window.pipelineDock()->isHidden());
}

void TestPipelinePanel::theStoryIdAndItsPhaseShow()
{
    // A conversation created for a story shows the story's id; the phase, stored in seed 002's words, in the window's.
    EngineHarness h(ProviderProfile::Protocol::ChatCompletions);
    QVERIFY(h.isReady());
    const qint64 id = h.repository().createStoryConversation(Conversation::Mode::Pipeline, u"v0.1:1.1.1"_s);
    QVERIFY(id > 0);
    const BoardResult start = h.repository().createHandoff(id, u"orchestrator"_s, u"analyst"_s, {});
    QVERIFY2(start.ok(), qPrintable(start.message));
    QVERIFY(h.repository().acceptHandoff(start.handoff.id).ok());
    QVERIFY(h.repository().createHandoff(id, u"analyst"_s, u"implementer"_s, {}).ok());
    PipelinePanel panel(&h.repository());
    panel.setConversation(id);
    QCOMPARE(panel.viewModel()->storyId(), u"v0.1:1.1.1"_s);
    QCOMPARE(panel.viewModel()->phase(), u"implementing"_s);
    QCOMPARE(panel.phaseLabel()->text(), u"Story: v0.1:1.1.1  ·  Phase: Implementation"_s);
}

QTEST_MAIN(TestPipelinePanel)
#include "tst_pipelinepanel.moc"
