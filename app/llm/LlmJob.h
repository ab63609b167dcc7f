#pragma once

#include "LlmError.h"
#include "LlmTypes.h"

#include <QObject>

namespace Tandem {

/// @brief One streamed model call (STYLE.md 9-10): owns its QNetworkReply, parses the stream incrementally in
/// readyRead, retries 429/5xx before the first byte, and ends exactly once with finished(), failed() or
/// cancelled(). Jobs are children of their client and delete themselves (deleteLater) after ending.
class LlmJob : public QObject
{
    Q_OBJECT

public:
    enum class State { Running, Finished, Failed, Cancelled };

    /// @brief Stops the call. Sets the cancelled flag before aborting the reply, so it ends in cancelled(),
    /// never failed(). Does nothing once the job has ended.
    virtual void abort() = 0;

    State state() const { return m_state; }
    bool isRunning() const { return m_state == State::Running; }
    /// @brief What arrived so far (text, completed calls, usage); complete after finished().
    const LlmResult &result() const { return m_result; }
    const LlmError &error() const { return m_error; }
    /// @brief HTTP attempts made: 1 plus the retries.
    int attempts() const { return m_attempts; }
    /// @brief A number unique among this process's jobs; callers use it to drop late signals.
    quint64 serial() const { return m_serial; }

Q_SIGNALS:
    void textDelta(const QString &delta);
    /// A function call started streaming (its arguments follow).
    void toolCallStarted(const QString &callId, const QString &name);
    /// A function call is complete, with all its arguments.
    void toolCallReady(const Tandem::ToolCall &call);
    void usageReported(const Tandem::TokenUsage &usage);
    /// A 429/5xx/network failure before the first byte; the next attempt starts after @p delayMs. @p attempt numbers
    /// the retries: 1 for the first (HTTP attempt 2).
    void retrying(int attempt, int delayMs, const Tandem::LlmError &reason);
    void finished(const Tandem::LlmResult &result);
    void failed(const Tandem::LlmError &error);
    void cancelled();

protected:
    explicit LlmJob(QObject *parent);

    State m_state = State::Running;
    LlmResult m_result;
    LlmError m_error;
    int m_attempts = 0;

private:
    quint64 m_serial;
};

} // namespace Tandem
