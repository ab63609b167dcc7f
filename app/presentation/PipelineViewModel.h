#pragma once

#include "domain/Agent.h"
#include "domain/Handoff.h"
#include "domain/RoutingDecision.h"

#include <QHash>
#include <QList>
#include <QObject>
#include <QPointer>
#include <QString>

namespace Tandem {

class ChatRepository;
class BoardApi;
class ChatEvents;
class ConversationsApi;
class TasksApi;

/// @brief The pipeline panel's state for one conversation: the agents of its mode in the order work
/// flows through them, each with its status, the phase, and the handoff history. Follows the engine's signals.
class PipelineViewModel final : public QObject
{
    Q_OBJECT

public:
    /// An agent's state on the panel (active: it holds the work; it pulses while it is working): a pulse in the
    /// accent colour for the active agent, a green check for completed steps, a
    /// red mark for a rejection, grey while the work has not reached it, amber when a handoff to it timed out.
    enum class State { Pending, Active, Done, Rejected, TimedOut };
    Q_ENUM(State)

    struct AgentState
    {
        QString id;
        QString name;
        State state = State::Pending;
        bool working = false; ///< a model call of this agent is going now
        QString detail; ///< why it is in this state, one sentence (a rejection's reason)
    };

    /// @brief The interfaces it reads and calls, and the events it follows (borrowed, of one façade).
    PipelineViewModel(BoardApi *board, ConversationsApi *conversations, TasksApi *tasks, ChatEvents *events,
        QObject *parent = nullptr);
    /// @brief All of them from @p repository (may be null: nothing to read or call), for the window, which wires the
    /// façade whole.
    explicit PipelineViewModel(ChatRepository *repository, QObject *parent = nullptr);
    Q_DISABLE_COPY_MOVE(PipelineViewModel)

    /// @brief Follows @p conversationId (0: none).
    void setConversation(qint64 conversationId);
    qint64 conversationId() const { return m_conversationId; }
    /// @brief Reads everything again (the signals do this on their own).
    void reload();

    QList<AgentState> agents() const { return m_agents; }
    /// @brief The state of @p agentId; Pending if it is not listed.
    State stateOf(const QString &agentId) const;
    /// @brief The agent holding the work.
    QString currentAgent() const { return m_current; }
    /// @brief The stored phase ("implementation"), empty outside a pipeline.
    QString phase() const { return m_phase; }
    /// @brief The phase in words, in the installed language.
    QString phaseText() const;
    /// @brief The handoffs, oldest first.
    QList<Handoff> handoffs() const { return m_handoffs; }
    /// @brief True in a router conversation: the panel shows the routing decisions.
    bool isRouter() const { return m_router; }
    /// @brief Router mode: how each user message was routed, oldest first.
    QList<RoutingDecision> routing() const { return m_routing; }
    /// @brief How @p decision was reached, in words: "classified", "keyword rule", "general agent", …; a failed
    /// classification says so.
    static QString methodText(const RoutingDecision &decision);
    QString agentName(const QString &agentId) const;
    static QString stateName(State state);
    static QString phaseName(const QString &phase);

Q_SIGNALS:
    void changed();

private:
    void rebuild();

    QPointer<ChatEvents> m_events; ///< null once the façade is gone: then nothing is read or called
    BoardApi *m_board = nullptr;
    ConversationsApi *m_conversations = nullptr;
    TasksApi *m_tasks = nullptr;
    qint64 m_conversationId = 0;
    QList<Agent> m_roster; ///< in the order work flows
    QList<AgentState> m_agents;
    QHash<QString, QString> m_names;
    QList<Handoff> m_handoffs;
    QString m_current;
    QString m_phase;
    QStringList m_working;
    bool m_router = false;
    QList<RoutingDecision> m_routing;
};

} // namespace Tandem
