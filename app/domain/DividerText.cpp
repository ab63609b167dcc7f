#include "DividerText.h"

#include "RoutingText.h"
#include "TransitionGraph.h"

#include <QJsonDocument>
#include <QJsonObject>

using namespace Qt::StringLiterals;

namespace Tandem {

namespace {
QString decisionName(const Handoff &handoff)
{
    return handoff.payload.value(u"decision"_s).toObject().value(u"name"_s).toString();
}
} // namespace

QString DividerText::render(
    const Message &divider, const Handoff *handoff, const NameOf &nameOf, const RoutingDecision *decision)
{
    const QString stored = divider.content.trimmed();
    if (!divider.isDivider())
        return stored;
    const QString context = handoff ? handoff->payload.value(u"context"_s).toString().trimmed() : QString();
    // Dual mode's HANDOFF_AGENT2 (rows written before the payload said its source: agent 1 to agent 2 without a tool).
    const bool viaSignal = handoff
        && (handoff->payload.contains(u"source"_s)
            || (handoff->fromAgent == u"agent1" && handoff->toAgent == u"agent2"
                && !handoff->payload.contains(u"context"_s)));
    switch (divider.divider) {
    case Message::Divider::HandingOver:
        // Dual mode's fixed words, whoever the agents are called; a divider without its handoff keeps what it says.
        return handoff ? tr("Handing the message to agent 2") : stored;
    case Message::Divider::Accepted:
        if (!handoff)
            return stored;
        if (viaSignal)
            return tr("Message accepted by agent 2");
        if (decisionName(*handoff) == u"approve_work") {
            const QString arguments = handoff->payload.value(u"decision"_s).toObject().value(u"arguments"_s).toString();
            const QString summary
                = QJsonDocument::fromJson(arguments.toUtf8()).object().value(u"summary"_s).toString().trimmed();
            return tr("Approved by %1: %2").arg(nameOf(handoff->toAgent), summary);
        }
        return tr("Accepted by %1").arg(nameOf(handoff->toAgent));
    case Message::Divider::Rejected:
        // A refusal's reason is the engine's own sentence, stored in the language of its time.
        if (!handoff || divider.agentId != handoff->toAgent || handoff->rejectionReason().isEmpty())
            return stored;
        return tr("Rejected by %1: %2").arg(nameOf(handoff->toAgent), handoff->rejectionReason());
    case Message::Divider::Transferred:
        if (!handoff)
            return stored;
        if (handoff->fromAgent == TransitionGraph::kOrchestrator && handoff->payload.contains(u"story"_s))
            return tr("Story handed to %1").arg(nameOf(handoff->toAgent));
        if (handoff->payload.contains(u"context"_s))
            return tr("Transferred to %1. Context: %2").arg(nameOf(handoff->toAgent), context);
        return tr("%1 handed the work to %2").arg(nameOf(handoff->fromAgent), nameOf(handoff->toAgent));
    case Message::Divider::Completed:
        if (!handoff)
            return stored;
        return tr("Pipeline complete. %1").arg(context).trimmed();
    case Message::Divider::WaitingForYou:
        if (!handoff)
            return stored;
        return tr("%1 is waiting for you: %2").arg(nameOf(handoff->fromAgent), context);
    case Message::Divider::ApprovalNeeded:
        if (divider.toolName.isEmpty())
            return stored;
        return tr("%1 wants to run “%2” and needs your approval.").arg(nameOf(divider.agentId), divider.toolName);
    case Message::Divider::Routed:
        // A row written before its decision was linked by its run, or another agent's: its stored sentence.
        if (!decision || decision->agentId != divider.agentId)
            return stored;
        return RoutingText::render(*decision, divider.toolName == RoutingText::kDroppedProposal, nameOf);
    case Message::Divider::Combined:
        // The specialists it combines are in its stored sentence's record only; the sentence names the orchestrator.
        return tr("%1 combines the specialists' answers into one reply").arg(nameOf(divider.agentId));
    case Message::Divider::Error:
    case Message::Divider::None:
        break;
    default: // a kind added later shows its stored sentence until it is taught here
        break;
    }
    return stored;
}

} // namespace Tandem
