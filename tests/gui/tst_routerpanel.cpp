// The pipeline panel in router mode (seed 004) on the real engine against the fake LLM server: fed by the engine's
// signals only, it shows the current agent and each routing decision with its confidence and how it was reached: a
// failed classification falling back to the general agent (its error shown), then a confident classification moving
// the conversation to the task agent.

#include "AgentStrip.h"
#include "EngineHarness.h"
#include "PipelinePanel.h"
#include "presentation/PipelineViewModel.h"

#include <QJsonDocument>
#include <QLabel>
#include <QLocale>
#include <QStandardPaths>
#include <QTest>
#include <QTreeWidget>

using namespace Qt::StringLiterals;
using namespace Tandem;
using namespace Tandem::Test;

namespace {

ScriptedReply classified(const QString &agent, double confidence)
{
    return ScriptedReply::text({ QString::fromUtf8(QJsonDocument(
        QJsonObject { { u"agent"_s, agent }, { u"confidence"_s, confidence },
            { u"reason"_s, u"asks for a task"_s } }).toJson(QJsonDocument::Compact)) });
}

QStringList childTexts(const QTreeWidgetItem *item)
{
    QStringList texts;
    for (int i = 0; i < item->childCount(); ++i)
        texts << item->child(i)->text(0) + u": "_s + item->child(i)->text(1);
    return texts;
}

} // namespace

class TestRouterPanel : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void cleanup();
    void showsTheDecisionsWithTheirConfidence();
};

void TestRouterPanel::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(u"Tandem"_s);
    QCoreApplication::setApplicationName(u"tandem-gui-test"_s);
}

void TestRouterPanel::cleanup()
{
    const QStringList problems = EngineHarness::takeSpecProblems();
    QVERIFY2(problems.isEmpty(), qPrintable(problems.join(u'\n')));
}

void TestRouterPanel::showsTheDecisionsWithTheirConfidence()
{
    EngineHarness h(ProviderProfile::Protocol::ChatCompletions);
    QVERIFY(h.isReady());
    const qint64 id = h.createConversation(Conversation::Mode::Router);
    PipelinePanel panel(&h.repository());
    panel.resize(520, 480);
    panel.show();
    QVERIFY(QTest::qWaitForWindowExposed(&panel));
    panel.setConversation(id);
    QVERIFY(panel.viewModel()->isRouter());
    // A router is drawn as a hub routing to its specialists, not as a chain of steps.
    QVERIFY(panel.strip()->isHub());
    QVERIFY(panel.strip()->agents().size() >= 3);
    QVERIFY(panel.routing()->isVisibleTo(&panel));
    QCOMPARE(panel.routing()->topLevelItemCount(), 0);
    QVERIFY(panel.currentAgentLabel()->isVisibleTo(&panel));

    // 1. The classifier's answer is not JSON: the general agent answers, and the panel says why.
    h.server().enqueue(ScriptedReply::text({ u"The general agent, I think."_s }));
    h.server().enqueue(ScriptedReply::text({ u"Hello!"_s }));
    QCOMPARE(h.sendAndWait(id, u"Hello"_s), RunOutcome::Completed);

    QCOMPARE(panel.routing()->topLevelItemCount(), 1);
    const RoutingDecision failed = h.repository().routingDecisions(id).constFirst();
    QVERIFY(failed.failed());
    const QTreeWidgetItem *first = panel.routing()->topLevelItem(0);
    QVERIFY2(first->text(1).startsWith(u"→ General agent · 0.00 · classification failed, general agent"_s),
        qPrintable(first->text(1)));
    QVERIFY2(childTexts(first).contains(u"Failed: "_s + failed.error), qPrintable(childTexts(first).join(u'\n')));
    QVERIFY(first->isExpanded());
    QCOMPARE(panel.currentAgentLabel()->text(), u"Current agent: General agent"_s);

    // 2. A confident classification moves the conversation to the task agent, with its confidence.
    h.server().enqueue(classified(u"task"_s, 0.87));
    h.server().enqueue(ScriptedReply::text({ u"What should the task say?"_s }));
    QCOMPARE(h.sendAndWait(id, u"Create a task"_s), RunOutcome::Completed);

    QCOMPARE(panel.routing()->topLevelItemCount(), 2);
    const QTreeWidgetItem *second = panel.routing()->topLevelItem(1);
    QCOMPARE(second->text(1), u"→ Task agent · 0.87 · classified"_s);
    QCOMPARE(childTexts(second), QStringList { u"Reason: asks for a task"_s });
    QCOMPARE(second->text(0),
        QLocale().toString(h.repository().routingDecisions(id).at(1).createdAt.toLocalTime().time(), u"HH:mm:ss"_s));
    QCOMPARE(panel.currentAgentLabel()->text(), u"Current agent: Task agent"_s);
    QCOMPARE(panel.viewModel()->stateOf(u"task"_s), PipelineViewModel::State::Active);
    QCOMPARE(panel.viewModel()->stateOf(u"general"_s), PipelineViewModel::State::Pending);

    // Outside router mode the routing part is hidden.
    panel.setConversation(h.createConversation(Conversation::Mode::Single));
    QVERIFY(panel.routing()->isHidden());
    QVERIFY(panel.currentAgentLabel()->isHidden());
}

QTEST_MAIN(TestRouterPanel)
#include "tst_routerpanel.moc"
