#pragma once

#include <QList>
#include <QSet>
#include <QString>

namespace Tandem {

class UnitOfWork;

/// @brief When a pipeline's story starts and stops running, whichever process on the database started or stopped
/// it (seed 002's `run` events): read from the story's state, as StoryRuns decides it (a phase that is set and not
/// `complete`), each time the caller looks.
///
/// A story that reaches `complete` stops running without a stop: that change is followed but not announced (its last
/// handoff says it). The stories running when the feed is made are read once then, so that only later changes count.
class StoryRunFeed final
{
public:
    /// @brief A story now running (started) or no longer running (stopped).
    struct Change
    {
        qint64 conversationId = 0;
        bool running = false;
    };

    explicit StoryRunFeed(UnitOfWork &work);
    Q_DISABLE_COPY_MOVE(StoryRunFeed)

    /// @brief Reads @p conversationId's state again; its start or stop since the last look, if there was one.
    QList<Change> look(qint64 conversationId);
    /// @brief Reads again the stories that ran at the last look: another process may have stopped one without any
    /// handoff changing.
    QList<Change> lookAtRunning();

private:
    /// The story's phase: empty when it never ran or was stopped.
    QString phase(qint64 conversationId);

    UnitOfWork &m_work;
    QSet<qint64> m_running; ///< the stories running at the last look
};

} // namespace Tandem
