#include "ArchiveReader.h"

#include "RouterStore.h"
#include "SqlConnection.h"
#include "SqlValues.h"
#include "UnitOfWork.h"
#include "domain/LocalVariables.h"

#include <QSqlError>
#include <QSqlQuery>

using namespace Qt::StringLiterals;

namespace Tandem {

namespace {
// One SELECT per table, each with the conversation's id as its one parameter, in the order an export writes the rows.
constexpr auto kConversationSql = u"SELECT id, title, mode, pinned, provider_id, model, created_at, updated_at, "
                                  u"story_id FROM conversations WHERE id = ?";
constexpr auto kRunsSql = u"SELECT id, agent_id, mode, status, input_tokens, output_tokens, cached_tokens, "
                          u"reasoning_tokens, error, started_at, finished_at FROM runs WHERE conversation_id = ? "
                          u"ORDER BY id";
constexpr auto kHandoffsSql = u"SELECT id, run_id, from_agent, to_agent, status, payload, reason, rejection_reason, "
                              u"created_at, processed_at FROM handoffs WHERE conversation_id = ? ORDER BY id";
constexpr auto kApprovalsSql = u"SELECT id, run_id, agent_id, tool_name, call_id, arguments, status, decision, "
                               u"decided_arguments, created_at, decided_at FROM approvals WHERE conversation_id = ? "
                               u"ORDER BY id";
constexpr auto kVariablesSql = u"SELECT name, value, updated_at FROM variables WHERE conversation_id = ? ORDER BY name";
constexpr auto kThreadsSql = u"SELECT agent_id, active, history_from, updated_at FROM agent_threads "
                             u"WHERE conversation_id = ? ORDER BY agent_id";
constexpr auto kModelCallsSql = u"SELECT id, run_id, agent_id, input_tokens, output_tokens, latency_ms, created_at "
                                u"FROM model_calls WHERE conversation_id = ? ORDER BY id";
// The task list is the person's one list; a task belongs to the conversation it was created in.
constexpr auto kTasksSql = u"SELECT id, title, notes, priority, status, due_at, created_at, updated_at, completed_at "
                           u"FROM tasks WHERE conversation_id = ? ORDER BY id";

Conversation conversationFrom(const QSqlQuery &q)
{
    Conversation c;
    c.id = q.value(0).toLongLong();
    c.title = q.value(1).toString();
    c.mode = Conversation::modeFromName(q.value(2).toString()).value_or(Conversation::Mode::Single);
    c.pinned = q.value(3).toBool();
    c.providerId = q.value(4).toString();
    c.model = q.value(5).toString();
    c.createdAt = SqlValues::toTime(q.value(6));
    c.updatedAt = SqlValues::toTime(q.value(7));
    c.storyId = q.value(8).toString();
    return c;
}

ConversationArchive::Run runFrom(const QSqlQuery &q)
{
    ConversationArchive::Run r;
    r.id = q.value(0).toLongLong();
    r.agentId = q.value(1).toString();
    r.mode = q.value(2).toString();
    r.status = q.value(3).toString();
    r.usage = { q.value(4).toLongLong(), q.value(5).toLongLong(), q.value(6).toLongLong(), q.value(7).toLongLong() };
    r.error = q.value(8).toString();
    r.startedAt = SqlValues::toTime(q.value(9));
    r.finishedAt = SqlValues::toTime(q.value(10));
    return r;
}

Handoff handoffFrom(const QSqlQuery &q, qint64 conversationId)
{
    Handoff h;
    h.id = q.value(0).toLongLong();
    h.conversationId = conversationId;
    h.runId = q.value(1).toLongLong();
    h.fromAgent = q.value(2).toString();
    h.toAgent = q.value(3).toString();
    h.payload = SqlValues::toObject(q.value(5));
    h.reason = q.value(6).toString();
    h.createdAt = SqlValues::toTime(q.value(8));
    return Handoff::restore(h, Handoff::statusFromName(q.value(4).toString()).value_or(Handoff::Status::Pending),
        q.value(7).toString(), SqlValues::toTime(q.value(9)));
}

ConversationArchive::Approval approvalFrom(const QSqlQuery &q)
{
    ConversationArchive::Approval a;
    a.id = q.value(0).toLongLong();
    a.runId = q.value(1).toLongLong();
    a.agentId = q.value(2).toString();
    a.toolName = q.value(3).toString();
    a.callId = q.value(4).toString();
    a.arguments = q.value(5).toString();
    a.status = q.value(6).toString();
    a.decision = q.value(7).toString();
    a.hasDecidedArguments = !q.value(8).isNull();
    a.decidedArguments = q.value(8).toString();
    a.createdAt = SqlValues::toTime(q.value(9));
    a.decidedAt = SqlValues::toTime(q.value(10));
    return a;
}

ConversationArchive::Variable variableFrom(const QSqlQuery &q)
{
    return { q.value(0).toString(), q.value(1).toString(), SqlValues::toTime(q.value(2)) };
}

ConversationArchive::AgentThread threadFrom(const QSqlQuery &q)
{
    return { q.value(0).toString(), q.value(1).toBool(), q.value(2).toLongLong(), SqlValues::toTime(q.value(3)) };
}

ConversationArchive::ModelCall modelCallFrom(const QSqlQuery &q)
{
    return { q.value(0).toLongLong(), q.value(1).toLongLong(), q.value(2).toString(), q.value(3).toLongLong(),
        q.value(4).toLongLong(), q.value(5).toLongLong(), SqlValues::toTime(q.value(6)) };
}

Task taskFrom(const QSqlQuery &q, qint64 conversationId)
{
    Task t;
    t.id = q.value(0).toLongLong();
    t.conversationId = conversationId;
    t.title = q.value(1).toString();
    t.notes = q.value(2).toString();
    t.priority = Task::priorityFromName(q.value(3).toString()).value_or(Task::Priority::Normal);
    t.status = Task::statusFromName(q.value(4).toString()).value_or(Task::Status::Open);
    t.due = q.value(5).isNull() ? QDate() : QDate::fromString(q.value(5).toString(), Qt::ISODate);
    t.createdAt = SqlValues::toTime(q.value(6));
    t.updatedAt = SqlValues::toTime(q.value(7));
    t.completedAt = SqlValues::toTime(q.value(8));
    return t;
}
} // namespace

ArchiveReader::ArchiveReader(UnitOfWork &work)
    : m_work(work)
{ }

bool ArchiveReader::fail(const QString &message)
{
    m_error = message;
    return false;
}

bool ArchiveReader::select(QStringView sql, qint64 conversationId, const Row &row)
{
    QSqlQuery q = m_work.connection().prepareOnce(sql.toString());
    q.addBindValue(conversationId);
    if (!q.exec())
        return fail(q.lastError().text());
    while (q.next())
        row(q);
    return true;
}

bool ArchiveReader::read(qint64 conversationId, std::optional<ConversationArchive> *archive)
{
    archive->reset();
    m_error.clear();
    ConversationArchive read;
    bool found = false;
    if (!select(kConversationSql, conversationId, [&](const QSqlQuery &q) {
            read.conversation = conversationFrom(q);
            found = true;
        }))
        return false;
    if (!found)
        return true;
    if (!readRows(conversationId, read))
        return false;
    BranchStore &branches = m_work.branches();
    read.tree = true;
    read.currentLeaf = branches.currentLeaf(conversationId);
    read.branchCount = int(qMax<qsizetype>(1, branches.leaves(conversationId).size()));
    *archive = std::move(read);
    return true;
}

bool ArchiveReader::readRows(qint64 conversationId, ConversationArchive &archive)
{
    const qint64 id = conversationId;
    return select(kRunsSql, id, [&](const QSqlQuery &q) { archive.runs.append(runFrom(q)); })
        && select(kHandoffsSql, id, [&](const QSqlQuery &q) { archive.handoffs.append(handoffFrom(q, id)); })
        && select(kApprovalsSql, id, [&](const QSqlQuery &q) { archive.approvals.append(approvalFrom(q)); })
        && select(kVariablesSql, id,
            [&](const QSqlQuery &q) {
                // The person's approval choices and this machine's own values never leave it (domain/LocalVariables).
                ConversationArchive::Variable variable = variableFrom(q);
                if (!LocalVariables::isLocal(variable.name))
                    archive.variables.append(std::move(variable));
            })
        && select(kThreadsSql, id, [&](const QSqlQuery &q) { archive.threads.append(threadFrom(q)); })
        && readRouterRows(id, archive)
        && select(kModelCallsSql, id, [&](const QSqlQuery &q) { archive.modelCalls.append(modelCallFrom(q)); })
        && select(kTasksSql, id, [&](const QSqlQuery &q) { archive.tasks.append(taskFrom(q, id)); });
}

bool ArchiveReader::readRouterRows(qint64 conversationId, ConversationArchive &archive)
{
    // Router mode's decisions and pending confirmation through its own store: the statements the engine uses.
    RouterStore &router = m_work.router();
    archive.decisions = router.decisions(conversationId);
    if (!router.lastError().isEmpty())
        return fail(router.lastError());
    archive.pending = router.pending(conversationId);
    if (!router.lastError().isEmpty())
        return fail(router.lastError());
    return true;
}

} // namespace Tandem
