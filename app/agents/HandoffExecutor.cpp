// HandoffExecutor owns handoff execution: the checks (target, enabled, terminal, transition, hop caps), the handoff
// row and its status changes, the dividers, the active agent and what the target receives; and stale handoffs.
#include "HandoffExecutor.h"

#include "agents/EngineConfig.h"
#include "agents/EngineEvents.h"
#include "agents/RemoteThreads.h"
#include "agents/Run.h"
#include "agents/RunRows.h"
#include "agents/Step.h"
#include "agents/ThreadHistory.h"
#include "agents/ToolGate.h"
#include "domain/HandoffSignal.h"
#include "domain/Logging.h"
#include "storage/UnitOfWork.h"

#include <QJsonArray>
#include <QJsonObject>

using namespace Qt::StringLiterals;

namespace Tandem {

HandoffExecutor::HandoffExecutor(
    UnitOfWork &work, EngineEvents &events, RemoteThreads &threads, ToolGate &tools, const EngineConfig &config)
    : m_work(work)
    , m_events(events)
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
    if (std::optional<GuardrailViolation> violation = run.counters.checkAndRecordHop(request.fromAgent, target->id))
        return stopAtCap(run, handoff, request, *violation);
    handoff.payload = payloadFor(run, request);
    if (run.cancelledAgents.contains(target->id)) {
        Step step(m_work, m_events);
        if (!step.isActive() || !create(handoff) || !settle(handoff, Handoff::Status::Cancelled)
            || !m_tools.answerHandoffCall(
                run, request, ToolGate::errorOutput(u"The person stopped %1."_s.arg(target->name)))
            || !step.commit())
            return HandoffOutcome();
        HandoffOutcome outcome { HandoffOutcome::Next::Cancelled };
        outcome.message = tr("Stopped before %1 could answer.").arg(target->name);
        outcome.handoffId = handoff.id;
        return outcome;
    }
    return request.source == HandoffRequest::Source::TextSignal ? viaSignal(run, handoff)
                                                                : viaTool(run, handoff, request);
}

std::optional<QString> HandoffExecutor::refusal(const Run &run, const HandoffRequest &request) const
{
    const Agent *source = run.roster.find(request.fromAgent);
    const Agent *target = run.roster.find(request.targetAgent);
    const QString sourceName = run.roster.name(request.fromAgent);
    if (!target)
        return tr("There is no agent “%1”: the conversation stays with %2.").arg(request.targetAgent, sourceName);
    if (!target->enabled)
        return tr("%1 is disabled: the conversation stays with %2.").arg(target->name, sourceName);
    if (source && source->terminal)
        return tr("%1 is a terminal agent and cannot hand the conversation over; it stays with %1.").arg(sourceName);
    if (!run.roster.graph.edge(request.fromAgent, target->id))
        return tr("%1 may not hand the conversation to %2: it stays with %1.").arg(sourceName, target->name);
    return std::nullopt;
}

HandoffOutcome HandoffExecutor::refuse(Run &run, Handoff &handoff, const HandoffRequest &request, const QString &reason)
{
    // A refused handoff is a handoff too: created pending with what was asked, then rejected with the reason.
    const bool viaTool = request.source == HandoffRequest::Source::Tool;
    Step step(m_work, m_events);
    if (!step.isActive() || !create(handoff) || !settle(handoff, Handoff::Status::Rejected, reason)
        || !RunRows::addDivider(
            m_work, m_events, run, Message::Divider::Error, reason, request.fromAgent, handoff.id, request.callId)
        || (viaTool && !m_tools.answerHandoffCall(run, request, ToolGate::errorOutput(reason)))
        || (!viaTool && !run.reply.linkHandoff(handoff.id)) || !step.commit())
        return HandoffOutcome();
    HandoffOutcome outcome { viaTool ? HandoffOutcome::Next::SourceAnswers : HandoffOutcome::Next::Completed };
    outcome.handoffId = handoff.id;
    return outcome;
}

