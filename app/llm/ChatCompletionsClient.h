#pragma once

#include "LlmClient.h"

#include <QJsonArray>
#include <QJsonObject>

#include <memory>
#include <span>

namespace Tandem {

class ChatMessagesCache;

/// @brief Client of the Chat Completions API (`POST {baseUrl}/chat/completions`, streamed), which OpenAI and every
/// local server (Ollama, llama.cpp, LM Studio, vLLM) speak. Conversation state is the caller's: send the history.
class ChatCompletionsClient final : public LlmClient
{
    Q_OBJECT

public:
    /// @brief Where servers disagree on a field, which one to send.
    enum class Dialect {
        OpenAI, ///< `max_completion_tokens` (OpenAI's reasoning models refuse `max_tokens`)
        Compatible, ///< `max_tokens`, which every local server knows
    };

    ChatCompletionsClient(QNetworkAccessManager *network, ProviderProfile profile, QObject *parent = nullptr);
    ~ChatCompletionsClient() override;
    Q_DISABLE_COPY_MOVE(ChatCompletionsClient)

    /// @brief Starts a streamed completion (a ChatCompletionsJob); the job is running when returned.
    LlmJob *stream(const LlmRequest &request) override;

    /// @brief OpenAI for api.openai.com, Compatible for everything else.
    static Dialect dialectFor(const ProviderProfile &profile);
    /// @brief The `POST /chat/completions` body for @p request, with `stream: true` and usage requested.
    static QJsonObject buildRequestBody(const LlmRequest &request, Dialect dialect = Dialect::Compatible);
    /// @brief The `messages` array of the request as TemplateTurns arranges it: instructions as the one leading system
    /// message, consecutive function calls folded into one assistant message with `tool_calls` (the one with the
    /// reply's text when it comes right before them), each output as a `tool` message; Raw items skipped.
    static QJsonArray buildMessages(const LlmRequest &request, Dialect dialect = Dialect::Compatible);
    /// @brief The leading system message of @p instructions.
    static QJsonObject systemMessage(const QString &instructions);
    /// @brief Appends the messages of @p items, already arranged (TemplateTurns), to @p messages: what
    /// buildMessages() makes of them after the system message.
    static void appendMessages(QJsonArray &messages, std::span<const InputItem> items, Dialect dialect);

private:
    std::unique_ptr<ChatMessagesCache> m_bodies; ///< the serialized messages of the latest requests, reused
};

} // namespace Tandem
