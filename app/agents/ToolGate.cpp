// ToolGate owns what happens to a tool call: whether the agent may use the tool, whether the person must approve it
// first ("always for this conversation" included), starting its job, and storing the call's result with the output
// its thread receives once the job ends.
#include "ToolGate.h"

#include "agents/EngineConfig.h"
#include "agents/EngineEvents.h"
#include "agents/RemoteThreads.h"
#include "agents/Run.h"
#include "agents/RunRows.h"
#include "agents/Step.h"
#include "agents/ThreadHistory.h"
#include "domain/DataLimits.h"
#include "domain/JsonDuplicateKeys.h"
#include "domain/Logging.h"
#include "storage/UnitOfWork.h"
#include "tools/ToolAllowance.h"
#include "tools/ToolJob.h"
#include "tools/ToolRegistry.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <utility>

using namespace Qt::StringLiterals;

namespace Tandem {

namespace {
const QString kAlwaysAllowedVariable = u"approval.always_allowed"_s;
}

ToolGate::ToolGate(UnitOfWork &work, EngineEvents &events, RemoteThreads &threads, const ToolRegistry *tools,
    const EngineConfig &config)
    : m_work(work)
    , m_events(events)
    , m_threads(threads)
    , m_tools(tools)
    , m_config(config)
    , m_network(work, config.agentsFolder)
{ }

QString ToolGate::errorOutput(const QString &message)
{
    return QString::fromUtf8(QJsonDocument(QJsonObject { { u"error"_s, message } }).toJson(QJsonDocument::Compact));
}

QList<ToolDefinition> ToolGate::definitionsFor(const Agent &agent) const
{
    if (!m_tools || agent.allowedTools.isEmpty())
        return {};
    return m_tools->definitions(ToolAllowance::expand(agent.allowedTools, m_tools->names()));
}

bool ToolGate::record(Run &run, const QList<ToolCall> &received)
{
    const auto isDecision = [](const ToolCall &call) {
        return call.name == kApproveTool || call.name == kRejectTool;
    };
    const auto isHandoff = [](const ToolCall &call) {
        return call.name == kHandoffTool;
    };
    // Every call is queued before any row is written: if the step fails, the run's end still answers each of them (a
    // remote thread holds them all already). Nothing is stored that an export of it could not be read back with
    // (domain/DataLimits): an oversized call is queued with why, answered first by proceed(), and only its cut-down
    // shape is kept.
    const qsizetype firstQueued = run.tools.queue.size();
    QList<ToolCall> special;
    for (const ToolCall &call : received) {
        const QString problem = DataLimits::toolCallProblem(call.callId, call.name, call.arguments);
        if (!problem.isEmpty())
            qCWarning(lcAgents) << run.agentId << "sent a tool call over the limits:" << problem;
        if (problem.isEmpty() && (isHandoff(call) || isDecision(call)))
            special << call;
        else
            run.tools.queue << QueuedCall { call, 0, problem };
    }
    for (const ToolCall &call : std::as_const(special)) {
        if (isDecision(call)) {
            if (!recordDecision(run, call))
                return false;
            continue;
        }
        const QJsonObject arguments = QJsonDocument::fromJson(call.arguments.toUtf8()).object();
        HandoffRequest request;
        request.source = HandoffRequest::Source::Tool;
        request.fromAgent = run.agentId;
        request.targetAgent = arguments.value(u"target_agent"_s).toString();
        request.context = arguments.value(u"context"_s).toString();
        request.reason = arguments.value(u"reason"_s).toString();
        request.callId = call.callId;
        request.arguments = call.arguments;
        if (!run.tools.handoff && !run.tools.decision) {
            run.tools.handoff = request; // the first handoff of a turn wins
        } else if (!answerHandoffCall(run, request,
                       errorOutput(run.tools.handoff
                               ? u"Only one handoff per turn: the conversation is already being handed to %1."_s.arg(
                                   run.tools.handoff->targetAgent)
                               : u"Only one handoff or decision per turn: this one was not carried out."_s))) {
            return false;
        }
    }
    for (qsizetype i = firstQueued; i < run.tools.queue.size(); ++i) {
        QueuedCall &queued = run.tools.queue[i];
        Message row;
        row.conversationId = run.conversationId;
        row.role = Message::Role::Assistant;
        row.kind = Message::Kind::ToolCall;
        row.agentId = run.agentId;
        row.runId = run.runId;
        row.toolCallId = queued.call.callId.left(DataLimits::kMaxNameLength);
        row.toolName = queued.call.name.left(DataLimits::kMaxNameLength);
        row.content = queued.problem.isEmpty() ? queued.call.arguments : u"{}"_s;
        if (!RunRows::add(m_work, m_events, row))
            return false;
        queued.rowId = row.id;
    }
    return true;
}

bool ToolGate::recordDecision(Run &run, const ToolCall &call)
{
    const QJsonObject arguments = QJsonDocument::fromJson(call.arguments.toUtf8()).object();
    const bool approve = call.name == kApproveTool;
    if (run.tools.decision || run.tools.handoff)
        return answerCall(run, run.agentId, call,
            errorOutput(u"Only one handoff or decision per turn: this one was not carried out."_s));
    HandoffDecision decision;
    decision.kind = approve ? HandoffDecision::Kind::Approve : HandoffDecision::Kind::Reject;
    decision.text = arguments.value(approve ? u"summary"_s : u"reason"_s).toString().trimmed();
    decision.callId = call.callId;
    decision.arguments = call.arguments;
    if (!approve && decision.text.isEmpty())
        return answerCall(run, run.agentId, call, errorOutput(u"A rejection needs its reason."_s));
    run.tools.decision = decision;
    return true;
}

bool ToolGate::isAvailable(const Run &run, const QString &toolName) const
{
    // Only the tools the agent is allowed run, whatever the model names.
    const Agent *current = run.roster.find(run.agentId);
    return m_tools && current && ToolAllowance::allows(current->allowedTools, toolName) && m_tools->contains(toolName);
}

bool ToolGate::needsApproval(const Run &run, const ToolCall &call) const
{
    // The settings may make any tool critical, or let a critical one run without asking.
    // A tool that asks each time (git_push) is critical whatever they say, and never "always".
    const bool asksEachTime = m_tools && !m_tools->allowsAlways(call.name);
    const bool critical
        = asksEachTime || m_config.criticalTools.value(call.name, m_tools && m_tools->isCritical(call.name));
    // A command of an agent that wants the network asks until the person has answered about the network.
    const bool asksNetwork
        = m_network.wanted(run.agentId, call.name) && !m_network.choice(run.conversationId).has_value();
    return isAvailable(run, call.name) && !run.tools.decided.contains(call.callId) && (critical || asksNetwork)
        && (asksEachTime || asksNetwork || !isAlwaysAllowed(run.conversationId, call.name));
}

ToolGate::Next ToolGate::proceed(Run &run)
{
    while (!run.tools.queue.isEmpty()) {
        const QueuedCall queued = run.tools.queue.constFirst();
        // What may not run at all is answered before anyone is asked to approve it.
        if (const std::optional<ToolResult> refused = refusalBeforeApproval(queued)) {
            if (!answer(run, queued, *refused, false))
                return Next::StorageFailed;
            continue;
        }
        if (needsApproval(run, queued.call))
            return askApproval(run, queued.call) ? Next::WaitingForApproval : Next::StorageFailed;
        if (const std::optional<ToolResult> refused = refusal(run, queued.call)) {
            if (!answer(run, queued, *refused, false))
                return Next::StorageFailed;
            continue;
        }
        return start(run, queued) ? Next::Running : Next::StorageFailed;
    }
    return Next::Done;
}

std::optional<ToolResult> ToolGate::refusalBeforeApproval(const QueuedCall &queued)
{
    if (!queued.problem.isEmpty())
        return ToolResult::failure(queued.problem);
    // Qt's parser keeps one value of a key written twice; the approval would show it while another parser could use
    // the other one.
    if (const std::optional<QString> key = JsonDuplicateKeys::firstDuplicate(queued.call.arguments)) {
        qCWarning(lcAgents) << "A call of" << queued.call.name << "names an argument twice";
        return ToolResult::failure(
            u"The arguments name \"%1\" more than once: send the call again with each argument once."_s.arg(*key));
    }
    return std::nullopt;
}

bool ToolGate::askApproval(Run &run, const ToolCall &call)
{
    ApprovalRequest request;
    request.conversationId = run.conversationId;
    request.runId = run.runId;
    request.agentId = run.agentId;
    request.toolName = call.name;
    request.callId = call.callId;
    request.arguments = call.arguments;
    describe(request);
    Step step(m_work, m_events);
    const bool stored = step.isActive() && m_work.approvals().create(request)
        && RunRows::addApprovalDivider(m_work, m_events, run,
            tr("%1 wants to run “%2” and needs your approval.").arg(run.roster.name(run.agentId), call.name), call.name,
            call.callId);
    if (stored)
        m_events.postApprovalNeeded(request);
    if (!stored || !step.commit())
        return false;
    run.tools.waitingApproval = request.id;
    return true;
}

std::optional<ToolResult> ToolGate::refusal(const Run &run, const ToolCall &call) const
{
    if (!isAvailable(run, call.name)) {
        qCWarning(lcAgents) << run.agentId << "asked for" << call.name << "which it may not use";
        return ToolResult::failure(
            tr("The tool “%1” is not available to %2.").arg(call.name, run.roster.name(run.agentId)));
    }
    const auto decided = run.tools.decided.constFind(call.callId);
    if (decided != run.tools.decided.cend() && decided->first == ApprovalDecision::Deny)
        return ToolResult::failure(tr("The person did not allow this call."));
    return std::nullopt;
}

bool ToolGate::start(Run &run, const QueuedCall &queued)
{
    // The job runs outside any transaction: a tool that takes long holds neither the window nor the database's write
    // lock. Its result is stored by complete(), in a step of its own; a task tool's is stored inside the tool's own
    // transaction instead (storeResult), so its change and its answer commit together.
    const ToolCall &call = queued.call;
    const auto decided = run.tools.decided.constFind(call.callId);
    const QString arguments
        = decided != run.tools.decided.cend() && !decided->second.isEmpty() ? decided->second : call.arguments;
    if (!markRunning(run, queued))
        return false;
    ToolContext context { run.conversationId, run.agentId, m_config.workspaceRoot, &m_work,
        run.tools.confirmed.contains(call.callId) };
    run.tools.answeredInJob.reset();
    if (m_tools->changesTasks(call.name)) {
        // The job is aborted when the run ends (RunMachine::stopCalls), and an aborted job's work never runs: the
        // run outlives every call of this.
        Run *owner = &run;
        context.storeResult = [this, owner, queued](const ToolResult &result) {
            const qsizetype mark = m_events.mark();
            if (!writeAnswer(*owner, queued, result, true)) {
                m_events.drop(mark);
                return false;
            }
            owner->tools.answeredInJob = mark;
            return true;
        };
    }
    context.commandsWithoutSandbox = m_config.commandsWithoutSandbox;
    context.commandNetwork = m_network.allows(run.conversationId, run.agentId, call.name);
    run.tools.job = m_tools->start(call.name, arguments, context);
    return true;
}

bool ToolGate::markRunning(Run &run, const QueuedCall &queued)
{
    // Until its result is stored the call's row says it runs: if the process dies meanwhile, the next start finds it
    // streaming and marks it interrupted (RunRecovery); a Stop marks it cancelled (abandon()). The row is the one
    // record() wrote, by id: the call id alone may name a call of an earlier reply.
    std::optional<Message> row = queued.rowId > 0 ? m_work.messages().get(queued.rowId) : std::nullopt;
    if (!row)
        return true;
    row->status = Message::Status::Streaming;
    row->updatedAt = QDateTime::currentDateTimeUtc();
    Step step(m_work, m_events);
    if (!step.isActive() || !m_work.messages().update(*row))
        return false;
    m_events.postMessageUpdated(*row);
    if (!step.commit())
        return false;
    run.tools.running = row;
    return true;
}

bool ToolGate::complete(Run &run, const ToolResult &result)
{
    run.tools.job = nullptr;
    if (run.tools.queue.isEmpty())
        return false;
    const std::optional<qsizetype> answered = std::exchange(run.tools.answeredInJob, std::nullopt);
    if (answered && result.ok) {
        settle(run); // committed with the tool's change
        return true;
    }
    if (answered)
        m_events.drop(*answered); // the tool's transaction rolled back after the answer was written: so did the answer
    return answer(run, run.tools.queue.constFirst(), result, true);
}

bool ToolGate::answer(Run &run, const QueuedCall &queued, const ToolResult &result, bool ran)
{
    // The call's row, its result row and its thread's output: one step, so a call is answered whole or not at all.
    Step step(m_work, m_events);
    if (!step.isActive() || !writeAnswer(run, queued, result, ran) || !step.commit())
        return false;
    settle(run);
    return true;
}

bool ToolGate::writeAnswer(Run &run, const QueuedCall &queued, const ToolResult &result, bool ran)
{
    const ToolCall &call = queued.call;
    if (run.tools.running && run.tools.running->id == queued.rowId) {
        Message done = *run.tools.running;
        done.status = Message::Status::Complete;
        done.updatedAt = QDateTime::currentDateTimeUtc();
        if (!m_work.messages().update(done))
            return false;
        m_events.postMessageUpdated(done);
    }
    Message row;
    row.conversationId = run.conversationId;
    row.role = Message::Role::Tool;
    row.kind = Message::Kind::ToolResult;
    row.agentId = run.agentId;
    row.runId = run.runId;
    row.toolCallId = call.callId.left(DataLimits::kMaxNameLength);
    row.toolName = call.name.left(DataLimits::kMaxNameLength);
    row.content = result.modelOutput();
    row.error = result.ok ? QString() : result.error;
    if (ran && result.ok && m_tools->changesTasks(call.name))
        m_events.postTasksChanged(run.conversationId);
    return RunRows::add(m_work, m_events, row)
        && m_threads.appendPending(run, run.agentId, { InputItem::functionOutput(call.callId, row.content) });
}

void ToolGate::settle(Run &run)
{
    const QString callId = run.tools.queue.constFirst().call.callId;
    run.tools.running.reset();
    run.tools.decided.remove(callId);
    run.tools.confirmed.remove(callId);
    run.tools.queue.removeFirst(); // answered
}

void ToolGate::describe(ApprovalRequest &request) const
{
    request.allowsAlways = !m_tools || m_tools->allowsAlways(request.toolName);
    request.asksNetwork
        = m_network.wanted(request.agentId, request.toolName) && !m_network.choice(request.conversationId).has_value();
}

std::optional<ApprovalRequest> ToolGate::decide(
    qint64 approvalId, ApprovalDecision decision, const QString &editedArguments, std::optional<bool> allowNetwork)
{
    const std::optional<ApprovalRequest> request = m_work.approvals().get(approvalId);
    if (!request || !m_work.approvals().isPending(approvalId))
        return std::nullopt;
    if (!editedArguments.isEmpty() && !QJsonDocument::fromJson(editedArguments.toUtf8()).isObject())
        return std::nullopt;
    // The person's arguments are stored on the call's row and run: they meet the same limits as the model's.
    if (editedArguments.size() > DataLimits::kMaxTextLength || JsonDuplicateKeys::firstDuplicate(editedArguments)) {
        qCWarning(lcAgents) << "Edited arguments of approval" << approvalId
                            << "refused: over the limits or a key twice";
        return std::nullopt;
    }
    // "Always" for a tool that asks each time (git_push) counts as once.
    if (decision == ApprovalDecision::AllowAlways && m_tools && !m_tools->allowsAlways(request->toolName))
        decision = ApprovalDecision::AllowOnce;
    Step step(m_work, m_events);
    if (!step.isActive()
        || !m_work.approvals().decide(
            approvalId, decision, editedArguments.isEmpty() ? request->arguments : editedArguments))
        return std::nullopt;
    if (decision == ApprovalDecision::AllowAlways && !allowAlways(request->conversationId, request->toolName))
        return std::nullopt;
    // Only a command that asked about the network records the answer: another call cannot grant it on the side.
    if (decision != ApprovalDecision::Deny && allowNetwork && m_network.wanted(request->agentId, request->toolName)
        && !m_network.setChoice(request->conversationId, *allowNetwork))
        return std::nullopt;
    if (decision != ApprovalDecision::Deny && !editedArguments.isEmpty()) {
        // The call runs with the person's arguments: its row says so, so the history replays the call that ran.
        std::optional<Message> call = m_work.messages().toolCall(request->conversationId, request->callId);
        if (call && call->content != editedArguments) {
            call->content = editedArguments;
            call->updatedAt = QDateTime::currentDateTimeUtc();
            if (!m_work.messages().update(*call))
                return std::nullopt;
            m_events.postMessageUpdated(*call);
        }
    }
    if (!step.commit())
        return std::nullopt;
    return request;
}

void ToolGate::queueUnanswered(Run &run, const QString &agentId, qint64 callsRunId)
{
    const QList<Message> calls = m_work.messages().unansweredToolCalls(run.conversationId, agentId, callsRunId);
    for (const Message &row : calls)
        run.tools.queue << QueuedCall { ToolCall { row.toolCallId, row.toolName, row.content, {} }, row.id, {} };
}

bool ToolGate::abandon(Run &run)
{
    // Local history answers these calls when it is rebuilt (ThreadHistory); a remote thread gets the outputs with
    // the agent's next request. A question to the person about one of them is withdrawn.
    if (run.tools.waitingApproval != 0 && !m_work.approvals().withdraw(run.tools.waitingApproval))
        return false;
    run.tools.waitingApproval = 0;
    if (run.tools.running) {
        // The call stopped while it ran: its row says so, and it gets no result.
        Message stopped = *run.tools.running;
        stopped.status = Message::Status::Cancelled;
        stopped.error = tr("Stopped while the tool ran.");
        stopped.updatedAt = QDateTime::currentDateTimeUtc();
        if (!m_work.messages().update(stopped))
            return false;
        m_events.postMessageUpdated(stopped);
    }
    QList<InputItem> outputs;
    for (const QueuedCall &queued : std::as_const(run.tools.queue))
        outputs << InputItem::functionOutput(queued.call.callId, ThreadHistory::unansweredToolOutput());
    if (run.tools.handoff && !run.tools.handoff->callId.isEmpty())
        outputs << InputItem::functionOutput(run.tools.handoff->callId, ThreadHistory::unansweredToolOutput());
    if (run.tools.decision && !run.tools.decision->callId.isEmpty())
        outputs << InputItem::functionOutput(run.tools.decision->callId, ThreadHistory::unansweredToolOutput());
    run.tools.queue.clear();
    run.tools.running.reset();
    run.tools.job = nullptr;
    run.tools.answeredInJob.reset();
    run.tools.handoff.reset();
    run.tools.decision.reset();
    return m_threads.appendPending(run, run.agentId, outputs);
}

bool ToolGate::answerHandoffCall(Run &run, const HandoffRequest &request, const QString &output)
{
    return answerCall(
        run, request.fromAgent, ToolCall { request.callId, kHandoffTool.toString(), request.arguments, {} }, output);
}

bool ToolGate::answerCall(Run &run, const QString &agentId, const ToolCall &call, const QString &output)
{
    if (call.callId.isEmpty())
        return true;
    if (m_threads.uses(run, agentId))
        return m_threads.appendPending(run, agentId, { InputItem::functionOutput(call.callId, output) });
    run.tools.transient << InputItem::functionCall(call) << InputItem::functionOutput(call.callId, output);
    return true;
}

QList<ToolDefinition> ToolGate::decisionToolDefinitions()
{
    auto definition = [](QStringView name, const QString &description, const QString &field, const QString &about) {
        ToolDefinition tool;
        tool.name = name.toString();
        tool.description = description;
        tool.parameters = QJsonObject {
            { u"type"_s, u"object"_s },
            { u"properties"_s,
                QJsonObject { { field, QJsonObject { { u"type"_s, u"string"_s }, { u"description"_s, about } } } } },
            { u"required"_s, QJsonArray { field } },
            { u"additionalProperties"_s, false },
        };
        return tool;
    };
    return {
        definition(kApproveTool,
            u"Approve the work handed over to you: you accept it, and it goes on to the next agent."_s, u"summary"_s,
            u"What you checked and why the work is good enough to go on."_s),
        definition(kRejectTool, u"Reject the work handed over to you: it goes back to the agent that handed it over."_s,
            u"reason"_s, u"What is wrong and what must change, precisely enough to fix it."_s),
    };
}

bool ToolGate::isAlwaysAllowed(qint64 conversationId, const QString &toolName) const
{
    const QString stored = m_work.variables().value(conversationId, kAlwaysAllowedVariable, u"[]"_s);
    return QJsonDocument::fromJson(stored.toUtf8()).array().contains(QJsonValue(toolName));
}

bool ToolGate::allowAlways(qint64 conversationId, const QString &toolName)
{
    VariableStore &variables = m_work.variables();
    QJsonArray allowed
        = QJsonDocument::fromJson(variables.value(conversationId, kAlwaysAllowedVariable, u"[]"_s).toUtf8()).array();
    if (!allowed.contains(QJsonValue(toolName)))
        allowed.append(toolName);
    return variables
        .setValue(conversationId, kAlwaysAllowedVariable,
            QString::fromUtf8(QJsonDocument(allowed).toJson(QJsonDocument::Compact)))
        .ok();
}

} // namespace Tandem
