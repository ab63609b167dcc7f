#pragma once

#include "StreamingJob.h"
#include "ToolCallAccumulator.h"

namespace Tandem {

/// @brief One streamed `POST /chat/completions` call: content deltas, tool-call fragments assembled defensively,
/// usage from the `choices: []` chunk whenever it comes; `[DONE]` or EOF ends it.
class ChatCompletionsJob final : public StreamingJob
{
    Q_OBJECT

public:
    ChatCompletionsJob(QNetworkAccessManager *network, const QNetworkRequest &request, const QByteArray &body,
        const RetryPolicy &policy, QObject *parent);
    Q_DISABLE_COPY_MOVE(ChatCompletionsJob)

protected:
    void handleEvent(const SseEvent &event) override;
    void handleEndOfStream() override;

private:
    void readChoice(const QJsonObject &choice);
    void readUsage(const QJsonObject &usage);
    void failWithErrorObject(const QJsonObject &payload);
    void complete();

    ToolCallAccumulator m_toolCalls;
    QString m_finishReason;
    bool m_hasUsage = false;
};

} // namespace Tandem
