#include "ArchiveWriter.h"

#include "AgentStore.h"
#include "SqlConnection.h"
#include "SqlValues.h"
#include "Transaction.h"
#include "UnitOfWork.h"

#include <QHash>
#include <QSqlError>
#include <QSqlQuery>

#include <algorithm>
#include <limits>
#include <optional>
#include <utility>

using namespace Qt::StringLiterals;

namespace Tandem {

namespace {
constexpr int kMessageFields = 18;
// Messages go in several rows per INSERT: 100,000 of them are written in about half the time.
constexpr int kMessagesPerInsert = 32;

/// Old message ids in order with their new ones, for the agents' history cutoffs.
using MessageIds = QList<std::pair<qint64, qint64>>;

QString messageInsertSql(int rows)
{
    QString sql = u"INSERT INTO messages (conversation_id, role, agent_id, kind, divider, status, content, error, "
                  u"handoff_id, run_id, tool_call_id, tool_name, input_tokens, output_tokens, cached_tokens, "
                  u"reasoning_tokens, created_at, updated_at) VALUES "_s;
    for (int i = 0; i < rows; ++i)
        sql += i == 0 ? u"(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"_s
                      : u", (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"_s;
    return sql;
}

QVariant mapped(const QHash<qint64, qint64> &ids, qint64 oldId)
{
    return oldId == 0 ? QVariant() : QVariant(ids.value(oldId));
}

/// Binds @p m as row @p row of a several-rows message INSERT.
void bindMessage(QSqlQuery &q, int row, const Message &m, qint64 conversationId, const QHash<qint64, qint64> &runIds,
    const QHash<qint64, qint64> &handoffIds)
{
    const int b = row * kMessageFields;
    q.bindValue(b + 0, conversationId);
    q.bindValue(b + 1, Message::roleName(m.role));
    q.bindValue(b + 2, SqlValues::nullIfEmpty(m.agentId));
    q.bindValue(b + 3, Message::kindName(m.kind));
    q.bindValue(b + 4, SqlValues::nullIfEmpty(Message::dividerName(m.divider)));
    q.bindValue(b + 5, Message::statusName(m.status));
    q.bindValue(b + 6, SqlValues::text(m.content));
    q.bindValue(b + 7, SqlValues::nullIfEmpty(m.error));
    q.bindValue(b + 8, mapped(handoffIds, m.handoffId));
    q.bindValue(b + 9, mapped(runIds, m.runId));
    q.bindValue(b + 10, SqlValues::nullIfEmpty(m.toolCallId));
    q.bindValue(b + 11, SqlValues::nullIfEmpty(m.toolName));
    q.bindValue(b + 12, m.usage.inputTokens);
    q.bindValue(b + 13, m.usage.outputTokens);
    q.bindValue(b + 14, m.usage.cachedTokens);
    q.bindValue(b + 15, m.usage.reasoningTokens);
    q.bindValue(b + 16, SqlValues::fromTime(m.createdAt));
    q.bindValue(b + 17, SqlValues::fromTime(m.updatedAt));
}

/// A history cutoff is "after message N": the new id of the last message at or before it (0: the whole history).
qint64 newHistoryFrom(const MessageIds &messageIds, qint64 oldHistoryFrom)
{
    if (oldHistoryFrom <= 0)
        return 0;
    auto it = std::upper_bound(messageIds.cbegin(), messageIds.cend(),
        std::pair<qint64, qint64>(oldHistoryFrom, std::numeric_limits<qint64>::max()));
    return it != messageIds.cbegin() ? std::prev(it)->second : 0;
}
} // namespace

/// The INSERTs of one write(), prepared once for every archive.
struct ArchiveWriter::Statements
{
    explicit Statements(const SqlConnection &c)
        : providerExists(c.prepareOnce(u"SELECT 1 FROM providers WHERE id = ?"_s))
        // Agents: added when absent, never overwritten.
        , agent(c.prepareOnce(
              u"INSERT INTO agents (id, name, role, instructions, model, provider_id, allowed_tools, "
              u"handoff_targets, terminal, enabled, max_output_tokens, edge_options, modes, handles, description, "
              u"fallback, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) "
              u"ON CONFLICT (id) DO NOTHING"_s))
        , conversation(c.prepareOnce(u"INSERT INTO conversations (title, mode, pinned, provider_id, model, created_at, "
                                     u"updated_at, story_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?)"_s))
        , run(c.prepareOnce(u"INSERT INTO runs (conversation_id, agent_id, mode, status, input_tokens, output_tokens, "
                            u"cached_tokens, reasoning_tokens, error, started_at, finished_at) "
                            u"VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"_s))
        , handoff(
              c.prepareOnce(u"INSERT INTO handoffs (conversation_id, run_id, from_agent, to_agent, status, payload, "
                            u"reason, rejection_reason, created_at, processed_at) "
                            u"VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"_s))
        , messages(c.prepareOnce(messageInsertSql(kMessagesPerInsert)))
        , approval(c.prepareOnce(u"INSERT INTO approvals (conversation_id, run_id, agent_id, tool_name, call_id, "
                                 u"arguments, status, decision, decided_arguments, created_at, decided_at) "
                                 u"VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"_s))
        , variable(
              c.prepareOnce(u"INSERT INTO variables (conversation_id, name, value, updated_at) VALUES (?, ?, ?, ?)"_s))
        , decision(c.prepareOnce(u"INSERT INTO routing_decisions (conversation_id, run_id, agent_id, "
                                 u"classified_agent, confidence, reason, method, error, latency_ms, input_tokens, "
                                 u"output_tokens, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"_s))
        , modelCall(c.prepareOnce(u"INSERT INTO model_calls (conversation_id, run_id, agent_id, input_tokens, "
                                  u"output_tokens, latency_ms, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)"_s))
        , task(c.prepareOnce(u"INSERT INTO tasks (conversation_id, title, notes, priority, status, due_at, "
                             u"created_at, updated_at, completed_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)"_s))
        , thread(c.prepareOnce(u"INSERT INTO agent_threads (conversation_id, agent_id, active, history_from, "
                               u"updated_at) VALUES (?, ?, ?, ?, ?)"_s))
    { }

