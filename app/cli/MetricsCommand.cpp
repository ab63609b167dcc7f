#include "MetricsCommand.h"

#include "chat/LocalChatRepository.h"
#include "cli/CliCommands.h"
#include "cli/CliOutput.h"
#include "cli/CommandHelp.h"
#include "cli/TerminalStream.h"

#include <QCommandLineParser>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

using namespace Qt::StringLiterals;

namespace Tandem {

namespace {
QJsonObject routedByJson(const AgentMetrics &m)
{
    QJsonObject byMethod;
    for (auto it = m.routedBy.cbegin(); it != m.routedBy.cend(); ++it)
        byMethod.insert(it.key(), it.value());
    return byMethod;
}

// "classifier 2, keywords 1", in the methods' own order.
QString routedByText(const AgentMetrics &m)
{
    QStringList parts;
    for (int i = 0; i <= int(RoutingDecision::Method::Direct); ++i) {
        const QString method = RoutingDecision::methodName(RoutingDecision::Method(i));
        if (const int count = m.routedBy.value(method); count > 0)
            parts << u"%1 %2"_s.arg(method).arg(count);
    }
    return parts.join(u", "_s);
}

QJsonObject agentJson(const AgentMetrics &m)
{
    QJsonObject json {
        { u"turns"_s, m.turns },
        { u"model_calls"_s, m.modelCalls },
        { u"handoffs_given"_s, m.handoffsGiven },
        { u"handoffs_received"_s, m.handoffsReceived },
        { u"handoffs_refused"_s, m.handoffsRefused },
        { u"rejections_given"_s, m.rejectionsGiven },
        { u"rejections_received"_s, m.rejectionsReceived },
        { u"input_tokens"_s, m.inputTokens },
        { u"output_tokens"_s, m.outputTokens },
        { u"latency_mean_ms"_s, m.latencyMeanMs },
        { u"latency_p95_ms"_s, m.latencyP95Ms },
        { u"routed_to"_s, m.routedTo },
        { u"mean_confidence"_s, m.meanConfidence },
        { u"routed_by"_s, routedByJson(m) },
    };
    if (!m.agentId.isEmpty())
        json.insert(u"agent"_s, m.agentId);
    return json;
}

QString pair(qint64 a, qint64 b, int width)
{
    return QString(QString::number(a) + u'/' + QString::number(b)).rightJustified(width);
}

QString row(const QString &name, const AgentMetrics &m)
{
    return u"%1 %2 %3 %4 %5 %6 %7 %8"_s.arg(name.leftJustified(16), QString::number(m.turns).rightJustified(5),
        QString::number(m.modelCalls).rightJustified(5), pair(m.handoffsGiven, m.handoffsReceived, 9),
        pair(m.rejectionsGiven, m.rejectionsReceived, 10), pair(m.inputTokens, m.outputTokens, 13),
        pair(qRound64(m.latencyMeanMs), m.latencyP95Ms, 13),
        m.routedTo > 0 ? u"%1 · %2"_s.arg(m.routedTo).arg(m.meanConfidence, 0, 'f', 2).rightJustified(10)
                       : u"-"_s.rightJustified(10));
}
} // namespace

QString MetricsCommand::name() const
{
    return u"metrics"_s;
}

QString MetricsCommand::description() const
{
    return CliCommands::tr("print router mode's metrics per agent: [--conversation ID] [--json]");
}

int MetricsCommand::execute(const QCommandLineParser &parser, AppContext &context)
{
    return run(parser, storedRepository(parser, context));
}

int MetricsCommand::run(const QCommandLineParser &parser, ChatRepository &repository)
{
    qint64 conversationId = 0;
    if (parser.isSet(u"conversation"_s)) {
        bool ok = false;
        conversationId = parser.value(u"conversation"_s).toLongLong(&ok);
        if (!ok || !repository.conversation(conversationId)) {
            CliOutput::err() << CliCommands::tr("There is no conversation %1.").arg(parser.value(u"conversation"_s))
                             << '\n';
            return CliCommands::UsageError;
        }
    }
    const Metrics metrics = repository.metrics(conversationId);
    if (parser.isSet(u"json"_s)) {
        QJsonArray agents;
        for (const AgentMetrics &m : metrics.agents)
            agents.append(agentJson(m));
        QJsonArray routing;
        for (const RoutingDecision &d : metrics.routing)
            routing.append(QJsonObject {
                { u"id"_s, d.id },
                { u"conversation_id"_s, d.conversationId },
                { u"run_id"_s, d.runId },
                { u"agent"_s, d.agentId },
                { u"classified_agent"_s, d.classifiedAgent },
                { u"confidence"_s, d.confidence },
                { u"method"_s, RoutingDecision::methodName(d.method) },
                { u"reason"_s, d.reason },
                { u"error"_s, d.error.isEmpty() ? QJsonValue(QJsonValue::Null) : QJsonValue(d.error) },
                { u"latency_ms"_s, d.latencyMs },
            });
        const QJsonObject json {
            { u"conversation_id"_s, conversationId == 0 ? QJsonValue(QJsonValue::Null) : QJsonValue(conversationId) },
            { u"runs"_s, metrics.runs },
            { u"agents"_s, agents },
            { u"total"_s, agentJson(metrics.total) },
            { u"routing"_s, routing },
        };
        CliOutput::out() << QString::fromUtf8(QJsonDocument(json).toJson(QJsonDocument::Indented));
        CliOutput::out().flush();
        return CliCommands::Success;
    }
    TerminalStream &out = CliOutput::out();
    out << (conversationId == 0
            ? tr("Metrics of every conversation (%n run(s))", nullptr, metrics.runs)
            : tr("Metrics of conversation %1 (%n run(s))", nullptr, metrics.runs).arg(conversationId))
        << '\n';
    out << tr("agent            turns calls handoffs rejections tokens in/out latency ms routed") << '\n';
    out << tr("                             given/rec. given/rec.              mean/p95 n · conf.") << '\n';
    for (const AgentMetrics &m : metrics.agents)
        out << row(m.agentId, m) << '\n';
    out << row(tr("total"), metrics.total) << '\n';
    if (metrics.total.routedTo > 0) {
        // The confidence above is the classifier's own decisions' alone; every decision is counted here by method.
        out << '\n' << tr("Routed by method:") << '\n';
        for (const AgentMetrics &m : metrics.agents)
            if (m.routedTo > 0)
                out << u"  %1 %2"_s.arg(m.agentId.leftJustified(16), routedByText(m)) << '\n';
        out << u"  %1 %2"_s.arg(tr("total").leftJustified(16), routedByText(metrics.total)) << '\n';
    }
    if (!metrics.routing.isEmpty()) {
        out << '\n' << tr("Routing decisions:") << '\n';
        for (const RoutingDecision &d : metrics.routing) {
            out << u"  run %1 → %2 · %3 (%4)"_s.arg(d.runId)
                       .arg(d.agentId)
                       .arg(d.confidence, 0, 'f', 2)
                       .arg(RoutingDecision::methodName(d.method));
            if (!d.error.isEmpty())
                out << ": " << d.error;
            else if (!d.reason.isEmpty())
                out << ": " << d.reason;
            out << '\n';
        }
    }
    out.flush();
    return CliCommands::Success;
}

CommandPage MetricsCommand::page() const
{
    return CommandPage { CommandHelp::tr("tandem metrics [--conversation ID] [--json]"),
        CommandHelp::tr("Prints router mode's figures per agent and in total: turns, model calls, handoffs, "
                        "rejections, tokens, latency, and every routing decision."),
        { u"conversation"_s, u"json"_s }, { u"tandem metrics"_s, u"tandem metrics --conversation 4 --json"_s } };
}

} // namespace Tandem
