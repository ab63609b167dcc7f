#include "MetricsStore.h"

#include "RouterStore.h"
#include "SqlValues.h"
#include "Statement.h"

#include <QHash>
#include <QJsonObject>
#include <QSet>

#include <map>

using namespace Qt::StringLiterals;

namespace Tandem {

namespace {
// One conversation's metrics follow its current branch (issue #30): the rows of runs whose messages left it are not
// counted. The metrics of every conversation (0) count every branch: their tokens were spent. Binds the
// conversation's id once more.
QString onBranch(QStringView runColumn)
{
    return u"AND NOT EXISTS (SELECT 1 FROM messages m WHERE m.run_id = %1 AND m.on_branch = 0 AND ? <> 0)"_s.arg(
        runColumn);
}
} // namespace

StoreResult MetricsStore::recordModelCall(
    qint64 conversationId, qint64 runId, const QString &agentId, const TokenUsage &usage, qint64 latencyMs)
{
    Statement q = prepare(u"INSERT INTO model_calls (conversation_id, run_id, agent_id, input_tokens, output_tokens, "
                          u"latency_ms, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)"_s);
    q.addBindValue(conversationId);
    q.addBindValue(SqlValues::nullIfZero(runId));
    q.addBindValue(SqlValues::text(agentId));
    q.addBindValue(usage.inputTokens);
    q.addBindValue(usage.outputTokens);
    q.addBindValue(latencyMs);
    q.addBindValue(SqlValues::fromTime(QDateTime::currentDateTimeUtc()));
    return write(q);
}

Metrics MetricsStore::metrics(qint64 conversationId)
{
    Metrics result;
    result.conversationId = conversationId;
    std::map<QString, AgentMetrics> agents; // sorted by id
    QHash<QString, QList<qint64>> latencies;
    QHash<QString, QSet<qint64>> runsOf;
    QList<qint64> allLatencies;
    QSet<qint64> allRuns;
    auto of = [&agents](const QString &id) -> AgentMetrics & {
        AgentMetrics &m = agents[id];
        m.agentId = id;
        return m;
    };

    Statement calls
        = prepare(u"SELECT agent_id, run_id, input_tokens, output_tokens, latency_ms FROM model_calls "
                  u"WHERE (? = 0 OR conversation_id = ?) %1 ORDER BY id"_s.arg(onBranch(u"model_calls.run_id")));
    calls.addBindValue(conversationId);
    calls.addBindValue(conversationId);
    calls.addBindValue(conversationId);
    if (exec(calls)) {
        while (calls.next()) {
            const QString agent = calls.value(0).toString();
            AgentMetrics &m = of(agent);
            ++m.modelCalls;
            m.inputTokens += calls.value(2).toLongLong();
            m.outputTokens += calls.value(3).toLongLong();
            latencies[agent] << calls.value(4).toLongLong();
            allLatencies << calls.value(4).toLongLong();
            if (!calls.value(1).isNull()) {
                runsOf[agent].insert(calls.value(1).toLongLong());
                allRuns.insert(calls.value(1).toLongLong());
            }
        }
    }
    Statement handoffs = prepare(
        u"SELECT from_agent, to_agent, status, payload FROM handoffs WHERE (? = 0 OR conversation_id = ?) %1"_s.arg(
            onBranch(u"handoffs.run_id")));
    handoffs.addBindValue(conversationId);
    handoffs.addBindValue(conversationId);
    handoffs.addBindValue(conversationId);
    if (exec(handoffs)) {
        while (handoffs.next()) {
            const QString status = handoffs.value(2).toString();
            // A handoff the rules refused, or one a guardrail stopped, never reached its target: no rejection of the
            // target's, and nothing it received.
            bool refused = false;
            if (status == u"rejected" || status == u"cancelled") {
                const QJsonObject payload = SqlValues::toObject(handoffs.value(3));
                refused = payload.value(u"refused"_s).toBool() || payload.contains(u"stopped"_s);
            }
            const bool rejected = !refused && status == u"rejected";
            AgentMetrics &from = of(handoffs.value(0).toString());
            ++from.handoffsGiven;
            ++result.total.handoffsGiven;
            if (refused) {
                ++from.handoffsRefused;
                ++result.total.handoffsRefused;
                continue;
            }
            from.rejectionsReceived += rejected ? 1 : 0;
            AgentMetrics &to = of(handoffs.value(1).toString());
            ++to.handoffsReceived;
            to.rejectionsGiven += rejected ? 1 : 0;
            ++result.total.handoffsReceived;
            result.total.rejectionsGiven += rejected ? 1 : 0;
            result.total.rejectionsReceived += rejected ? 1 : 0;
        }
    }
    Statement runs
        = prepare(u"SELECT COUNT(*) FROM runs WHERE (? = 0 OR conversation_id = ?) %1"_s.arg(onBranch(u"runs.id")));
    runs.addBindValue(conversationId);
    runs.addBindValue(conversationId);
    runs.addBindValue(conversationId);
    if (exec(runs) && runs.next())
        result.runs = runs.value(0).toInt();

    result.routing = m_router.decisions(conversationId);
    // Only the classifier's own decisions carry a confidence in the agent they chose; the others are counted by method.
    QHash<QString, double> confidenceSum;
    for (const RoutingDecision &decision : std::as_const(result.routing)) {
        AgentMetrics &m = of(decision.agentId);
        const QString method = RoutingDecision::methodName(decision.method);
        ++m.routedTo;
        ++m.routedBy[method];
        ++result.total.routedTo;
        ++result.total.routedBy[method];
        if (decision.method == RoutingDecision::Method::Classifier) {
            confidenceSum[decision.agentId] += decision.confidence;
            confidenceSum[QString()] += decision.confidence;
        }
    }
    const QString classifier = RoutingDecision::methodName(RoutingDecision::Method::Classifier);

    for (auto &[id, m] : agents) {
        m.turns = int(runsOf.value(id).size());
        const QList<qint64> times = latencies.value(id);
        if (!times.isEmpty()) {
            qint64 sum = 0;
            for (const qint64 t : times)
                sum += t;
            m.latencyMeanMs = double(sum) / double(times.size());
            m.latencyP95Ms = Metrics::percentile95(times);
        }
        if (const int classified = m.routedBy.value(classifier); classified > 0)
            m.meanConfidence = confidenceSum.value(id) / double(classified);
        result.total.modelCalls += m.modelCalls;
        result.total.inputTokens += m.inputTokens;
        result.total.outputTokens += m.outputTokens;
        result.agents << m;
    }
    result.total.turns = int(allRuns.size());
    if (!allLatencies.isEmpty()) {
        qint64 sum = 0;
        for (const qint64 t : std::as_const(allLatencies))
            sum += t;
        result.total.latencyMeanMs = double(sum) / double(allLatencies.size());
        result.total.latencyP95Ms = Metrics::percentile95(allLatencies);
    }
    if (const int classified = result.total.routedBy.value(classifier); classified > 0)
        result.total.meanConfidence = confidenceSum.value(QString()) / double(classified);
    return result;
}

} // namespace Tandem
