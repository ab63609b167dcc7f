#pragma once

#include <QHash>
#include <QString>

namespace Tandem {

/// @brief What one agent did (its performance metrics), in one conversation or in all of them.
struct AgentMetrics
{
    QString agentId;
    int turns = 0; ///< runs in which the agent called its model (user messages it worked on)
    int modelCalls = 0;
    int handoffsGiven = 0; ///< handoffs from the agent, whatever became of them
    int handoffsReceived = 0; ///< handoffs that reached the agent (not those refused or stopped before it)
    int handoffsRefused = 0; ///< handoffs from the agent that the rules refused or a guardrail stopped
    int rejectionsGiven = 0; ///< handoffs to the agent that it rejected
    int rejectionsReceived = 0; ///< handoffs from the agent that their target rejected
    qint64 inputTokens = 0;
    qint64 outputTokens = 0;
    double latencyMeanMs = 0.0; ///< model calls' duration, request sent to reply complete
    qint64 latencyP95Ms = 0;
    int routedTo = 0; ///< routing decisions that chose the agent, by any method
    /// Those decisions counted by method (RoutingDecision::methodName: "classifier", "keywords", …).
    QHash<QString, int> routedBy;
    /// The classifier's mean confidence over the decisions it made for the agent (method "classifier") alone: the
    /// others (keywords, carry-over, confirmation, direct, fallback) have no confidence of their own; 0 when none.
    double meanConfidence = 0.0;
};

} // namespace Tandem