HandoffOutcome HandoffExecutor::stopAtCap(
    Run &run, Handoff &handoff, const HandoffRequest &request, GuardrailViolation violation)
{
    Step step(m_work, m_events);
    if (!step.isActive() || !m_tools.answerHandoffCall(run, request, ToolGate::errorOutput(violation.message))
        || !create(handoff) || !settle(handoff, Handoff::Status::Rejected, violation.message)
        || (request.source == HandoffRequest::Source::TextSignal && !run.reply.linkHandoff(handoff.id))
        || !step.commit())
        return HandoffOutcome();
    HandoffOutcome outcome { HandoffOutcome::Next::GuardrailStop };
    outcome.violation = violation;
    outcome.handoffId = handoff.id;
    return outcome;
}

HandoffOutcome HandoffExecutor::viaSignal(Run &run, Handoff &handoff)
{
    Step step(m_work, m_events);
    if (!step.isActive() || !create(handoff) || !run.reply.linkHandoff(handoff.id)
        || !RunRows::addDivider(m_work, m_events, run, Message::Divider::HandingOver,
            tr("Handing the message to agent 2"), handoff.fromAgent, handoff.id)
        || !settle(handoff, Handoff::Status::Accepted)
        || !RunRows::addDivider(m_work, m_events, run, Message::Divider::Accepted, tr("Message accepted by agent 2"),
            handoff.toAgent, handoff.id)
        || !step.commit())
        return HandoffOutcome();
    HandoffOutcome outcome { HandoffOutcome::Next::TargetStarts };
    outcome.handoffId = handoff.id;
    outcome.target = handoff.toAgent;
    outcome.targetInput = ThreadHistory::handoffInput(handoff);
    return outcome;
}

HandoffOutcome HandoffExecutor::viaTool(Run &run, Handoff &handoff, const HandoffRequest &request)
{
    const Agent *target = run.roster.find(handoff.toAgent);
    const bool nextTurn
        = run.roster.graph.edge(handoff.fromAgent, handoff.toAgent)->timing == TransitionGraph::Timing::NextTurn;
    Step step(m_work, m_events);
    bool ok = step.isActive() && create(handoff)
        && m_threads.appendPending(run, handoff.fromAgent,
            { InputItem::functionOutput(request.callId, ThreadHistory::handoffToolOutput(target->id)) })
        && RunRows::addDivider(m_work, m_events, run, Message::Divider::Transferred,
            tr("Transferred to %1. Context: %2").arg(target->name, request.context), handoff.fromAgent, handoff.id,
            request.callId)
        && m_work.threads().setActive(run.conversationId, target->id);
    if (ok)
        m_events.postActiveAgentChanged(run.conversationId, target->id);
    if (ok && nextTurn)
        ok = m_threads.appendPending(run, target->id, ThreadHistory::handoffInput(handoff));
    else if (ok)
        ok = settle(handoff, Handoff::Status::Accepted);
    if (!ok || !step.commit())
        return HandoffOutcome();
    HandoffOutcome outcome { nextTurn ? HandoffOutcome::Next::Completed : HandoffOutcome::Next::TargetStarts };
    outcome.handoffId = handoff.id;
    outcome.target = target->id;
    if (!nextTurn)
        outcome.targetInput = ThreadHistory::handoffInput(handoff);
    return outcome;
}

QJsonObject HandoffExecutor::payloadFor(const Run &run, const HandoffRequest &request) const
{
    const TransitionGraph::Edge edge = *run.roster.graph.edge(request.fromAgent, request.targetAgent);
    QJsonObject payload;
    if (request.source == HandoffRequest::Source::TextSignal) {
        // An empty payload still hands over (seed 000 forwards "the remainder"); agent 2 then gets the person's own
        // message, which is what agent 1 was asked.
        const bool empty = request.context.trimmed().isEmpty();
        payload.insert(u"text"_s, empty ? run.userText : request.context);
        payload.insert(u"source"_s, empty ? u"user_message"_s : u"signal"_s);
    } else {
        // Seed 001's system note; it reaches the target as a developer message (ThreadHistory::handoffInput).
        QString note = u"Transferred to %1. Context: %2"_s.arg(run.roster.name(request.targetAgent), request.context);
        if (!request.reason.isEmpty())
            note += u"\nReason: "_s + request.reason;
        if (edge.transfer == TransitionGraph::ContextTransfer::Summary)
            note = summary(run) + u"\n\n"_s + note;
        else if (edge.transfer == TransitionGraph::ContextTransfer::FullHistory)
            payload.insert(u"history"_s, transcript(run));
        payload.insert(u"text"_s, note);
        payload.insert(u"context"_s, request.context);
        payload.insert(u"arguments"_s, request.arguments);
        payload.insert(u"call_id"_s, request.callId);
    }
    payload.insert(u"transfer"_s, TransitionGraph::transferName(edge.transfer));
    payload.insert(u"timing"_s, TransitionGraph::timingName(edge.timing));
    return payload;
}

