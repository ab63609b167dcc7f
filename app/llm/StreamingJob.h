#pragma once

#include "LlmClient.h"
#include "LlmJob.h"
#include "SseParser.h"

#include <QJsonObject>
#include <QNetworkRequest>

class QNetworkAccessManager;

namespace Tandem {

class HttpExchange;

/// @brief The part every streamed model call shares: POST a JSON body, read the SSE stream incrementally, retry
/// before the first byte, time out when idle, end exactly once and delete itself. Subclasses read the events.
class StreamingJob : public LlmJob
{
    Q_OBJECT

public:
    ~StreamingJob() override;

    /// @brief Sends the request; called by the client right after construction.
    void start();
    /// @brief See LlmJob::abort(): ends in cancelled(), never failed().
    void abort() override;

protected:
    StreamingJob(QNetworkAccessManager *network, const QNetworkRequest &request, const QByteArray &body,
        const RetryPolicy &policy, QObject *parent);

    /// @brief One complete SSE event; may end the job.
    virtual void handleEvent(const SseEvent &event) = 0;
    /// @brief The server closed the stream and the job has not ended: finish or fail now.
    virtual void handleEndOfStream() = 0;

    /// @brief Whether finished(), failed() or cancelled() was emitted.
    bool hasEnded() const { return m_state != State::Running; }
    /// @brief Ends with finished(m_result).
    void succeed();
    /// @brief Ends with failed(@p error); m_result keeps what arrived.
    void fail(const LlmError &error);
    /// @brief Ends with a Protocol error saying @p detail.
    void failProtocol(const QString &detail);
    /// @brief Ends with a ConnectionCut error saying @p detail: the stream ended before its final event.
    void failCut(const QString &detail);
    /// @brief Parses an event's data as a JSON object; on failure the job fails with Protocol and it returns false.
    bool parseJsonObject(const SseEvent &event, QJsonObject &object);
    /// @brief Adds @p delta to the result text and emits textDelta().
    void appendText(const QString &delta);

private:
    void onBody(const QByteArray &chunk);
    void onStreamEnded();
    void dispatchPending();
    void finishJsonBody();
    void end(State state);

    HttpExchange *m_exchange;
    SseParser m_parser;
    QList<SseEvent> m_pending;
    QByteArray m_jsonBody;
    bool m_contentChecked = false;
    bool m_jsonBodyMode = false;
    bool m_dispatching = false;
    bool m_endOfStream = false;
};

} // namespace Tandem
