#pragma once

#include "domain/Agent.h"
#include "domain/Handoff.h"
#include "domain/Message.h"
#include "domain/RoutingDecision.h"
#include "domain/SiblingPosition.h"

#include <QAbstractListModel>
#include <QColor>
#include <QHash>
#include <QList>
#include <QPair>
#include <QPointer>
#include <QTimer>

namespace Tandem {

class ChatRepository;
class BoardApi;
class ChatEvents;
class ConversationsApi;
class RunsApi;
class TasksApi;

/// @brief The rows of one conversation for the chat view: messages, dividers and errors, oldest first.
///
/// Rows are value structs kept sorted by message id. New rows arrive with beginInsertRows (never a reset), changes
/// with dataChanged naming only the roles that changed, older history pages in with canFetchMore()/fetchMore()
/// (inserted at row 0), and streamed deltas are coalesced: at most one dataChanged per row every
/// coalesceInterval() milliseconds. Only switching the conversation (or showNewest() after scrolling far up) resets
/// the model.
///
/// The rows are a window of at most maxRows() (plus one page) over the conversation, so a conversation of any length
/// costs the same memory and layout time: paging older rows in drops the newest beyond the window (hasNewer() is
/// then true, and fetchNewer() pages them back, dropping the oldest). New messages are inserted only while the
/// window reaches the newest row.
class MessageListModel final : public QAbstractListModel
{
    Q_OBJECT
    Q_PROPERTY(qint64 conversationId READ conversationId NOTIFY conversationChanged)

public:
    /// The roles every row answers; the bubble delegate paints from these only.
    enum Roles {
        IdRole = Qt::UserRole + 1, ///< qint64: the stored message id
        MessageRoleRole, ///< int: Message::Role (user, assistant, system, tool)
        KindRole, ///< int: Message::Kind (text, divider, tool call, tool result, error)
        DividerKindRole, ///< int: Message::Divider, None unless a divider
        StatusRole, ///< int: Message::Status
        AgentIdRole, ///< QString: empty for the person's own messages
        AgentNameRole, ///< QString: the agent's display name ("Agent 1"); empty for the person
        AgentColorRole, ///< QColor: the agent's colour, stable per agent id; invalid for the person
        ContentRole, ///< QString: Markdown text; for dividers the line shown in the divider, in the language installed
                     ///< now (DividerText), not the stored sentence
        ErrorRole, ///< QString: why an error or interrupted row failed; a divider's reason or context
        UsageRole, ///< QVariantMap: input, output, cached, reasoning token counts (empty map when none)
        TotalTokensRole, ///< qint64: input plus output tokens, 0 when unknown
        DurationMsRole, ///< qint64: created to last update of a finished agent reply; -1 when not meaningful
        CreatedAtRole, ///< QDateTime
        UpdatedAtRole, ///< QDateTime
        RevisionRole, ///< int: new on every change of the row, never reused by this model (not even after a reset);
                      ///< with IdRole it keys cached layouts
        PendingRole, ///< bool: the row is still streaming
        ToolNameRole, ///< QString: for tool call and tool result rows
        HandoffIdRole, ///< qint64: the handoff a divider belongs to
        ToolProgressRole, ///< QString: a running tool call's last progress report (ToolRowText::progress), live only;
                          ///< empty when none
        SiblingIndexRole, ///< int: 0-based place among the message's versions (siblings), oldest first
        SiblingCountRole, ///< int: how many versions the message has (1: no switcher)
    };
    Q_ENUM(Roles)

    /// @brief One row: the stored message plus what the view needs beside it.
    struct Row
    {
        Message message;
        int revision = 0;
    };

    /// @brief The interfaces it reads and calls, and the events it follows (borrowed, of one façade).
    /// @p routing gives the routing decisions the routed dividers are written from.
    MessageListModel(ConversationsApi *conversations, RunsApi *runs, BoardApi *board, TasksApi *routing,
        ChatEvents *events, QObject *parent = nullptr);
    /// @brief All of them from @p repository (may be null: nothing to read or call), for the window, which wires the
    /// façade whole.
    explicit MessageListModel(ChatRepository *repository, QObject *parent = nullptr);
    ~MessageListModel() override;
    Q_DISABLE_COPY_MOVE(MessageListModel)

    /// @brief Shows @p conversationId (0: none), loading its newest page. Resets the model.
    void setConversation(qint64 conversationId);
    qint64 conversationId() const { return m_conversationId; }
    /// @brief Reloads the agents' names and colours (after a mode change, say).
    void reloadAgents();
    /// @brief The language changed: every row gets a new revision (its cached layout goes) and the dividers are
    /// rendered again in the new language.
    void retranslate();
    /// @brief The handoff @p handoffId of this conversation as last announced or read; null if unknown.
    const Handoff *handoff(qint64 handoffId) const;

