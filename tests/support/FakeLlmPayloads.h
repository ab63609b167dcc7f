#pragma once

#include "RecordedRequest.h"
#include "ScriptedReply.h"

#include <QByteArray>
#include <QJsonObject>
#include <QList>

/// @brief The JSON the fake LLM server sends, built from a ScriptedReply and the request it answers, in the shapes
/// of OpenAI's spec (ResponseStreamEvent, Response, CreateChatCompletionStreamResponse, CreateChatCompletionResponse,
/// ErrorResponse). Pure functions: the server adds HTTP and SSE framing.
namespace Tandem::Test::FakeLlmPayloads {

/// @brief Ids and clock of one reply: `serial` numbers the ids (resp_<serial>, msg_<serial>, fc_<serial>_<i>, …).
struct ReplyContext
{
    int serial = 1;
    qint64 createdAt = 0; ///< seconds since the epoch
};

/// @brief The events of a streamed Responses answer, in order, with `sequence_number` from 0.
QList<QJsonObject> responsesEvents(
    const ScriptedReply &reply, const RecordedRequest &request, const ReplyContext &context);
/// @brief The final response object (what `response.completed` / `.failed` / `.incomplete` carries).
QJsonObject responseObject(const ScriptedReply &reply, const RecordedRequest &request, const ReplyContext &context);

/// @brief The `chat.completion.chunk` objects of a streamed Chat Completions answer, in order, without `[DONE]`.
QList<QJsonObject> chatChunks(const ScriptedReply &reply, const RecordedRequest &request, const ReplyContext &context);
/// @brief The `chat.completion` object of a non-streamed Chat Completions answer.
QJsonObject chatCompletion(const ScriptedReply &reply, const RecordedRequest &request, const ReplyContext &context);

/// @brief `{"error": {"message", "type", "param", "code"}}`; empty `code` / `param` become null.
QJsonObject errorBody(const QString &message, const QString &type, const QString &code = {}, const QString &param = {});
/// @brief OpenAI's error body for an HTTP status (401 invalid_api_key, 404 model_not_found, 429
/// rate_limit_exceeded, 500/503 server_error, …); `code` / `message` override the defaults when not empty.
QJsonObject errorBodyForStatus(int status, const QString &model, const QString &code = {}, const QString &message = {});

/// @brief `text` cut into at most `pieces` non-empty parts (one empty part for an empty text); never splits a
/// surrogate pair.
QStringList split(const QString &text, int pieces);

/// @brief Compact JSON bytes.
QByteArray toJson(const QJsonObject &object);

} // namespace Tandem::Test::FakeLlmPayloads
