#pragma once

#include "domain/Agent.h"
#include "domain/RoutingContext.h"
#include "domain/RoutingPolicy.h"
#include "llm/LlmTypes.h"

#include <QCoreApplication>
#include <QList>
#include <QString>

namespace Tandem {

/// @brief The orchestrator's one structured-output request per user message: its shape, and the reading
/// of its answer `{agent, confidence, reason}`.
class RoutingClassifier
{
    Q_DECLARE_TR_FUNCTIONS(RoutingClassifier)

public:
    /// @brief The name of the JSON schema the answer must match.
    static constexpr QStringView kSchemaName = u"routing_decision";

    /// @brief The request classifying @p text among @p specialists with @p orchestrator's instructions, on @p model;
    /// @p activeAgent (may be empty) is the agent the conversation is with, @p context the turns before @p text and
    /// the pending confirmation.
    static LlmRequest request(const Agent &orchestrator, const QList<Agent> &specialists, const QString &activeAgent,
        const RoutingContext &context, const QString &text, const QString &model);
    /// @brief Reads the classifier's answer; an unusable one has its error set (translated, one sentence part).
    static RoutingPolicy::Classification parse(const QString &answer, const QStringList &specialistIds);
    /// @brief The error of a classification whose request failed with @p message.
    static QString providerError(const QString &message);
};

} // namespace Tandem
