// Each mode's declared rules (ModeProfile): the first agent, who takes a new message, how a handoff is signalled, the
// phases of a story and what ends it. The engine and the view models ask these instead of comparing modes.
#include "agents/DefaultAgents.h"
#include "domain/HandoffRules.h"
#include "domain/HandoffSignal.h"
#include "domain/ModeProfile.h"
#include "domain/PipelinePhase.h"
#include "domain/TransitionGraph.h"

#include <QTest>

using namespace Qt::StringLiterals;
using namespace Tandem;

Q_DECLARE_METATYPE(Tandem::Conversation::Mode)
Q_DECLARE_METATYPE(Tandem::ModeProfile::Entry)
Q_DECLARE_METATYPE(Tandem::ModeProfile::Signal)
Q_DECLARE_METATYPE(Tandem::ModeProfile::StoryEnd)

class TestModeProfile : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void profiles_data();
    void profiles();
    void textSignal_data();
    void textSignal();
    void pipelinePhases();
    void pseudoTargets();
    void unknownModeReadsAsSingle();
};

void TestModeProfile::profiles_data()
{
    QTest::addColumn<Conversation::Mode>("mode");
    QTest::addColumn<QString>("firstAgent");
    QTest::addColumn<ModeProfile::Entry>("entry");
    QTest::addColumn<ModeProfile::Signal>("signal");
    QTest::addColumn<ModeProfile::StoryEnd>("storyEnd");
    QTest::addColumn<bool>("phases");
    QTest::addColumn<bool>("orchestratorStarts");
    QTest::addColumn<bool>("everyTurn");
    QTest::addColumn<bool>("refusalIsRejection");
    using E = ModeProfile::Entry;
    using S = ModeProfile::Signal;
    using End = ModeProfile::StoryEnd;
    QTest::newRow("single") << Conversation::Mode::Single << u"assistant"_s << E::ActiveAgent << S::Tool << End::Reply
                            << false << false << false << false;
    QTest::newRow("dual") << Conversation::Mode::Dual << u"agent1"_s << E::FirstAgent << S::TextLine << End::Reply
                          << false << false << true << false;
    QTest::newRow("pipeline") << Conversation::Mode::Pipeline << u"analyst"_s << E::ActiveAgent << S::Tool
                              << End::HandoffToOrchestrator << true << true << true << true;
    QTest::newRow("router") << Conversation::Mode::Router << u"orchestrator"_s << E::Routed << S::Tool << End::Reply
                            << false << false << false << false;
}

void TestModeProfile::profiles()
{
    QFETCH(Conversation::Mode, mode);
    QFETCH(QString, firstAgent);
    QFETCH(ModeProfile::Entry, entry);
    QFETCH(ModeProfile::Signal, signal);
    QFETCH(ModeProfile::StoryEnd, storyEnd);
    QFETCH(bool, phases);
    QFETCH(bool, orchestratorStarts);
    QFETCH(bool, everyTurn);
    QFETCH(bool, refusalIsRejection);
    const ModeProfile &profile = ModeProfile::of(mode);
    QCOMPARE(profile.mode, mode);
    QCOMPARE(profile.firstAgent.toString(), firstAgent);
    QCOMPARE(DefaultAgents::firstAgent(mode), firstAgent);
    QCOMPARE(profile.entry, entry);
    QCOMPARE(profile.signal, signal);
    QCOMPARE(profile.storyEnd, storyEnd);
    QCOMPARE(profile.orchestratorEndsStory(), storyEnd == ModeProfile::StoryEnd::HandoffToOrchestrator);
    QCOMPARE(profile.hasPhases(), phases);
    QCOMPARE(profile.orchestratorStartsStory, orchestratorStarts);
    QCOMPARE(profile.handsOverEveryTurn, everyTurn);
    QCOMPARE(profile.refusalIsRejection, refusalIsRejection);
    // The same object every time: a run looks its profile up once and keeps the pointer.
    QCOMPARE(&ModeProfile::of(mode), &profile);
}

void TestModeProfile::textSignal_data()
{
    QTest::addColumn<Conversation::Mode>("mode");
    QTest::addColumn<QString>("agent");
    QTest::addColumn<bool>("byText");
    QTest::newRow("dual agent 1") << Conversation::Mode::Dual << DefaultAgents::kAgent1.toString() << true;
    QTest::newRow("dual agent 2") << Conversation::Mode::Dual << DefaultAgents::kAgent2.toString() << false;
    QTest::newRow("single agent 1") << Conversation::Mode::Single << DefaultAgents::kAgent1.toString() << false;
    QTest::newRow("pipeline agent 1") << Conversation::Mode::Pipeline << DefaultAgents::kAgent1.toString() << false;
    QTest::newRow("router agent 1") << Conversation::Mode::Router << DefaultAgents::kAgent1.toString() << false;
}

void TestModeProfile::textSignal()
{
    QFETCH(Conversation::Mode, mode);
    QFETCH(QString, agent);
    QFETCH(bool, byText);
    const ModeProfile &profile = ModeProfile::of(mode);
    QCOMPARE(profile.signalsByText(agent), byText);
    if (profile.signal == ModeProfile::Signal::TextLine) {
        QCOMPARE(profile.signalSource, DefaultAgents::kAgent1);
        QCOMPARE(profile.signalTarget, DefaultAgents::kAgent2);
        // The signal's own name says where it hands the work.
        QVERIFY(HandoffSignal::kSignal.endsWith(profile.signalTarget.toString().toUpper()));
    } else {
        QVERIFY(profile.signalSource.isEmpty());
        QVERIFY(profile.signalTarget.isEmpty());
    }
}

void TestModeProfile::pipelinePhases()
{
    // A story passes analysis, implementation, review, refactoring and documentation in that order; the first phase
    // is the first agent's.
    const ModeProfile &profile = ModeProfile::of(Conversation::Mode::Pipeline);
    QStringList phases;
    for (const QStringView agent : profile.phaseAgents)
        phases << PipelinePhase::of(agent.toString());
    QCOMPARE(
        phases, QStringList({ u"analyzing"_s, u"implementing"_s, u"reviewing"_s, u"refactoring"_s, u"documenting"_s }));
    QCOMPARE(profile.phaseAgents.front(), profile.firstAgent);
    QCOMPARE(PipelinePhase::of(TransitionGraph::kOrchestrator.toString()), PipelinePhase::kComplete.toString());
    for (const Conversation::Mode mode :
        { Conversation::Mode::Single, Conversation::Mode::Dual, Conversation::Mode::Router })
        QVERIFY(ModeProfile::of(mode).phaseAgents.empty());
}

void TestModeProfile::pseudoTargets()
{
    // The orchestrator is the end of the story only where the profile says so; the person is a target everywhere.
    for (const Conversation::Mode mode : { Conversation::Mode::Single, Conversation::Mode::Dual,
             Conversation::Mode::Pipeline, Conversation::Mode::Router }) {
        QVERIFY(HandoffRules::isPseudoTarget(mode, TransitionGraph::kPerson.toString()));
        QCOMPARE(HandoffRules::isPseudoTarget(mode, TransitionGraph::kOrchestrator.toString()),
            ModeProfile::of(mode).orchestratorEndsStory());
    }
}

void TestModeProfile::unknownModeReadsAsSingle()
{
    QCOMPARE(ModeProfile::of(Conversation::Mode(42)).mode, Conversation::Mode::Single);
}

QTEST_GUILESS_MAIN(TestModeProfile)
#include "tst_modeprofile.moc"