    QSqlQuery providerExists;
    QHash<QString, bool> knownProviders; ///< providerExists' answers so far
    QSqlQuery agent;
    QSqlQuery conversation;
    QSqlQuery run;
    QSqlQuery handoff;
    QSqlQuery messages; ///< kMessagesPerInsert rows at once
    QSqlQuery approval;
    QSqlQuery variable;
    QSqlQuery decision;
    QSqlQuery modelCall;
    QSqlQuery task;
    QSqlQuery thread;
};

/// The new ids of one archive's rows: its conversation's, and by their ids in the archive, its runs', handoffs' and
/// messages'.
struct ArchiveWriter::Ids
{
    qint64 conversation = 0;
    QHash<qint64, qint64> runs;
    QHash<qint64, qint64> handoffs;
    MessageIds messages; ///< sorted by the old id
};

ArchiveWriter::ArchiveWriter(UnitOfWork &work)
    : m_work(work)
{ }

ArchiveWriter::~ArchiveWriter() = default;

bool ArchiveWriter::fail(const QString &message)
{
    m_error = message;
    return false;
}

bool ArchiveWriter::run(QSqlQuery &query)
{
    if (query.exec())
        return true;
    return fail(query.lastError().text());
}

bool ArchiveWriter::write(
    const QList<ConversationArchive> &archives, const QList<Agent> &agents, QList<qint64> *newIds, int *agentsAdded)
{
    newIds->clear();
    if (agentsAdded)
        *agentsAdded = 0;
    m_error.clear();
    Transaction transaction(m_work);
    if (!transaction.isActive())
        return fail(tr("The database could not start a transaction: %1").arg(m_work.connection().lastError()));
    m_statements = std::make_unique<Statements>(m_work.connection());
    bool written = writeAll(archives, agents, newIds, agentsAdded);
    if (written && !transaction.commit())
        written = fail(tr("The import could not be saved: %1").arg(m_work.connection().lastError()));
    // The statements go before a failed write is rolled back (when the transaction goes).
    m_statements.reset();
    return written;
}

bool ArchiveWriter::writeAll(
    const QList<ConversationArchive> &archives, const QList<Agent> &agents, QList<qint64> *newIds, int *agentsAdded)
{
    if (!addAgents(agents, agentsAdded))
        return false;
    for (const ConversationArchive &archive : archives) {
        if (!addArchive(archive, newIds))
            return false;
    }
    return true;
}

QVariant ArchiveWriter::provider(const QString &id)
{
    // Provider profiles are not part of an export (they may hold tokens): keep a reference only if it exists here.
    if (id.isEmpty())
        return {};
    QHash<QString, bool> &known = m_statements->knownProviders;
    auto it = known.constFind(id);
    if (it == known.constEnd()) {
        QSqlQuery &exists = m_statements->providerExists;
        exists.bindValue(0, id);
        const bool found = exists.exec() && exists.next();
        exists.finish();
        it = known.insert(id, found);
    }
    return *it ? QVariant(id) : QVariant();
}

bool ArchiveWriter::addAgents(const QList<Agent> &agents, int *agentsAdded)
{
    QSqlQuery &q = m_statements->agent;
    if (!agents.isEmpty())
        m_work.connection().noteAgentWrite();
    const QVariant now = SqlValues::fromTime(QDateTime::currentDateTimeUtc());
    for (const Agent &a : agents) {
        q.bindValue(0, a.id);
        q.bindValue(1, SqlValues::text(a.name));
        q.bindValue(2, SqlValues::text(a.role));
        q.bindValue(3, SqlValues::text(a.instructions));
        q.bindValue(4, SqlValues::text(a.model));
        q.bindValue(5, provider(a.providerId));
        q.bindValue(6, SqlValues::fromList(a.allowedTools));
        q.bindValue(7, SqlValues::fromList(a.handoffTargets));
        q.bindValue(8, a.terminal);
        q.bindValue(9, a.enabled);
        q.bindValue(10, a.maxOutputTokens);
        q.bindValue(11, AgentStore::edgeOptionsText(a.edgeOptions));
        q.bindValue(12, SqlValues::fromList(a.modes));
        q.bindValue(13, SqlValues::fromList(a.handles));
        q.bindValue(14, SqlValues::text(a.description));
        q.bindValue(15, a.fallback);
        q.bindValue(16, now);
        if (!run(q))
            return false;
        if (agentsAdded && q.numRowsAffected() == 1)
            ++*agentsAdded;
    }
    return true;
}

bool ArchiveWriter::addArchive(const ConversationArchive &archive, QList<qint64> *newIds)
{
    Ids ids;
    if (!addConversation(archive.conversation, ids))
        return false;
    newIds->append(ids.conversation);
    // Runs, handoffs and messages first: the rows after them refer to their new ids. Tasks join the person's one list,
    // as created in the new conversation. The pending confirmation is not written (ConversationReader drops it): a
    // "yes" here must not carry out an action a file proposed.
    return addRuns(archive, ids) && addHandoffs(archive, ids) && addMessages(archive, ids) && addTree(archive, ids)
        && addApprovals(archive, ids) && addVariables(archive, ids) && addThreads(archive, ids)
        && addDecisions(archive, ids) && addModelCalls(archive, ids) && addTasks(archive, ids);
}

bool ArchiveWriter::addConversation(const Conversation &c, Ids &ids)
{
    QSqlQuery &q = m_statements->conversation;
    q.bindValue(0, SqlValues::text(c.title));
    q.bindValue(1, Conversation::modeName(c.mode));
    q.bindValue(2, c.pinned);
    q.bindValue(3, provider(c.providerId));
    q.bindValue(4, SqlValues::text(c.model));
    q.bindValue(5, SqlValues::fromTime(c.createdAt));
    q.bindValue(6, SqlValues::fromTime(c.updatedAt));
    // One conversation per story: a copy of a story's conversation that is here already comes in without the id.
    const std::optional<Conversation> holder = m_work.conversations().forStory(c.storyId);
    q.bindValue(7, SqlValues::nullIfEmpty(holder && holder->storyId == c.storyId ? QString() : c.storyId));
    if (!run(q))
        return false;
    ids.conversation = m_work.connection().dialect().insertedId(q);
    return true;
}

bool ArchiveWriter::addRuns(const ConversationArchive &archive, Ids &ids)
{
    QSqlQuery &q = m_statements->run;
    for (const ConversationArchive::Run &r : archive.runs) {
        q.bindValue(0, ids.conversation);
        q.bindValue(1, SqlValues::text(r.agentId));
        q.bindValue(2, SqlValues::text(r.mode));
        q.bindValue(3, r.status);
        q.bindValue(4, r.usage.inputTokens);
        q.bindValue(5, r.usage.outputTokens);
        q.bindValue(6, r.usage.cachedTokens);
        q.bindValue(7, r.usage.reasoningTokens);
        q.bindValue(8, SqlValues::nullIfEmpty(r.error));
        q.bindValue(9, SqlValues::fromTime(r.startedAt));
        q.bindValue(10, SqlValues::fromTime(r.finishedAt));
        if (!run(q))
            return false;
        ids.runs.insert(r.id, m_work.connection().dialect().insertedId(q));
    }
    return true;
}

bool ArchiveWriter::addHandoffs(const ConversationArchive &archive, Ids &ids)
{
    QSqlQuery &q = m_statements->handoff;
    for (const Handoff &h : archive.handoffs) {
        q.bindValue(0, ids.conversation);
        q.bindValue(1, mapped(ids.runs, h.runId));
        q.bindValue(2, SqlValues::text(h.fromAgent));
        q.bindValue(3, SqlValues::text(h.toAgent));
        q.bindValue(4, Handoff::statusName(h.status()));
        q.bindValue(5, SqlValues::fromObject(h.payload));
        q.bindValue(6, SqlValues::nullIfEmpty(h.reason));
        q.bindValue(7, SqlValues::nullIfEmpty(h.rejectionReason()));
        q.bindValue(8, SqlValues::fromTime(h.createdAt));
        q.bindValue(9, SqlValues::fromTime(h.processedAt()));
        if (!run(q))
            return false;
        ids.handoffs.insert(h.id, m_work.connection().dialect().insertedId(q));
    }
    return true;
}

bool ArchiveWriter::addMessages(const ConversationArchive &archive, Ids &ids)
{
    const QList<Message> &rows = archive.messages;
    ids.messages.reserve(rows.size());
    for (qsizetype start = 0; start < rows.size(); start += kMessagesPerInsert) {
        const int count = int(qMin<qsizetype>(kMessagesPerInsert, rows.size() - start));
        std::optional<QSqlQuery> last;
        if (count < kMessagesPerInsert)
            last = m_work.connection().prepareOnce(messageInsertSql(count));
        QSqlQuery &q = last ? *last : m_statements->messages;
        for (int r = 0; r < count; ++r)
            bindMessage(q, r, rows.at(start + r), ids.conversation, ids.runs, ids.handoffs);
        if (!run(q))
            return false;
        const QList<qint64> made = m_work.connection().dialect().insertedIds(q, count);
        for (int r = 0; r < count; ++r)
            ids.messages.append({ rows.at(start + r).id, made.at(r) });
    }
    std::sort(ids.messages.begin(), ids.messages.end());
    return true;
}

bool ArchiveWriter::addTree(const ConversationArchive &archive, const Ids &ids)
{
    if (!archive.tree || archive.messages.isEmpty())
        return true;
    auto newId = [&ids](qint64 oldId) {
        const auto it
            = std::lower_bound(ids.messages.cbegin(), ids.messages.cend(), std::pair<qint64, qint64>(oldId, 0));
        return it != ids.messages.cend() && it->first == oldId ? it->second : 0;
    };
    // The rows went in as one branch (trigger messages_parent: each under the one before it), as fast as a flat
    // import; only the rows that start another branch are given their own parent, and the current branch is flagged
    // again from the file's leaf.
    const QList<Message> &rows = archive.messages;
    bool oneBranch = archive.currentLeaf == rows.constLast().id;
    QSqlQuery parent = m_work.connection().prepareOnce(u"UPDATE messages SET parent_id = ? WHERE id = ?"_s);
    for (qsizetype i = 0; i < rows.size(); ++i) {
        const qint64 before = i == 0 ? 0 : rows.at(i - 1).id;
        const qint64 old = archive.parents.value(rows.at(i).id);
        if (old == before)
            continue;
        oneBranch = false;
        parent.bindValue(0, old == 0 ? QVariant() : QVariant(newId(old)));
        parent.bindValue(1, newId(rows.at(i).id));
        if (!run(parent))
            return false;
    }
    if (oneBranch)
        return true;
    QSqlQuery off = m_work.connection().prepareOnce(u"UPDATE messages SET on_branch = 0 WHERE conversation_id = ?"_s);
    off.bindValue(0, ids.conversation);
    if (!run(off))
        return false;
    const StoreResult moved = m_work.branches().moveLeaf(ids.conversation, newId(archive.currentLeaf));
    return moved.ok() || fail(moved.error().message());
}

bool ArchiveWriter::addApprovals(const ConversationArchive &archive, const Ids &ids)
{
    QSqlQuery &q = m_statements->approval;
    for (const ConversationArchive::Approval &a : archive.approvals) {
        q.bindValue(0, ids.conversation);
        q.bindValue(1, mapped(ids.runs, a.runId));
        q.bindValue(2, SqlValues::text(a.agentId));
        q.bindValue(3, SqlValues::text(a.toolName));
        q.bindValue(4, SqlValues::text(a.callId));
        q.bindValue(5, SqlValues::text(a.arguments));
        q.bindValue(6, a.status);
        q.bindValue(7, SqlValues::nullIfEmpty(a.decision));
        q.bindValue(8, a.hasDecidedArguments ? SqlValues::text(a.decidedArguments) : QVariant());
        q.bindValue(9, SqlValues::fromTime(a.createdAt));
        q.bindValue(10, SqlValues::fromTime(a.decidedAt));
        if (!run(q))
            return false;
    }
    return true;
}

bool ArchiveWriter::addVariables(const ConversationArchive &archive, const Ids &ids)
{
    QSqlQuery &q = m_statements->variable;
    for (const ConversationArchive::Variable &v : archive.variables) {
        q.bindValue(0, ids.conversation);
        q.bindValue(1, v.name);
        q.bindValue(2, SqlValues::text(v.value));
        q.bindValue(3, SqlValues::fromTime(v.updatedAt));
        if (!run(q))
            return false;
    }
    return true;
}

bool ArchiveWriter::addThreads(const ConversationArchive &archive, const Ids &ids)
{
    QSqlQuery &q = m_statements->thread;
    for (const ConversationArchive::AgentThread &t : archive.threads) {
        q.bindValue(0, ids.conversation);
        q.bindValue(1, t.agentId);
        q.bindValue(2, t.active);
        q.bindValue(3, newHistoryFrom(ids.messages, t.historyFrom));
        q.bindValue(4, SqlValues::fromTime(t.updatedAt));
        if (!run(q))
            return false;
    }
    return true;
}

bool ArchiveWriter::addDecisions(const ConversationArchive &archive, const Ids &ids)
{
    QSqlQuery &q = m_statements->decision;
    for (const RoutingDecision &r : archive.decisions) {
        q.bindValue(0, ids.conversation);
        q.bindValue(1, mapped(ids.runs, r.runId));
        q.bindValue(2, SqlValues::text(r.agentId));
        q.bindValue(3, SqlValues::text(r.classifiedAgent));
        q.bindValue(4, r.confidence);
        q.bindValue(5, SqlValues::text(r.reason));
        q.bindValue(6, RoutingDecision::methodName(r.method));
        q.bindValue(7, SqlValues::text(r.error));
        q.bindValue(8, r.latencyMs);
        q.bindValue(9, r.inputTokens);
        q.bindValue(10, r.outputTokens);
        q.bindValue(11, SqlValues::fromTime(r.createdAt));
        if (!run(q))
            return false;
    }
    return true;
}

bool ArchiveWriter::addModelCalls(const ConversationArchive &archive, const Ids &ids)
{
    QSqlQuery &q = m_statements->modelCall;
    for (const ConversationArchive::ModelCall &m : archive.modelCalls) {
        q.bindValue(0, ids.conversation);
        q.bindValue(1, mapped(ids.runs, m.runId));
        q.bindValue(2, SqlValues::text(m.agentId));
        q.bindValue(3, m.inputTokens);
        q.bindValue(4, m.outputTokens);
        q.bindValue(5, m.latencyMs);
        q.bindValue(6, SqlValues::fromTime(m.createdAt));
        if (!run(q))
            return false;
    }
    return true;
}

bool ArchiveWriter::addTasks(const ConversationArchive &archive, const Ids &ids)
{
    QSqlQuery &q = m_statements->task;
    for (const Task &t : archive.tasks) {
        q.bindValue(0, ids.conversation);
        q.bindValue(1, SqlValues::text(t.title));
        q.bindValue(2, SqlValues::text(t.notes));
        q.bindValue(3, Task::priorityName(t.priority));
        q.bindValue(4, Task::statusName(t.status));
        q.bindValue(5, t.due.isValid() ? QVariant(t.due.toString(Qt::ISODate)) : QVariant());
        q.bindValue(6, SqlValues::fromTime(t.createdAt));
        q.bindValue(7, SqlValues::fromTime(t.updatedAt));
        q.bindValue(8, SqlValues::fromTime(t.completedAt));
        if (!run(q))
            return false;
    }
    return true;
}

} // namespace Tandem
