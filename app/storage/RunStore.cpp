#include "RunStore.h"

#include "SqlValues.h"
#include "Statement.h"
#include "domain/EnumNames.h"

using namespace Qt::StringLiterals;

namespace Tandem {

namespace {
constexpr EnumName<RunRecord::Status> kStatusNames[] = {
    { RunRecord::Status::Running, u"running" },
    { RunRecord::Status::Completed, u"completed" },
    { RunRecord::Status::Failed, u"failed" },
    { RunRecord::Status::Cancelled, u"cancelled" },
    { RunRecord::Status::Interrupted, u"interrupted" },
    { RunRecord::Status::Guardrail, u"guardrail" },
};

constexpr auto kColumns = u"id, conversation_id, agent_id, mode, status, input_tokens, output_tokens, cached_tokens, "
                          u"reasoning_tokens, error, started_at, finished_at, owner";

RunRecord fromRecord(const QSqlQuery &q)
{
    RunRecord r;
    r.id = q.value(0).toLongLong();
    r.conversationId = q.value(1).toLongLong();
    r.agentId = q.value(2).toString();
    r.mode = q.value(3).toString();
    r.status = RunRecord::statusFromName(q.value(4).toString()).value_or(RunRecord::Status::Failed);
    r.usage.inputTokens = q.value(5).toLongLong();
    r.usage.outputTokens = q.value(6).toLongLong();
    r.usage.cachedTokens = q.value(7).toLongLong();
    r.usage.reasoningTokens = q.value(8).toLongLong();
    r.error = q.value(9).toString();
    r.startedAt = SqlValues::toTime(q.value(10));
    r.finishedAt = SqlValues::toTime(q.value(11));
    r.owner = q.value(12).toString();
    return r;
}
} // namespace

QString RunRecord::statusName(Status status)
{
    return nameOf(kStatusNames, status);
}

std::optional<RunRecord::Status> RunRecord::statusFromName(QStringView name)
{
    return valueOf(kStatusNames, name);
}

StoreResult RunStore::create(RunRecord &run)
{
    if (!run.startedAt.isValid())
        run.startedAt = QDateTime::currentDateTimeUtc();
    Statement q = prepare(u"INSERT INTO runs (conversation_id, agent_id, mode, status, started_at, owner) "
                          u"VALUES (?, ?, ?, ?, ?, ?)"_s);
    q.addBindValue(run.conversationId);
    q.addBindValue(SqlValues::text(run.agentId));
    q.addBindValue(SqlValues::text(run.mode));
    q.addBindValue(RunRecord::statusName(run.status));
    q.addBindValue(SqlValues::fromTime(run.startedAt));
    q.addBindValue(SqlValues::nullIfEmpty(run.owner));
    if (!exec(q))
        return failure();
    run.id = insertedId(q);
    return {};
}

StoreResult RunStore::finish(
    qint64 runId, RunRecord::Status status, const TokenUsage &usage, const QString &error, const QDateTime &when)
{
    Statement q = prepare(u"UPDATE runs SET status = ?, input_tokens = ?, output_tokens = ?, cached_tokens = ?, "
                          u"reasoning_tokens = ?, error = ?, finished_at = ? WHERE id = ?"_s);
    q.addBindValue(RunRecord::statusName(status));
    q.addBindValue(usage.inputTokens);
    q.addBindValue(usage.outputTokens);
    q.addBindValue(usage.cachedTokens);
    q.addBindValue(usage.reasoningTokens);
    q.addBindValue(SqlValues::nullIfEmpty(error));
    q.addBindValue(SqlValues::fromTime(when));
    q.addBindValue(runId);
    if (!exec(q))
        return failure();
    if (q.numRowsAffected() != 1)
        return lost(u"run %1 is gone"_s.arg(runId));
    return {};
}

StoreResult RunStore::updateUsage(qint64 runId, const TokenUsage &usage)
{
    Statement q = prepare(u"UPDATE runs SET input_tokens = ?, output_tokens = ?, cached_tokens = ?, "
                          u"reasoning_tokens = ? WHERE id = ?"_s);
    q.addBindValue(usage.inputTokens);
    q.addBindValue(usage.outputTokens);
    q.addBindValue(usage.cachedTokens);
    q.addBindValue(usage.reasoningTokens);
    q.addBindValue(runId);
    if (!exec(q))
        return failure();
    return {};
}

std::optional<RunRecord> RunStore::get(qint64 id)
{
    Statement q = prepare(u"SELECT %1 FROM runs WHERE id = ?"_s.arg(kColumns));
    q.addBindValue(id);
    if (!exec(q) || !q.next())
        return std::nullopt;
    return fromRecord(q);
}

QList<RunRecord> RunStore::forConversation(qint64 conversationId)
{
    Statement q = prepare(u"SELECT %1 FROM runs WHERE conversation_id = ? ORDER BY id"_s.arg(kColumns));
    q.addBindValue(conversationId);
    QList<RunRecord> rows;
    if (!exec(q))
        return rows;
    while (q.next())
        rows.append(fromRecord(q));
    return rows;
}

qint64 RunStore::tokensUsed(qint64 conversationId)
{
    Statement q
        = prepare(u"SELECT COALESCE(SUM(input_tokens + output_tokens), 0) FROM runs WHERE conversation_id = ?"_s);
    q.addBindValue(conversationId);
    if (!exec(q) || !q.next())
        return 0;
    return q.value(0).toLongLong();
}

QList<RunRecord> RunStore::running()
{
    Statement q = prepare(u"SELECT %1 FROM runs WHERE status = 'running' ORDER BY id"_s.arg(kColumns));
    QList<RunRecord> rows;
    if (!exec(q))
        return rows;
    while (q.next())
        rows.append(fromRecord(q));
    return rows;
}

StoreResult RunStore::markInterrupted(qint64 runId, const QString &reason)
{
    Statement q = prepare(u"UPDATE runs SET status = 'interrupted', error = ?, finished_at = ? "
                          u"WHERE id = ? AND status = 'running'"_s);
    q.addBindValue(reason);
    q.addBindValue(SqlValues::fromTime(QDateTime::currentDateTimeUtc()));
    q.addBindValue(runId);
    if (!exec(q))
        return failure();
    return {};
}

} // namespace Tandem
