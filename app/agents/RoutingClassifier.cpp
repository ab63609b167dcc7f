#include "RoutingClassifier.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QJsonParseError>

using namespace Qt::StringLiterals;

namespace Tandem {

namespace {
// The state the seed's route_request(message, state) reads: what was said before and what awaits a yes. It is told in
// the one system message, so the person's message stays the only input and is what gets classified.
QString stateOf(const RoutingContext &context)
{
    QString state;
    if (!context.turns.isEmpty()) {
        state += u"\n\nThe conversation so far (oldest first; classify only the new message):"_s;
        for (const RoutingContext::Turn &turn : context.turns)
            state += u"\n%1: %2"_s.arg(turn.agentId.isEmpty() ? u"person"_s : turn.agentId, turn.text);
    }
    if (context.pending)
        state += u"\n\nWaiting for the person's confirmation (%1 proposed it): %2"_s.arg(
            context.pending->agentId, context.pending->summary);
    return state;
}
} // namespace

LlmRequest RoutingClassifier::request(const Agent &orchestrator, const QList<Agent> &specialists,
    const QString &activeAgent, const RoutingContext &context, const QString &text, const QString &model)
{
    QJsonArray ids;
    QStringList described;
    for (const Agent &agent : specialists) {
        ids.append(agent.id);
        // The agent's own description (its file's `description:`) is what the classifier routes by.
        const QString about = !agent.description.trimmed().isEmpty() ? agent.description.trimmed()
            : !agent.role.isEmpty()                                  ? agent.role
                                                                     : agent.name;
        described << u"- %1: %2"_s.arg(agent.id, about);
    }
    LlmRequest request;
    request.model = model;
    // The agents belong to the one system message: strict chat templates refuse a second one.
    const QString agents = u"Agents:\n%1\nThe conversation is with: %2."_s.arg(
                               described.join(u'\n'), activeAgent.isEmpty() ? u"nobody yet"_s : activeAgent)
        + stateOf(context);
    request.instructions
        = orchestrator.instructions.trimmed().isEmpty() ? agents : orchestrator.instructions + u"\n\n"_s + agents;
    request.input << InputItem::user(text);
    request.outputSchema = OutputSchema {
        kSchemaName.toString(),
        QJsonObject {
            { u"type"_s, u"object"_s },
            { u"properties"_s,
                QJsonObject {
                    { u"agent"_s,
                        QJsonObject { { u"type"_s, u"string"_s }, { u"enum"_s, ids },
                            { u"description"_s, u"The agent that should answer the message."_s } } },
                    { u"confidence"_s,
                        QJsonObject {
                            { u"type"_s, u"number"_s }, { u"description"_s, u"How sure you are, from 0 to 1."_s } } },
                    // Beside "agent", so an answer without it still reads: a message asking for separate things
                    // names each agent it needs, and the orchestrator combines their answers.
                    { u"agents"_s,
                        QJsonObject { { u"type"_s, u"array"_s },
                            { u"items"_s, QJsonObject { { u"type"_s, u"string"_s }, { u"enum"_s, ids } } },
                            { u"description"_s,
                                u"Every agent the message needs, the one in \"agent\" first; more than one only "
                                u"when the message asks for separate things that different agents handle."_s } } },
                    { u"reason"_s,
                        QJsonObject { { u"type"_s, u"string"_s }, { u"description"_s, u"Why, in a few words."_s } } },
                } },
            { u"required"_s, QJsonArray { u"agent"_s, u"agents"_s, u"confidence"_s, u"reason"_s } },
            { u"additionalProperties"_s, false },
        },
        true,
    };
    return request;
}

RoutingPolicy::Classification RoutingClassifier::parse(const QString &answer, const QStringList &specialistIds)
{
    RoutingPolicy::Classification result;
    QJsonParseError error;
    const QJsonDocument document = QJsonDocument::fromJson(answer.trimmed().toUtf8(), &error);
    if (error.error != QJsonParseError::NoError || !document.isObject()) {
        result.error = tr("the classifier's answer was not valid JSON");
        return result;
    }
    const QJsonObject object = document.object();
    const QJsonValue confidence = object.value(u"confidence");
    result.agent = object.value(u"agent").toString();
    result.reason = object.value(u"reason").toString();
    if (result.agent.isEmpty() || !confidence.isDouble() || confidence.toDouble() < 0.0
        || confidence.toDouble() > 1.0) {
        result.error = tr("the classifier's answer lacked an agent or a confidence from 0 to 1");
        return result;
    }
    result.confidence = confidence.toDouble();
    if (!specialistIds.contains(result.agent)) {
        result.error = tr("the classifier named an unknown agent “%1”").arg(result.agent);
        return result;
    }
    // "agents" is optional when reading: an answer of the older shape names one agent. Unknown names are dropped
    // there, as the main agent is what decides whether the answer is usable.
    const QJsonArray named = object.value(u"agents").toArray();
    for (const QJsonValue &value : named) {
        const QString id = value.toString();
        if (id != result.agent && specialistIds.contains(id) && !result.also.contains(id))
            result.also << id;
    }
    return result;
}

QString RoutingClassifier::providerError(const QString &message)
{
    return tr("the classifier failed: %1").arg(message);
}

} // namespace Tandem
