#include "RoutingText.h"

using namespace Qt::StringLiterals;

namespace Tandem {

namespace {
QString sentence(const RoutingDecision &decision, const RoutingText::NameOf &nameOf)
{
    const QString name = nameOf(decision.agentId);
    const QString confidence = QString::number(decision.confidence, 'f', 2);
    const QString classified = nameOf(decision.classifiedAgent);
    switch (decision.method) {
    case RoutingDecision::Method::Classifier:
        return RoutingText::tr("Routed to %1 · %2").arg(name, confidence);
    case RoutingDecision::Method::CarryOver:
        return decision.failed()
            ? RoutingText::tr("Staying with %1: %2").arg(name, decision.error)
            : RoutingText::tr("Staying with %1 (the classifier said %2 · %3)").arg(name, classified, confidence);
    case RoutingDecision::Method::Keywords:
        return decision.failed() ? RoutingText::tr("Routed to %1 by keywords: %2").arg(name, decision.error)
                                 : RoutingText::tr("Routed to %1 by keywords (the classifier said %2 · %3)")
                                       .arg(name, classified, confidence);
    case RoutingDecision::Method::Fallback:
        return decision.failed() ? RoutingText::tr("Routed to %1: %2").arg(name, decision.error)
                                 : RoutingText::tr("Routed to %1: nothing else matched (the classifier said %2 · %3)")
                                       .arg(name, classified, confidence);
    case RoutingDecision::Method::Confirmation:
        if (decision.reason.startsWith(u"confirmed with changes"_s))
            return RoutingText::tr("%1 carries out what you confirmed, with your changes").arg(name);
        if (decision.reason.startsWith(u"confirmed"_s))
            return RoutingText::tr("%1 carries out what you confirmed").arg(name);
        return decision.reason.startsWith(u"amended"_s)
            ? RoutingText::tr("%1 asks again with your changes").arg(name)
            : RoutingText::tr("%1: you declined, nothing was done").arg(name);
    case RoutingDecision::Method::Direct:
        return RoutingText::tr("Routed to %1 (chosen directly)").arg(name);
    }
    return {};
}
} // namespace

QString RoutingText::render(const RoutingDecision &decision, bool proposalDropped, const NameOf &nameOf)
{
    const QString text = sentence(decision, nameOf);
    return proposalDropped ? tr("%1 (%2)").arg(text, tr("the unconfirmed proposal was dropped")) : text;
}

} // namespace Tandem
