// A tool job's end is queued to the event loop: whoever starts or aborts a job is never called back from inside that
// call, so a handler cannot pull the floor out from under it.
#include "ToolJob.h"

#include <QTimer>

namespace Tandem {

ToolJob::ToolJob(QObject *parent)
    : QObject(parent)
{ }

ToolJob::~ToolJob() = default;

ToolJob *ToolJob::deferred(std::function<ToolResult()> work, QObject *parent)
{
    auto *job = new ToolJob(parent);
    QTimer::singleShot(0, job, [job, work = std::move(work)] {
        if (!job->isRunning())
            return;
        // Sent at once: what a task tool committed and the step that stores its result follow each other with no
        // turn of the event loop (no Stop) in between.
        job->m_inLoopTurn = true;
        job->complete(work());
    });
    return job;
}

ToolJob *ToolJob::failing(const ToolError &error, QObject *parent)
{
    auto *job = new ToolJob(parent);
    job->fail(error);
    return job;
}

void ToolJob::abort()
{
    if (!isRunning())
        return;
    // The state first, so that whatever the handler makes the work report reads as cancelled.
    m_state = State::Cancelled;
    if (m_abortHandler)
        m_abortHandler();
    end(State::Cancelled, [this] { Q_EMIT cancelled(); });
}

void ToolJob::complete(const ToolResult &result)
{
    if (!result.ok) {
        fail(ToolError { ToolError::Type::Failed, result.error });
        return;
    }
    if (!isRunning())
        return;
    end(State::Finished, [this, result] { Q_EMIT finished(result); });
}

void ToolJob::fail(const ToolError &error)
{
    if (!isRunning())
        return;
    end(State::Failed, [this, error] { Q_EMIT failed(error); });
}

void ToolJob::end(State state, std::function<void()> signal)
{
    m_state = state;
    m_abortHandler = nullptr;
    if (m_inLoopTurn) {
        signal();
        deleteLater();
        return;
    }
    QTimer::singleShot(0, this, [this, signal = std::move(signal)] {
        signal();
        deleteLater();
    });
}

} // namespace Tandem
