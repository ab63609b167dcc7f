#pragma once

#include "RoutingDecision.h"

#include <QString>
#include <QStringList>

namespace Tandem {

/// @brief Router mode's rule: the orchestrator's classification at or above the threshold decides; below
/// it (or when it failed) the keyword rules decide, at every turn; when they find nothing the conversation stays with
/// its active specialist; without one, the general agent.
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
    /// @p activeSpecialist is the agent the conversation is with (empty: none yet); @p available the specialists that
    /// may answer; @p general the fallback agent.
    static RoutingDecision decide(const Classification &classification, double threshold,
        const QString &activeSpecialist, const QString &text, const QStringList &available, const QString &general);
};

} // namespace Tandem