bool HandoffExecutor::create(Handoff &handoff)
{
    if (!m_work.handoffs().create(handoff))
        return false;
    m_events.postHandoffStatusChanged(handoff);
    return true;
}

bool HandoffExecutor::settle(Handoff &handoff, Handoff::Status status, const QString &reason)
{
    if (!handoff.transitionTo(status, QDateTime::currentDateTimeUtc(), reason)
        || !m_work.handoffs().saveStatus(handoff))
        return false;
    m_events.postHandoffStatusChanged(handoff);
    return true;
}

bool HandoffExecutor::acceptPending(qint64 conversationId, const QString &agentId)
{
    QList<Handoff> pending = m_work.handoffs().pendingFor(conversationId, agentId);
    for (Handoff &handoff : pending)
        if (!settle(handoff, Handoff::Status::Accepted))
            return false;
    return true;
}

void HandoffExecutor::timeOutStale(const AgentRoster &roster, const std::function<bool(qint64)> &isRunning)
{
    QList<Handoff> stale
        = m_work.handoffs().stale(QDateTime::currentDateTimeUtc(), m_config.limits.staleHandoffMinutes);
    for (Handoff &handoff : stale) {
        Step step(m_work, m_events);
        if (step.isActive() && settle(handoff, Handoff::Status::TimedOut)
            && revoke(handoff, roster, !isRunning(handoff.conversationId)) && step.commit())
            qCInfo(lcAgents) << "handoff" << handoff.id << "timed out";
    }
}

bool HandoffExecutor::revoke(const Handoff &handoff, const AgentRoster &roster, bool moveBack)
{
    // A timed-out handoff must not still take effect: what it would have delivered is dropped, and a conversation it
    // moved goes back to the source.
    AgentThread target = m_work.threads().get(handoff.conversationId, handoff.toAgent);
    QList<InputItem> pending = ThreadHistory::fromJsonText(target.pendingInput);
    if (ThreadHistory::dropHandoffInput(pending, handoff)) {
        target.pendingInput = ThreadHistory::toJsonText(pending);
        if (!m_work.threads().save(target))
            return false;
    }
    if (!moveBack || m_work.threads().activeAgent(handoff.conversationId) != handoff.toAgent)
        return true;
    if (!m_work.threads().setActive(handoff.conversationId, handoff.fromAgent)
        || !RunRows::addDivider(m_work, m_events, handoff.conversationId, 0, Message::Divider::Error,
            tr("The handoff to %1 timed out: the conversation is back with %2.")
                .arg(roster.name(handoff.toAgent), roster.name(handoff.fromAgent)),
            handoff.fromAgent, handoff.id))
        return false;
    m_events.postActiveAgentChanged(handoff.conversationId, handoff.fromAgent);
    return true;
}

QJsonArray HandoffExecutor::transcript(const Run &run) const
{
    QJsonArray entries;
    const QList<Message> rows = m_work.messages().transcript(run.conversationId, 0);
    for (const Message &row : rows) {
        const bool user = row.role == Message::Role::User;
        entries.append(QJsonObject { { u"role"_s, user ? u"user"_s : u"assistant"_s }, { u"text"_s, row.displayText() },
            { u"agent"_s, row.agentId } });
    }
    return entries;
}

QString HandoffExecutor::summary(const Run &run) const
{
    constexpr int kEntries = 6;
    constexpr int kChars = 240;
    const QList<Message> rows = m_work.messages().transcript(run.conversationId, kEntries);
    QStringList lines;
    for (const Message &row : rows) {
        const QString who = row.role == Message::Role::User ? u"Person"_s : run.roster.name(row.agentId);
        QString text = row.displayText().simplified();
        if (text.size() > kChars)
            text = text.left(kChars - 1) + u'…';
        lines << u"- %1: %2"_s.arg(who, text);
    }
    return u"Summary of the conversation so far:\n"_s + lines.join(u'\n');
}

} // namespace Tandem
