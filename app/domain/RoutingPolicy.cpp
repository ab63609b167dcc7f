#include "RoutingPolicy.h"

#include "KeywordRules.h"

namespace Tandem {

RoutingDecision RoutingPolicy::decide(const Classification &classification, double threshold,
    const QString &activeSpecialist, const QString &text, const QList<Agent> &specialists)
{
    QStringList available;
    for (const Agent &agent : specialists)
        available << agent.id;
    RoutingDecision decision;
    decision.classifiedAgent = classification.agent;
    decision.confidence = classification.error.isEmpty() ? classification.confidence : 0.0;
    decision.reason = classification.reason;
    decision.error = classification.error;
    if (classification.error.isEmpty() && classification.confidence >= threshold
        && available.contains(classification.agent)) {
        decision.method = RoutingDecision::Method::Classifier;
        decision.agentId = classification.agent;
        // Only a confident classification asks more than one specialist: a guess never doubles the work.
        for (const QString &other : classification.also)
            if (available.contains(other) && other != decision.agentId && !decision.alsoAgents.contains(other))
                decision.alsoAgents << other;
        return decision;
    }
    // The keyword rules run at every turn, not only the first: a message that names its subject moves the
    // conversation even when the classifier was unsure or failed. Staying is chosen only when they find nothing.
    const QString keyword = KeywordRules::match(text, KeywordRules::of(specialists));
    if (!keyword.isEmpty()) {
        decision.method = RoutingDecision::Method::Keywords;
        decision.agentId = keyword;
        return decision;
    }
    if (!activeSpecialist.isEmpty() && available.contains(activeSpecialist)) {
        decision.method = RoutingDecision::Method::CarryOver;
        decision.agentId = activeSpecialist;
        return decision;
    }
    decision.method = RoutingDecision::Method::Fallback;
    decision.agentId = fallbackOf(specialists);
    return decision;
}

QString RoutingPolicy::fallbackOf(const QList<Agent> &specialists)
{
    for (const Agent &agent : specialists)
        if (agent.fallback)
            return agent.id;
    return specialists.isEmpty() ? QString() : specialists.constFirst().id;
}

} // namespace Tandem
