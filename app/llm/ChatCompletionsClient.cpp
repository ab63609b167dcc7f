#include "ChatCompletionsClient.h"

#include "ChatCompletionsJob.h"
#include "ChatMessagesCache.h"
#include "NetworkAccess.h"
#include "TemplateTurns.h"

#include <QJsonDocument>

namespace Tandem {

using namespace Qt::StringLiterals;

namespace {
QString roleName(InputItem::Role role, ChatCompletionsClient::Dialect dialect)
{
    switch (role) {
    case InputItem::Role::User:
        return u"user"_s;
    case InputItem::Role::Assistant:
        return u"assistant"_s;
    case InputItem::Role::System:
        return u"system"_s;
    case InputItem::Role::Developer:
        return dialect == ChatCompletionsClient::Dialect::OpenAI ? u"developer"_s : u"system"_s;
    }
    return u"user"_s;
}

QJsonObject toolCallJson(const ToolCall &call)
{
    return { { u"id"_s, call.callId }, { u"type"_s, u"function"_s },
        { u"function"_s, QJsonObject { { u"name"_s, call.name }, { u"arguments"_s, call.arguments } } } };
}
} // namespace

ChatCompletionsClient::ChatCompletionsClient(QNetworkAccessManager *network, ProviderProfile profile, QObject *parent)
    : LlmClient(network, std::move(profile), parent)
    , m_bodies(std::make_unique<ChatMessagesCache>())
{ }

ChatCompletionsClient::~ChatCompletionsClient() = default;

LlmJob *ChatCompletionsClient::stream(const LlmRequest &request)
{
    const QNetworkRequest httpRequest
        = NetworkAccess::makeRequest(NetworkAccess::endpoint(m_profile.baseUrl, u"chat/completions"), m_profile,
            m_apiKey, NetworkAccess::Accept::EventStream);
    const QByteArray body = m_bodies->body(withDefaultModel(request), dialectFor(m_profile));
    auto *job = new ChatCompletionsJob(m_network, httpRequest, body, m_retryPolicy, this);
    job->start();
    return job;
}

ChatCompletionsClient::Dialect ChatCompletionsClient::dialectFor(const ProviderProfile &profile)
{
    return profile.baseUrl.host().compare(u"api.openai.com", Qt::CaseInsensitive) == 0 ? Dialect::OpenAI
                                                                                       : Dialect::Compatible;
}

QJsonArray ChatCompletionsClient::buildMessages(const LlmRequest &original, Dialect dialect)
{
    const LlmRequest request = TemplateTurns::arranged(original);
    QJsonArray messages;
    if (!request.instructions.isEmpty())
        messages.append(systemMessage(request.instructions));
    appendMessages(messages, std::span<const InputItem>(request.input.constData(), request.input.size()), dialect);
    return messages;
}

QJsonObject ChatCompletionsClient::systemMessage(const QString &instructions)
{
    return QJsonObject { { u"role"_s, u"system"_s }, { u"content"_s, instructions } };
}

void ChatCompletionsClient::appendMessages(QJsonArray &messages, std::span<const InputItem> items, Dialect dialect)
{
    QJsonArray pendingCalls;
    bool afterAssistantText = false; // the calls belong to the reply whose text was the last message
    const auto flushCalls = [&] {
        if (pendingCalls.isEmpty())
            return;
        if (afterAssistantText) {
            QJsonObject reply = messages.last().toObject();
            reply.insert(u"tool_calls"_s, pendingCalls);
            messages.replace(messages.size() - 1, reply);
        } else {
            messages.append(QJsonObject { { u"role"_s, u"assistant"_s }, { u"content"_s, QJsonValue(QJsonValue::Null) },
                { u"tool_calls"_s, pendingCalls } });
        }
        pendingCalls = QJsonArray();
    };

    for (const InputItem &item : items) {
        if (item.type == InputItem::Type::FunctionCall) {
            pendingCalls.append(toolCallJson(item.call));
            continue;
        }
        flushCalls();
        afterAssistantText = item.type == InputItem::Type::Message && item.role == InputItem::Role::Assistant;
        switch (item.type) {
        case InputItem::Type::Message:
            messages.append(QJsonObject { { u"role"_s, roleName(item.role, dialect) }, { u"content"_s, item.text } });
            break;
        case InputItem::Type::FunctionCallOutput:
            messages.append(QJsonObject {
                { u"role"_s, u"tool"_s }, { u"tool_call_id"_s, item.call.callId }, { u"content"_s, item.output } });
            break;
        case InputItem::Type::Raw:
            // Raw items are Responses output (reasoning, hosted tools); Chat Completions has no place for them.
            break;
        case InputItem::Type::FunctionCall:
            break;
        }
    }
    flushCalls();
}

QJsonObject ChatCompletionsClient::buildRequestBody(const LlmRequest &request, Dialect dialect)
{
    QJsonObject body;
    body.insert(u"model"_s, request.model);
    body.insert(u"messages"_s, buildMessages(request, dialect));
    body.insert(u"stream"_s, true);
    body.insert(u"stream_options"_s, QJsonObject { { u"include_usage"_s, true } });

    if (!request.tools.isEmpty()) {
        QJsonArray tools;
        for (const ToolDefinition &tool : request.tools) {
            QJsonObject function { { u"name"_s, tool.name }, { u"strict"_s, tool.strict } };
            if (!tool.description.isEmpty())
                function.insert(u"description"_s, tool.description);
            if (!tool.parameters.isEmpty())
                function.insert(u"parameters"_s, tool.parameters);
            tools.append(QJsonObject { { u"type"_s, u"function"_s }, { u"function"_s, function } });
        }
        body.insert(u"tools"_s, tools);
        // OpenAI refuses parallel_tool_calls in a request without tools.
        if (request.parallelToolCalls)
            body.insert(u"parallel_tool_calls"_s, *request.parallelToolCalls);
    }
    if (request.maxOutputTokens) {
        body.insert(
            dialect == Dialect::OpenAI ? u"max_completion_tokens"_s : u"max_tokens"_s, *request.maxOutputTokens);
    }
    if (request.temperature)
        body.insert(u"temperature"_s, *request.temperature);
    if (request.outputSchema)
        body.insert(u"response_format"_s,
            QJsonObject { { u"type"_s, u"json_schema"_s },
                { u"json_schema"_s,
                    QJsonObject { { u"name"_s, request.outputSchema->name },
                        { u"schema"_s, request.outputSchema->schema },
                        { u"strict"_s, request.outputSchema->strict } } } });
    return body;
}

} // namespace Tandem
