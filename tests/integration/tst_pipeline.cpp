// Pipeline mode (seed 002) on the one engine, against the fake LLM server on both protocols, on real SQLite files:
// a whole pipeline with every divider in order; the reviewer's rejection looping back with its reason, bounded by the
// bounce cap; a transition outside the table refused; a warm handoff waiting for its target; the person as a target;
// the board's actions, signals and queries; the stale sweep and the clean-up.
#include "EngineHarness.h"
#include "StoreInvariants.h"

#include <QJsonDocument>
#include <QSignalSpy>
#include <QSqlQuery>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace Tandem;
using namespace Tandem::Test;

Q_DECLARE_METATYPE(Tandem::ProviderProfile::Protocol)

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

/// Seed 002's five agents and its table; the implementer's handoff to the reviewer is warm: the reviewer decides.
void declarePipeline(EngineHarness &h, bool warmReview = true)
{
    QVERIFY(h.saveAgent(agent(u"analyst"_s, u"Analyst"_s, { u"implementer"_s, u"person"_s })));
    Agent implementer = agent(u"implementer"_s, u"Implementer"_s, { u"reviewer"_s });
    implementer.edgeOptions.insert(
        u"reviewer"_s, EdgeOptions { ContextTransfer::PayloadOnly, HandoffTiming::SameTurn, warmReview });
    QVERIFY(h.saveAgent(implementer));
    QVERIFY(h.saveAgent(agent(u"reviewer"_s, u"Reviewer"_s, { u"refactorer"_s, u"implementer"_s })));
    QVERIFY(h.saveAgent(agent(u"refactorer"_s, u"Refactorer"_s, { u"documenter"_s })));
    QVERIFY(h.saveAgent(agent(u"documenter"_s, u"Documenter"_s, { u"orchestrator"_s })));
}

QStringList dividers(const QList<Message> &rows)
{
    QStringList result;
    for (const Message &row : rows)
        if (row.kind == Message::Kind::Divider)
            result << Message::dividerName(row.divider) + u": "_s + row.content;
    return result;
}

QStringList handoffs(const QList<Handoff> &list)
{
    QStringList result;
    for (const Handoff &h : list)
        result << u"%1→%2 %3"_s.arg(h.fromAgent, h.toAgent, Handoff::statusName(h.status()));
    return result;
}

} // namespace

class TestPipeline : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void cleanup();
    void wholePipelineToCompletion_data() { protocols(); }
    void wholePipelineToCompletion();
    void rejectionLoopsBackBoundedByTheCap_data() { protocols(); }
    void rejectionLoopsBackBoundedByTheCap();
    void transitionOutsideTheTableIsRefused_data() { protocols(); }
    void transitionOutsideTheTableIsRefused();
    void warmHandoffWaitsForTheTarget_data() { protocols(); }
    void warmHandoffWaitsForTheTarget();
    void aReviewLeftPendingDoesNotBlockTheNextOne_data() { protocols(); }
    void aReviewLeftPendingDoesNotBlockTheNextOne();
    void thePersonIsATarget_data() { protocols(); }
    void thePersonIsATarget();
    void boardActionsSignalsAndQueries();
    void staleHandoffsTimeOutAndCleanUp();
    void everyOutcomeShowsInTheChat();
    void refusalsAndGuardrailStopsAreNoRejections();

private:
    static void protocols()
    {
        QTest::addColumn<ProviderProfile::Protocol>("protocol");
        QTest::newRow("responses") << ProviderProfile::Protocol::Responses;
        QTest::newRow("chat") << ProviderProfile::Protocol::ChatCompletions;
    }
};

void TestPipeline::cleanup()
{
    const QStringList problems = EngineHarness::takeSpecProblems();
    QVERIFY2(problems.isEmpty(), qPrintable(problems.join(u'\n')));
}

