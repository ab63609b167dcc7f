#pragma once

#include "LlmClient.h"
#include "LlmError.h"

#include <QJsonDocument>
#include <QNetworkRequest>
#include <QObject>

#include <optional>

class QNetworkAccessManager;

namespace Tandem {

class HttpExchange;

/// @brief One non-streamed JSON request (conversations, model lists) with the same retries, timeouts and error
/// mapping as the streamed calls. Ends exactly once: the subclass's finished signal, failed() or cancelled(); then
/// deletes itself.
class JsonRequestJob : public QObject
{
    Q_OBJECT

public:
    enum class State { Running, Finished, Failed, Cancelled };

    ~JsonRequestJob() override;

    /// @brief Sends the request; called by whoever created the job.
    void start();
    /// @brief Stops the request; it ends in cancelled(), never failed(). Does nothing once ended.
    void abort();

    /// @brief Running until it ends; then how it ended.
    State state() const { return m_state; }
    /// @brief Whether it has not ended yet.
    bool isRunning() const { return m_state == State::Running; }
    /// @brief Why it failed (or Cancelled), once ended that way.
    const LlmError &error() const { return m_error; }
    /// @brief HTTP attempts made: 1 plus the retries.
    int attempts() const { return m_attempts; }

Q_SIGNALS:
    void retrying(int retry, int delayMs, const Tandem::LlmError &reason);
    void failed(const Tandem::LlmError &error);
    void cancelled();

protected:
    JsonRequestJob(QNetworkAccessManager *network, const QNetworkRequest &request, const QByteArray &verb,
        const QByteArray &body, const RetryPolicy &policy, QObject *parent);

    /// @brief Reads the 2xx answer; returns the error to fail with, or nothing when it holds what was asked.
    virtual std::optional<LlmError> handleResponse(const QJsonDocument &json) = 0;
    /// @brief Emits the subclass's own finished signal with what handleResponse() read.
    virtual void emitFinished() = 0;

private:
    void onBody(const QByteArray &chunk);
    void onSucceeded();
    void fail(const LlmError &error);
    void end(State state);

    HttpExchange *m_exchange;
    QByteArray m_body;
    LlmError m_error;
    State m_state = State::Running;
    int m_attempts = 0;
};

} // namespace Tandem
