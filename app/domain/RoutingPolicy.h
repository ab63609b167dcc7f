#pragma once

#include "Agent.h"
#include "RoutingDecision.h"

#include <QString>
#include <QStringList>

namespace Tandem {

/// @brief Router mode's rule: the orchestrator's classification at or above the threshold decides; below
/// it (or when it failed) the keyword rules decide, at every turn; when they find nothing the conversation stays with
/// its active specialist; without one, the specialist whose file says `fallback: true` (else the first).
class RoutingPolicy
{
public:
    static constexpr double kDefaultThreshold = 0.6;

    /// @brief What the classifier answered: its agent, confidence and reason, or why there is no usable answer.
    struct Classification
    {
        QString agent;
        double confidence = 0.0;
        QString reason;
        QString error; ///< set when the answer was unusable (bad JSON, unknown agent, provider error)
        /// The other agents the message asks for besides @c agent, in order (its `agents` beyond the first); they
        /// answer after it, and the orchestrator combines the answers.
        QStringList also = {};
    };

    /// @brief The decision for @p text: agentId, method, the classifier's figures and error copied in.
    /// @p activeSpecialist is the agent the conversation is with (empty: none yet); @p specialists the agents that
    /// may answer, whose `handles:` are the keyword rules and one of which may be the fallback.
    static RoutingDecision decide(const Classification &classification, double threshold,
        const QString &activeSpecialist, const QString &text, const QList<Agent> &specialists);
    /// @brief The agent that answers what nothing else claimed: the first of @p specialists marked fallback, else the
    /// first of them; empty when there is none.
    static QString fallbackOf(const QList<Agent> &specialists);
};

} // namespace Tandem
