#include "ScriptedReply.h"

#include <QJsonArray>
#include <QJsonDocument>

using namespace Qt::StringLiterals;

namespace Tandem::Test {

ScriptedReply ScriptedReply::text(const QStringList &chunks, const TokenUsage &usage)
{
    ScriptedReply reply;
    reply.textChunks = chunks;
    reply.usage = usage;
    return reply;
}

ScriptedReply ScriptedReply::calling(const QList<ToolCall> &calls, const QStringList &chunks, const TokenUsage &usage)
{
    ScriptedReply reply;
    reply.toolCalls = calls;
    reply.textChunks = chunks;
    reply.usage = usage;
    return reply;
}

ScriptedReply ScriptedReply::httpError(int status, int retryAfterSeconds)
{
    ScriptedReply reply;
    reply.fault = Fault::HttpError;
    reply.httpStatus = status;
    reply.retryAfterSeconds = retryAfterSeconds;
    return reply;
}

ScriptedReply ScriptedReply::terminating(
    Terminal terminal, const QStringList &chunks, const QString &code, const QString &message)
{
    ScriptedReply reply;
    reply.terminal = terminal;
    reply.textChunks = chunks;
    reply.errorCode = code;
    reply.errorMessage = message;
    if (terminal == Terminal::Incomplete)
        reply.incompleteReason = code;
    return reply;
}

ScriptedReply ScriptedReply::withFault(Fault kind, int afterFrames) const
{
    ScriptedReply reply = *this;
    reply.fault = kind;
    reply.faultAfterFrames = afterFrames;
    return reply;
}

ScriptedReply ScriptedReply::withTransfer(Transfer kind) const
{
    ScriptedReply reply = *this;
    reply.transfer = kind;
    return reply;
}

ScriptedReply ScriptedReply::expectUserText(const QString &text) const
{
    ScriptedReply reply = *this;
    reply.expectedUserTexts << text;
    return reply;
}

namespace {

template <typename Enum>
bool readEnum(const QJsonObject &object, const QString &key, const QList<std::pair<QString, Enum>> &names, Enum *target,
    QString *error)
{
    if (!object.contains(key))
        return true;
    const QString value = object.value(key).toString();
    for (const auto &[name, enumValue] : names) {
        if (name == value) {
            *target = enumValue;
            return true;
        }
    }
    if (error)
        *error = u"\"%1\": unknown value \"%2\""_s.arg(key, value);
    return false;
}

} // namespace

ScriptedReply ScriptedReply::fromJson(const QJsonObject &object, QString *error)
{
    ScriptedReply reply;
    const QJsonValue text = object.value(u"text");
    if (text.isString()) {
        reply.textChunks = { text.toString() };
    } else {
        const QJsonArray chunks = text.toArray();
        for (const QJsonValue &chunk : chunks)
            reply.textChunks.append(chunk.toString());
    }
    const QJsonArray calls = object.value(u"toolCalls").toArray();
    for (const QJsonValue &value : calls) {
        const QJsonObject call = value.toObject();
        ToolCall toolCall;
        toolCall.callId = call.value(u"callId").toString();
        toolCall.name = call.value(u"name").toString();
        const QJsonValue arguments = call.value(u"arguments");
        toolCall.arguments = arguments.isObject()
            ? QString::fromUtf8(QJsonDocument(arguments.toObject()).toJson(QJsonDocument::Compact))
            : arguments.toString();
        reply.toolCalls.append(toolCall);
    }
    const QJsonObject usage = object.value(u"usage").toObject();
    reply.usage.inputTokens = usage.value(u"input").toInteger();
    reply.usage.outputTokens = usage.value(u"output").toInteger();
    reply.usage.cachedTokens = usage.value(u"cached").toInteger();
    reply.usage.reasoningTokens = usage.value(u"reasoning").toInteger();
    reply.responseId = object.value(u"responseId").toString();
    reply.model = object.value(u"model").toString();
    reply.errorCode = object.value(u"errorCode").toString();
    reply.errorMessage = object.value(u"errorMessage").toString();
    reply.incompleteReason = object.value(u"incompleteReason").toString();
    reply.finishReason = object.value(u"finishReason").toString();
    reply.omitToolCallIndex = object.value(u"omitToolCallIndex").toBool();
    reply.omitFirstToolCallId = object.value(u"omitFirstToolCallId").toBool();
    reply.sameToolCallIndex = object.value(u"sameToolCallIndex").toBool();
    reply.httpStatus = object.value(u"status").toInt(reply.httpStatus);
    reply.retryAfterSeconds = object.value(u"retryAfter").toInt(reply.retryAfterSeconds);
    reply.retryAfterMs = object.value(u"retryAfterMs").toInt(reply.retryAfterMs);
    reply.faultAfterFrames = object.value(u"afterFrames").toInt(reply.faultAfterFrames);
    reply.stallMs = object.value(u"stallMs").toInt(reply.stallMs);
    reply.frameIntervalMs = object.value(u"frameIntervalMs").toInt(reply.frameIntervalMs);
    reply.writeChunkBytes = object.value(u"writeChunkBytes").toInt(reply.writeChunkBytes);
    reply.argumentFragments = object.value(u"argumentFragments").toInt(reply.argumentFragments);
    const QJsonValue expected = object.value(u"expectUserText");
    if (expected.isString()) {
        reply.expectedUserTexts = { expected.toString() };
    } else {
        const QJsonArray texts = expected.toArray();
        for (const QJsonValue &value : texts)
            reply.expectedUserTexts << value.toString();
    }

    const bool ok = readEnum<Terminal>(object, u"terminal"_s,
                        { { u"completed"_s, Terminal::Completed }, { u"failed"_s, Terminal::Failed },
                            { u"incomplete"_s, Terminal::Incomplete }, { u"error"_s, Terminal::Error } },
                        &reply.terminal, error)
        && readEnum<Fault>(object, u"fault"_s,
            { { u"none"_s, Fault::None }, { u"http"_s, Fault::HttpError }, { u"reset"_s, Fault::ResetMidStream },
                { u"malformed"_s, Fault::MalformedJson }, { u"truncate"_s, Fault::EndWithoutFinal },
                { u"stall"_s, Fault::Stall }, { u"notjson"_s, Fault::NotJson }, { u"hugeline"_s, Fault::HugeLine } },
            &reply.fault, error)
        && readEnum<Transfer>(object, u"transfer"_s,
            { { u"chunked"_s, Transfer::Chunked }, { u"close"_s, Transfer::CloseDelimited } }, &reply.transfer, error)
        && readEnum<UsageChunk>(object, u"usageChunk"_s,
            { { u"ifRequested"_s, UsageChunk::IfRequested }, { u"always"_s, UsageChunk::Always },
                { u"never"_s, UsageChunk::Never } },
            &reply.usageChunk, error);
    if (ok && error)
        error->clear();
    return reply;
}

} // namespace Tandem::Test
