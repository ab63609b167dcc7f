#pragma once

#include <QDateTime>
#include <QMetaType>
#include <QString>
#include <QStringList>

#include <optional>

namespace Tandem {

/// @brief How router mode chose the agent of one user message, as stored and shown.
struct RoutingDecision
{
    /// Classifier: the orchestrator's classification at or above the threshold. Keywords: below it (or failed), a
    /// keyword rule matched. CarryOver: not confident enough to move the conversation from its active agent.
    /// Fallback: nothing decided, the general agent. Confirmation: the person answered a pending confirmation.
    /// Direct: the person named the agent (tandem run --agent).
    enum class Method { Classifier, Keywords, CarryOver, Fallback, Confirmation, Direct };

    qint64 id = 0;
    qint64 conversationId = 0;
    qint64 runId = 0;
    QString agentId; ///< the agent that answers
    QString classifiedAgent; ///< what the classifier named, valid or not; empty when it failed
    double confidence = 0.0; ///< the classifier's confidence, 0 when it failed
    QString reason; ///< the classifier's reason
    Method method = Method::Fallback;
    QString error; ///< why the classification failed (bad JSON, unknown agent, provider error); empty if it did not
    qint64 latencyMs = 0; ///< the classification request's duration
    qint64 inputTokens = 0;
    qint64 outputTokens = 0;
    QDateTime createdAt;
    /// The other specialists the message asks for (a classifier decision only), answering after agentId; the
    /// orchestrator then combines their answers. Not stored: each of them gets a decision row of its own.
    QStringList alsoAgents;

    bool failed() const { return !error.isEmpty(); }

    static QString methodName(Method method);
    static std::optional<Method> methodFromName(QStringView name);
};

} // namespace Tandem

Q_DECLARE_METATYPE(Tandem::RoutingDecision)
