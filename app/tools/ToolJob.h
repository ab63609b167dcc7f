#pragma once

#include "tools/ToolError.h"
#include "tools/ToolResult.h"

#include <QObject>

#include <functional>

namespace Tandem {

/// @brief One tool call being carried out, modelled on the model calls' LlmJob: it ends exactly once, with finished()
/// (an output for the model), failed() (a typed error) or cancelled() (after abort()), each delivered from the event
/// loop, never from inside the call that started or aborted it. A job deletes itself (deleteLater) once it has ended.
///
/// The engine starts a job outside any transaction and stores its result in a step of its own; a tool that does its
/// work elsewhere (a timer, a thread, a process, a server) ends its job with complete() when that work is done, and
/// stops it in the handler it gives setAbortHandler().
class ToolJob final : public QObject
{
    Q_OBJECT

public:
    enum class State { Running, Finished, Failed, Cancelled };

    explicit ToolJob(QObject *parent = nullptr);
    ~ToolJob() override;
    Q_DISABLE_COPY_MOVE(ToolJob)

    /// @brief A job that runs @p work on the next turn of the event loop and ends with its result; an abort before that
    /// turn keeps @p work from running at all. For the tools whose work is short (a date, a sum, a small file).
    static ToolJob *deferred(std::function<ToolResult()> work, QObject *parent = nullptr);
    /// @brief A job that fails with @p error on the next turn of the event loop.
    static ToolJob *failing(const ToolError &error, QObject *parent = nullptr);

    State state() const { return m_state; }
    bool isRunning() const { return m_state == State::Running; }

    /// @brief Stops the job: it ends in cancelled(), never in finished() or failed(), whatever its work does next.
    /// Does nothing once the job has ended.
    void abort();
    /// @brief Ends the job with @p result: finished() if it succeeded, failed() (ToolError::Type::Failed) if not. For
    /// the tool that started the job; does nothing once the job has ended (an abort came first).
    void complete(const ToolResult &result);
    /// @brief Ends the job with @p error. Does nothing once the job has ended.
    void fail(const ToolError &error);
    /// @brief What abort() calls to stop the work (kill a process, cancel a request), before cancelled() is sent.
    void setAbortHandler(std::function<void()> handler) { m_abortHandler = std::move(handler); }

Q_SIGNALS:
    void finished(const Tandem::ToolResult &result);
    void failed(const Tandem::ToolError &error);
    void cancelled();
    /// Work under way reports how far it got (an MCP server's progress notifications), for the tool row; @p total is 0
    /// when unknown.
    void progressed(double progress, double total, const QString &message);

private:
    /// Sends @p signal from the event loop and schedules the job's deletion after it.
    void end(State state, std::function<void()> signal);

    State m_state = State::Running;
    bool m_inLoopTurn = false; ///< called from the event loop already: the end is sent at once
    std::function<void()> m_abortHandler;
};

} // namespace Tandem
