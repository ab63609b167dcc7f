#include "FakeLlmPayloads.h"

#include <QJsonArray>
#include <QJsonDocument>

using namespace Qt::StringLiterals;

namespace Tandem::Test::FakeLlmPayloads {

namespace {

QString modelFor(const ScriptedReply &reply, const RecordedRequest &request)
{
    if (!reply.model.isEmpty())
        return reply.model;
    const QString requested = request.model();
    return requested.isEmpty() ? u"fake-model"_s : requested;
}

QString responseIdFor(const ScriptedReply &reply, const ReplyContext &context)
{
    return reply.responseId.isEmpty() ? u"resp_%1"_s.arg(context.serial) : reply.responseId;
}

QString callIdFor(const ToolCall &call, const ReplyContext &context, qsizetype i)
{
    return call.callId.isEmpty() ? u"call_%1_%2"_s.arg(context.serial).arg(i) : call.callId;
}

QString itemIdFor(const ToolCall &call, const ReplyContext &context, qsizetype i)
{
    return call.itemId.isEmpty() ? u"fc_%1_%2"_s.arg(context.serial).arg(i) : call.itemId;
}

QJsonValue orNull(const QJsonValue &value)
{
    return value.isUndefined() ? QJsonValue(QJsonValue::Null) : value;
}

QJsonValue stringOrNull(const QString &value)
{
    return value.isEmpty() ? QJsonValue(QJsonValue::Null) : value;
}

QJsonObject responsesUsage(const TokenUsage &usage)
{
    return {
        { u"input_tokens"_s, usage.inputTokens },
        { u"input_tokens_details"_s,
            QJsonObject { { u"cached_tokens"_s, usage.cachedTokens }, { u"cache_write_tokens"_s, 0 } } },
        { u"output_tokens"_s, usage.outputTokens },
        { u"output_tokens_details"_s, QJsonObject { { u"reasoning_tokens"_s, usage.reasoningTokens } } },
        { u"total_tokens"_s, usage.total() },
    };
}

QJsonObject chatUsage(const TokenUsage &usage)
{
    return {
        { u"prompt_tokens"_s, usage.inputTokens },
        { u"completion_tokens"_s, usage.outputTokens },
        { u"total_tokens"_s, usage.total() },
        { u"prompt_tokens_details"_s, QJsonObject { { u"cached_tokens"_s, usage.cachedTokens } } },
        { u"completion_tokens_details"_s, QJsonObject { { u"reasoning_tokens"_s, usage.reasoningTokens } } },
    };
}

// The response object as it stands while streaming (no output, no usage yet): the fields the spec requires, the
// request's settings echoed as OpenAI does.
QJsonObject responseSkeleton(const ScriptedReply &reply, const RecordedRequest &request, const ReplyContext &context)
{
    const QJsonObject &body = request.json;
    QJsonObject response {
        { u"id"_s, responseIdFor(reply, context) },
        { u"object"_s, u"response"_s },
        { u"created_at"_s, context.createdAt },
        { u"status"_s, u"in_progress"_s },
        { u"completed_at"_s, QJsonValue::Null },
        { u"error"_s, QJsonValue::Null },
        { u"incomplete_details"_s, QJsonValue::Null },
        { u"instructions"_s, orNull(body.value(u"instructions")) },
        { u"max_output_tokens"_s, orNull(body.value(u"max_output_tokens")) },
        { u"model"_s, modelFor(reply, request) },
        { u"output"_s, QJsonArray() },
        { u"parallel_tool_calls"_s, body.value(u"parallel_tool_calls").toBool(true) },
        { u"previous_response_id"_s, orNull(body.value(u"previous_response_id")) },
        { u"store"_s, body.value(u"store").toBool(true) },
        { u"temperature"_s, body.value(u"temperature").toDouble(1.0) },
        { u"top_p"_s, body.value(u"top_p").toDouble(1.0) },
        { u"tool_choice"_s, body.contains(u"tool_choice") ? body.value(u"tool_choice") : QJsonValue(u"auto"_s) },
        { u"tools"_s, body.value(u"tools").isArray() ? body.value(u"tools") : QJsonValue(QJsonArray()) },
        { u"truncation"_s, u"disabled"_s },
        { u"metadata"_s, body.value(u"metadata").isObject() ? body.value(u"metadata") : QJsonValue(QJsonObject()) },
    };
    const QJsonValue conversation = body.value(u"conversation");
    if (conversation.isString())
        response.insert(u"conversation"_s, QJsonObject { { u"id"_s, conversation.toString() } });
    else if (conversation.isObject())
        response.insert(u"conversation"_s, QJsonObject { { u"id"_s, conversation.toObject().value(u"id") } });
    return response;
}

// Finishes a skeleton the way the reply's terminal says.
QJsonObject finishResponse(
    QJsonObject response, const ScriptedReply &reply, const QJsonArray &output, const ReplyContext &context)
{
    response.insert(u"output"_s, output);
    response.insert(u"usage"_s, responsesUsage(reply.usage));
    switch (reply.terminal) {
    case ScriptedReply::Terminal::Completed:
    case ScriptedReply::Terminal::Error: // an error event carries no response; the object is for non-streamed use
        response.insert(u"status"_s, u"completed"_s);
        response.insert(u"completed_at"_s, context.createdAt);
        break;
    case ScriptedReply::Terminal::Failed:
        response.insert(u"status"_s, u"failed"_s);
        response.insert(u"error"_s,
            QJsonObject {
                { u"code"_s, reply.errorCode.isEmpty() ? u"server_error"_s : reply.errorCode },
                { u"message"_s,
                    reply.errorMessage.isEmpty() ? u"The model failed to generate a response."_s : reply.errorMessage },
            });
        break;
    case ScriptedReply::Terminal::Incomplete:
        response.insert(u"status"_s, u"incomplete"_s);
        response.insert(u"incomplete_details"_s,
            QJsonObject {
                { u"reason"_s, reply.incompleteReason.isEmpty() ? u"max_output_tokens"_s : reply.incompleteReason } });
        break;
    }
    return response;
}

QJsonObject messageItem(const QString &id, const QString &status, const QJsonArray &content)
{
    return {
        { u"id"_s, id },
        { u"type"_s, u"message"_s },
        { u"status"_s, status },
        { u"role"_s, u"assistant"_s },
        { u"content"_s, content },
    };
}

QJsonObject textPart(const QString &text)
{
    return {
        { u"type"_s, u"output_text"_s },
        { u"text"_s, text },
        { u"annotations"_s, QJsonArray() },
        { u"logprobs"_s, QJsonArray() },
    };
}

QJsonObject functionCallItem(
    const ToolCall &call, const ReplyContext &context, qsizetype i, const QString &arguments, const QString &status)
{
    return {
        { u"id"_s, itemIdFor(call, context, i) },
        { u"type"_s, u"function_call"_s },
        { u"status"_s, status },
        { u"arguments"_s, arguments },
        { u"call_id"_s, callIdFor(call, context, i) },
        { u"name"_s, call.name },
    };
}

// The whole output of a reply, as `.done` items.
QJsonArray finishedOutput(const ScriptedReply &reply, const ReplyContext &context)
{
    QJsonArray output;
    const bool incomplete = reply.terminal == ScriptedReply::Terminal::Incomplete;
    if (!reply.textChunks.isEmpty()) {
        output.append(messageItem(u"msg_%1"_s.arg(context.serial),
            incomplete && reply.toolCalls.isEmpty() ? u"incomplete"_s : u"completed"_s,
            QJsonArray { textPart(reply.fullText()) }));
    }
    for (qsizetype i = 0; i < reply.toolCalls.size(); ++i) {
        const ToolCall &call = reply.toolCalls.at(i);
        output.append(functionCallItem(call, context, i, call.arguments, u"completed"_s));
    }
    return output;
}

QString finishReasonFor(const ScriptedReply &reply)
{
    if (!reply.finishReason.isEmpty())
        return reply.finishReason;
    return reply.toolCalls.isEmpty() ? u"stop"_s : u"tool_calls"_s;
}

} // namespace

QList<QJsonObject> responsesEvents(
    const ScriptedReply &reply, const RecordedRequest &request, const ReplyContext &context)
{
    QList<QJsonObject> events;
    auto push = [&events](QJsonObject event) {
        event.insert(u"sequence_number"_s, events.size());
        events.append(event);
    };
    const QJsonObject skeleton = responseSkeleton(reply, request, context);
    push({ { u"type"_s, u"response.created"_s }, { u"response"_s, skeleton } });
    push({ { u"type"_s, u"response.in_progress"_s }, { u"response"_s, skeleton } });

    const QJsonArray output = finishedOutput(reply, context);
    int outputIndex = 0;
    if (!reply.textChunks.isEmpty()) {
        const QString itemId = u"msg_%1"_s.arg(context.serial);
        push({
            { u"type"_s, u"response.output_item.added"_s },
            { u"output_index"_s, outputIndex },
            { u"item"_s, messageItem(itemId, u"in_progress"_s, QJsonArray()) },
        });
        const QJsonObject where {
            { u"item_id"_s, itemId },
            { u"output_index"_s, outputIndex },
            { u"content_index"_s, 0 },
        };
        auto withWhere = [&where](QJsonObject event) {
            for (auto it = where.begin(); it != where.end(); ++it)
                event.insert(it.key(), it.value());
            return event;
        };
        push(withWhere({ { u"type"_s, u"response.content_part.added"_s }, { u"part"_s, textPart(QString()) } }));
        for (const QString &chunk : reply.textChunks) {
            push(withWhere({
                { u"type"_s, u"response.output_text.delta"_s },
                { u"delta"_s, chunk },
                { u"logprobs"_s, QJsonArray() },
            }));
        }
        push(withWhere({
            { u"type"_s, u"response.output_text.done"_s },
            { u"text"_s, reply.fullText() },
            { u"logprobs"_s, QJsonArray() },
        }));
        push(withWhere({ { u"type"_s, u"response.content_part.done"_s }, { u"part"_s, textPart(reply.fullText()) } }));
        push({
            { u"type"_s, u"response.output_item.done"_s },
            { u"output_index"_s, outputIndex },
            { u"item"_s, output.at(outputIndex) },
        });
        ++outputIndex;
    }
    for (qsizetype i = 0; i < reply.toolCalls.size(); ++i, ++outputIndex) {
        const ToolCall &call = reply.toolCalls.at(i);
        const QString itemId = itemIdFor(call, context, i);
        push({
            { u"type"_s, u"response.output_item.added"_s },
            { u"output_index"_s, outputIndex },
            { u"item"_s, functionCallItem(call, context, i, QString(), u"in_progress"_s) },
        });
        const QStringList fragments = split(call.arguments, reply.argumentFragments);
        for (const QString &fragment : fragments) {
            push({
                { u"type"_s, u"response.function_call_arguments.delta"_s },
                { u"item_id"_s, itemId },
                { u"output_index"_s, outputIndex },
                { u"delta"_s, fragment },
            });
        }
        push({
            { u"type"_s, u"response.function_call_arguments.done"_s },
            { u"item_id"_s, itemId },
            { u"output_index"_s, outputIndex },
            { u"name"_s, call.name },
            { u"arguments"_s, call.arguments },
        });
        push({
            { u"type"_s, u"response.output_item.done"_s },
            { u"output_index"_s, outputIndex },
            { u"item"_s, output.at(outputIndex) },
        });
    }

    switch (reply.terminal) {
    case ScriptedReply::Terminal::Completed:
        push({ { u"type"_s, u"response.completed"_s },
            { u"response"_s, finishResponse(skeleton, reply, output, context) } });
        break;
    case ScriptedReply::Terminal::Failed:
        push({ { u"type"_s, u"response.failed"_s },
            { u"response"_s, finishResponse(skeleton, reply, output, context) } });
        break;
    case ScriptedReply::Terminal::Incomplete:
        push({ { u"type"_s, u"response.incomplete"_s },
            { u"response"_s, finishResponse(skeleton, reply, output, context) } });
        break;
    case ScriptedReply::Terminal::Error:
        push({
            { u"type"_s, u"error"_s },
            { u"code"_s, reply.errorCode.isEmpty() ? u"server_error"_s : reply.errorCode },
            { u"message"_s,
                reply.errorMessage.isEmpty() ? u"The server had an error while processing your request."_s
                                             : reply.errorMessage },
            { u"param"_s, QJsonValue::Null },
        });
        break;
    }
    return events;
}

QJsonObject responseObject(const ScriptedReply &reply, const RecordedRequest &request, const ReplyContext &context)
{
    return finishResponse(responseSkeleton(reply, request, context), reply, finishedOutput(reply, context), context);
}

QList<QJsonObject> chatChunks(const ScriptedReply &reply, const RecordedRequest &request, const ReplyContext &context)
{
    const bool usageRequested = request.json.value(u"stream_options").toObject().value(u"include_usage").toBool();
    const bool sendUsage = reply.usageChunk == ScriptedReply::UsageChunk::Always
        || (reply.usageChunk == ScriptedReply::UsageChunk::IfRequested && usageRequested);
    const QString id = reply.responseId.isEmpty() ? u"chatcmpl-%1"_s.arg(context.serial) : reply.responseId;
    const QString model = modelFor(reply, request);

    QList<QJsonObject> chunks;
    auto chunk = [&](const QJsonArray &choices) {
        QJsonObject object {
            { u"id"_s, id },
            { u"object"_s, u"chat.completion.chunk"_s },
            { u"created"_s, context.createdAt },
            { u"model"_s, model },
            { u"choices"_s, choices },
        };
        if (usageRequested) // OpenAI sends `usage: null` on every other chunk when usage was asked for
            object.insert(u"usage"_s, QJsonValue::Null);
        return object;
    };
    auto push = [&](const QJsonObject &delta, const QJsonValue &finishReason = QJsonValue::Null) {
        chunks.append(chunk({ QJsonObject {
            { u"index"_s, 0 },
            { u"delta"_s, delta },
            { u"logprobs"_s, QJsonValue::Null },
            { u"finish_reason"_s, finishReason },
        } }));
    };

    push({ { u"role"_s, u"assistant"_s }, { u"content"_s, u""_s }, { u"refusal"_s, QJsonValue::Null } });
    for (const QString &text : reply.textChunks)
        push({ { u"content"_s, text } });

    for (qsizetype i = 0; i < reply.toolCalls.size(); ++i) {
        const ToolCall &call = reply.toolCalls.at(i);
        const int index = reply.sameToolCallIndex ? 0 : int(i);
        auto fragment = [&](QJsonObject toolCall) {
            if (!reply.omitToolCallIndex)
                toolCall.insert(u"index"_s, index);
            push({ { u"tool_calls"_s, QJsonArray { toolCall } } });
        };
        QJsonObject first {
            { u"type"_s, u"function"_s },
            { u"function"_s, QJsonObject { { u"name"_s, call.name }, { u"arguments"_s, u""_s } } },
        };
        if (!reply.omitFirstToolCallId)
            first.insert(u"id"_s, callIdFor(call, context, i));
        fragment(first);
        const QStringList pieces = split(call.arguments, reply.argumentFragments);
        for (qsizetype p = 0; p < pieces.size(); ++p) {
            QJsonObject next { { u"function"_s, QJsonObject { { u"arguments"_s, pieces.at(p) } } } };
            if (p == 0 && reply.omitFirstToolCallId)
                next.insert(u"id"_s, callIdFor(call, context, i));
            fragment(next);
        }
    }
    push(QJsonObject(), finishReasonFor(reply));
    if (sendUsage) {
        QJsonObject last = chunk(QJsonArray());
        last.insert(u"usage"_s, chatUsage(reply.usage));
        chunks.append(last);
    }
    return chunks;
}

QJsonObject chatCompletion(const ScriptedReply &reply, const RecordedRequest &request, const ReplyContext &context)
{
    QJsonObject message {
        { u"role"_s, u"assistant"_s },
        { u"content"_s, reply.textChunks.isEmpty() ? QJsonValue(QJsonValue::Null) : QJsonValue(reply.fullText()) },
        { u"refusal"_s, QJsonValue::Null },
    };
    if (!reply.toolCalls.isEmpty()) {
        QJsonArray calls;
        for (qsizetype i = 0; i < reply.toolCalls.size(); ++i) {
            const ToolCall &call = reply.toolCalls.at(i);
            calls.append(QJsonObject {
                { u"id"_s, callIdFor(call, context, i) },
                { u"type"_s, u"function"_s },
                { u"function"_s, QJsonObject { { u"name"_s, call.name }, { u"arguments"_s, call.arguments } } },
            });
        }
        message.insert(u"tool_calls"_s, calls);
    }
    return {
        { u"id"_s, reply.responseId.isEmpty() ? u"chatcmpl-%1"_s.arg(context.serial) : reply.responseId },
        { u"object"_s, u"chat.completion"_s },
        { u"created"_s, context.createdAt },
        { u"model"_s, modelFor(reply, request) },
        { u"choices"_s,
            QJsonArray { QJsonObject {
                { u"index"_s, 0 },
                { u"message"_s, message },
                { u"logprobs"_s, QJsonValue::Null },
                { u"finish_reason"_s, finishReasonFor(reply) },
            } } },
        { u"usage"_s, chatUsage(reply.usage) },
    };
}

QJsonObject errorBody(const QString &message, const QString &type, const QString &code, const QString &param)
{
    return { { u"error"_s,
        QJsonObject {
            { u"message"_s, message },
            { u"type"_s, type },
            { u"param"_s, stringOrNull(param) },
            { u"code"_s, stringOrNull(code) },
        } } };
}

QJsonObject errorBodyForStatus(int status, const QString &model, const QString &code, const QString &message)
{
    QString defaultMessage;
    QString type = u"invalid_request_error"_s;
    QString defaultCode;
    switch (status) {
    case 401:
        defaultMessage = u"Incorrect API key provided. You can find your API key in your account settings."_s;
        defaultCode = u"invalid_api_key"_s;
        break;
    case 403:
        defaultMessage = u"You are not allowed to access this resource."_s;
        type = u"permission_error"_s;
        break;
    case 404:
        defaultMessage = u"The model `%1` does not exist or you do not have access to it."_s.arg(model);
        defaultCode = u"model_not_found"_s;
        break;
    case 429:
        defaultMessage = u"Rate limit reached for requests. Please try again later."_s;
        type = u"requests"_s;
        defaultCode = u"rate_limit_exceeded"_s;
        break;
    case 503:
        defaultMessage = u"The engine is currently overloaded, please try again later."_s;
        type = u"server_error"_s;
        break;
    default:
        if (status >= 500) {
            defaultMessage = u"The server had an error while processing your request. Sorry about that!"_s;
            type = u"server_error"_s;
        } else {
            defaultMessage = u"Bad request."_s;
        }
        break;
    }
    return errorBody(message.isEmpty() ? defaultMessage : message, type, code.isEmpty() ? defaultCode : code);
}

QStringList split(const QString &text, int pieces)
{
    if (text.isEmpty() || pieces <= 1)
        return { text };
    QStringList parts;
    const qsizetype size = text.size();
    qsizetype start = 0;
    for (int i = 1; i <= pieces && start < size; ++i) {
        qsizetype end = i == pieces ? size : size * i / pieces;
        if (end < size && end > 0 && text.at(end - 1).isHighSurrogate())
            ++end;
        if (end <= start)
            continue;
        parts.append(text.mid(start, end - start));
        start = end;
    }
    return parts;
}

QByteArray toJson(const QJsonObject &object)
{
    return QJsonDocument(object).toJson(QJsonDocument::Compact);
}

} // namespace Tandem::Test::FakeLlmPayloads
