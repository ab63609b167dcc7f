#pragma once

#include "agents/EngineListener.h"
#include "domain/ApprovalRequest.h"
#include "domain/Handoff.h"
#include "domain/Message.h"
#include "domain/RunFailure.h"

#include <QObject>
#include <QString>

#include <deque>
#include <functional>

namespace Tandem {

/// @brief What the engine announces, and when: events are queued while a step works and delivered in order once the
/// engine is between steps.
///
/// A step posts its events as it writes; if its transaction rolls back, they are dropped with it (see Step). The
/// queue is delivered, by a call of the EngineListener (setListener()), when the outermost engine entry (a command, a
/// network callback, a timer) returns, so the listener is never called while a step is half done. The listener, and
/// whoever it tells in turn (the slots of the façade's ChatEvents signals), may call any engine command: the command
/// runs at once (the engine is between steps), and the events it causes join the end of the queue.
class EngineEvents final : public QObject
{
    Q_OBJECT

public:
    explicit EngineEvents(QObject *parent = nullptr);
    Q_DISABLE_COPY_MOVE(EngineEvents)

    /// @brief Marks an engine entry for the time it lives: the queue is delivered when the outermost one ends.
    class Entry final
    {
    public:
        explicit Entry(EngineEvents &events);
        ~Entry();
        Q_DISABLE_COPY_MOVE(Entry)

    private:
        EngineEvents &m_events;
    };

    void postMessageAdded(const Message &message);
    void postMessageUpdated(const Message &message);
    void postMessageDelta(qint64 conversationId, qint64 messageId, const QString &delta);
    void postActiveAgentChanged(qint64 conversationId, const QString &agentId);
    void postHandoffStatusChanged(const Handoff &handoff);
    void postApprovalNeeded(const ApprovalRequest &request);
    void postAgentWorking(qint64 conversationId, const QString &agentId, bool working);
    void postRunStarted(qint64 conversationId, qint64 runId);
    void postRunFinished(qint64 conversationId, qint64 runId, RunOutcome outcome, const QString &message);
    void postRunFailed(qint64 conversationId, qint64 runId, RunFailure failure);
    void postTasksChanged(qint64 conversationId);
    void postToolProgress(qint64 conversationId, qint64 messageId, double progress, double total, const QString &text);

    /// @brief Delivers the events to @p listener from now on (null: to nobody); not owned.
    void setListener(EngineListener *listener) { m_listener = listener; }

    /// @brief The position a step's events start at, for drop().
    qsizetype mark() const { return qsizetype(m_queue.size()); }
    /// @brief Drops the events posted since @p mark (their step rolled back).
    void drop(qsizetype mark);

private:
    void post(std::function<void()> event);
    void deliver();

    std::deque<std::function<void()>> m_queue;
    int m_entries = 0;
    bool m_delivering = false;
    EngineListener *m_listener = nullptr;
};

} // namespace Tandem
