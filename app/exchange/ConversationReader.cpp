#include "ConversationReader.h"

#include "AgentOptionsJson.h"
#include "ExchangeFormat.h"
#include "domain/AgentFile.h"
#include "domain/LocalVariables.h"
#include "domain/TransitionGraph.h"
#include "storage/ExchangeStore.h"

#include <algorithm>

using namespace Qt::StringLiterals;

namespace Tandem {

namespace {
using Step = JsonFieldReader::Step;

constexpr QStringView kApprovalStatuses[] = { u"pending", u"decided" };
} // namespace

ConversationReader::ConversationReader(JsonFieldReader &fields)
    : m_fields(fields)
{ }

bool ConversationReader::readAgent(const QJsonObject &o, Agent *a)
{
    constexpr qsizetype name = ExchangeFormat::kMaxNameLength;
    constexpr qsizetype text = ExchangeFormat::kMaxTextLength;
    return m_fields.string(o, u"id", &a->id, name, false, true) && m_fields.string(o, u"name", &a->name, name)
        && m_fields.string(o, u"role", &a->role, text) && m_fields.string(o, u"instructions", &a->instructions, text)
        && m_fields.string(o, u"model", &a->model, name)
        && m_fields.string(o, u"provider_id", &a->providerId, name, true)
        && m_fields.stringList(o, u"allowed_tools", &a->allowedTools)
        && m_fields.stringList(o, u"handoff_targets", &a->handoffTargets)
        && m_fields.boolean(o, u"terminal", &a->terminal) && m_fields.boolean(o, u"enabled", &a->enabled)
        && agentOptions(o, a) && agentId(a->id);
}

bool ConversationReader::agentId(const QString &id)
{
    // The ids the agent files may use (domain/AgentFile): a slug, and never the person's.
    Step step(m_fields, u"id");
    if (id == TransitionGraph::kPerson)
        return m_fields.invalid(tr("is “person”, which names the human and cannot be an agent's id"));
    if (!AgentFile::isSlug(id))
        return m_fields.invalid(tr("is not an agent id (a-z first, then a-z, 0-9, _ or -)"));
    return true;
}

bool ConversationReader::agentOptions(const QJsonObject &o, Agent *a)
{
    const AgentOptionsJson::Problem problem = AgentOptionsJson::read(o, a);
    if (problem.field.isEmpty())
        return true;
    Step step(m_fields, problem.field);
    return m_fields.invalid(problem.what);
}

bool ConversationReader::readRun(const QJsonObject &o, ConversationArchive::Run *r)
{
    constexpr qsizetype name = ExchangeFormat::kMaxNameLength;
    if (!m_fields.integer(o, u"id", &r->id, false, 1) || !m_fields.string(o, u"agent_id", &r->agentId, name)
        || !m_fields.string(o, u"mode", &r->mode, name) || !m_fields.string(o, u"status", &r->status, name)
        || !m_fields.usage(o, &r->usage)
        || !m_fields.string(o, u"error", &r->error, ExchangeFormat::kMaxTextLength, true)
        || !m_fields.time(o, u"started_at", &r->startedAt) || !m_fields.time(o, u"finished_at", &r->finishedAt, true))
        return false;
    if (!ExchangeStore::isRunStatus(r->status)) {
        Step step(m_fields, u"status");
        return m_fields.invalid(tr("is not a known run status (“%1”)").arg(r->status));
    }
    return true;
}

bool ConversationReader::readHandoff(const QJsonObject &o, const QSet<qint64> &runs, Handoff *h)
{
    constexpr qsizetype name = ExchangeFormat::kMaxNameLength;
    constexpr qsizetype text = ExchangeFormat::kMaxTextLength;
    QString status;
    QString rejectionReason;
    QDateTime processedAt;
    QJsonValue payload;
    if (!m_fields.integer(o, u"id", &h->id, false, 1) || !m_fields.integer(o, u"run_id", &h->runId, true, 1)
        || !m_fields.string(o, u"from_agent", &h->fromAgent, name)
        || !m_fields.string(o, u"to_agent", &h->toAgent, name) || !m_fields.string(o, u"status", &status, name)
        || !m_fields.member(o, u"payload", &payload) || !m_fields.string(o, u"reason", &h->reason, text, true)
        || !m_fields.string(o, u"rejection_reason", &rejectionReason, text, true)
        || !m_fields.time(o, u"created_at", &h->createdAt) || !m_fields.time(o, u"processed_at", &processedAt, true))
        return false;
    const std::optional<Handoff::Status> known = Handoff::statusFromName(status);
    if (!known) {
        Step step(m_fields, u"status");
        return m_fields.invalid(tr("is not a known handoff status (“%1”)").arg(status));
    }
    if (h->runId != 0 && !runs.contains(h->runId)) {
        Step step(m_fields, u"run_id");
        return m_fields.invalid(tr("names run %1, which is not in this conversation").arg(h->runId));
    }
    {
        Step step(m_fields, u"payload");
        if (!payload.isObject())
            return m_fields.invalid(tr("is not an object"));
        if (!m_fields.payloadDepth(payload, 0))
            return false;
        h->payload = payload.toObject();
    }
    // Outside agents are served a pending handoff at once: one from a file arrives timed out, as the stale sweep
    // would leave it, and never waits for anyone here.
    if (*known == Handoff::Status::Pending) {
        *h = Handoff::restore(*h, Handoff::Status::TimedOut, {}, QDateTime::currentDateTimeUtc());
        return true;
    }
    *h = Handoff::restore(*h, *known, rejectionReason, processedAt);
    return true;
}

bool ConversationReader::readApproval(const QJsonObject &o, const QSet<qint64> &runs, ConversationArchive::Approval *a)
{
    constexpr qsizetype name = ExchangeFormat::kMaxNameLength;
    constexpr qsizetype text = ExchangeFormat::kMaxTextLength;
    QJsonValue decided;
    if (!m_fields.integer(o, u"id", &a->id, false, 1) || !m_fields.integer(o, u"run_id", &a->runId, true, 1)
        || !m_fields.string(o, u"agent_id", &a->agentId, name) || !m_fields.string(o, u"tool_name", &a->toolName, name)
        || !m_fields.string(o, u"call_id", &a->callId, name) || !m_fields.string(o, u"arguments", &a->arguments, text)
        || !m_fields.string(o, u"status", &a->status, name)
        || !m_fields.string(o, u"decision", &a->decision, name, true)
        || !m_fields.member(o, u"decided_arguments", &decided)
        || !m_fields.string(o, u"decided_arguments", &a->decidedArguments, text, true)
        || !m_fields.time(o, u"created_at", &a->createdAt) || !m_fields.time(o, u"decided_at", &a->decidedAt, true))
        return false;
    a->hasDecidedArguments = !decided.isNull();
    if (std::find(std::begin(kApprovalStatuses), std::end(kApprovalStatuses), a->status)
        == std::end(kApprovalStatuses)) {
        Step step(m_fields, u"status");
        return m_fields.invalid(tr("is not a known approval status (“%1”)").arg(a->status));
    }
    if (!a->decision.isEmpty() && !ExchangeStore::isApprovalDecision(a->decision)) {
        Step step(m_fields, u"decision");
        return m_fields.invalid(tr("is not a known decision (“%1”)").arg(a->decision));
    }
    if (a->runId != 0 && !runs.contains(a->runId)) {
        Step step(m_fields, u"run_id");
        return m_fields.invalid(tr("names run %1, which is not in this conversation").arg(a->runId));
    }
    return true;
}

bool ConversationReader::readDecision(const QJsonObject &o, const QSet<qint64> &runs, RoutingDecision *r)
{
    constexpr qsizetype name = ExchangeFormat::kMaxNameLength;
    constexpr qsizetype text = ExchangeFormat::kMaxTextLength;
    QString method;
    if (!m_fields.integer(o, u"id", &r->id, false, 1) || !m_fields.integer(o, u"run_id", &r->runId, true, 1)
        || !m_fields.string(o, u"agent_id", &r->agentId, name, false, true)
        || !m_fields.string(o, u"classified_agent", &r->classifiedAgent, name)
        || !m_fields.number(o, u"confidence", &r->confidence, 0.0, 1.0)
        || !m_fields.string(o, u"reason", &r->reason, text) || !m_fields.string(o, u"method", &method, name)
        || !m_fields.string(o, u"error", &r->error, text) || !m_fields.integer(o, u"latency_ms", &r->latencyMs)
        || !m_fields.integer(o, u"input_tokens", &r->inputTokens)
        || !m_fields.integer(o, u"output_tokens", &r->outputTokens) || !m_fields.time(o, u"created_at", &r->createdAt))
        return false;
    const std::optional<RoutingDecision::Method> known = RoutingDecision::methodFromName(method);
    if (!known) {
        Step step(m_fields, u"method");
        return m_fields.invalid(tr("is not a known routing method (“%1”)").arg(method));
    }
    r->method = *known;
    if (r->runId != 0 && !runs.contains(r->runId)) {
        Step step(m_fields, u"run_id");
        return m_fields.invalid(tr("names run %1, which is not in this conversation").arg(r->runId));
    }
    return true;
}

bool ConversationReader::readPending(const QJsonObject &o, PendingConfirmation *p)
{
    constexpr qsizetype name = ExchangeFormat::kMaxNameLength;
    constexpr qsizetype text = ExchangeFormat::kMaxTextLength;
    return m_fields.string(o, u"agent_id", &p->agentId, name, false, true)
        && m_fields.string(o, u"tool_name", &p->toolName, name, false, true)
        && m_fields.string(o, u"arguments", &p->arguments, text) && m_fields.string(o, u"summary", &p->summary, text)
        && m_fields.time(o, u"created_at", &p->createdAt);
}

bool ConversationReader::readModelCall(
    const QJsonObject &o, const QSet<qint64> &runs, ConversationArchive::ModelCall *m)
{
    if (!m_fields.integer(o, u"id", &m->id, false, 1) || !m_fields.integer(o, u"run_id", &m->runId, true, 1)
        || !m_fields.string(o, u"agent_id", &m->agentId, ExchangeFormat::kMaxNameLength, false, true)
        || !m_fields.integer(o, u"input_tokens", &m->inputTokens)
        || !m_fields.integer(o, u"output_tokens", &m->outputTokens)
        || !m_fields.integer(o, u"latency_ms", &m->latencyMs) || !m_fields.time(o, u"created_at", &m->createdAt))
        return false;
    if (m->runId != 0 && !runs.contains(m->runId)) {
        Step step(m_fields, u"run_id");
        return m_fields.invalid(tr("names run %1, which is not in this conversation").arg(m->runId));
    }
    return true;
}

bool ConversationReader::readTask(const QJsonObject &o, Task *t)
{
    constexpr qsizetype name = ExchangeFormat::kMaxNameLength;
    constexpr qsizetype text = ExchangeFormat::kMaxTextLength;
    QString priority;
    QString status;
    if (!m_fields.integer(o, u"id", &t->id, false, 1) || !m_fields.string(o, u"title", &t->title, text)
        || !m_fields.string(o, u"notes", &t->notes, text) || !m_fields.string(o, u"priority", &priority, name)
        || !m_fields.string(o, u"status", &status, name) || !m_fields.date(o, u"due", &t->due, true)
        || !m_fields.time(o, u"created_at", &t->createdAt) || !m_fields.time(o, u"updated_at", &t->updatedAt)
        || !m_fields.time(o, u"completed_at", &t->completedAt, true))
        return false;
    const auto knownPriority = Task::priorityFromName(priority);
    if (!knownPriority) {
        Step step(m_fields, u"priority");
        return m_fields.invalid(tr("is not a known task priority (“%1”)").arg(priority));
    }
    const auto knownStatus = Task::statusFromName(status);
    if (!knownStatus) {
        Step step(m_fields, u"status");
        return m_fields.invalid(tr("is not a known task status (“%1”)").arg(status));
    }
    t->priority = *knownPriority;
    t->status = *knownStatus;
    return true;
}

bool ConversationReader::readRouterRows(const QJsonObject &o, const QSet<qint64> &runs, ConversationArchive *archive)
{
    constexpr qint64 rows = ExchangeFormat::kMaxRows;
    auto repeated = [this] {
        Step step(m_fields, u"id");
        return m_fields.invalid(tr("repeats an id or name of an earlier entry"));
    };
    QJsonArray items;
    if (!m_fields.array(o, u"routing_decisions", &items, rows))
        return false;
    {
        Step step(m_fields, u"routing_decisions");
        QSet<qint64> seen;
        for (qsizetype i = 0; i < items.size(); ++i) {
            Step item(m_fields, i);
            QJsonObject row;
            RoutingDecision decision;
            if (!m_fields.object(items.at(i), &row) || !readDecision(row, runs, &decision))
                return false;
            if (seen.contains(decision.id))
                return repeated();
            seen.insert(decision.id);
            archive->decisions.append(decision);
        }
    }

    QJsonValue pending;
    if (!m_fields.member(o, u"pending_confirmation", &pending))
        return false;
    if (!pending.isNull()) {
        Step step(m_fields, u"pending_confirmation");
        if (!pending.isObject())
            return m_fields.invalid(tr("is neither an object nor null"));
        PendingConfirmation confirmation;
        if (!readPending(pending.toObject(), &confirmation))
            return false;
        // Checked, then dropped (archive->pending stays empty): a "yes" in the imported conversation would carry out
        // the action the file proposed, without the approval its tool may need (docs/export-format.md). Like a
        // pending approval, it never arrives.
    }

    if (!m_fields.array(o, u"model_calls", &items, rows))
        return false;
    {
        Step step(m_fields, u"model_calls");
        QSet<qint64> seen;
        for (qsizetype i = 0; i < items.size(); ++i) {
            Step item(m_fields, i);
            QJsonObject row;
            ConversationArchive::ModelCall call;
            if (!m_fields.object(items.at(i), &row) || !readModelCall(row, runs, &call))
                return false;
            if (seen.contains(call.id))
                return repeated();
            seen.insert(call.id);
            archive->modelCalls.append(call);
        }
    }

    if (!m_fields.array(o, u"tasks", &items, rows))
        return false;
    {
        Step step(m_fields, u"tasks");
        QSet<qint64> seen;
        for (qsizetype i = 0; i < items.size(); ++i) {
            Step item(m_fields, i);
            QJsonObject row;
            Task task;
            if (!m_fields.object(items.at(i), &row) || !readTask(row, &task))
                return false;
            if (seen.contains(task.id))
                return repeated();
            seen.insert(task.id);
            archive->tasks.append(task);
        }
    }
    return true;
}

bool ConversationReader::readMessage(
    const QJsonObject &o, const QSet<qint64> &runs, const QSet<qint64> &handoffs, Message *m)
{
    constexpr qsizetype name = ExchangeFormat::kMaxNameLength;
    constexpr qsizetype text = ExchangeFormat::kMaxTextLength;
    QString role;
    QString kind;
    QString divider;
    QString status;
    if (!m_fields.integer(o, u"id", &m->id, false, 1) || !m_fields.string(o, u"role", &role, name)
        || !m_fields.string(o, u"agent_id", &m->agentId, name, true) || !m_fields.string(o, u"kind", &kind, name)
        || !m_fields.string(o, u"divider", &divider, name, true) || !m_fields.string(o, u"status", &status, name)
        || !m_fields.string(o, u"content", &m->content, text) || !m_fields.string(o, u"error", &m->error, text, true)
        || !m_fields.integer(o, u"handoff_id", &m->handoffId, true, 1)
        || !m_fields.integer(o, u"run_id", &m->runId, true, 1)
        || !m_fields.string(o, u"tool_call_id", &m->toolCallId, name, true)
        || !m_fields.string(o, u"tool_name", &m->toolName, name, true) || !m_fields.usage(o, &m->usage)
        || !m_fields.time(o, u"created_at", &m->createdAt) || !m_fields.time(o, u"updated_at", &m->updatedAt))
        return false;
    auto unknown = [this](QStringView field, const QString &value) {
        Step step(m_fields, field);
        return m_fields.invalid(tr("has an unknown value (“%1”)").arg(value));
    };
    const auto knownRole = Message::roleFromName(role);
    if (!knownRole)
        return unknown(u"role", role);
    const auto knownKind = Message::kindFromName(kind);
    if (!knownKind)
        return unknown(u"kind", kind);
    // No divider is null; the empty name is the store's, not the file's.
    const auto knownDivider = Message::dividerFromName(divider);
    if (!knownDivider || (divider.isEmpty() && !o.value(u"divider"_s).isNull()))
        return unknown(u"divider", divider);
    const auto knownStatus = Message::statusFromName(status);
    if (!knownStatus)
        return unknown(u"status", status);
    m->role = *knownRole;
    m->kind = *knownKind;
    m->divider = *knownDivider;
    m->status = *knownStatus;
    if (m->handoffId != 0 && !handoffs.contains(m->handoffId)) {
        Step step(m_fields, u"handoff_id");
        return m_fields.invalid(tr("names handoff %1, which is not in this conversation").arg(m->handoffId));
    }
    if (m->runId != 0 && !runs.contains(m->runId)) {
        Step step(m_fields, u"run_id");
        return m_fields.invalid(tr("names run %1, which is not in this conversation").arg(m->runId));
    }
    return true;
}

bool ConversationReader::readParent(
    const QJsonObject &o, const QSet<qint64> &earlier, qint64 messageId, QHash<qint64, qint64> *parents)
{
    qint64 parent = 0;
    if (!m_fields.integer(o, u"parent_id", &parent, true, 1))
        return false;
    // A parent comes before its children (ids only grow down a branch), so the tree has no cycle.
    if (parent != 0 && !earlier.contains(parent)) {
        Step step(m_fields, u"parent_id");
        return m_fields.invalid(
            tr("names message %1, which is not an earlier message of this conversation").arg(parent));
    }
    if (parent != 0)
        parents->insert(messageId, parent);
    return true;
}

bool ConversationReader::readCurrentLeaf(const QJsonObject &o, ConversationArchive *archive)
{
    if (!m_fields.integer(o, u"current_leaf", &archive->currentLeaf, true, 1))
        return false;
    const bool known = std::any_of(archive->messages.cbegin(), archive->messages.cend(),
        [archive](const Message &m) { return m.id == archive->currentLeaf; });
    if (archive->currentLeaf == 0 ? !archive->messages.isEmpty() : !known) {
        Step step(m_fields, u"current_leaf");
        return m_fields.invalid(tr("names no message of this conversation"));
    }
    archive->tree = true;
    return true;
}

bool ConversationReader::read(const QJsonObject &o, int version, qint64 maxMessages, QSet<QString> *agentIds,
    QList<Agent> *agents, ConversationArchive *out)
{
    constexpr qsizetype name = ExchangeFormat::kMaxNameLength;
    constexpr qsizetype text = ExchangeFormat::kMaxTextLength;
    constexpr qint64 rows = ExchangeFormat::kMaxRows;
    ConversationArchive archive;
    Conversation &c = archive.conversation;
    QString mode;
    if (!m_fields.integer(o, u"id", &c.id, false, 1) || !m_fields.string(o, u"title", &c.title, text)
        || !m_fields.string(o, u"mode", &mode, name) || !m_fields.boolean(o, u"pinned", &c.pinned)
        || !m_fields.string(o, u"provider_id", &c.providerId, name, true)
        || !m_fields.string(o, u"model", &c.model, name) || !m_fields.time(o, u"created_at", &c.createdAt)
        || !m_fields.time(o, u"updated_at", &c.updatedAt)
        || (o.contains(u"story_id"_s) && !m_fields.string(o, u"story_id", &c.storyId, name, true)))
        return false;
    const auto knownMode = Conversation::modeFromName(mode);
    if (!knownMode) {
        Step step(m_fields, u"mode");
        return m_fields.invalid(tr("has an unknown value (“%1”)").arg(mode));
    }
    c.mode = *knownMode;

    // Repeated ids within one list, and references to rows the file does not have, are refused.
    auto repeated = [this](QStringView field) {
        Step step(m_fields, field);
        return m_fields.invalid(tr("repeats an id or name of an earlier entry"));
    };

    QJsonArray items;
    if (!m_fields.array(o, u"agents", &items, rows))
        return false;
    {
        Step step(m_fields, u"agents");
        QSet<QString> seen;
        for (qsizetype i = 0; i < items.size(); ++i) {
            Step item(m_fields, i);
            QJsonObject row;
            Agent agent;
            if (!m_fields.object(items.at(i), &row) || !readAgent(row, &agent))
                return false;
            if (seen.contains(agent.id))
                return repeated(u"id");
            seen.insert(agent.id);
            // The first definition of an agent in the file is the one imported (if it is absent here). It arrives
            // switched off: a prompt and tools from a file take part in no conversation until the person has read
            // them in the agents editor and switched the agent on.
            agent.enabled = false;
            if (!agentIds->contains(agent.id)) {
                agentIds->insert(agent.id);
                agents->append(agent);
            }
        }
    }

    if (!m_fields.array(o, u"runs", &items, rows))
        return false;
    QSet<qint64> runIds;
    {
        Step step(m_fields, u"runs");
        for (qsizetype i = 0; i < items.size(); ++i) {
            Step item(m_fields, i);
            QJsonObject row;
            ConversationArchive::Run run;
            if (!m_fields.object(items.at(i), &row) || !readRun(row, &run))
                return false;
            if (runIds.contains(run.id))
                return repeated(u"id");
            runIds.insert(run.id);
            archive.runs.append(run);
        }
    }

    if (!m_fields.array(o, u"handoffs", &items, rows))
        return false;
    QSet<qint64> handoffIds;
    {
        Step step(m_fields, u"handoffs");
        for (qsizetype i = 0; i < items.size(); ++i) {
            Step item(m_fields, i);
            QJsonObject row;
            Handoff handoff;
            if (!m_fields.object(items.at(i), &row) || !readHandoff(row, runIds, &handoff))
                return false;
            if (handoffIds.contains(handoff.id))
                return repeated(u"id");
            handoffIds.insert(handoff.id);
            archive.handoffs.append(handoff);
        }
    }

    if (!m_fields.array(o, u"approvals", &items, rows))
        return false;
    {
        Step step(m_fields, u"approvals");
        QSet<qint64> seen;
        for (qsizetype i = 0; i < items.size(); ++i) {
            Step item(m_fields, i);
            QJsonObject row;
            ConversationArchive::Approval approval;
            if (!m_fields.object(items.at(i), &row) || !readApproval(row, runIds, &approval))
                return false;
            if (seen.contains(approval.id))
                return repeated(u"id");
            seen.insert(approval.id);
            // A question left open would ask this person to let a tool run on this machine because a file said
            // so: an imported approval is never pending (docs/export-format.md).
            if (approval.status == u"pending") {
                approval.status = u"decided"_s;
                approval.decision.clear();
                if (!approval.decidedAt.isValid())
                    approval.decidedAt = QDateTime::currentDateTimeUtc();
            }
            archive.approvals.append(approval);
        }
    }

    if (!m_fields.array(o, u"variables", &items, rows))
        return false;
    {
        Step step(m_fields, u"variables");
        QSet<QString> seen;
        for (qsizetype i = 0; i < items.size(); ++i) {
            Step item(m_fields, i);
            QJsonObject row;
            ConversationArchive::Variable variable;
            if (!m_fields.object(items.at(i), &row) || !m_fields.string(row, u"name", &variable.name, name, false, true)
                || !m_fields.string(row, u"value", &variable.value, text)
                || !m_fields.time(row, u"updated_at", &variable.updatedAt))
                return false;
            if (seen.contains(variable.name))
                return repeated(u"name");
            seen.insert(variable.name);
            // Approval choices and this machine's own values never arrive with a file (domain/LocalVariables).
            if (!LocalVariables::isLocal(variable.name))
                archive.variables.append(variable);
        }
    }

    if (!m_fields.array(o, u"agent_threads", &items, rows))
        return false;
    {
        Step step(m_fields, u"agent_threads");
        QSet<QString> seen;
        bool anyActive = false;
        for (qsizetype i = 0; i < items.size(); ++i) {
            Step item(m_fields, i);
            QJsonObject row;
            ConversationArchive::AgentThread thread;
            if (!m_fields.object(items.at(i), &row)
                || !m_fields.string(row, u"agent_id", &thread.agentId, name, false, true)
                || !m_fields.boolean(row, u"active", &thread.active)
                || !m_fields.integer(row, u"history_from", &thread.historyFrom, true, 1)
                || !m_fields.time(row, u"updated_at", &thread.updatedAt))
                return false;
            if (seen.contains(thread.agentId))
                return repeated(u"agent_id");
            if (thread.active && anyActive) {
                Step field(m_fields, u"active");
                return m_fields.invalid(tr("makes a second agent active"));
            }
            anyActive = anyActive || thread.active;
            seen.insert(thread.agentId);
            archive.threads.append(thread);
        }
    }

    // A version 1 file was written before router mode: it has none of these rows (and members it has by those
    // names are not read, as a reader of version 1 would not).
    if (version >= ExchangeFormat::kRouterRowsVersion && !readRouterRows(o, runIds, &archive))
        return false;

    if (!m_fields.array(o, u"messages", &items, maxMessages))
        return false;
    {
        Step step(m_fields, u"messages");
        QSet<qint64> seen;
        seen.reserve(items.size());
        archive.messages.reserve(items.size());
        for (qsizetype i = 0; i < items.size(); ++i) {
            Step item(m_fields, i);
            QJsonObject row;
            Message message;
            if (!m_fields.object(items.at(i), &row) || !readMessage(row, runIds, handoffIds, &message))
                return false;
            if (seen.contains(message.id))
                return repeated(u"id");
            if (version >= ExchangeFormat::kTreeVersion && !readParent(row, seen, message.id, &archive.parents))
                return false;
            seen.insert(message.id);
            // Nothing runs on an imported conversation: a reply still streaming in the file is interrupted here.
            if (message.status == Message::Status::Streaming) {
                message.status = Message::Status::Interrupted;
                if (message.error.isEmpty())
                    message.error = tr("It was still being written when it was exported.");
            }
            archive.messages.append(message);
        }
    }
    if (version >= ExchangeFormat::kTreeVersion && !readCurrentLeaf(o, &archive))
        return false;
    for (ConversationArchive::Run &run : archive.runs)
        if (run.status == u"running")
            run.status = u"interrupted"_s;
    *out = std::move(archive);
    return true;
}

} // namespace Tandem
