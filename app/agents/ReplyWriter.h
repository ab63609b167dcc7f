#pragma once

#include "domain/Message.h"
#include "llm/LlmTypes.h"

#include <QString>
#include <QTimer>

namespace Tandem {

class EngineEvents;
class UnitOfWork;
struct EngineConfig;

/// @brief The reply row of one model call: stored with the first delta, its streamed text written at most every
/// EngineConfig::persistIntervalMs (or persistChars), and ended with its final text, status and usage.
///
/// Dual mode's agent 1 may open its reply with the `HANDOFF_AGENT2` line: that line is protocol, not prose, so the
/// deltas announced hold it back while the reply may still turn out to start with it.
class ReplyWriter final
{
public:
    ReplyWriter(UnitOfWork &work, EngineEvents &events, const EngineConfig &config);
    Q_DISABLE_COPY_MOVE(ReplyWriter)

    /// @brief Starts the reply of a new model call (nothing is stored before its first delta).
    void begin(qint64 conversationId, qint64 runId, const QString &agentId, bool signalSource);
    /// @brief Adds @p delta; the first one stores the row. False if the row could not be stored.
    bool append(const QString &delta);
    /// @brief Ends the call's reply with the final @p result: completes the streamed row, or stores one when no
    /// delta came but there is text (or nothing at all to answer with). Part of the caller's step.
    bool complete(const LlmResult &result);
    /// @brief Ends a reply still streaming with @p status and @p error; true if there is none. Part of the caller's
    /// step.
    bool end(Message::Status status, const QString &error);
    /// @brief Links the reply to the handoff its signal started (the view then hides the signal line). Part of the
    /// caller's step.
    bool linkHandoff(qint64 handoffId);

    /// @brief What the reply was before a step; restore() puts it back when the step rolled back.
    struct Saved
    {
        Message reply;
        bool stored = false;
    };
    Saved save() const { return { m_reply, m_stored }; }
    void restore(const Saved &saved);

    bool hasRow() const { return m_stored; }
    bool isStreaming() const { return m_stored && m_reply.status == Message::Status::Streaming; }
    const Message &message() const { return m_reply; }

private:
    bool persist();

    UnitOfWork &m_work;
    EngineEvents &m_events;
    const EngineConfig &m_config;
    Message m_reply;
    bool m_stored = false;
    bool m_signalSource = false;
    qsizetype m_unsavedChars = 0;
    qsizetype m_visibleSent = 0;
    QTimer m_persistTimer;
};

} // namespace Tandem
