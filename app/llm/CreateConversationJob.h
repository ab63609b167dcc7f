#pragma once

#include "JsonRequestJob.h"

namespace Tandem {

/// @brief `POST {baseUrl}/conversations`: creates a Conversations API object and reports its `conv_…` id.
class CreateConversationJob final : public JsonRequestJob
{
    Q_OBJECT

public:
    CreateConversationJob(QNetworkAccessManager *network, const QNetworkRequest &request, const QByteArray &body,
        const RetryPolicy &policy, QObject *parent);
    Q_DISABLE_COPY_MOVE(CreateConversationJob)

    /// @brief The new conversation's id, once finished.
    const QString &conversationId() const { return m_conversationId; }

Q_SIGNALS:
    void finished(const QString &conversationId);

protected:
    std::optional<LlmError> handleResponse(const QJsonDocument &json) override;
    void emitFinished() override;

private:
    QString m_conversationId;
};

} // namespace Tandem
