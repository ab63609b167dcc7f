#include "HandoffInspectorViewModel.h"

#include "chat/ChatRepository.h"
#include "domain/ShippedAgentText.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QLocale>

using namespace Qt::StringLiterals;

namespace Tandem {

HandoffInspectorViewModel::HandoffInspectorViewModel(ChatRepository *repository, QObject *parent)
    : HandoffInspectorViewModel(repository, repository, repository, parent)
{ }

HandoffInspectorViewModel::HandoffInspectorViewModel(
    BoardApi *board, ConversationsApi *conversations, ChatEvents *events, QObject *parent)
    : QObject(parent)
    , m_events(events)
    , m_board(board)
    , m_conversations(conversations)
{
    if (!events)
        return;
    connect(events, &ChatEvents::handoffStatusChanged, this, [this](const Handoff &handoff) {
        if (handoff.id == m_details.handoff.id)
            load(handoff.id); // its target's answer may be there now too
    });
    connect(events, &ChatEvents::runFinished, this, [this](qint64, qint64 runId) {
        if (isLoaded() && runId == m_details.runId)
            load(m_details.handoff.id);
    });
}

bool HandoffInspectorViewModel::load(qint64 handoffId)
{
    const std::optional<HandoffDetails> details
        = m_events && handoffId > 0 ? m_board->handoffDetails(handoffId) : std::nullopt;
    m_details = details.value_or(HandoffDetails {});
    m_names.clear();
    m_diff.clear();
    if (details && m_events) {
        const QList<Agent> agents = m_conversations->agents(m_details.handoff.conversationId);
        for (const Agent &agent : agents)
            m_names.insert(agent.id, agent.name.isEmpty() ? agent.id : agent.name);
        if (isDual() && !m_details.targetReply.isEmpty())
            m_diff = WordDiff::diff(sourceText(), m_details.targetReply);
    }
    Q_EMIT changed();
    return details.has_value();
}

QString HandoffInspectorViewModel::agentName(const QString &agentId) const
{
    if (agentId == u"person")
        return tr("You");
    if (agentId == u"orchestrator")
        return tr("Orchestrator");
    // Translated when asked, not when loaded: the inspector says itself again after View → Language.
    Agent agent;
    agent.id = agentId;
    agent.name = m_names.value(agentId, agentId);
    return ShippedAgentText::name(agent);
}

QString HandoffInspectorViewModel::title() const
{
    if (!isLoaded())
        return tr("No handoff chosen");
    return tr("%1 → %2").arg(agentName(m_details.handoff.fromAgent), agentName(m_details.handoff.toAgent));
}

QString HandoffInspectorViewModel::statusName(Handoff::Status status)
{
    switch (status) {
    case Handoff::Status::Pending:
        return tr("Pending");
    case Handoff::Status::Accepted:
        return tr("Accepted");
    case Handoff::Status::Rejected:
        return tr("Rejected");
    case Handoff::Status::TimedOut:
        return tr("Timed out");
    case Handoff::Status::Cancelled:
        return tr("Cancelled");
    }
    return {};
}

QString HandoffInspectorViewModel::statusText() const
{
    return isLoaded() ? statusName(m_details.handoff.status()) : QString();
}

QString HandoffInspectorViewModel::payloadJson() const
{
    if (!isLoaded())
        return {};
    return QString::fromUtf8(QJsonDocument(m_details.handoff.payload).toJson(QJsonDocument::Indented)).trimmed();
}

QString HandoffInspectorViewModel::payloadText() const
{
    const QJsonValue text = m_details.handoff.payload.value(u"text"_s);
    return text.isString() ? text.toString() : payloadJson();
}

QList<HandoffInspectorViewModel::Step> HandoffInspectorViewModel::history() const
{
    if (!isLoaded())
        return {};
    // A handoff leaves pending exactly once (Handoff::transitionTo), so two steps tell its whole story.
    QList<Step> steps { { statusName(Handoff::Status::Pending), m_details.handoff.createdAt } };
    if (m_details.handoff.isFinal())
        steps.append({ statusName(m_details.handoff.status()), m_details.handoff.processedAt() });
    return steps;
}

QString HandoffInspectorViewModel::transferText() const
{
    const QString transfer = m_details.handoff.payload.value(u"transfer"_s).toString();
    if (transfer == u"summary")
        return tr("A summary of the conversation so far, written by the source agent's model, then the payload");
    if (transfer == u"reference")
        return tr("The payload, and the read_history tool to read earlier messages when needed");
    if (transfer == u"full_history") {
        const int entries = int(m_details.handoff.payload.value(u"history"_s).toArray().size());
        return tr("The full history (%n message(s), tool calls left out), then the payload", nullptr, entries);
    }
    if (transfer == u"payload")
        return tr("The payload only");
    return tr("What the board's caller gave (no edge options)");
}

QString HandoffInspectorViewModel::timingText() const
{
    const QJsonObject &payload = m_details.handoff.payload;
    const QString timing = payload.value(u"timing"_s).toString();
    QString text = timing == u"next_turn" ? tr("The target answers the person's next message")
        : timing == u"same_turn"          ? tr("The target answers at once, in the same turn")
                                          : QString();
    if (payload.value(u"warm"_s).toBool())
        text = (text.isEmpty() ? QString() : text + u"; "_s)
            + tr("warm: the source stays responsible until the target accepts or rejects");
    return text;
}

QString HandoffInspectorViewModel::tokensText() const
{
    if (m_details.runId <= 0 || m_details.runStatus.isEmpty())
        return {};
    const TokenUsage &usage = m_details.runUsage;
    const QLocale locale;
    return tr("%n token(s) (%1 in, %2 out)", nullptr, int(usage.total()))
        .arg(locale.toString(usage.inputTokens), locale.toString(usage.outputTokens));
}

QString HandoffInspectorViewModel::durationText() const
{
    if (m_details.runId <= 0 || m_details.runStatus.isEmpty())
        return {};
    if (!m_details.runFinishedAt.isValid())
        return tr("still running");
    const double seconds = double(m_details.runStartedAt.msecsTo(m_details.runFinishedAt)) / 1000.0;
    return tr("%1 s").arg(QLocale().toString(seconds, 'f', 1));
}

bool HandoffInspectorViewModel::isDual() const
{
    return m_details.handoff.payload.contains(u"source"_s);
}

QString HandoffInspectorViewModel::sourceText() const
{
    return m_details.handoff.payload.value(u"text"_s).toString();
}

} // namespace Tandem
