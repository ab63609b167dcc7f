#pragma once

#include "domain/TokenUsage.h"
#include "llm/LlmError.h"
#include "llm/LlmJob.h"
#include "llm/LlmTypes.h"

#include <QList>
#include <QObject>
#include <QPointer>
#include <QString>
#include <QStringList>

#include <utility>

namespace Tandem::Test {

/// @brief Records everything one LlmJob emits, in order, and what the job held when it ended, so a test can assert
/// on them after the job has deleted itself.
class LlmJobProbe final : public QObject
{
    Q_OBJECT

public:
    /// @brief One retrying() signal.
    struct Retry
    {
        int attempt = 0;
        int delayMs = 0;
        LlmError reason;
    };

    explicit LlmJobProbe(LlmJob *job, QObject *parent = nullptr);
    Q_DISABLE_COPY_MOVE(LlmJobProbe)

    /// @brief The job, null once it is destroyed.
    const QPointer<LlmJob> &job() const { return m_job; }
    /// @brief finished() + failed() + cancelled() emitted so far: exactly 1 once the job has ended.
    int endCount() const { return finishedCount + failedCount + cancelledCount; }
    bool hasEnded() const { return endCount() > 0; }
    /// @brief Runs an event loop until the job ends or @p timeoutMs pass; whether it ended. Unlike QTRY_ and
    /// qWaitFor, it does not sleep between event-loop turns, so a stream written a few bytes per turn stays fast.
    bool waitForEnd(int timeoutMs = 30'000);
    /// @brief The deltas joined.
    QString text() const { return deltas.join(QString()); }

    QStringList deltas;
    QList<std::pair<QString, QString>> startedCalls; ///< (call id, name) of each toolCallStarted()
    QList<ToolCall> readyCalls;
    QList<TokenUsage> usages;
    QList<Retry> retries;
    QStringList signalOrder; ///< "text", "started", "ready", "usage", "retrying", "finished", "failed", "cancelled"
    int finishedCount = 0;
    int failedCount = 0;
    int cancelledCount = 0;
    int signalsAfterEnd = 0; ///< any signal after the first end signal (must stay 0)

    // What the job held when it ended (it deletes itself soon after).
    LlmResult finishedResult; ///< the finished() argument
    LlmError failedError; ///< the failed() argument
    LlmResult resultAtEnd; ///< job->result() when it ended: the partial result of a failed or cancelled job
    LlmError errorAtEnd; ///< job->error() when it ended
    LlmJob::State stateAtEnd = LlmJob::State::Running;
    int attemptsAtEnd = 0;

Q_SIGNALS:
    /// The job emitted its first finished(), failed() or cancelled().
    void ended();

private:
    void note(const QString &name);
    void snapshot();

    QPointer<LlmJob> m_job;
};

} // namespace Tandem::Test

namespace Tandem {
/// @brief For QCOMPARE's messages (found by argument-dependent lookup).
char *toString(const ToolCall &call);
char *toString(const TokenUsage &usage);
} // namespace Tandem
