#pragma once

#include "chat/SendResult.h"
#include "domain/ApprovalRequest.h"
#include "domain/Conversation.h"

#include <QHash>
#include <QObject>
#include <QPointer>
#include <QSet>
#include <QStringList>

namespace Tandem {

class ChatRepository;
class AgentDefinitionsApi;
class TasksApi;
class BoardApi;
class ChatEvents;
class ConversationsApi;
class RunsApi;
class MessageListModel;

/// @brief The chat window's state and commands for the current conversation: send, stop, regenerate, retry, the
/// mode and dual-agent toggle, which agent is working, the status line and the last error.
///
/// Binds to an injected ChatRepository and owns the MessageListModel of the current conversation. Widgets read
/// its properties and call its methods; it never touches a widget.
class ChatViewModel final : public QObject
{
    Q_OBJECT
    Q_PROPERTY(qint64 conversationId READ conversationId NOTIFY conversationChanged)
    Q_PROPERTY(QString title READ title NOTIFY conversationChanged)
    Q_PROPERTY(bool dualMode READ isDualMode WRITE setDualMode NOTIFY modeChanged)
    Q_PROPERTY(bool running READ isRunning NOTIFY runningChanged)
    Q_PROPERTY(QStringList workingAgents READ workingAgents NOTIFY workingChanged)
    Q_PROPERTY(QString workingText READ workingText NOTIFY workingChanged)
    Q_PROPERTY(QString statusText READ statusText NOTIFY statusChanged)
    Q_PROPERTY(QString activeAgentName READ activeAgentName NOTIFY statusChanged)
    Q_PROPERTY(QString errorText READ errorText NOTIFY errorChanged)
    Q_PROPERTY(bool canRegenerate READ canRegenerate NOTIFY canRegenerateChanged)

public:
    /// @brief The interfaces it reads and calls, and the events it follows (borrowed, of one façade).
    ChatViewModel(ConversationsApi *conversations, RunsApi *runs, BoardApi *board, TasksApi *routing,
        AgentDefinitionsApi *definitions, ChatEvents *events, QObject *parent = nullptr);
    /// @brief All of them from @p repository (may be null: nothing to read or call), for the window, which wires the
    /// façade whole.
    explicit ChatViewModel(ChatRepository *repository, QObject *parent = nullptr);
    ~ChatViewModel() override;
    Q_DISABLE_COPY_MOVE(ChatViewModel)

    /// @brief False for a window without a chat engine: nothing can be sent or created.
    bool hasRepository() const { return !m_events.isNull(); }
    MessageListModel *messages() const { return m_messages; }

    qint64 conversationId() const { return m_conversationId; }
    QString title() const { return m_conversation.title; }
    Conversation::Mode mode() const { return m_conversation.mode; }
    bool isDualMode() const { return m_conversation.mode == Conversation::Mode::Dual; }
    bool isRunning() const;
    /// @brief Ids of the agents working now, in the order they started.
    QStringList workingAgents() const { return m_working; }
    /// @brief "Agent 1 is working…" while a run streams; empty otherwise.
    QString workingText() const;
    /// @brief "Agent 1 · OpenAI · gpt-4.1-mini": the active agent, provider and model.
    QString statusText() const;
    QString activeAgentName() const;
    /// @brief The agents of the open conversation as (id, name), the active one first.
    QList<QPair<QString, QString>> agents() const;
    QString errorText() const { return m_error; }
    /// @brief One line on the agent files that were refused (their shipped agents answer instead), for the status bar;
    /// empty when every file was read.
    QString agentProblemsText() const;
    bool canRegenerate() const;

    /// @brief Display names for provider ids in the status line (the settings know them).
    void setProviderNames(const QHash<QString, QString> &names);

public Q_SLOTS:
    /// @brief Shows @p conversationId (0: none).
    void openConversation(qint64 conversationId);
    /// @brief Creates and opens a conversation in @p mode; returns its id (0 on failure).
    qint64 newConversation(Tandem::Conversation::Mode mode = Tandem::Conversation::Mode::Single);
    /// @brief Copies the open conversation's history up to @p messageId into a new conversation and opens it;
    /// returns its id (0 on failure, with the error set).
    qint64 forkAt(qint64 messageId);
    /// @brief Sends @p text to the active agent, creating a conversation first if none is open. False if nothing
    /// was sent (empty text, a run already going, or the store failed).
    bool send(const QString &text);
    /// @brief Stops the current run; the partial reply stays, marked stopped.
    void stop();
    /// @brief Asks again for the last answer.
    bool regenerate();
    /// @brief Re-runs after an error (the last user message is sent again).
    bool retry();
    /// @brief "Edit and resend…": @p text becomes a new version of the person's message @p messageId (a sibling);
    /// the chat shows its branch and the run starts from there. False (with the reason on the status line) if refused.
    bool editAndResend(qint64 messageId, const QString &text);
    /// @brief "Regenerate" on any answer @p messageId: a new answer beside it, from the person's message it replies to.
    bool regenerateAnswer(qint64 messageId);
    /// @brief Shows the version @p step places away (-1: previous, 1: next) among message @p messageId's siblings;
    /// false if there is none there or a run is going. branchSwitched() follows a switch.
    bool switchSibling(qint64 messageId, int step);
    void setDualMode(bool on);
    void setMode(Tandem::Conversation::Mode mode);
    bool rename(const QString &title);
    /// @brief Makes @p agentId forget this conversation (its remote thread or its history); the messages stay and the
    /// other agents keep their threads. False if there is no such agent here or a run is going.
    bool resetAgent(const QString &agentId);
    void clearError();
    /// @brief The language changed: the status line, the working line and the chat's rows are said again in it.
    void retranslate();
    /// @brief Answers a pending approval of this conversation.
    bool decideApproval(qint64 approvalId, Tandem::ApprovalDecision decision, const QString &editedArguments = {},
        std::optional<bool> allowNetwork = std::nullopt);

Q_SIGNALS:
    void conversationChanged(qint64 conversationId);
    void modeChanged(bool dual);
    void runningChanged(bool running);
    void workingChanged();
    void statusChanged();
    void errorChanged(const QString &error);
    void canRegenerateChanged();
    /// The current branch changed by a switch; @p taskChangesLeft router-mode task changes of the branch left stay
    /// done (the window says so when it is not 0).
    void branchSwitched(int taskChangesLeft);
    /// A critical tool waits for the person's decision in the current conversation.
    void approvalRequested(const Tandem::ApprovalRequest &request);

private:
    /// @brief The sentence the status line shows for a refused send.
    static QString refusalText(const SendResult &result);
    void reloadConversation();
    void setError(const QString &error);
    void setRunning(bool running);
    void onAgentWorking(qint64 conversationId, const QString &agentId, bool working);
    /// A run ended: how and why is in the chat's rows already, so only the conversation matters here.
    void onRunFinished(qint64 conversationId);

    QPointer<ChatEvents> m_events; ///< null once the façade is gone: then nothing is read or called
    ConversationsApi *m_conversations = nullptr;
    RunsApi *m_runs = nullptr;
    AgentDefinitionsApi *m_definitions = nullptr;
    MessageListModel *m_messages;
    qint64 m_conversationId = 0;
    Conversation m_conversation;
    QString m_activeAgentId;
    QString m_model; ///< what the active agent answers with
    QHash<QString, QString> m_agentNames;
    QList<QPair<QString, QString>> m_agents; ///< (id, name) in the repository's order
    QHash<QString, QString> m_providerNames;
    QStringList m_working;
    QString m_error;
    bool m_running = false;
    bool m_canRegenerate = false;
};

} // namespace Tandem
