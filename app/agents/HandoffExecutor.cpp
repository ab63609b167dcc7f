// HandoffExecutor owns handoff execution inside a run: the checks (target, enabled, terminal, transition, hop caps),
// what each kind of handoff writes in its one step (cold and warm tool handoffs, dual mode's signal, the person as
// target, a pipeline's end, the decisions on warm handoffs) and what the target receives.
#include "HandoffExecutor.h"

#include "agents/DefaultAgents.h"
#include "agents/EngineConfig.h"
#include "agents/EngineEvents.h"
#include "agents/HandoffContext.h"
#include "agents/HandoffLedger.h"
#include "agents/OutsideRunners.h"
#include "agents/RemoteThreads.h"
#include "agents/Run.h"
#include "agents/RunRows.h"
#include "agents/Step.h"
#include "agents/ThreadHistory.h"
#include "agents/ToolGate.h"
#include "domain/HandoffRules.h"
#include "domain/Logging.h"
#include "domain/PipelinePhase.h"
#include "storage/UnitOfWork.h"

#include <QJsonArray>
#include <QJsonObject>

using namespace Qt::StringLiterals;

namespace Tandem {

HandoffExecutor::HandoffExecutor(UnitOfWork &work, EngineEvents &events, HandoffLedger &ledger, RemoteThreads &threads,
    ToolGate &tools, const EngineConfig &config)
    : m_work(work)
    , m_events(events)
    , m_ledger(ledger)
    , m_threads(threads)
    , m_tools(tools)
    , m_config(config)
{ }

HandoffOutcome HandoffExecutor::execute(Run &run, const HandoffRequest &request)
{
    const Agent *target = run.roster.find(request.targetAgent);
    Handoff handoff;
    handoff.conversationId = run.conversationId;
    handoff.runId = run.runId;
    handoff.fromAgent = request.fromAgent;
    handoff.toAgent = target ? target->id : request.targetAgent;
    handoff.reason = request.reason;
    // What was asked; a handoff that is carried out stores what travels instead.
    if (request.source == HandoffRequest::Source::Tool)
        handoff.payload = QJsonObject { { u"context"_s, request.context }, { u"arguments"_s, request.arguments },
            { u"call_id"_s, request.callId } };
    else
        handoff.payload = QJsonObject { { u"text"_s, request.context }, { u"source"_s, u"signal"_s } };

    if (const std::optional<QString> problem = refusal(run, request)) {
        qCInfo(lcAgents) << "handoff refused:" << request.fromAgent << "->" << request.targetAgent;
        return refuse(run, handoff, request, *problem);
    }
    // A target that cannot run (HandoffPreparation) is refused the same way, before anything moves to it.
    if (!request.unready.isEmpty()) {
        qCInfo(lcAgents) << "handoff refused, the target cannot run:" << request.fromAgent << "->" << handoff.toAgent;
        return refuse(run, handoff, request, request.unready);
    }
    if (std::optional<GuardrailViolation> violation = run.counters.checkAndRecordHop(
            request.fromAgent, handoff.toAgent, run.roster.name(request.fromAgent), run.roster.name(handoff.toAgent)))
        return stopAtCap(run, handoff, request, *violation);
    handoff.payload = payloadFor(run, request);
    if (handoff.toAgent == TransitionGraph::kPerson)
        return toPerson(run, handoff, request);
    if (run.profile->orchestratorEndsStory() && handoff.toAgent == TransitionGraph::kOrchestrator)
        return finishPipeline(run, handoff, request);
    if (run.cancelledAgents.contains(handoff.toAgent))
        return cancelled(run, handoff, request);
    return request.source == HandoffRequest::Source::TextSignal ? viaSignal(run, handoff)
                                                                : viaTool(run, handoff, request);
}

std::optional<QString> HandoffExecutor::refusal(const Run &run, const HandoffRequest &request) const
{
    // The board's rules (HandoffRules): inside a run the agent the engine runs holds the work. A handoff an earlier
    // run left pending does not block this one: a warm review whose run ended (Stop, a guardrail, a reviewer that
    // answered in text) or a next-turn handoff the router never settled would otherwise refuse every handoff of the
    // conversation until the stale sweep, 30 minutes later. The engine's newest handoff supersedes it (decide() takes
    // the newest); only the board's own create path, for the CLI, the API and outside agents, keeps one at a time.
    const HandoffRules::Board board { run.conversation.mode, run.agentId,
        DefaultAgents::firstAgent(run.conversation.mode),
        m_work.variables().value(run.conversationId, PipelinePhase::kVariable.toString()), {} };
    const HandoffRules::Verdict verdict
        = HandoffRules::check(run.roster, board, request.fromAgent, request.targetAgent);
    const QString sourceName = run.roster.name(request.fromAgent);
    const QString targetName = run.roster.name(request.targetAgent);
    // In a run the sentence says where the conversation stays: the agent that asked answers the person itself.
    switch (verdict.refusal) {
    case HandoffRules::Refusal::None:
        return std::nullopt;
    case HandoffRules::Refusal::UnknownAgent:
        return tr("There is no agent “%1”: the conversation stays with %2.").arg(request.targetAgent, sourceName);
    case HandoffRules::Refusal::Disabled:
        return tr("%1 is disabled: the conversation stays with %2.").arg(targetName, sourceName);
    case HandoffRules::Refusal::Terminal:
        return tr("%1 is a terminal agent and cannot hand the conversation over; it stays with %1.").arg(sourceName);
    case HandoffRules::Refusal::Undeclared:
        return tr("%1 may not hand the conversation to %2: it stays with %1.").arg(sourceName, targetName);
    case HandoffRules::Refusal::NotHolder:
    case HandoffRules::Refusal::Pending:
        break;
    }
    return verdict.message;
}

HandoffOutcome HandoffExecutor::refuse(Run &run, Handoff &handoff, const HandoffRequest &request, const QString &reason)
{
    // A refused handoff is a handoff too: created pending with what was asked, then rejected with the reason. In a
    // pipeline the refusal of a transition outside its declared table is shown as a rejection.
    const bool viaTool = request.source == HandoffRequest::Source::Tool;
    const Message::Divider divider
        = run.profile->refusalIsRejection ? Message::Divider::Rejected : Message::Divider::Error;
    // Marked as the rules' refusal: the target never saw it, so it is no rejection of the target's (the metrics).
    handoff.payload.insert(u"refused"_s, true);
    Step step(m_work, m_events);
    if (!step.isActive() || !m_ledger.create(handoff) || !m_ledger.settle(handoff, Handoff::Status::Rejected, reason)
        || !RunRows::addDivider(m_work, m_events, run, divider, reason, request.fromAgent, handoff.id, request.callId)
        || (viaTool && !m_tools.answerHandoffCall(run, request, ToolGate::errorOutput(reason)))
        || (!viaTool && !run.reply.linkHandoff(handoff.id)) || !step.commit())
        return HandoffOutcome();
    // The onward handoff of an approval has no call of its own to read the reason from: the run ends with the reason
    // shown, and the work stays with the agent that approved.
    const bool answered = viaTool && !request.callId.isEmpty();
    HandoffOutcome outcome(answered ? HandoffOutcome::Next::SourceAnswers : HandoffOutcome::Next::Completed);
    outcome.handoffId = handoff.id;
    return outcome;
}

HandoffOutcome HandoffExecutor::stopAtCap(
    Run &run, Handoff &handoff, const HandoffRequest &request, GuardrailViolation violation)
{
    // The guardrail stopped the run before the handoff took effect: cancelled, not rejected by anyone; what stopped it
    // travels with it.
    handoff.payload.insert(u"stopped"_s,
        QJsonObject {
            { u"guardrail"_s, GuardrailViolation::kindName(violation.kind) }, { u"message"_s, violation.message } });
    Step step(m_work, m_events);
    if (!step.isActive() || !m_tools.answerHandoffCall(run, request, ToolGate::errorOutput(violation.message))
        || !m_ledger.create(handoff) || !m_ledger.settle(handoff, Handoff::Status::Cancelled)
        || (request.source == HandoffRequest::Source::TextSignal && !run.reply.linkHandoff(handoff.id))
        || !step.commit())
        return HandoffOutcome();
    HandoffOutcome outcome(HandoffOutcome::Next::GuardrailStop);
    outcome.violation = violation;
    outcome.handoffId = handoff.id;
    return outcome;
}

HandoffOutcome HandoffExecutor::cancelled(Run &run, Handoff &handoff, const HandoffRequest &request)
{
    const QString name = run.roster.name(handoff.toAgent);
    Step step(m_work, m_events);
    if (!step.isActive() || !m_ledger.create(handoff) || !m_ledger.settle(handoff, Handoff::Status::Cancelled)
        || !m_tools.answerHandoffCall(run, request, ToolGate::errorOutput(u"The person stopped %1."_s.arg(name)))
        || !step.commit())
        return HandoffOutcome();
    HandoffOutcome outcome(HandoffOutcome::Next::Cancelled);
    outcome.message = tr("Stopped before %1 could answer.").arg(name);
    outcome.handoffId = handoff.id;
    return outcome;
}

HandoffOutcome HandoffExecutor::viaSignal(Run &run, Handoff &handoff)
{
    Step step(m_work, m_events);
    if (!step.isActive() || !m_ledger.create(handoff) || !run.reply.linkHandoff(handoff.id)
        || !RunRows::addDivider(m_work, m_events, run, Message::Divider::HandingOver,
            tr("Handing the message to agent 2"), handoff.fromAgent, handoff.id)
        || !step.commit())
        return HandoffOutcome();
    // Seed 000's order: accepted only once agent 2's thread is ready and the payload posted to it (delivered()).
    run.undelivered = handoff.id;
    HandoffOutcome outcome(HandoffOutcome::Next::TargetStarts);
    outcome.handoffId = handoff.id;
    outcome.target = handoff.toAgent;
    outcome.targetInput = ThreadHistory::handoffInput(handoff);
    return outcome;
}

HandoffOutcome HandoffExecutor::viaTool(Run &run, Handoff &handoff, const HandoffRequest &request)
{
    // Cold: the conversation moves to the target at once, and the handoff is accepted when the target starts. Warm:
    // the source stays responsible, and the handoff waits for the target's decision (approve_work / reject_work).
    const TransitionGraph::Edge edge = *run.roster.graph.edge(handoff.fromAgent, handoff.toAgent);
    // An outside agent (`runner: command`) is no model to call: its handoff waits, pending, for the program Tandem
    // starts for it to accept it through the local API (chat/OutsideAgents).
    const bool nextTurn = edge.timing == TransitionGraph::Timing::NextTurn
        || OutsideRunners::of(m_config.agentsFolder, handoff.toAgent).isCommand();
    const QString name = run.roster.name(handoff.toAgent);
    Step step(m_work, m_events);
    bool ok = step.isActive() && m_ledger.create(handoff)
        && m_threads.appendPending(run, handoff.fromAgent,
            { InputItem::functionOutput(request.callId, ThreadHistory::handoffToolOutput(handoff.toAgent)) })
        && RunRows::addDivider(m_work, m_events, run, Message::Divider::Transferred,
            tr("Transferred to %1. Context: %2").arg(name, request.context), handoff.fromAgent, handoff.id,
            request.callId)
        && (edge.warm || m_ledger.setActive(run.conversationId, handoff.toAgent))
        && (!run.profile->hasPhases() || m_ledger.setPhase(run.conversationId, handoff.toAgent));
    if (ok && nextTurn)
        ok = m_threads.appendPending(run, handoff.toAgent, ThreadHistory::handoffInput(handoff));
    else if (ok && !edge.warm)
        ok = m_ledger.settle(handoff, Handoff::Status::Accepted);
    if (!ok || !step.commit())
        return HandoffOutcome();
    HandoffOutcome outcome(nextTurn ? HandoffOutcome::Next::Completed : HandoffOutcome::Next::TargetStarts);
    outcome.handoffId = handoff.id;
    outcome.target = handoff.toAgent;
    if (!nextTurn)
        outcome.targetInput = ThreadHistory::handoffInput(handoff);
    return outcome;
}

HandoffOutcome HandoffExecutor::toPerson(Run &run, Handoff &handoff, const HandoffRequest &request)
{
    // The person is a valid target of every agent. The run ends waiting for them; their next message resumes the agent
    // that asked (it stays the active agent) and settles the handoff.
    Step step(m_work, m_events);
    if (!step.isActive() || !m_ledger.create(handoff)
        || !m_tools.answerHandoffCall(run, request, ThreadHistory::handoffToolOutput(handoff.toAgent))
        || !RunRows::addDivider(m_work, m_events, run, Message::Divider::WaitingForYou,
            tr("%1 is waiting for you: %2").arg(run.roster.name(handoff.fromAgent), request.context), handoff.fromAgent,
            handoff.id, request.callId)
        || !step.commit())
        return HandoffOutcome();
    HandoffOutcome outcome(HandoffOutcome::Next::Completed);
    outcome.handoffId = handoff.id;
    return outcome;
}

HandoffOutcome HandoffExecutor::finishPipeline(Run &run, Handoff &handoff, const HandoffRequest &request)
{
    // The last phase's handoff to the orchestrator completes the story (the shipped documenter's). The next story
    // starts with the pipeline's first agent.
    Step step(m_work, m_events);
    if (!step.isActive() || !m_ledger.create(handoff) || !m_ledger.settle(handoff, Handoff::Status::Accepted)
        || !m_tools.answerHandoffCall(run, request, ThreadHistory::handoffToolOutput(handoff.toAgent))
        || !RunRows::addDivider(m_work, m_events, run, Message::Divider::Completed,
            tr("Pipeline complete. %1").arg(request.context).trimmed(), handoff.fromAgent, handoff.id, request.callId)
        || !m_ledger.setPhase(run.conversationId, handoff.toAgent)
        || !m_ledger.setActive(run.conversationId, DefaultAgents::firstAgent(run.conversation.mode)) || !step.commit())
        return HandoffOutcome();
    HandoffOutcome outcome(HandoffOutcome::Next::Completed);
    outcome.handoffId = handoff.id;
    return outcome;
}

HandoffOutcome HandoffExecutor::decide(Run &run, const HandoffDecision &decision)
{
    // The newest warm handoff waiting for this agent's decision.
    QList<Handoff> waiting = m_work.board().pendingFor(run.conversationId, run.agentId);
    if (waiting.isEmpty()) {
        const ToolCall call { decision.callId,
            decision.kind == HandoffDecision::Kind::Approve ? ToolGate::kApproveTool.toString()
                                                            : ToolGate::kRejectTool.toString(),
            decision.arguments, {} };
        Step step(m_work, m_events);
        if (!step.isActive()
            || !m_tools.answerCall(run, run.agentId, call,
                ToolGate::errorOutput(u"There is no handed-over work waiting for your decision."_s))
            || !step.commit())
            return HandoffOutcome();
        return HandoffOutcome(HandoffOutcome::Next::SourceAnswers);
    }
    Handoff handoff = waiting.constLast();
    return decision.kind == HandoffDecision::Kind::Approve ? approve(run, handoff, decision)
                                                           : reject(run, handoff, decision);
}

HandoffOutcome HandoffExecutor::approve(Run &run, Handoff &handoff, const HandoffDecision &decision)
{
    const QString me = run.agentId;
    handoff.payload.insert(u"decision"_s,
        QJsonObject { { u"call_id"_s, decision.callId }, { u"name"_s, ToolGate::kApproveTool.toString() },
            { u"arguments"_s, decision.arguments } });
    Step step(m_work, m_events);
    if (!step.isActive() || !m_work.board().savePayload(handoff) || !m_ledger.settle(handoff, Handoff::Status::Accepted)
        || !m_tools.answerCall(run, me,
            ToolCall { decision.callId, ToolGate::kApproveTool.toString(), decision.arguments, {} },
            ThreadHistory::decisionOutput(true))
        || !RunRows::addDivider(m_work, m_events, run, Message::Divider::Accepted,
            tr("Approved by %1: %2").arg(run.roster.name(me), decision.text), me, handoff.id, decision.callId)
        || !m_ledger.setActive(run.conversationId, me) || !step.commit())
        return HandoffOutcome();
    // Approving moves the work forward (the shipped reviewer's approval hands it to the refactorer): the one target
    // other than back to the source.
    QStringList forward = run.roster.graph.targets(me);
    forward.removeAll(handoff.fromAgent);
    if (forward.size() != 1)
        return HandoffOutcome(HandoffOutcome::Next::SourceAnswers); // it decides where the work goes next
    // Not carried out here: like a handoff_to call, it is prepared first (its target able to run, its edge's summary
    // written), so a target that cannot run is refused while the work is still with the approver.
    HandoffOutcome outcome(HandoffOutcome::Next::HandsOn);
    outcome.handoffId = handoff.id;
    outcome.onward.source = HandoffRequest::Source::Tool;
    outcome.onward.fromAgent = me;
    outcome.onward.targetAgent = forward.constFirst();
    outcome.onward.context = decision.text;
    return outcome;
}

HandoffOutcome HandoffExecutor::reject(Run &run, Handoff &handoff, const HandoffDecision &decision)
{
    // A rejection carries a reason and returns the work to the agent that handed it over.
    const QString me = run.agentId;
    handoff.payload.insert(u"decision"_s,
        QJsonObject { { u"call_id"_s, decision.callId }, { u"name"_s, ToolGate::kRejectTool.toString() },
            { u"arguments"_s, decision.arguments }, { u"by"_s, run.roster.name(me) } });
    Step step(m_work, m_events);
    if (!step.isActive() || !m_work.board().savePayload(handoff)
        || !m_ledger.settle(handoff, Handoff::Status::Rejected, decision.text)
        || !m_tools.answerCall(run, me,
            ToolCall { decision.callId, ToolGate::kRejectTool.toString(), decision.arguments, {} },
            ThreadHistory::decisionOutput(false))
        || !RunRows::addDivider(m_work, m_events, run, Message::Divider::Rejected,
            tr("Rejected by %1: %2").arg(run.roster.name(me), decision.text), me, handoff.id, decision.callId)
        || !m_ledger.setActive(run.conversationId, handoff.fromAgent)
        || (run.profile->hasPhases() && !m_ledger.setPhase(run.conversationId, handoff.fromAgent)) || !step.commit())
        return HandoffOutcome();
    HandoffOutcome outcome(HandoffOutcome::Next::TargetStarts);
    outcome.handoffId = handoff.id;
    outcome.target = handoff.fromAgent;
    outcome.targetInput = ThreadHistory::rejectionInput(handoff);
    return outcome;
}

bool HandoffExecutor::startPipeline(Run &run, const QString &story)
{
    Handoff handoff;
    handoff.conversationId = run.conversationId;
    handoff.runId = run.runId;
    handoff.fromAgent = TransitionGraph::kOrchestrator.toString();
    handoff.toAgent = run.startAgent;
    handoff.payload = QJsonObject { { u"story"_s, story } };
    return m_ledger.create(handoff) && m_ledger.settle(handoff, Handoff::Status::Accepted)
        && RunRows::addDivider(m_work, m_events, run, Message::Divider::Transferred,
            tr("Story handed to %1").arg(run.roster.name(run.startAgent)), handoff.fromAgent, handoff.id)
        && m_ledger.setPhase(run.conversationId, run.startAgent);
}

bool HandoffExecutor::acceptPending(qint64 conversationId, const QString &agentId)
{
    // Warm handoffs wait for the target's decision, not for it to start.
    QList<Handoff> pending = m_work.board().pendingFor(conversationId, agentId);
    pending << m_work.board().pendingFor(conversationId, TransitionGraph::kPerson.toString());
    for (Handoff &handoff : pending) {
        const std::optional<Agent> source = m_work.agents().get(handoff.fromAgent);
        if (source && source->edgeOptions.value(handoff.toAgent).warm)
            continue;
        if (!m_ledger.settle(handoff, Handoff::Status::Accepted))
            return false;
    }
    return true;
}

bool HandoffExecutor::delivered(Run &run)
{
    if (run.undelivered == 0)
        return true;
    std::optional<Handoff> handoff = m_work.board().get(run.undelivered);
    if (handoff && !handoff->isFinal()) {
        Step step(m_work, m_events);
        if (!step.isActive() || !m_ledger.settle(*handoff, Handoff::Status::Accepted)
            || !RunRows::addDivider(m_work, m_events, run, Message::Divider::Accepted,
                tr("Message accepted by agent 2"), handoff->toAgent, handoff->id)
            || !step.commit())
            return false; // still undelivered: the run's end cancels it
    }
    run.undelivered = 0;
    return true;
}

bool HandoffExecutor::undelivered(Run &run, bool stopped, const QString &error)
{
    if (run.undelivered == 0)
        return true;
    std::optional<Handoff> handoff = m_work.board().get(run.undelivered);
    run.undelivered = 0;
    if (!handoff || handoff->isFinal())
        return true;
    const QString text = stopped ? tr("Stopped before agent 2 received the message")
                                 : tr("The message could not be handed to agent 2: %1").arg(error);
    Step step(m_work, m_events);
    // Taken back from agent 2's queued input before the payload is marked: its next handoff sends only its own.
    if (!step.isActive() || !m_ledger.revoke(*handoff, false))
        return false;
    handoff->payload.insert(u"undelivered"_s, stopped ? u"stopped"_s : error);
    return m_work.board().savePayload(*handoff) && m_ledger.settle(*handoff, Handoff::Status::Cancelled)
        && RunRows::addDivider(m_work, m_events, run, Message::Divider::Error, text, handoff->toAgent, handoff->id)
        && step.commit();
}

QJsonObject HandoffExecutor::payloadFor(const Run &run, const HandoffRequest &request) const
{
    const TransitionGraph::Edge edge = *run.roster.graph.edge(request.fromAgent, request.targetAgent);
    QJsonObject payload;
    if (request.source == HandoffRequest::Source::TextSignal) {
        // An empty payload still hands over (the payload is whatever follows the signal line, nothing included); agent
        // 2 then gets the person's own message, which is what agent 1 was asked.
        const bool empty = request.context.trimmed().isEmpty();
        payload.insert(u"text"_s, empty ? run.userText : request.context);
        payload.insert(u"source"_s, empty ? u"user_message"_s : u"signal"_s);
    } else {
        // The note "Transferred to <agent>. Context: <context>"; it reaches the target as a user turn
        // (ThreadHistory::handoffInput).
        QString note = u"Transferred to %1. Context: %2"_s.arg(run.roster.name(request.targetAgent), request.context);
        if (!request.reason.isEmpty())
            note += u"\nReason: "_s + request.reason;
        // What else travels is the edge's choice (seed 003): the source's model's summary, the history capped by
        // tokens, or a reference the target reads with read_history.
        if (edge.transfer == TransitionGraph::ContextTransfer::Summary && !request.summary.isEmpty()) {
            note = HandoffContext::summaryNote(run.roster.name(request.fromAgent), request.summary) + u"\n\n"_s + note;
            payload.insert(u"summary"_s, request.summary);
        } else if (edge.transfer == TransitionGraph::ContextTransfer::FullHistory) {
            payload.insert(u"history"_s,
                HandoffContext::history(m_work.messages().transcript(run.conversationId, 0), m_config.historyTokenCap));
        } else if (edge.transfer == TransitionGraph::ContextTransfer::Reference) {
            note += u"\n\n"_s + HandoffContext::referenceNote();
        }
        payload.insert(u"text"_s, note);
        payload.insert(u"context"_s, request.context);
        payload.insert(u"arguments"_s, request.arguments);
        payload.insert(u"call_id"_s, request.callId);
    }
    payload.insert(u"transfer"_s, TransitionGraph::transferName(edge.transfer));
    payload.insert(u"timing"_s, TransitionGraph::timingName(edge.timing));
    if (edge.warm)
        payload.insert(u"warm"_s, true);
    return payload;
}

} // namespace Tandem
