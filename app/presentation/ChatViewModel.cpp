#include "ChatViewModel.h"

#include "MessageListModel.h"
#include "chat/ChatRepository.h"
#include "domain/ShippedAgentText.h"

using namespace Qt::StringLiterals;

namespace Tandem {

ChatViewModel::ChatViewModel(ChatRepository *repository, QObject *parent)
    : ChatViewModel(repository, repository, repository, repository, repository, repository, parent)
{ }

ChatViewModel::ChatViewModel(ConversationsApi *conversations, RunsApi *runs, BoardApi *board, TasksApi *routing,
    AgentDefinitionsApi *definitions, ChatEvents *events, QObject *parent)
    : QObject(parent)
    , m_events(events)
    , m_conversations(conversations)
    , m_runs(runs)
    , m_definitions(definitions)
    , m_messages(new MessageListModel(conversations, runs, board, routing, events, this))
{
    // A window's worth of rows and some: the first paint lays out every loaded row, older ones page in on scroll.
    m_messages->setPageSize(60);
    m_messages->setFetchSize(20); // bench_bigconversation: a page of 20 keeps each pass of scrolling under 16 ms
    m_messages->setMaxRows(600);
    const auto updateRegenerate = [this] {
        const bool can = canRegenerate();
        if (can != m_canRegenerate) {
            m_canRegenerate = can;
            Q_EMIT canRegenerateChanged();
        }
    };
    connect(m_messages, &QAbstractItemModel::rowsInserted, this, updateRegenerate);
    connect(m_messages, &QAbstractItemModel::modelReset, this, updateRegenerate);
    connect(m_messages, &QAbstractItemModel::dataChanged, this, updateRegenerate);
    connect(this, &ChatViewModel::runningChanged, this, updateRegenerate);
    if (!events)
        return;
    connect(events, &ChatEvents::conversationsChanged, this, [this] {
        if (m_conversationId > 0)
            reloadConversation();
    });
    connect(events, &ChatEvents::activeAgentChanged, this, [this](qint64 conversationId, const QString &agent) {
        if (conversationId != m_conversationId)
            return;
        m_activeAgentId = agent;
        // The model shown is the one the new agent answers with, as the engine resolves it.
        m_model = m_conversations->effectiveModel(conversationId, agent);
        Q_EMIT statusChanged();
    });
    connect(events, &ChatEvents::agentWorking, this, &ChatViewModel::onAgentWorking);
    connect(events, &ChatEvents::runStarted, this, [this](qint64 conversationId, qint64) {
        if (conversationId != m_conversationId)
            return;
        setError({});
        setRunning(true);
    });
    connect(events, &ChatEvents::runFinished, this, &ChatViewModel::onRunFinished);
    connect(events, &ChatEvents::approvalNeeded, this, [this](const ApprovalRequest &request) {
        if (request.conversationId == m_conversationId)
            Q_EMIT approvalRequested(request);
    });
}

ChatViewModel::~ChatViewModel() = default;

bool ChatViewModel::isRunning() const
{
    return m_running;
}

void ChatViewModel::setProviderNames(const QHash<QString, QString> &names)
{
    m_providerNames = names;
    Q_EMIT statusChanged();
}

void ChatViewModel::openConversation(qint64 conversationId)
{
    if (conversationId == m_conversationId && conversationId != 0)
        return;
    m_conversationId = conversationId;
    m_working.clear();
    m_error.clear();
    reloadConversation();
    m_messages->setConversation(conversationId);
    setRunning(m_events && conversationId > 0 && m_runs->isRunning(conversationId));
    Q_EMIT conversationChanged(conversationId);
    Q_EMIT modeChanged(isDualMode());
    Q_EMIT workingChanged();
    Q_EMIT errorChanged(m_error);
    Q_EMIT statusChanged();
    if (m_events && conversationId > 0) {
        // Approvals left from before a restart are asked again.
        const QList<ApprovalRequest> pending = m_runs->pendingApprovals(conversationId);
        for (const ApprovalRequest &request : pending)
            Q_EMIT approvalRequested(request);
    }
}

void ChatViewModel::reloadConversation()
{
    const Conversation::Mode oldMode = m_conversation.mode;
    const qint64 oldId = m_conversation.id;
    m_conversation = {};
    m_agentNames.clear();
    m_agents.clear();
    m_activeAgentId.clear();
    m_model.clear();
    if (!m_events || m_conversationId <= 0)
        return;
    if (const auto conversation = m_conversations->conversation(m_conversationId))
        m_conversation = *conversation;
    const QList<Agent> agents = m_conversations->agents(m_conversationId);
    for (const Agent &agent : agents) {
        m_agentNames.insert(agent.id, agent.name.isEmpty() ? agent.id : ShippedAgentText::name(agent));
        m_agents.append({ agent.id, m_agentNames.value(agent.id) });
    }
    m_activeAgentId = m_conversations->activeAgent(m_conversationId);
    m_model = m_conversations->effectiveModel(m_conversationId, m_activeAgentId);
    if (oldId == m_conversation.id && oldMode != m_conversation.mode)
        Q_EMIT modeChanged(isDualMode()); // openConversation() announces the mode of a newly opened one itself
    Q_EMIT statusChanged();
}

void ChatViewModel::retranslate()
{
    reloadConversation();
    m_messages->retranslate();
    Q_EMIT workingChanged();
}

qint64 ChatViewModel::newConversation(Conversation::Mode mode)
{
    if (!m_events)
        return 0;
    const qint64 id = m_conversations->createConversation(mode);
    if (id <= 0) {
        setError(tr("The conversation could not be created."));
        return 0;
    }
    openConversation(id);
    return id;
}

qint64 ChatViewModel::forkAt(qint64 messageId)
{
    if (!m_events || m_conversationId == 0)
        return 0;
    const qint64 id = m_conversations->forkConversation(m_conversationId, messageId);
    if (id <= 0) {
        setError(tr("The conversation could not be forked."));
        return 0;
    }
    openConversation(id);
    return id;
}

bool ChatViewModel::send(const QString &text)
{
    const QString message = text.trimmed();
    if (!m_events || message.isEmpty() || isRunning())
        return false;
    if (m_conversationId <= 0 && newConversation(Conversation::Mode::Single) <= 0)
        return false;
    setError({});
    const SendResult result = m_runs->send(m_conversationId, message);
    if (!result.accepted()) {
        setError(refusalText(result));
        return false;
    }
    setRunning(m_runs->isRunning(m_conversationId));
    return true;
}

QString ChatViewModel::refusalText(const SendResult &result)
{
    switch (result.refusal) {
    case SendResult::Refusal::BusyElsewhere:
        return tr("This conversation is answering in another Tandem window or command (process %1). "
                  "Send your message again when it is done.")
            .arg(result.holder);
    case SendResult::Refusal::Busy:
        return tr("This conversation is still answering. Send your message again when it is done.");
    case SendResult::Refusal::Empty:
        return tr("The message is empty.");
    case SendResult::Refusal::NoConversation:
        return tr("The conversation no longer exists.");
    case SendResult::Refusal::NoAgent:
        return tr("The agent is unknown or switched off.");
    case SendResult::Refusal::None:
    case SendResult::Refusal::NotStored:
        break;
    }
    return tr("The message could not be saved, so it was not sent.");
}

void ChatViewModel::stop()
{
    if (m_events && m_conversationId > 0)
        m_runs->cancel(m_conversationId);
}

bool ChatViewModel::regenerate()
{
    if (!m_events || m_conversationId <= 0 || isRunning())
        return false;
    setError({});
    const bool started = m_runs->regenerate(m_conversationId);
    if (!started)
        setError(tr("There is nothing to regenerate."));
    else
        setRunning(m_runs->isRunning(m_conversationId));
    return started;
}

bool ChatViewModel::retry()
{
    return regenerate();
}

bool ChatViewModel::editAndResend(qint64 messageId, const QString &text)
{
    if (!m_events || m_conversationId <= 0)
        return false;
    setError({});
    const SendResult result = m_runs->editAndResend(m_conversationId, messageId, text);
    if (!result.accepted()) {
        setError(refusalText(result));
        return false;
    }
    setRunning(m_runs->isRunning(m_conversationId));
    return true;
}

bool ChatViewModel::regenerateAnswer(qint64 messageId)
{
    if (!m_events || m_conversationId <= 0 || isRunning())
        return false;
    setError({});
    const bool started = m_runs->regenerateAnswer(m_conversationId, messageId);
    if (!started)
        setError(tr("There is nothing to regenerate."));
    else
        setRunning(m_runs->isRunning(m_conversationId));
    return started;
}

bool ChatViewModel::switchSibling(qint64 messageId, int step)
{
    if (!m_events || m_conversationId <= 0 || isRunning())
        return false;
    const QList<qint64> siblings = m_conversations->siblings(messageId);
    const qsizetype target = siblings.indexOf(messageId) + step;
    if (siblings.indexOf(messageId) < 0 || target < 0 || target >= siblings.size())
        return false;
    const BranchSwitch result = m_runs->switchToSibling(m_conversationId, siblings.at(target));
    if (result.switched)
        Q_EMIT branchSwitched(result.taskChangesLeft);
    return result.switched;
}

void ChatViewModel::setDualMode(bool on)
{
    if (on == isDualMode() && m_conversationId > 0)
        return;
    setMode(on ? Conversation::Mode::Dual : Conversation::Mode::Single);
}

void ChatViewModel::setMode(Conversation::Mode mode)
{
    if (!m_events)
        return;
    if (m_conversationId <= 0) {
        newConversation(mode);
        return;
    }
    if (mode == m_conversation.mode)
        return;
    if (!m_conversations->setMode(m_conversationId, mode)) {
        setError(tr("The mode could not be changed."));
        Q_EMIT modeChanged(isDualMode()); // puts a toggled switch back
        return;
    }
    m_conversation.mode = mode;
    reloadConversation();
    m_messages->reloadAgents();
    Q_EMIT modeChanged(isDualMode());
}

bool ChatViewModel::rename(const QString &title)
{
    if (!m_events || m_conversationId <= 0 || title.trimmed().isEmpty())
        return false;
    return m_conversations->renameConversation(m_conversationId, title.trimmed());
}

bool ChatViewModel::resetAgent(const QString &agentId)
{
    if (!m_events || m_conversationId <= 0 || isRunning() || !m_agentNames.contains(agentId))
        return false;
    return m_runs->resetAgent(m_conversationId, agentId);
}

QList<QPair<QString, QString>> ChatViewModel::agents() const
{
    return m_agents;
}

QString ChatViewModel::agentProblemsText() const
{
    const QStringList problems = m_events ? m_definitions->agentProblems() : QStringList();
    if (problems.isEmpty())
        return {};
    if (problems.size() == 1)
        return tr("Agent files: %1").arg(problems.constFirst());
    return tr("Agent files: %1 (problems in all: %2)").arg(problems.constFirst(), QString::number(problems.size()));
}

void ChatViewModel::clearError()
{
    setError({});
}

bool ChatViewModel::decideApproval(
    qint64 approvalId, ApprovalDecision decision, const QString &editedArguments, std::optional<bool> allowNetwork)
{
    return m_events && m_runs->decideApproval(approvalId, decision, editedArguments, allowNetwork);
}

QString ChatViewModel::workingText() const
{
    if (m_working.isEmpty())
        return isRunning() ? tr("Working…") : QString();
    QStringList names;
    for (const QString &id : m_working)
        names << m_agentNames.value(id, id);
    if (names.size() == 1)
        return tr("%1 is working…").arg(names.constFirst());
    return tr("%1 are working…").arg(names.join(u", "_s));
}

QString ChatViewModel::activeAgentName() const
{
    return m_activeAgentId.isEmpty() ? QString() : m_agentNames.value(m_activeAgentId, m_activeAgentId);
}

QString ChatViewModel::statusText() const
{
    if (m_conversationId <= 0)
        return tr("No conversation open");
    QStringList parts;
    const QString agent = activeAgentName();
    parts << (agent.isEmpty() ? tr("No agent") : tr("Agent: %1").arg(agent));
    const QString provider = m_providerNames.value(m_conversation.providerId, m_conversation.providerId);
    parts << (provider.isEmpty() ? tr("No provider") : tr("Provider: %1").arg(provider));
    parts << (m_model.isEmpty() ? tr("The provider's default model") : tr("Model: %1").arg(m_model));
    return parts.join(u"  ·  "_s);
}

bool ChatViewModel::canRegenerate() const
{
    const int row = m_messages->lastAnswerRow();
    return !isRunning() && row >= 0 && !m_messages->messageAt(row).isPending();
}

void ChatViewModel::setError(const QString &error)
{
    if (error == m_error)
        return;
    m_error = error;
    Q_EMIT errorChanged(error);
}

void ChatViewModel::setRunning(bool running)
{
    if (running == m_running)
        return;
    m_running = running;
    if (!running && !m_working.isEmpty())
        m_working.clear();
    Q_EMIT runningChanged(running);
    Q_EMIT workingChanged();
}

void ChatViewModel::onAgentWorking(qint64 conversationId, const QString &agentId, bool working)
{
    if (conversationId != m_conversationId)
        return;
    if (working && !m_working.contains(agentId))
        m_working.append(agentId);
    else if (!working)
        m_working.removeAll(agentId);
    if (working && !m_agentNames.contains(agentId))
        reloadConversation();
    Q_EMIT workingChanged();
    // An outside agent's program works without a run of the engine: its start and end say when Stop applies. As at a
    // run's end, what streamed is in the rows before the running state changes.
    if (const bool running = m_events && m_runs->isRunning(conversationId); running != m_running) {
        m_messages->flushDeltas();
        setRunning(running);
    }
}

void ChatViewModel::onRunFinished(qint64 conversationId)
{
    if (conversationId != m_conversationId)
        return;
    m_messages->flushDeltas();
    setRunning(m_events && m_runs->isRunning(conversationId));
    // A failed or stopped run says why in the chat itself (an error bubble with Retry, or an error divider), so it is
    // not repeated beside the composer; errorText() is for what has no row (a message that could not be stored).
    reloadConversation(); // a first message may have titled it, a handoff moved the active agent
}

} // namespace Tandem
