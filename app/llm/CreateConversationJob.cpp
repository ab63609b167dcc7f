#include "CreateConversationJob.h"

#include <QJsonObject>

namespace Tandem {

using namespace Qt::StringLiterals;

CreateConversationJob::CreateConversationJob(QNetworkAccessManager *network, const QNetworkRequest &request,
    const QByteArray &body, const RetryPolicy &policy, QObject *parent)
    : JsonRequestJob(network, request, QByteArrayLiteral("POST"), body, policy, parent)
{ }

std::optional<LlmError> CreateConversationJob::handleResponse(const QJsonDocument &json)
{
    m_conversationId = json.object().value(u"id").toString();
    if (!m_conversationId.isEmpty())
        return std::nullopt;
    LlmError error;
    error.type = LlmError::Type::Protocol;
    error.detail = u"The created conversation has no id."_s;
    return error;
}

void CreateConversationJob::emitFinished()
{
    Q_EMIT finished(m_conversationId);
}

} // namespace Tandem