void TestPipeline::wholePipelineToCompletion()
{
    QFETCH(ProviderProfile::Protocol, protocol);
    EngineHarness h(protocol);
    declarePipeline(h);
    // Each agent gets what it works on as a user turn: the analyst the story, the others the handoff's payload
    // (#24: they once got no user message at all).
    h.server().enqueue(ScriptedReply::calling({ handoff(u"implementer"_s, u"Plan: add the login form"_s) })
                           .expectUserText(u"Story 1.1: a login form"_s));
    h.server().enqueue(ScriptedReply::calling({ handoff(u"reviewer"_s, u"Login form implemented, tests pass"_s) })
                           .expectUserText(u"Plan: add the login form"_s));
    h.server().enqueue(ScriptedReply::calling({ call(u"approve_work"_s, { { u"summary"_s, u"Clean and tested"_s } }) })
                           .expectUserText(u"Login form implemented, tests pass"_s));
    h.server().enqueue(
        ScriptedReply::calling({ handoff(u"documenter"_s, u"Names tidied"_s) }).expectUserText(u"Clean and tested"_s));
    h.server().enqueue(
        ScriptedReply::calling({ handoff(u"orchestrator"_s, u"README updated"_s) }).expectUserText(u"Names tidied"_s));
    const qint64 id = h.createConversation(Conversation::Mode::Pipeline);
    QCOMPARE(h.repository().activeAgent(id), u"analyst"_s);
    QSignalSpy moved(&h.repository(), &ChatRepository::activeAgentChanged);

    QCOMPARE(h.sendAndWait(id, u"Story 1.1: a login form"_s), RunOutcome::Completed);

    QCOMPARE(dividers(h.rows(id)),
        (QStringList {
            u"transferred: Story handed to Analyst"_s,
            u"transferred: Transferred to Implementer. Context: Plan: add the login form"_s,
            u"transferred: Transferred to Reviewer. Context: Login form implemented, tests pass"_s,
            u"accepted: Approved by Reviewer: Clean and tested"_s,
            u"transferred: Transferred to Refactorer. Context: Clean and tested"_s,
            u"transferred: Transferred to Documenter. Context: Names tidied"_s,
            u"completed: Pipeline complete. README updated"_s,
        }));
    const BoardState board = h.repository().boardState(id);
    QCOMPARE(handoffs(board.handoffs),
        (QStringList { u"orchestrator→analyst accepted"_s, u"analyst→implementer accepted"_s,
            u"implementer→reviewer accepted"_s, u"reviewer→refactorer accepted"_s, u"refactorer→documenter accepted"_s,
            u"documenter→orchestrator accepted"_s }));
    for (const Handoff &each : board.handoffs)
        QVERIFY(each.processedAt().isValid());
    QCOMPARE(board.phase, u"complete"_s);
    QCOMPARE(board.currentAgent, u"analyst"_s); // the next story starts at the analyst
    // The warm review: the conversation stayed with the implementer until the reviewer approved.
    QStringList order;
    for (const QList<QVariant> &signal : std::as_const(moved))
        order << signal.at(1).toString();
    QCOMPARE(order, (QStringList { u"implementer"_s, u"reviewer"_s, u"refactorer"_s, u"documenter"_s, u"analyst"_s }));

    const QList<RecordedRequest> requests = h.modelRequests();
    QCOMPARE(requests.size(), 5);
    QVERIFY(EngineHarness::toolNames(requests[0]).contains(u"handoff_to"_s));
    QCOMPARE(EngineHarness::toolNames(requests[2]),
        (QStringList { u"handoff_to"_s, u"approve_work"_s, u"reject_work"_s })); // the reviewer decides
    const QStringList problems = StoreInvariants::problems(h.db());
    QVERIFY2(problems.isEmpty(), qPrintable(problems.join(u'\n')));
}

