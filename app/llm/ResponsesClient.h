#pragma once

#include "LlmClient.h"

#include <QJsonObject>

namespace Tandem {

class CreateConversationJob;

/// @brief Client of OpenAI's Responses API: `POST {baseUrl}/responses` streamed, and `POST {baseUrl}/conversations`
/// for server-side threads.
class ResponsesClient final : public LlmClient
{
    Q_OBJECT

public:
    ResponsesClient(QNetworkAccessManager *network, ProviderProfile profile, QObject *parent = nullptr);
    Q_DISABLE_COPY_MOVE(ResponsesClient)

    /// @brief Starts a streamed response (a ResponsesJob); the job is running when returned.
    LlmJob *stream(const LlmRequest &request) override;
    /// @brief Creates a Conversations API object with @p metadata (at most 16 string pairs); the job reports its
    /// `conv_…` id.
    CreateConversationJob *createConversation(const QJsonObject &metadata = {});

    /// @brief The `POST /responses` body for @p request as TemplateTurns arranges it, with `stream: true`.
    static QJsonObject buildRequestBody(const LlmRequest &request);
    /// @brief The `POST /conversations` body.
    static QJsonObject buildConversationBody(const QJsonObject &metadata);
    /// @brief One request input item as a Responses input item.
    static QJsonObject inputItemToJson(const InputItem &item);
    /// @brief The protocol name of @p role: "user", "assistant", "system", "developer".
    static QString roleName(InputItem::Role role);
};

} // namespace Tandem
