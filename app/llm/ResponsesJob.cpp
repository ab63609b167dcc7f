#include "ResponsesJob.h"

#include "domain/Logging.h"

#include <QJsonArray>

namespace Tandem {

using namespace Qt::StringLiterals;

namespace {
QString stringOf(const QJsonObject &object, QStringView key)
{
    const QJsonValue value = object.value(key);
    return value.isString() ? value.toString() : QString();
}

bool isFunctionCall(const QJsonObject &item)
{
    return item.value(u"type").toString() == u"function_call";
}
} // namespace

ResponsesJob::ResponsesJob(QNetworkAccessManager *network, const QNetworkRequest &request, const QByteArray &body,
    const RetryPolicy &policy, QObject *parent)
    : StreamingJob(network, request, body, policy, parent)
{ }

void ResponsesJob::handleEvent(const SseEvent &event)
{
    QJsonObject payload;
    if (!parseJsonObject(event, payload))
        return;
    QString type = stringOf(payload, u"type");
    if (type.isEmpty())
        type = event.event;

    // The most frequent event first: this runs once per streamed token.
    if (type == u"response.output_text.delta") {
        m_sawText = true;
        appendText(stringOf(payload, u"delta"));
    } else if (type == u"response.function_call_arguments.delta") {
        if (PendingCall *call = findPending(payload))
            call->arguments += stringOf(payload, u"delta");
    } else if (type == u"response.refusal.delta") {
        // A refusal is the model's answer; the person must see it like any text.
        m_sawText = true;
        appendText(stringOf(payload, u"delta"));
    } else if (type == u"response.function_call_arguments.done") {
        if (PendingCall *call = findPending(payload))
            call->arguments = stringOf(payload, u"arguments");
    } else if (type == u"response.output_item.added") {
        onItemAdded(payload);
    } else if (type == u"response.output_item.done") {
        onItemDone(payload.value(u"item").toObject());
    } else if (type == u"response.created" || type == u"response.in_progress" || type == u"response.queued") {
        readResponse(payload.value(u"response").toObject());
    } else if (type == u"response.completed") {
        onCompleted(payload.value(u"response").toObject());
    } else if (type == u"response.failed") {
        onFailed(payload.value(u"response").toObject());
    } else if (type == u"response.incomplete") {
        onIncomplete(payload.value(u"response").toObject());
    } else if (type == u"error") {
        onError(payload);
    }
    // Every other type (reasoning, annotations, hosted tools, …) is ignored, as the API asks of clients.
}

void ResponsesJob::handleEndOfStream()
{
    failCut(u"The event stream ended without response.completed."_s);
}

void ResponsesJob::readResponse(const QJsonObject &response)
{
    const QString id = stringOf(response, u"id");
    if (!id.isEmpty())
        m_result.responseId = id;
    const QString model = stringOf(response, u"model");
    if (!model.isEmpty())
        m_result.model = model;
}

void ResponsesJob::onItemAdded(const QJsonObject &event)
{
    const QJsonObject item = event.value(u"item").toObject();
    if (!isFunctionCall(item))
        return;
    PendingCall call;
    call.itemId = stringOf(item, u"id");
    call.callId = stringOf(item, u"call_id");
    call.name = stringOf(item, u"name");
    call.arguments = stringOf(item, u"arguments");
    call.outputIndex = event.value(u"output_index").toInt(-1);
    m_pendingCalls.append(call);
    Q_EMIT toolCallStarted(call.callId, call.name);
}

ResponsesJob::PendingCall *ResponsesJob::findPending(const QJsonObject &event)
{
    const QString itemId = stringOf(event, u"item_id");
    const int outputIndex = event.value(u"output_index").toInt(-1);
    for (PendingCall &call : m_pendingCalls) {
        if (!itemId.isEmpty() ? call.itemId == itemId : call.outputIndex == outputIndex)
            return &call;
    }
    return nullptr;
}

void ResponsesJob::onItemDone(const QJsonObject &item)
{
    if (item.isEmpty())
        return;
    m_result.outputItems.append(item);
    if (isFunctionCall(item))
        completeCall(item);
}

void ResponsesJob::completeCall(const QJsonObject &item)
{
    ToolCall call;
    call.itemId = stringOf(item, u"id");
    call.callId = stringOf(item, u"call_id");
    call.name = stringOf(item, u"name");

    qsizetype pendingIndex = -1;
    for (qsizetype i = 0; i < m_pendingCalls.size(); ++i) {
        const PendingCall &pending = m_pendingCalls.at(i);
        if ((!call.itemId.isEmpty() && pending.itemId == call.itemId)
            || (!call.callId.isEmpty() && pending.callId == call.callId)) {
            pendingIndex = i;
            break;
        }
    }
    // The `.done` item is authoritative; what was accumulated from deltas only fills gaps.
    if (item.value(u"arguments").isString())
        call.arguments = item.value(u"arguments").toString();
    if (pendingIndex >= 0) {
        const PendingCall pending = m_pendingCalls.takeAt(pendingIndex);
        if (call.callId.isEmpty())
            call.callId = pending.callId;
        if (call.name.isEmpty())
            call.name = pending.name;
        if (!item.value(u"arguments").isString())
            call.arguments = pending.arguments;
    } else {
        Q_EMIT toolCallStarted(call.callId, call.name);
    }
    m_result.toolCalls.append(call);
    Q_EMIT toolCallReady(call);
}

void ResponsesJob::reportUsage(const QJsonObject &response)
{
    const QJsonObject usage = response.value(u"usage").toObject();
    if (usage.isEmpty())
        return;
    m_result.usage.inputTokens = usage.value(u"input_tokens").toInteger();
    m_result.usage.outputTokens = usage.value(u"output_tokens").toInteger();
    m_result.usage.cachedTokens = usage.value(u"input_tokens_details").toObject().value(u"cached_tokens").toInteger();
    m_result.usage.reasoningTokens
        = usage.value(u"output_tokens_details").toObject().value(u"reasoning_tokens").toInteger();
    Q_EMIT usageReported(m_result.usage);
}

void ResponsesJob::onCompleted(const QJsonObject &response)
{
    readResponse(response);

    // Servers that skip the item events (some compatible ones do) still send the final output list.
    if (m_result.outputItems.isEmpty()) {
        const QJsonArray output = response.value(u"output").toArray();
        for (const QJsonValue &value : output) {
            const QJsonObject item = value.toObject();
            if (item.value(u"type").toString() == u"message" && !m_sawText) {
                for (const QJsonValue &part : item.value(u"content").toArray()) {
                    const QJsonObject content = part.toObject();
                    if (content.value(u"type").toString() == u"output_text")
                        appendText(stringOf(content, u"text"));
                }
            }
            onItemDone(item);
            if (hasEnded())
                return;
        }
    }
    // Calls whose arguments streamed but whose `.done` item never came.
    while (!m_pendingCalls.isEmpty()) {
        const PendingCall pending = m_pendingCalls.first();
        QJsonObject item { { u"type"_s, u"function_call"_s }, { u"id"_s, pending.itemId },
            { u"call_id"_s, pending.callId }, { u"name"_s, pending.name }, { u"arguments"_s, pending.arguments } };
        qCWarning(lcLlm) << "function call" << pending.callId << "completed without its output_item.done";
        m_result.outputItems.append(item);
        completeCall(item);
        if (hasEnded())
            return;
    }

    m_result.finishReason = m_result.toolCalls.isEmpty() ? u"stop"_s : u"tool_calls"_s;
    reportUsage(response);
    succeed();
}

LlmError::Type ResponsesJob::typeOfErrorCode(const QString &code)
{
    // `response.failed` and `error` carry the same codes (ResponseErrorCode): a quota or rate limit is one whichever
    // event brings it.
    return code == u"rate_limit_exceeded" || code == u"insufficient_quota" ? LlmError::Type::RateLimited
                                                                           : LlmError::Type::Server;
}

void ResponsesJob::onFailed(const QJsonObject &response)
{
    readResponse(response);
    reportUsage(response);
    const QJsonObject error = response.value(u"error").toObject();
    LlmError failure;
    failure.code = stringOf(error, u"code");
    failure.type = typeOfErrorCode(failure.code);
    failure.detail = stringOf(error, u"message");
    if (failure.detail.isEmpty())
        failure.detail = u"response.failed"_s;
    fail(failure);
}

void ResponsesJob::onIncomplete(const QJsonObject &response)
{
    readResponse(response);
    reportUsage(response);
    const QString reason = stringOf(response.value(u"incomplete_details").toObject(), u"reason");
    m_result.finishReason = reason == u"max_output_tokens" ? u"length"_s : reason;
    LlmError failure;
    failure.type = LlmError::Type::Incomplete;
    failure.code = reason;
    failure.detail = u"response.incomplete: %1"_s.arg(reason);
    fail(failure);
}

void ResponsesJob::onError(const QJsonObject &event)
{
    // The spec puts code and message at the top level; some servers nest them in `error`.
    const QJsonObject nested = event.value(u"error").toObject();
    const QJsonObject &source = nested.isEmpty() ? event : nested;
    LlmError failure;
    failure.code = stringOf(source, u"code");
    failure.detail = stringOf(source, u"message");
    failure.type = typeOfErrorCode(failure.code);
    fail(failure);
}

} // namespace Tandem
