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
        onTextDelta(payload, stringOf(payload, u"delta"));
    } else if (type == u"response.function_call_arguments.delta") {
        if (PendingCall *call = findPending(payload))
            call->arguments += stringOf(payload, u"delta");
    } else if (type == u"response.refusal.delta") {
        // A refusal is the model's answer; the person must see it like any text.
        onTextDelta(payload, stringOf(payload, u"delta"));
    } else if (type == u"response.output_text.done" || type == u"response.refusal.done") {
        const QJsonValue declared = payload.value(type == u"response.output_text.done" ? u"text" : u"refusal");
        if (declared.isString())
            reconcileText(stringOf(payload, u"item_id"), payload.value(u"output_index").toInt(-1),
                payload.value(u"content_index").toInt(0), declared.toString());
    } else if (type == u"response.function_call_arguments.done") {
        onArgumentsDone(payload);
    } else if (type == u"response.output_item.added") {
        onItemAdded(payload);
    } else if (type == u"response.output_item.done") {
        onItemDone(payload.value(u"item").toObject(), payload.value(u"output_index").toInt(-1));
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

void ResponsesJob::onArgumentsDone(const QJsonObject &event)
{
    const QString arguments = stringOf(event, u"arguments");
    if (PendingCall *call = findPending(event)) {
        call->arguments = arguments;
        return;
    }
    // Its output_item.added never came (or its deltas were all that was lost): the declared arguments still make the
    // call, unless its output_item.done completed it already.
    const QString itemId = stringOf(event, u"item_id");
    for (const ToolCall &done : std::as_const(m_result.toolCalls))
        if (!itemId.isEmpty() && done.itemId == itemId)
            return;
    PendingCall call;
    call.itemId = itemId;
    call.name = stringOf(event, u"name");
    call.arguments = arguments;
    call.outputIndex = event.value(u"output_index").toInt(-1);
    m_pendingCalls.append(call);
    Q_EMIT toolCallStarted(call.callId, call.name);
}

void ResponsesJob::onItemDone(const QJsonObject &item, int outputIndex)
{
    if (item.isEmpty())
        return;
    m_result.outputItems.append(item);
    if (isFunctionCall(item))
        completeCall(item);
    else if (item.value(u"type").toString() == u"message")
        reconcileMessage(item, outputIndex);
}

bool ResponsesJob::isCompletedCall(const QJsonObject &item) const
{
    const QString itemId = stringOf(item, u"id");
    const QString callId = stringOf(item, u"call_id");
    for (const ToolCall &done : m_result.toolCalls)
        if ((!itemId.isEmpty() && done.itemId == itemId) || (!callId.isEmpty() && done.callId == callId))
            return true;
    return false;
}

ResponsesJob::TextPart &ResponsesJob::partFor(const QString &itemId, int outputIndex, int contentIndex)
{
    // Servers that leave out ids or indexes still stream one part at a time: what cannot be told apart is the same.
    const auto matches = [&](const TextPart &part) {
        if (part.contentIndex != contentIndex)
            return false;
        if (!part.itemId.isEmpty() && !itemId.isEmpty())
            return part.itemId == itemId;
        if (part.outputIndex >= 0 && outputIndex >= 0)
            return part.outputIndex == outputIndex;
        return true;
    };
    // The part being streamed is nearly always the last one.
    for (qsizetype i = m_parts.size() - 1; i >= 0; --i) {
        TextPart &part = m_parts[i];
        if (matches(part)) {
            if (part.itemId.isEmpty())
                part.itemId = itemId;
            if (part.outputIndex < 0)
                part.outputIndex = outputIndex;
            return part;
        }
    }
    m_parts.append(TextPart { itemId, outputIndex, contentIndex, {} });
    return m_parts.last();
}

void ResponsesJob::onTextDelta(const QJsonObject &event, const QString &delta)
{
    if (delta.isEmpty())
        return;
    TextPart &part = partFor(
        stringOf(event, u"item_id"), event.value(u"output_index").toInt(-1), event.value(u"content_index").toInt(0));
    part.text += delta;
    appendText(delta);
}

void ResponsesJob::reconcileText(const QString &itemId, int outputIndex, int contentIndex, const QString &declared)
{
    TextPart &part = partFor(itemId, outputIndex, contentIndex);
    if (part.text == declared)
        return;
    const bool isLast = &part == &m_parts.last();
    if (isLast && declared.startsWith(part.text)) {
        // Deltas were lost or never sent: the rest arrives as one more delta, so a live view shows it too.
        const QString rest = declared.mid(part.text.size());
        part.text = declared;
        appendText(rest);
        return;
    }
    qCInfo(lcLlm) << "the declared final text differs from the streamed one; the declared text is kept";
    part.text = declared;
    QString text;
    for (const TextPart &each : std::as_const(m_parts))
        text += each.text;
    m_result.text = text;
}

void ResponsesJob::reconcileMessage(const QJsonObject &item, int outputIndex)
{
    const QString itemId = stringOf(item, u"id");
    const QJsonArray content = item.value(u"content").toArray();
    for (qsizetype i = 0; i < content.size(); ++i) {
        const QJsonObject part = content.at(i).toObject();
        const QString type = part.value(u"type").toString();
        const QJsonValue declared = part.value(type == u"refusal" ? u"refusal" : u"text");
        if ((type == u"output_text" || type == u"refusal") && declared.isString())
            reconcileText(itemId, outputIndex, int(i), declared.toString());
        if (hasEnded())
            return;
    }
}

void ResponsesJob::completeCall(const QJsonObject &item, qsizetype pendingIndex)
{
    ToolCall call;
    call.itemId = stringOf(item, u"id");
    call.callId = stringOf(item, u"call_id");
    call.name = stringOf(item, u"name");

    for (qsizetype i = 0; pendingIndex < 0 && i < m_pendingCalls.size(); ++i) {
        const PendingCall &pending = m_pendingCalls.at(i);
        if ((!call.itemId.isEmpty() && pending.itemId == call.itemId)
            || (!call.callId.isEmpty() && pending.callId == call.callId))
            pendingIndex = i;
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

    // The final output list is the server's last word: items whose `.done` event never came (some compatible servers
    // send none) are taken from it, and every message's text is reconciled with it.
    const bool sawItems = !m_result.outputItems.isEmpty();
    const QJsonArray output = response.value(u"output").toArray();
    for (qsizetype i = 0; i < output.size(); ++i) {
        const QJsonObject item = output.at(i).toObject();
        const QString id = stringOf(item, u"id");
        bool seen = sawItems && id.isEmpty();
        for (const QJsonValue &known : std::as_const(m_result.outputItems))
            seen = seen || (!id.isEmpty() && stringOf(known.toObject(), u"id") == id);
        if (!seen && !(isFunctionCall(item) && isCompletedCall(item)))
            onItemDone(item, int(i));
        else if (item.value(u"type").toString() == u"message")
            reconcileMessage(item, int(i));
        if (hasEnded())
            return;
    }
    // Calls whose arguments streamed but whose `.done` item never came.
    while (!m_pendingCalls.isEmpty()) {
        const PendingCall pending = m_pendingCalls.first();
        QJsonObject item { { u"type"_s, u"function_call"_s }, { u"id"_s, pending.itemId },
            { u"call_id"_s, pending.callId }, { u"name"_s, pending.name }, { u"arguments"_s, pending.arguments } };
        qCWarning(lcLlm) << "function call" << pending.callId << "completed without its output_item.done";
        m_result.outputItems.append(item);
        // By its place, not its ids: a call announced without an item id or a call id matches nothing, and looking
        // it up would leave it pending and loop here for ever.
        completeCall(item, 0);
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