    /// @brief Rows of the first page, and of each page paged in later unless setFetchSize() says otherwise (default
    /// 200).
    void setPageSize(int rows) { m_pageSize = qMax(1, rows); }
    int pageSize() const { return m_pageSize; }
    /// @brief Rows paged in by fetchMore() and fetchNewer() (0, the default: pageSize()). Small pages keep each
    /// pass of the event loop short while scrolling: every new row is laid out to be measured.
    void setFetchSize(int rows) { m_fetchSize = qMax(0, rows); }
    int fetchSize() const { return m_fetchSize > 0 ? m_fetchSize : m_pageSize; }
    /// @brief The most rows kept loaded (default 1000); paging in beyond it drops rows at the other end.
    void setMaxRows(int rows) { m_maxRows = qMax(1, rows); }
    int maxRows() const { return m_maxRows; }
    /// @brief True if stored rows newer than the last loaded one exist (they were dropped while paging older ones in).
    bool hasNewer() const { return m_hasNewer; }
    /// @brief Whether fetchNewer() would load anything.
    bool canFetchNewer() const;
    /// @brief Loads the page after the newest loaded row (appended), dropping the oldest rows beyond maxRows().
    void fetchNewer();
    /// @brief Makes the window reach the newest row again: reloads the newest page when hasNewer() (a reset).
    void showNewest();
    /// @brief How long streamed deltas are gathered before one dataChanged (default 40 ms).
    void setCoalesceInterval(int milliseconds) { m_deltaTimer.setInterval(milliseconds); }
    int coalesceInterval() const { return m_deltaTimer.interval(); }
    /// @brief Applies the gathered deltas now (the timer does this on its own).
    void flushDeltas();

    /// @brief The row of message @p id, -1 if it is not loaded.
    int rowOf(qint64 id) const;
    /// @brief The message at @p row; a default one when out of range.
    Message messageAt(int row) const;
    /// @brief Where message @p id stands among its siblings (its other versions); count 1 when it has none.
    SiblingPosition siblingPosition(qint64 id) const { return m_siblings.value(id); }
    /// @brief The last agent answer (text, not a divider), -1 if none: what "Regenerate" re-runs.
    int lastAnswerRow() const;
    /// @brief A display name and colour for @p agentId in this conversation.
    QString agentName(const QString &agentId) const;
    QColor agentColor(const QString &agentId) const;
    /// @brief A colour for @p agentId that stays the same across runs and conversations.
    static QColor colorForAgent(const QString &agentId);

    int rowCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QHash<int, QByteArray> roleNames() const override;
    bool canFetchMore(const QModelIndex &parent) const override;
    void fetchMore(const QModelIndex &parent) override;

Q_SIGNALS:
    void conversationChanged(qint64 conversationId);
    /// A row was appended at the end (a new message, a reply that starts streaming, a divider).
    void rowAppended(int row);
    /// Streamed text reached rows (after coalescing); the view uses it to follow the stream.
    void contentGrew();

private:
    void onMessageAdded(const Tandem::Message &stored);
    void onMessageUpdated(const Tandem::Message &stored);
    void onMessageDelta(qint64 conversationId, qint64 messageId, const QString &delta);
    void onToolProgress(qint64 conversationId, qint64 messageId, double progress, double total, const QString &text);
    void insertMessage(const Message &message);
    void readNewestAgain();
    /// @brief Reads where the loaded rows stand among their siblings (one query for the rows loaded).
    void reloadSiblings();
    void reloadHandoffs();
    void reloadDecisions();
    void onHandoffChanged(const Tandem::Handoff &handoff);
    QString shownText(const Message &message) const;
    void applyUpdate(int row, const Message &message);
    int lowerBound(qint64 id) const;
    /// Drops rows beyond maxRows(): the newest ones (@p keepOldest) or the oldest.
    void trimTo(bool keepOldest);
    /// A revision no row of this model had before, so a cached layout can never outlive its content.
    int nextRevision() { return ++m_lastRevision; }

    QPointer<ChatEvents> m_events; ///< null once the façade is gone: then nothing is read or called
    ConversationsApi *m_conversations = nullptr;
    RunsApi *m_runs = nullptr;
    BoardApi *m_board = nullptr;
    TasksApi *m_routing = nullptr;
    qint64 m_conversationId = 0;
    QList<Row> m_rows;
    QHash<QString, Agent> m_agents;
    QHash<QString, int> m_agentOrder;
    QHash<qint64, Handoff> m_handoffs; ///< the conversation's handoffs by id: what its dividers are rendered from
    /// Router mode: each run's routing decisions by run and agent (a message asking two specialists has two), what
    /// their dividers say.
    QHash<QPair<qint64, QString>, RoutingDecision> m_decisions;
    /// Streamed text per message id, not yet in its row.
    QHash<qint64, QString> m_pendingDeltas;
    /// A newer full copy of a streaming row, not yet applied (deltas after it are appended to it).
    QHash<qint64, Message> m_pendingUpdates;
    /// Running tool calls' progress by message id (ToolRowText::progress), until their row stops streaming.
    QHash<qint64, QString> m_toolProgress;
    QTimer m_deltaTimer;
    int m_pageSize = 200;
    int m_fetchSize = 0;
    int m_maxRows = 1000;
    bool m_hasOlder = false;
    bool m_hasNewer = false;
    int m_lastRevision = 0;
    QHash<qint64, SiblingPosition> m_siblings; ///< the loaded rows that have siblings
};

} // namespace Tandem
