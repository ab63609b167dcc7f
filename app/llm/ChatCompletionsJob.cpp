#include "ChatCompletionsJob.h"

#include "HttpErrors.h"
#include "domain/Logging.h"

#include <QJsonArray>

namespace Tandem {

using namespace Qt::StringLiterals;

ChatCompletionsJob::ChatCompletionsJob(QNetworkAccessManager *network, const QNetworkRequest &request,
    const QByteArray &body, const RetryPolicy &policy, QObject *parent)
    : StreamingJob(network, request, body, policy, parent)
{
    m_toolCalls.setIdPrefix(QString::number(serial()) + u'_');
}

void ChatCompletionsJob::handleEvent(const SseEvent &event)
{
    if (event.data.size() <= 8 && QStringView(event.data).trimmed() == u"[DONE]") {
        complete();
        return;
    }
    QJsonObject payload;
    if (!parseJsonObject(event, payload))
        return;
    if (event.event == u"error" || payload.contains(u"error")) {
        failWithErrorObject(payload);
        return;
    }

    if (m_result.responseId.isEmpty())
        m_result.responseId = payload.value(u"id").toString();
    if (m_result.model.isEmpty())
        m_result.model = payload.value(u"model").toString();

    const QJsonValue usage = payload.value(u"usage");
    if (usage.isObject())
        readUsage(usage.toObject());

    const QJsonArray choices = payload.value(u"choices").toArray();
    for (const QJsonValue &choice : choices) {
        const QJsonObject object = choice.toObject();
        // n > 1 is never requested; a second choice would interleave with the first.
        if (object.value(u"index").toInt(0) != 0)
            continue;
        readChoice(object);
        if (hasEnded())
            return;
    }
}

void ChatCompletionsJob::readChoice(const QJsonObject &choice)
{
    const QJsonObject delta = choice.value(u"delta").toObject();
    const QJsonValue content = delta.value(u"content");
    if (content.isString())
        appendText(content.toString());
    const QJsonValue refusal = delta.value(u"refusal");
    if (refusal.isString()) // a refusal is the model's answer; the person must see it
        appendText(refusal.toString());

    const QJsonArray toolCalls = delta.value(u"tool_calls").toArray();
    for (const QJsonValue &fragment : toolCalls) {
        const ToolCallAccumulator::Update update = m_toolCalls.add(fragment.toObject());
        if (update.started) {
            const ToolCall &call = m_toolCalls.call(update.position);
            Q_EMIT toolCallStarted(call.callId, call.name);
            if (hasEnded())
                return;
        }
    }

    const QJsonValue finishReason = choice.value(u"finish_reason");
    if (finishReason.isString() && !finishReason.toString().isEmpty())
        m_finishReason = finishReason.toString();
}

void ChatCompletionsJob::readUsage(const QJsonObject &usage)
{
    m_hasUsage = true;
    m_result.usage.inputTokens = usage.value(u"prompt_tokens").toInteger();
    m_result.usage.outputTokens = usage.value(u"completion_tokens").toInteger();
    m_result.usage.cachedTokens = usage.value(u"prompt_tokens_details").toObject().value(u"cached_tokens").toInteger();
    m_result.usage.reasoningTokens
        = usage.value(u"completion_tokens_details").toObject().value(u"reasoning_tokens").toInteger();
}

void ChatCompletionsJob::failWithErrorObject(const QJsonObject &payload)
{
    LlmError error;
    error.type = LlmError::Type::Server;
    if (!HttpErrors::readErrorBody(payload, error))
        error.detail = u"The stream reported an error."_s;
    if (error.code == u"rate_limit_exceeded" || error.code == u"insufficient_quota")
        error.type = LlmError::Type::RateLimited;
    fail(error);
}

void ChatCompletionsJob::handleEndOfStream()
{
    // Servers differ: some end with [DONE] only, some just close the connection after the finish_reason.
    if (m_finishReason.isEmpty()) {
        failCut(u"The event stream ended without a finish_reason or [DONE]."_s);
        return;
    }
    complete();
}

void ChatCompletionsJob::complete()
{
    const bool cutOff = m_finishReason == u"length" || m_finishReason == u"content_filter";
    if (!cutOff) {
        const QList<qsizetype> unannounced = m_toolCalls.announceRemaining();
        for (const qsizetype position : unannounced) {
            const ToolCall &call = m_toolCalls.call(position);
            if (call.name.isEmpty())
                continue;
            Q_EMIT toolCallStarted(call.callId, call.name);
            if (hasEnded())
                return;
        }
    }
    const QList<ToolCall> calls = m_toolCalls.calls();
    m_result.finishReason = m_finishReason.isEmpty() ? (calls.isEmpty() ? u"stop"_s : u"tool_calls"_s) : m_finishReason;

    if (cutOff) {
        // The calls may be cut off mid-argument: none is handed out, the text so far stays in result().
        if (m_hasUsage)
            Q_EMIT usageReported(m_result.usage);
        if (hasEnded())
            return;
        LlmError error;
        error.type = LlmError::Type::Incomplete;
        error.code = m_finishReason;
        error.detail = u"finish_reason: %1"_s.arg(m_finishReason);
        fail(error);
        return;
    }

    for (const ToolCall &call : calls) {
        if (call.name.isEmpty()) {
            qCWarning(lcLlm) << "dropped a tool call without a name:" << call.callId;
            continue;
        }
        m_result.toolCalls.append(call);
        Q_EMIT toolCallReady(call);
        if (hasEnded())
            return;
    }
    if (m_hasUsage)
        Q_EMIT usageReported(m_result.usage);
    succeed();
}

} // namespace Tandem
