#include "AgentStore.h"

#include "SqlConnection.h"
#include "SqlValues.h"
#include "Statement.h"
#include "domain/TransitionGraph.h"

using namespace Qt::StringLiterals;

namespace Tandem {

namespace {
constexpr auto kColumns
    = u"id, name, role, instructions, model, provider_id, allowed_tools, handoff_targets, terminal, enabled, "
      u"max_output_tokens, edge_options, modes, handles, description, fallback";

QHash<QString, EdgeOptions> edgeOptionsFrom(const QVariant &value)
{
    QHash<QString, EdgeOptions> options;
    const QJsonObject object = SqlValues::toObject(value);
    for (auto it = object.constBegin(); it != object.constEnd(); ++it) {
        const QJsonObject entry = it.value().toObject();
        EdgeOptions edge;
        edge.transfer = TransitionGraph::transferFromName(entry.value(u"transfer"_s).toString())
                            .value_or(ContextTransfer::PayloadOnly);
        edge.timing
            = TransitionGraph::timingFromName(entry.value(u"timing"_s).toString()).value_or(HandoffTiming::SameTurn);
        edge.warm = entry.value(u"warm"_s).toBool();
        options.insert(it.key(), edge);
    }
    return options;
}

Agent agentFromRow(const QSqlQuery &q)
{
    Agent a;
    a.id = q.value(0).toString();
    a.name = q.value(1).toString();
    a.role = q.value(2).toString();
    a.instructions = q.value(3).toString();
    a.model = q.value(4).toString();
    a.providerId = q.value(5).toString();
    a.allowedTools = SqlValues::toList(q.value(6));
    a.handoffTargets = SqlValues::toList(q.value(7));
    a.terminal = q.value(8).toBool();
    a.enabled = q.value(9).toBool();
    a.maxOutputTokens = q.value(10).toLongLong();
    a.edgeOptions = edgeOptionsFrom(q.value(11));
    a.modes = SqlValues::toList(q.value(12));
    a.handles = SqlValues::toList(q.value(13));
    a.description = q.value(14).toString();
    a.fallback = q.value(15).toBool();
    return a;
}
} // namespace

StoreResult AgentStore::save(const Agent &agent)
{
    // Portable upsert: SQLite >= 3.24 and PostgreSQL share this form.
    Statement q = prepare(u"INSERT INTO agents (id, name, role, instructions, model, provider_id, allowed_tools, "
                          u"handoff_targets, terminal, enabled, max_output_tokens, edge_options, modes, handles, "
                          u"description, fallback, created_at) "
                          u"VALUES (?, ?, ?, ?, ?, (SELECT id FROM providers WHERE id = ? OR lower(name) = lower(?) "
                          u"ORDER BY CASE WHEN id = ? THEN 0 ELSE 1 END LIMIT 1), ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) "
                          u"ON CONFLICT (id) DO UPDATE SET name = excluded.name, role = excluded.role, "
                          u"instructions = excluded.instructions, model = excluded.model, "
                          u"provider_id = excluded.provider_id, allowed_tools = excluded.allowed_tools, "
                          u"handoff_targets = excluded.handoff_targets, terminal = excluded.terminal, "
                          u"enabled = excluded.enabled, max_output_tokens = excluded.max_output_tokens, "
                          u"edge_options = excluded.edge_options, modes = excluded.modes, handles = excluded.handles, "
                          u"description = excluded.description, fallback = excluded.fallback"_s);
    q.addBindValue(agent.id);
    q.addBindValue(SqlValues::text(agent.name));
    q.addBindValue(SqlValues::text(agent.role));
    q.addBindValue(SqlValues::text(agent.instructions));
    q.addBindValue(SqlValues::text(agent.model));
    // A file names its provider by id or by name; the row keeps the id, or none for a provider not configured
    // (EngineConfig::unknownProviders remembers those).
    for (int i = 0; i < 3; ++i)
        q.addBindValue(SqlValues::nullIfEmpty(agent.providerId));
    q.addBindValue(SqlValues::fromList(agent.allowedTools));
    q.addBindValue(SqlValues::fromList(agent.handoffTargets));
    q.addBindValue(agent.terminal);
    q.addBindValue(agent.enabled);
    q.addBindValue(agent.maxOutputTokens);
    q.addBindValue(edgeOptionsText(agent.edgeOptions));
    q.addBindValue(SqlValues::fromList(agent.modes));
    q.addBindValue(SqlValues::fromList(agent.handles));
    q.addBindValue(SqlValues::text(agent.description));
    q.addBindValue(agent.fallback);
    q.addBindValue(SqlValues::fromTime(QDateTime::currentDateTimeUtc()));
    m_connection->noteAgentWrite();
    return write(q);
}

std::optional<Agent> AgentStore::get(const QString &id)
{
    Statement q = prepare(u"SELECT %1 FROM agents WHERE id = ?"_s.arg(kColumns));
    q.addBindValue(id);
    if (!exec(q) || !q.next())
        return std::nullopt;
    return agentFromRow(q);
}

QList<Agent> AgentStore::list()
{
    Statement q = prepare(u"SELECT %1 FROM agents ORDER BY created_at, id"_s.arg(kColumns));
    QList<Agent> rows;
    if (!exec(q))
        return rows;
    while (q.next())
        rows.append(agentFromRow(q));
    return rows;
}

StoreResult AgentStore::remove(const QString &id)
{
    Statement q = prepare(u"DELETE FROM agents WHERE id = ?"_s);
    q.addBindValue(id);
    m_connection->noteAgentWrite();
    return writeOne(q, u"agent %1 is gone"_s.arg(id));
}

QString AgentStore::edgeOptionsText(const QHash<QString, EdgeOptions> &options)
{
    QJsonObject object;
    for (auto it = options.cbegin(); it != options.cend(); ++it)
        object.insert(it.key(),
            QJsonObject { { u"transfer"_s, TransitionGraph::transferName(it->transfer) },
                { u"timing"_s, TransitionGraph::timingName(it->timing) }, { u"warm"_s, it->warm } });
    return SqlValues::fromObject(object);
}

QString AgentStore::columns()
{
    return QString::fromUtf16(kColumns);
}

Agent AgentStore::agentFrom(const QSqlQuery &query)
{
    return agentFromRow(query);
}

} // namespace Tandem