void TestPipeline::rejectionLoopsBackBoundedByTheCap()
{
    QFETCH(ProviderProfile::Protocol, protocol);
    EngineConfig config = EngineHarness::testConfig();
    config.limits.maxBouncesPerEdge = 2;
    EngineHarness h(protocol, config);
    declarePipeline(h);
    h.server().enqueue(ScriptedReply::calling({ handoff(u"implementer"_s, u"Plan"_s) }).expectUserText(u"Story 2"_s));
    h.server().enqueue(ScriptedReply::calling({ handoff(u"reviewer"_s, u"Version 1"_s) }));
    h.server().enqueue(ScriptedReply::calling({ call(u"reject_work"_s, { { u"reason"_s, u"Tests failing"_s } }) }));
    h.server().enqueue(ScriptedReply::calling({ handoff(u"reviewer"_s, u"Version 2"_s) })
                           .expectUserText(u"Reviewer rejected the work you handed over. Reason: Tests failing"_s));
    h.server().enqueue(ScriptedReply::calling({ call(u"reject_work"_s, { { u"reason"_s, u"Still failing"_s } }) }));
    h.server().enqueue(ScriptedReply::calling({ handoff(u"reviewer"_s, u"Version 3"_s) }));
    const qint64 id = h.createConversation(Conversation::Mode::Pipeline);
    QString message;

    QCOMPARE(h.sendAndWait(id, u"Story 2"_s, &message), RunOutcome::GuardrailStopped);

    QVERIFY2(message.contains(u"Implementer"_s) && message.contains(u"Reviewer"_s), qPrintable(message));
    const QStringList shown = dividers(h.rows(id));
    QVERIFY(shown.contains(u"rejected: Rejected by Reviewer: Tests failing"_s));
    QVERIFY(shown.contains(u"rejected: Rejected by Reviewer: Still failing"_s));
    const QList<Handoff> board = h.repository().boardState(id).handoffs;
    QCOMPARE(board.at(2).status(), Handoff::Status::Rejected);
    QCOMPARE(board.at(2).rejectionReason(), u"Tests failing"_s);
    QCOMPARE(board.at(3).rejectionReason(), u"Still failing"_s);
    QCOMPARE(board.constLast().status(), Handoff::Status::Cancelled); // the third review, stopped by the cap
    // The implementer got the reason with the work back.
    const QStringList revision = EngineHarness::inputSummary(h.modelRequests().at(3));
    QVERIFY2(revision.constLast().contains(u"Reviewer rejected the work you handed over. Reason: Tests failing"_s),
        qPrintable(revision.join(u" | "_s)));
    QCOMPARE(h.repository().activeAgent(id), u"implementer"_s);
    QVERIFY(StoreInvariants::problems(h.db()).isEmpty());
}

void TestPipeline::transitionOutsideTheTableIsRefused()
{
    QFETCH(ProviderProfile::Protocol, protocol);
    EngineHarness h(protocol);
    declarePipeline(h);
    h.server().enqueue(ScriptedReply::calling({ handoff(u"documenter"_s, u"Skip the work"_s) }));
    h.server().enqueue(ScriptedReply::text({ u"I will plan it first."_s }));
    const qint64 id = h.createConversation(Conversation::Mode::Pipeline);

    QCOMPARE(h.sendAndWait(id, u"Story 3"_s), RunOutcome::Completed);

    QVERIFY(dividers(h.rows(id))
                .contains(u"rejected: Analyst may not hand the conversation to Documenter: it stays with Analyst."_s));
    QCOMPARE(h.rows(id).constLast().content, u"I will plan it first."_s);
    QCOMPARE(h.repository().activeAgent(id), u"analyst"_s);
    QCOMPARE(h.repository().boardState(id).phase, u"analyzing"_s);
}

void TestPipeline::warmHandoffWaitsForTheTarget()
{
    QFETCH(ProviderProfile::Protocol, protocol);
    EngineHarness h(protocol);
    declarePipeline(h);
    h.server().enqueue(ScriptedReply::calling({ handoff(u"implementer"_s, u"Plan"_s) }));
    h.server().enqueue(ScriptedReply::calling({ handoff(u"reviewer"_s, u"Done"_s) }));
    h.server().enqueue(ScriptedReply::text({ u"I need more time to review."_s })); // no decision yet
    const qint64 id = h.createConversation(Conversation::Mode::Pipeline);
    QString activeWhenHandedOver;
    connect(&h.repository(), &ChatRepository::messageAdded, this, [&](const Message &row) {
        if (row.divider == Message::Divider::Transferred && row.content.contains(u"Reviewer"_s))
            activeWhenHandedOver = h.repository().activeAgent(id);
    });

    QCOMPARE(h.sendAndWait(id, u"Story 4"_s), RunOutcome::Completed);

    QCOMPARE(activeWhenHandedOver, u"implementer"_s); // warm: the source stays responsible
    const std::optional<Handoff> waiting = h.repository().pendingHandoff(id, u"reviewer"_s);
    QVERIFY(waiting);
    QCOMPARE(waiting->fromAgent, u"implementer"_s);
    QCOMPARE(h.repository().activeAgent(id), u"implementer"_s);

    // The target confirms later, from the board: now the work is the reviewer's.
    const BoardResult accepted = h.repository().acceptHandoff(waiting->id);
    QVERIFY2(accepted.ok(), qPrintable(accepted.message));
    QCOMPARE(h.repository().activeAgent(id), u"reviewer"_s);
    QCOMPARE(dividers(h.rows(id)).constLast(), u"accepted: Accepted by Reviewer"_s);
    QVERIFY(!h.repository().pendingHandoff(id, u"reviewer"_s));
}

