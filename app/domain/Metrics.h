#pragma once

#include "AgentMetrics.h"
#include "RoutingDecision.h"

#include <QList>

namespace Tandem {

/// @brief The metrics of one conversation (or of all, conversationId 0): per agent, in total, and the routing
/// decisions with their confidence.
struct Metrics
{
    qint64 conversationId = 0;
    int runs = 0;
    QList<AgentMetrics> agents; ///< by agent id
    AgentMetrics total; ///< every agent together (agentId empty)
    QList<RoutingDecision> routing; ///< oldest first

    /// @brief The agent's figures, or null.
    const AgentMetrics *agent(const QString &agentId) const
    {
        for (const AgentMetrics &each : agents)
            if (each.agentId == agentId)
                return &each;
        return nullptr;
    }
    /// @brief The nearest-rank 95th percentile of @p values (0 when empty).
    static qint64 percentile95(QList<qint64> values);
};

} // namespace Tandem
