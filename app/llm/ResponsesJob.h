#pragma once

#include "StreamingJob.h"

namespace Tandem {

/// @brief One streamed `POST /responses` call (OpenAI Responses API): text deltas, function calls as they
/// complete, usage from `response.completed`, and every `.done` output item kept for stateless replay.
class ResponsesJob final : public StreamingJob
{
    Q_OBJECT

public:
    ResponsesJob(QNetworkAccessManager *network, const QNetworkRequest &request, const QByteArray &body,
        const RetryPolicy &policy, QObject *parent);
    Q_DISABLE_COPY_MOVE(ResponsesJob)

protected:
    void handleEvent(const SseEvent &event) override;
    void handleEndOfStream() override;

private:
    /// @brief The error type of a `response.failed` or `error` code.
    static LlmError::Type typeOfErrorCode(const QString &code);
    struct PendingCall
    {
        QString itemId;
        QString callId;
        QString name;
        QString arguments;
        int outputIndex = -1;
    };

    void readResponse(const QJsonObject &response);
    void onItemAdded(const QJsonObject &event);
    PendingCall *findPending(const QJsonObject &event);
    void onItemDone(const QJsonObject &item);
    void completeCall(const QJsonObject &item);
    void onCompleted(const QJsonObject &response);
    void onFailed(const QJsonObject &response);
    void onIncomplete(const QJsonObject &response);
    void onError(const QJsonObject &event);
    void reportUsage(const QJsonObject &response);

    QList<PendingCall> m_pendingCalls;
    bool m_sawText = false;
};

} // namespace Tandem