void TestPipeline::aReviewLeftPendingDoesNotBlockTheNextOne()
{
    // A warm review whose run ended without a decision (the reviewer answered in text; Stop or a guardrail do the
    // same) stays pending on the board. The implementer, who still holds the work, hands it to review again at once,
    // not 30 minutes later when the stale sweep has timed the first one out.
    QFETCH(ProviderProfile::Protocol, protocol);
    EngineHarness h(protocol);
    declarePipeline(h);
    h.server().enqueue(ScriptedReply::calling({ handoff(u"implementer"_s, u"Plan"_s) }));
    h.server().enqueue(ScriptedReply::calling({ handoff(u"reviewer"_s, u"Done"_s) }));
    h.server().enqueue(ScriptedReply::text({ u"I need more time to review."_s })); // no decision
    const qint64 id = h.createConversation(Conversation::Mode::Pipeline);
    QCOMPARE(h.sendAndWait(id, u"Story 5"_s), RunOutcome::Completed);
    const std::optional<Handoff> first = h.repository().pendingHandoff(id, u"reviewer"_s);
    QVERIFY(first);
    QCOMPARE(h.repository().activeAgent(id), u"implementer"_s);

    h.server().enqueue(ScriptedReply::calling({ handoff(u"reviewer"_s, u"Done, with the tests"_s) })
                           .expectUserText(u"Please review it again"_s));
    h.server().enqueue(ScriptedReply::text({ u"Reviewing the new version."_s }));
    QCOMPARE(h.sendAndWait(id, u"Please review it again"_s), RunOutcome::Completed);

    const std::optional<Handoff> second = h.repository().pendingHandoff(id, u"reviewer"_s);
    QVERIFY(second);
    QVERIFY2(second->id != first->id, "the second review was refused while the first was pending");
    for (const QString &divider : dividers(h.rows(id)))
        QVERIFY2(!divider.contains(u"still pending"_s), qPrintable(divider));
}

void TestPipeline::thePersonIsATarget()
{
    QFETCH(ProviderProfile::Protocol, protocol);
    EngineHarness h(protocol);
    declarePipeline(h);
    h.server().enqueue(ScriptedReply::calling({ handoff(u"person"_s, u"Which database should it use?"_s) }));
    h.server().enqueue(ScriptedReply::text({ u"SQLite then. Planning."_s }).expectUserText(u"SQLite"_s));
    const qint64 id = h.createConversation(Conversation::Mode::Pipeline);

    QCOMPARE(h.sendAndWait(id, u"Story 5: store the notes"_s), RunOutcome::Completed);
    QCOMPARE(dividers(h.rows(id)).constLast(),
        u"waiting_for_you: Analyst is waiting for you: Which database should it use?"_s);
    QVERIFY(h.repository().pendingHandoff(id, u"person"_s));
    QCOMPARE(h.repository().activeAgent(id), u"analyst"_s);

    QCOMPARE(h.sendAndWait(id, u"SQLite"_s), RunOutcome::Completed); // the person's answer resumes the analyst
    QVERIFY(!h.repository().pendingHandoff(id, u"person"_s));
    const RecordedRequest resumed = h.modelRequests().constLast();
    QCOMPARE(resumed.instructions(), u"You are the Analyst of the pipeline."_s);
    const QStringList input = EngineHarness::inputSummary(resumed);
    QCOMPARE(input.constLast(), u"user: SQLite"_s);
    // Its question, answered, stays in its thread (a remote thread has the call already; it gets the answer now).
    QVERIFY2(input.contains(u"call:handoff_to"_s) || input.contains(u"output:{\"assistant\":\"person\"}"_s),
        qPrintable(input.join(u" | "_s)));
    QCOMPARE(handoffs(h.repository().boardState(id).handoffs).constLast(), u"analyst→person accepted"_s);
}

