#include "ResponsesClient.h"

#include "CreateConversationJob.h"
#include "NetworkAccess.h"
#include "ResponsesJob.h"
#include "TemplateTurns.h"
#include "domain/Logging.h"

#include <QJsonArray>
#include <QJsonDocument>

namespace Tandem {

using namespace Qt::StringLiterals;

ResponsesClient::ResponsesClient(QNetworkAccessManager *network, ProviderProfile profile, QObject *parent)
    : LlmClient(network, std::move(profile), parent)
{ }

LlmJob *ResponsesClient::stream(const LlmRequest &request)
{
    const QNetworkRequest httpRequest
        = NetworkAccess::makeRequest(NetworkAccess::endpoint(m_profile.baseUrl, u"responses"), m_profile, m_apiKey,
            NetworkAccess::Accept::EventStream);
    const QByteArray body = QJsonDocument(buildRequestBody(withDefaultModel(request))).toJson(QJsonDocument::Compact);
    auto *job = new ResponsesJob(m_network, httpRequest, body, m_retryPolicy, this);
    job->start();
    return job;
}

CreateConversationJob *ResponsesClient::createConversation(const QJsonObject &metadata)
{
    const QNetworkRequest httpRequest = NetworkAccess::makeRequest(
        NetworkAccess::endpoint(m_profile.baseUrl, u"conversations"), m_profile, m_apiKey, NetworkAccess::Accept::Json);
    const QByteArray body = QJsonDocument(buildConversationBody(metadata)).toJson(QJsonDocument::Compact);
    auto *job = new CreateConversationJob(m_network, httpRequest, body, m_retryPolicy, this);
    job->start();
    return job;
}

QString ResponsesClient::roleName(InputItem::Role role)
{
    switch (role) {
    case InputItem::Role::User:
        return u"user"_s;
    case InputItem::Role::Assistant:
        return u"assistant"_s;
    case InputItem::Role::System:
        return u"system"_s;
    case InputItem::Role::Developer:
        return u"developer"_s;
    }
    return u"user"_s;
}

QJsonObject ResponsesClient::inputItemToJson(const InputItem &item)
{
    switch (item.type) {
    case InputItem::Type::Message:
        return { { u"type"_s, u"message"_s }, { u"role"_s, roleName(item.role) }, { u"content"_s, item.text } };
    case InputItem::Type::FunctionCall:
        // No `id` (fc_…): with store=false the server cannot resolve it and refuses the request; call_id suffices.
        return { { u"type"_s, u"function_call"_s }, { u"call_id"_s, item.call.callId }, { u"name"_s, item.call.name },
            { u"arguments"_s, item.call.arguments } };
    case InputItem::Type::FunctionCallOutput:
        return { { u"type"_s, u"function_call_output"_s }, { u"call_id"_s, item.call.callId },
            { u"output"_s, item.output } };
    case InputItem::Type::Raw:
        return item.raw;
    }
    return {};
}

QJsonObject ResponsesClient::buildRequestBody(const LlmRequest &original)
{
    const LlmRequest request = TemplateTurns::arranged(original);
    QJsonObject body;
    body.insert(u"model"_s, request.model);
    body.insert(u"stream"_s, true);
    if (!request.instructions.isEmpty())
        body.insert(u"instructions"_s, request.instructions);

    if (!request.input.isEmpty()) {
        QJsonArray input;
        for (const InputItem &item : request.input)
            input.append(inputItemToJson(item));
        body.insert(u"input"_s, input);
    }

    if (!request.tools.isEmpty()) {
        QJsonArray tools;
        for (const ToolDefinition &tool : request.tools) {
            QJsonObject json { { u"type"_s, u"function"_s }, { u"name"_s, tool.name }, { u"strict"_s, tool.strict } };
            if (!tool.description.isEmpty())
                json.insert(u"description"_s, tool.description);
            // Required by the spec; null means "no parameters".
            json.insert(u"parameters"_s,
                tool.parameters.isEmpty() ? QJsonValue(QJsonValue::Null) : QJsonValue(tool.parameters));
            tools.append(json);
        }
        body.insert(u"tools"_s, tools);
    }
    if (request.parallelToolCalls)
        body.insert(u"parallel_tool_calls"_s, *request.parallelToolCalls);
    if (request.maxOutputTokens)
        body.insert(u"max_output_tokens"_s, *request.maxOutputTokens);
    if (request.temperature)
        body.insert(u"temperature"_s, *request.temperature);
    if (request.outputSchema)
        body.insert(u"text"_s,
            QJsonObject { { u"format"_s,
                QJsonObject { { u"type"_s, u"json_schema"_s }, { u"name"_s, request.outputSchema->name },
                    { u"schema"_s, request.outputSchema->schema }, { u"strict"_s, request.outputSchema->strict } } } });

    // `conversation` and `previous_response_id` are mutually exclusive; the conversation is the durable one.
    if (!request.conversationId.isEmpty()) {
        body.insert(u"conversation"_s, request.conversationId);
        if (!request.previousResponseId.isEmpty())
            qCWarning(lcLlm) << "previous_response_id dropped: the request names a conversation";
    } else if (!request.previousResponseId.isEmpty()) {
        body.insert(u"previous_response_id"_s, request.previousResponseId);
    }
    if (request.store)
        body.insert(u"store"_s, *request.store);
    return body;
}

QJsonObject ResponsesClient::buildConversationBody(const QJsonObject &metadata)
{
    QJsonObject body;
    if (!metadata.isEmpty())
        body.insert(u"metadata"_s, metadata);
    return body;
}

} // namespace Tandem
