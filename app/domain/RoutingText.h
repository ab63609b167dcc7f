#pragma once

#include "RoutingDecision.h"

#include <QCoreApplication>
#include <QString>
#include <QStringView>

#include <functional>

namespace Tandem {

/// @brief The sentence of a router-mode divider ("Routed to Q&A agent · 0.92"), in the language installed now, made
/// from the stored RoutingDecision: the engine stores it with the divider, the chat renders it again after
/// View → Language, as DividerText does for the pipeline's dividers.
class RoutingText
{
    Q_DECLARE_TR_FUNCTIONS(RoutingText)

public:
    /// An agent's display name for its id.
    using NameOf = std::function<QString(const QString &agentId)>;

    /// @brief What a routed divider keeps in its tool name when the person's message dropped an unconfirmed proposal.
    static constexpr QStringView kDroppedProposal = u"dropped_proposal";

    /// @brief The sentence of @p decision; @p proposalDropped adds that the pending proposal was dropped. A failed
    /// classification's error is the engine's own sentence, in the language of its time.
    static QString render(const RoutingDecision &decision, bool proposalDropped, const NameOf &nameOf);
};

} // namespace Tandem