void TestPipeline::boardActionsSignalsAndQueries()
{
    EngineHarness h(ProviderProfile::Protocol::ChatCompletions);
    declarePipeline(h, false);
    const qint64 id = h.createConversation(Conversation::Mode::Pipeline);
    QSignalSpy changed(&h.repository(), &ChatRepository::handoffStatusChanged);

    // An outside agent starts the story and hands it along, as seed 002's curl examples do.
    const BoardResult start = h.repository().createHandoff(
        id, u"orchestrator"_s, u"analyst"_s, QJsonObject { { u"story"_s, u"v0.1:1.1.1"_s } });
    QVERIFY2(start.ok(), qPrintable(start.message));
    QVERIFY(h.repository().acceptHandoff(start.handoff.id).ok());
    const BoardResult plan = h.repository().createHandoff(
        id, u"analyst"_s, u"implementer"_s, QJsonObject { { u"plan"_s, u"Add the form"_s } });
    QVERIFY(plan.ok());
    QCOMPARE(h.repository().activeAgent(id), u"implementer"_s);
    QCOMPARE(h.repository().pendingHandoff(id, u"implementer"_s)->id, plan.handoff.id);

    // Refusals, each with its sentence.
    const BoardResult skip = h.repository().createHandoff(id, u"analyst"_s, u"documenter"_s, {});
    QCOMPARE(skip.problem, BoardResult::Problem::Invalid);
    QVERIFY(skip.message.contains(u"not declared"_s));
    QCOMPARE(h.repository().acceptHandoff(9999).problem, BoardResult::Problem::NotFound);
    QCOMPARE(h.repository().rejectHandoff(plan.handoff.id, u"  "_s).problem, BoardResult::Problem::Invalid);
    QCOMPARE(h.repository().acceptHandoff(start.handoff.id).problem, BoardResult::Problem::Invalid); // not pending

    // The implementer refuses it: the work returns to the analyst, with the reason.
    QVERIFY(h.repository().rejectHandoff(plan.handoff.id, u"The plan has no tests"_s).ok());
    QCOMPARE(h.repository().activeAgent(id), u"analyst"_s);
    const BoardState state = h.repository().boardState(id);
    QCOMPARE(state.currentAgent, u"analyst"_s);
    QCOMPARE(state.phase, u"analyzing"_s); // the phase follows the work back, as after the engine's own rejection
    QCOMPARE(handoffs(state.handoffs),
        (QStringList { u"orchestrator→analyst accepted"_s, u"analyst→implementer rejected"_s }));
    QCOMPARE(state.handoffs.at(1).rejectionReason(), u"The plan has no tests"_s);
    QVERIFY(state.handoffs.at(1).processedAt().isValid());
    // Each status change announced once: created twice, accepted once, rejected once.
    QStringList announced;
    for (const QList<QVariant> &signal : std::as_const(changed)) {
        const Handoff each = signal.at(0).value<Handoff>();
        announced << u"%1 %2"_s.arg(each.id).arg(Handoff::statusName(each.status()));
    }
    QCOMPARE(announced,
        (QStringList { u"%1 pending"_s.arg(start.handoff.id), u"%1 accepted"_s.arg(start.handoff.id),
            u"%1 pending"_s.arg(plan.handoff.id), u"%1 rejected"_s.arg(plan.handoff.id) }));
    QCOMPARE(dividers(h.rows(id)).constLast(), u"rejected: Rejected by Implementer: The plan has no tests"_s);
}

