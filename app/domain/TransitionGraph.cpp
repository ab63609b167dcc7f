#include "TransitionGraph.h"

#include "EnumNames.h"

using namespace Qt::StringLiterals;

namespace Tandem {

namespace {
constexpr EnumName<TransitionGraph::ContextTransfer> kTransferNames[] = {
    { TransitionGraph::ContextTransfer::PayloadOnly, u"payload" },
    { TransitionGraph::ContextTransfer::Summary, u"summary" },
    { TransitionGraph::ContextTransfer::FullHistory, u"full_history" },
    { TransitionGraph::ContextTransfer::Reference, u"reference" },
};
constexpr EnumName<TransitionGraph::Timing> kTimingNames[] = {
    { TransitionGraph::Timing::SameTurn, u"same_turn" },
    { TransitionGraph::Timing::NextTurn, u"next_turn" },
};

const Agent *findAgent(const QList<Agent> &agents, const QString &id)
{
    for (const Agent &agent : agents)
        if (agent.id == id)
            return &agent;
    return nullptr;
}

QStringList edgeProblems(const TransitionGraph::Edge &edge, const QList<Agent> &agents)
{
    QStringList problems;
    const Agent *from = findAgent(agents, edge.from);
    if (!from)
        problems << TransitionGraph::tr("The handoff %1 → %2 starts at an unknown agent.").arg(edge.from, edge.to);
    if (!TransitionGraph::isPseudoTarget(edge.to) && !findAgent(agents, edge.to))
        problems << TransitionGraph::tr("The handoff %1 → %2 targets an unknown agent.").arg(edge.from, edge.to);
    if (edge.from == edge.to)
        problems << TransitionGraph::tr("%1 cannot hand over to itself.").arg(edge.from);
    if (from && from->terminal)
        problems << TransitionGraph::tr("%1 is a terminal agent and cannot hand over.").arg(edge.from);
    return problems;
}
} // namespace

void TransitionGraph::addEdge(const Edge &edge)
{
    for (Edge &existing : m_edges) {
        if (existing.from == edge.from && existing.to == edge.to) {
            existing = edge;
            return;
        }
    }
    m_edges.append(edge);
}

std::optional<TransitionGraph::Edge> TransitionGraph::edge(const QString &from, const QString &to) const
{
    for (const Edge &candidate : m_edges)
        if (candidate.from == from && candidate.to == to)
            return candidate;
    return std::nullopt;
}

QStringList TransitionGraph::targets(const QString &from) const
{
    QStringList result;
    for (const Edge &candidate : m_edges)
        if (candidate.from == from)
            result << candidate.to;
    return result;
}

QStringList TransitionGraph::validate(const QList<Agent> &agents) const
{
    QStringList problems;
    for (const Edge &candidate : m_edges)
        problems << edgeProblems(candidate, agents);
    return problems;
}

TransitionGraph TransitionGraph::fromAgents(
    const QList<Agent> &agents, const QList<Edge> &options, QStringList *problems)
{
    TransitionGraph graph;
    for (const Agent &agent : agents) {
        for (const QString &target : agent.handoffTargets) {
            const EdgeOptions own = agent.edgeOptions.value(target);
            Edge candidate { agent.id, target, own.transfer, own.timing, own.warm };
            for (const Edge &option : options)
                if (option.from == agent.id && option.to == target)
                    candidate = option;
            const QStringList found = edgeProblems(candidate, agents);
            if (found.isEmpty())
                graph.addEdge(candidate);
            else if (problems)
                *problems << found;
        }
    }
    return graph;
}

QString TransitionGraph::transferName(ContextTransfer transfer)
{
    return nameOf(kTransferNames, transfer);
}

std::optional<TransitionGraph::ContextTransfer> TransitionGraph::transferFromName(QStringView name)
{
    return valueOf(kTransferNames, name);
}

QString TransitionGraph::timingName(Timing timing)
{
    return nameOf(kTimingNames, timing);
}

std::optional<TransitionGraph::Timing> TransitionGraph::timingFromName(QStringView name)
{
    return valueOf(kTimingNames, name);
}

} // namespace Tandem
