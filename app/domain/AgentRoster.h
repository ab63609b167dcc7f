#pragma once

#include "Agent.h"
#include "TransitionGraph.h"

#include <QList>
#include <QString>

namespace Tandem {

/// @brief The agents a run works with and the handoffs declared between them.
struct AgentRoster
{
    QList<Agent> agents;
    TransitionGraph graph;

    /// @brief The agent with @p id, or null.
    const Agent *find(const QString &id) const
    {
        for (const Agent &candidate : agents)
            if (candidate.id == id)
                return &candidate;
        return nullptr;
    }
    /// @brief The name @p id is shown with: its name, else the id itself.
    QString name(const QString &id) const
    {
        const Agent *found = find(id);
        return found && !found->name.isEmpty() ? found->name : id;
    }
    /// @brief The agents @p id may hand over to, in declaration order; the person and the end of a pipeline as
    /// stand-ins with a role that says what handing over to them means.
    QList<Agent> targetsOf(const QString &id) const
    {
        QList<Agent> targets;
        const QStringList ids = graph.targets(id);
        for (const QString &target : ids) {
            // The orchestrator as a target is the end of a pipeline, even where router mode's orchestrator
            // agent exists: no agent hands over to that one.
            if (const Agent *agent = find(target); agent && target != TransitionGraph::kOrchestrator) {
                targets << *agent;
            } else if (target == TransitionGraph::kPerson) {
                targets << Agent { target, QStringLiteral("the person"),
                    QStringLiteral("the person you work for: hand over to ask them something you cannot decide"), {},
                    {}, {}, {}, {}, false, true };
            } else if (target == TransitionGraph::kOrchestrator) {
                targets << Agent { target, QStringLiteral("Orchestrator"),
                    QStringLiteral("the end of the pipeline: hand over when the work is complete"), {}, {}, {}, {}, {},
                    false, true };
            }
        }
        return targets;
    }
};

} // namespace Tandem