void TestPipeline::staleHandoffsTimeOutAndCleanUp()
{
    EngineHarness h(ProviderProfile::Protocol::ChatCompletions);
    declarePipeline(h, false);
    const qint64 id = h.createConversation(Conversation::Mode::Pipeline);
    const BoardResult plan = h.repository().createHandoff(id, u"analyst"_s, u"implementer"_s, {});
    QVERIFY(plan.ok());
    // Made an hour ago: stale after 30 minutes.
    QSqlQuery age(h.db());
    QVERIFY(
        age.exec(u"UPDATE handoffs SET created_at = '2020-01-01T00:00:00.000Z' WHERE id = %1"_s.arg(plan.handoff.id)));
    QCOMPARE(h.repository().staleHandoffs(30).size(), 1);
    QCOMPARE(h.repository().staleHandoffs(60 * 24 * 365 * 20).size(), 0);

    h.repository().sweepStaleHandoffsEvery(20); // the window's periodic sweep
    QTRY_COMPARE(h.repository().boardState(id).handoffs.constLast().status(), Handoff::Status::TimedOut);
    h.repository().sweepStaleHandoffsEvery(0);
    QCOMPARE(h.repository().activeAgent(id), u"analyst"_s); // back with the source
    QVERIFY(dividers(h.rows(id)).constLast().contains(u"timed out"_s));

    // Clean-up cancels every pending handoff of the conversation (one at a time can be pending).
    QVERIFY(h.repository().createHandoff(id, u"analyst"_s, u"implementer"_s, {}).ok());
    QCOMPARE(
        h.repository().createHandoff(id, u"implementer"_s, u"reviewer"_s, {}).problem, BoardResult::Problem::Invalid);
    const BoardResult cleaned = h.repository().cleanupHandoffs(id);
    QVERIFY(cleaned.ok());
    QCOMPARE(cleaned.count, 1);
    for (const Handoff &each : h.repository().boardState(id).handoffs)
        QVERIFY(each.isFinal());
    QVERIFY(StoreInvariants::problems(h.db()).isEmpty());
}

void TestPipeline::everyOutcomeShowsInTheChat()
{
    // Issue #24: a warm handoff never holds the conversation, and its time-out or clean-up showed nothing, so the
    // chat read "handed to Reviewer" again and again with no result.
    EngineHarness h(ProviderProfile::Protocol::ChatCompletions);
    declarePipeline(h); // the review is warm
    const qint64 id = h.createConversation(Conversation::Mode::Pipeline);
    const BoardResult start = h.repository().createHandoff(id, u"orchestrator"_s, u"analyst"_s, {});
    QVERIFY2(start.ok(), qPrintable(start.message));
    QVERIFY(h.repository().acceptHandoff(start.handoff.id).ok());
    const BoardResult plan = h.repository().createHandoff(id, u"analyst"_s, u"implementer"_s, {});
    QVERIFY2(plan.ok(), qPrintable(plan.message));
    QVERIFY(h.repository().acceptHandoff(plan.handoff.id).ok());

    const auto review = [&] {
        const BoardResult made = h.repository().createHandoff(id, u"implementer"_s, u"reviewer"_s, {});
        if (!made.ok())
            qWarning().noquote() << made.message;
        return made.handoff.id;
    };
    const qint64 first = review();
    QVERIFY(first > 0);
    QCOMPARE(h.repository().activeAgent(id), u"implementer"_s); // warm: it never held the conversation
    QVERIFY(h.repository().timeOutHandoff(first).ok());
    QCOMPARE(dividers(h.rows(id)).constLast(), u"error: The handoff from Implementer to Reviewer timed out."_s);

    QVERIFY(review() > 0);
    QVERIFY(h.repository().cleanupHandoffs(id).ok());
    QCOMPARE(dividers(h.rows(id)).constLast(), u"error: The handoff from Implementer to Reviewer was cleaned up."_s);

    // The stale sweep of a warm handoff says so too.
    const qint64 third = review();
    QVERIFY(third > 0);
    QSqlQuery age(h.db());
    QVERIFY(age.exec(u"UPDATE handoffs SET created_at = '2020-01-01T00:00:00.000Z' WHERE id = %1"_s.arg(third)));
    h.repository().sweepStaleHandoffsEvery(20);
    QTRY_COMPARE(h.repository().boardState(id).handoffs.constLast().status(), Handoff::Status::TimedOut);
    h.repository().sweepStaleHandoffsEvery(0);

    // Every "handed to Reviewer" is followed by what became of it.
    const QList<Message> rows = h.rows(id);
    QHash<qint64, int> outcomes;
    for (const Message &row : rows)
        if (row.kind == Message::Kind::Divider && row.divider != Message::Divider::Transferred)
            ++outcomes[row.handoffId];
    for (const qint64 each : { first, third })
        QCOMPARE(outcomes.value(each), 1);
    QCOMPARE(h.repository().activeAgent(id), u"implementer"_s);
    QVERIFY(StoreInvariants::problems(h.db()).isEmpty());
}

