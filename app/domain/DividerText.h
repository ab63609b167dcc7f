#pragma once

#include "Handoff.h"
#include "Message.h"
#include "RoutingDecision.h"

#include <QCoreApplication>
#include <QString>

#include <functional>

namespace Tandem {

/// @brief The sentence a divider shows, in the language installed now, made from what the divider stores (its kind,
/// its agent, its handoff) instead of the sentence stored with it.
///
/// The stored content stays the record (the JSON export and import keep it word for word); the chat, the readable
/// exports (Markdown, HTML, PDF, text) and the CLI's output show this. Where the facts do not make the sentence (an
/// error, a refusal's own reason), the stored one is shown.
class DividerText
{
    Q_DECLARE_TR_FUNCTIONS(DividerText)

public:
    /// An agent's display name for its id.
    using NameOf = std::function<QString(const QString &agentId)>;

    /// @brief The text of @p divider; @p handoff is its handoff (null when it has none or it is not known), @p decision
    /// the routing decision of its run (router mode; null when it has none or it is not known).
    static QString render(const Message &divider, const Handoff *handoff, const NameOf &nameOf,
        const RoutingDecision *decision = nullptr);
};

} // namespace Tandem
