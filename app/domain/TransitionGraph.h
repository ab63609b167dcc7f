#pragma once

#include "Agent.h"

#include <QCoreApplication>
#include <QHash>
#include <QList>
#include <QString>
#include <QStringList>

#include <optional>

namespace Tandem {

/// @brief The handoffs allowed between agents, declared in one place and checked when loaded:
/// each edge says what context travels and when the target answers.
class TransitionGraph
{
    Q_DECLARE_TR_FUNCTIONS(TransitionGraph)

public:
    /// @brief The target id that names the person: an agent may hand the work to the human.
    static constexpr QStringView kPerson = u"person";
    /// @brief The end of a pipeline (its last phase hands the story back to the orchestrator); a real agent in router
    /// mode.
    static constexpr QStringView kOrchestrator = u"orchestrator";
    /// @brief True if @p id names no agent but is a valid target: the person, or the end of a pipeline.
    static bool isPseudoTarget(QStringView id) { return id == kPerson || id == kOrchestrator; }

    using ContextTransfer = Tandem::ContextTransfer;
    using Timing = HandoffTiming;

    struct Edge
    {
        QString from;
        QString to;
        ContextTransfer transfer = ContextTransfer::PayloadOnly;
        Timing timing = Timing::SameTurn;
        bool warm = false; ///< see EdgeOptions::warm
        friend bool operator==(const Edge &, const Edge &) = default;
    };

    /// @brief Adds @p edge, replacing an edge between the same agents.
    void addEdge(const Edge &edge);
    /// @brief The edge from @p from to @p to, if declared.
    std::optional<Edge> edge(const QString &from, const QString &to) const;
    /// @brief The targets declared from @p from, in declaration order.
    QStringList targets(const QString &from) const;
    QList<Edge> edges() const { return m_edges; }
    bool isEmpty() const { return m_edges.isEmpty(); }

    /// @brief The problems of this graph against @p agents: unknown sources or targets, self-handoffs, edges out of
    /// terminal agents. Empty when the graph is sound.
    QStringList validate(const QList<Agent> &agents) const;
    /// @brief The graph of @p agents' handoffTargets, each edge taking its options from @p options when listed
    /// there (matched by from and to), else from the agent's own edgeOptions, else the defaults. The target "person"
    /// (the human) is always valid. Edges that validate() would refuse are left out
    /// and described in @p problems.
    static TransitionGraph fromAgents(
        const QList<Agent> &agents, const QList<Edge> &options = {}, QStringList *problems = nullptr);

    static QString transferName(ContextTransfer transfer);
    static std::optional<ContextTransfer> transferFromName(QStringView name);
    static QString timingName(Timing timing);
    static std::optional<Timing> timingFromName(QStringView name);

private:
    QList<Edge> m_edges;
};

} // namespace Tandem