void TestPipeline::refusalsAndGuardrailStopsAreNoRejections()
{
    // Issue #24: a refused analyst → documenter handoff counted as a rejection by the documenter, which never ran;
    // the bounce cap's stop was stored as a rejection whose reason was the guardrail's sentence.
    EngineConfig config = EngineHarness::testConfig();
    config.limits.maxBouncesPerEdge = 1;
    EngineHarness h(ProviderProfile::Protocol::ChatCompletions, config);
    declarePipeline(h);
    h.server().enqueue(ScriptedReply::calling({ handoff(u"documenter"_s, u"Skip the work"_s) }));
    h.server().enqueue(ScriptedReply::calling({ handoff(u"implementer"_s, u"Plan"_s) }));
    h.server().enqueue(ScriptedReply::calling({ handoff(u"reviewer"_s, u"Version 1"_s) }));
    h.server().enqueue(ScriptedReply::calling({ call(u"reject_work"_s, { { u"reason"_s, u"Tests failing"_s } }) }));
    h.server().enqueue(ScriptedReply::calling({ handoff(u"reviewer"_s, u"Version 2"_s) }));
    const qint64 id = h.createConversation(Conversation::Mode::Pipeline);

    QCOMPARE(h.sendAndWait(id, u"Story 6"_s), RunOutcome::GuardrailStopped);

    const QList<Handoff> board = h.repository().boardState(id).handoffs;
    QStringList trail = handoffs(board);
    QCOMPARE(trail,
        (QStringList { u"orchestrator→analyst accepted"_s, u"analyst→documenter rejected"_s,
            u"analyst→implementer accepted"_s, u"implementer→reviewer rejected"_s,
            u"implementer→reviewer cancelled"_s }));
    const Handoff stopped = board.constLast();
    QVERIFY(stopped.rejectionReason().isEmpty());
    QCOMPARE(stopped.payload.value(u"stopped"_s).toObject().value(u"guardrail"_s).toString(), u"bounce_cap"_s);

    const Metrics metrics = h.repository().metrics(id);
    const auto of = [&](const QString &agent) {
        for (const AgentMetrics &each : metrics.agents)
            if (each.agentId == agent)
                return each;
        return AgentMetrics {};
    };
    QCOMPARE(of(u"documenter"_s).handoffsReceived, 0);
    QCOMPARE(of(u"documenter"_s).rejectionsGiven, 0);
    QCOMPARE(of(u"reviewer"_s).handoffsReceived, 1);
    QCOMPARE(of(u"reviewer"_s).rejectionsGiven, 1); // its own rejection, not the cap's stop
    QCOMPARE(of(u"analyst"_s).handoffsGiven, 2);
    QCOMPARE(of(u"analyst"_s).handoffsRefused, 1);
    QCOMPARE(of(u"analyst"_s).rejectionsReceived, 0);
    QCOMPARE(of(u"implementer"_s).handoffsRefused, 1);
    QCOMPARE(of(u"implementer"_s).rejectionsReceived, 1);
    QCOMPARE(metrics.total.rejectionsGiven, 1);
    QCOMPARE(metrics.total.handoffsRefused, 2);
    QVERIFY(StoreInvariants::problems(h.db()).isEmpty());
}

QTEST_GUILESS_MAIN(TestPipeline)
#include "tst_pipeline.moc"
