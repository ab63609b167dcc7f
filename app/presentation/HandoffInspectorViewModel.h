#pragma once

#include "WordDiff.h"
#include "domain/HandoffDetails.h"

#include <QDateTime>
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

/// @brief One handoff as the inspector shows it: who handed what to whom, its payload (pretty-printed JSON or its
/// text), its status history with times, the rejection reason, the context that travelled and how, and the run's
/// tokens and duration. For a dual-agent handoff it also holds agent 1's payload beside agent 2's rewrite, with the
/// word-level differences.
///
/// Reads through the ChatRepository façade only, and follows the handoff's status while it is shown.
class HandoffInspectorViewModel final : public QObject
{
    Q_OBJECT

public:
    /// @brief One step of the status history.
    struct Step
    {
        QString status; ///< said in the installed language ("Pending", "Rejected")
        QDateTime at;
    };

    /// @brief The interfaces it reads and calls, and the events it follows (borrowed, of one façade).
    HandoffInspectorViewModel(
        BoardApi *board, ConversationsApi *conversations, ChatEvents *events, QObject *parent = nullptr);
    /// @brief All of them from @p repository (may be null: nothing to read or call), for the window, which wires the
    /// façade whole.
    explicit HandoffInspectorViewModel(ChatRepository *repository, QObject *parent = nullptr);
    Q_DISABLE_COPY_MOVE(HandoffInspectorViewModel)

    /// @brief Shows handoff @p handoffId; false (and nothing shown) if it is not stored.
    bool load(qint64 handoffId);
    qint64 handoffId() const { return m_details.handoff.id; }
    bool isLoaded() const { return m_details.handoff.id > 0; }
    const HandoffDetails &details() const { return m_details; }

    /// @brief "Agent 1 → Agent 2".
    QString title() const;
    /// @brief The handoff's status now, in words.
    QString statusText() const;
    /// @brief The whole stored payload as indented JSON.
    QString payloadJson() const;
    /// @brief The payload's text (what the target read), or the JSON when it has none.
    QString payloadText() const;
    QList<Step> history() const;
    /// @brief The rejection's reason; empty unless rejected.
    QString rejectionReason() const { return m_details.handoff.rejectionReason(); }
    /// @brief Why the source handed over, if it said.
    QString reason() const { return m_details.handoff.reason; }
    /// @brief "Payload only", "A summary of the conversation, then the payload", "The full history (12 messages)…".
    QString transferText() const;
    /// @brief "At once, in the same turn" or "On the person's next message"; and whether it was warm.
    QString timingText() const;
    /// @brief "1,234 tokens (1,000 in, 234 out)" for the whole run; empty when the run is unknown.
    QString tokensText() const;
    /// @brief "12.3 s", "still running"; empty when the run is unknown.
    QString durationText() const;

    /// @brief True for dual mode's HANDOFF_AGENT2 handoff: the side-by-side view applies.
    bool isDual() const;
    /// @brief Agent 1's payload (what it handed over).
    QString sourceText() const;
    /// @brief Agent 2's answer to it; empty until it answered.
    QString rewriteText() const { return m_details.targetReply; }
    QList<WordDiff::Segment> differences() const { return m_diff; }
    QString agentName(const QString &agentId) const;
    /// @brief The name of @p status in the installed language.
    static QString statusName(Handoff::Status status);

Q_SIGNALS:
    /// What is shown changed (loaded, or the handoff's status moved on).
    void changed();

private:
    QPointer<ChatEvents> m_events; ///< null once the façade is gone: then nothing is read or called
    BoardApi *m_board = nullptr;
    ConversationsApi *m_conversations = nullptr;
    HandoffDetails m_details;
    QHash<QString, QString> m_names; ///< agent id → its stored name
    QList<WordDiff::Segment> m_diff;
};

} // namespace Tandem
