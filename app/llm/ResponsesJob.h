#pragma once

#include "StreamingJob.h"

namespace Tandem {

/// @brief One streamed `POST /responses` call (OpenAI Responses API): text deltas, function calls as they
/// complete, usage from `response.completed`, and every `.done` output item kept for stateless replay.
///
/// The text and arguments the server declares final (`response.output_text.done`, `response.output_item.done`,
/// `response.completed`, `response.function_call_arguments.done`) win over what the deltas added up to: a final
/// text that continues the streamed one arrives as one more delta, any other replaces the result's text.
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

    /// One output_text (or refusal) content part: what its deltas said, then what the server declared final.
    struct TextPart
    {
        QString itemId;
        int outputIndex = -1;
        int contentIndex = 0;
        QString text;
    };

    void readResponse(const QJsonObject &response);
    void onItemAdded(const QJsonObject &event);
    PendingCall *findPending(const QJsonObject &event);
    void onArgumentsDone(const QJsonObject &event);
    void onItemDone(const QJsonObject &item, int outputIndex);
    /// Hands out the call of a `function_call` @p item; @p pendingIndex names the pending call it completes, or -1 to
    /// look it up by item id or call id.
    void completeCall(const QJsonObject &item, qsizetype pendingIndex = -1);
    bool isCompletedCall(const QJsonObject &item) const;
    TextPart &partFor(const QString &itemId, int outputIndex, int contentIndex);
    void onTextDelta(const QJsonObject &event, const QString &delta);
    /// Makes @p declared the final text of its part; the streamed text is replaced where it differs.
    void reconcileText(const QString &itemId, int outputIndex, int contentIndex, const QString &declared);
    /// Reconciles every text part of a `message` output item.
    void reconcileMessage(const QJsonObject &item, int outputIndex);
    void onCompleted(const QJsonObject &response);
    void onFailed(const QJsonObject &response);
    void onIncomplete(const QJsonObject &response);
    void onError(const QJsonObject &event);
    void reportUsage(const QJsonObject &response);

    QList<PendingCall> m_pendingCalls;
    QList<TextPart> m_parts;
};

} // namespace Tandem
