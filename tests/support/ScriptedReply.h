#pragma once

#include "domain/TokenUsage.h"
#include "llm/LlmTypes.h"

#include <QByteArray>
#include <QJsonObject>
#include <QList>
#include <QMetaType>
#include <QString>
#include <QStringList>

#include <utility>

namespace Tandem::Test {

/// @brief What the fake LLM server answers to one model request (`POST /v1/responses` or
/// `POST /v1/chat/completions`), in the protocol the request used.
///
/// "Frames" are the stream's SSE events: a Responses event frame, or a Chat Completions `data:` chunk (the
/// `data: [DONE]` line counts as the last frame). A non-streamed request gets one frame: its whole JSON body.
struct ScriptedReply
{
    /// @brief A fault injected into this reply.
    enum class Fault {
        None,
        HttpError, ///< status httpStatus with an OpenAI error body (Retry-After if retryAfterSeconds >= 0)
        ResetMidStream, ///< faultAfterFrames frames, then a TCP reset (RST, no clean end)
        MalformedJson, ///< a frame with broken JSON inserted after faultAfterFrames frames; the stream then goes on
        EndWithoutFinal, ///< faultAfterFrames frames, then a clean end of body and close: no final event, no [DONE]
        Stall, ///< faultAfterFrames frames, then silence with the socket open (see stallMs)
        NotJson, ///< status 200 with an HTML page for a body (a proxy's or captive portal's answer)
        HugeLine, ///< one line of hugeLineBytes (no line break in it) after faultAfterFrames frames; the stream goes on
    };
    /// @brief How a Responses stream ends (Chat Completions always ends with finish_reason and [DONE]).
    enum class Terminal {
        Completed, ///< response.completed
        Failed, ///< response.failed with error {code: errorCode or "server_error", message}
        Incomplete, ///< response.incomplete with incomplete_details.reason = incompleteReason
        Error, ///< an `error` event {code, message, param}
    };
    /// @brief How the body is delimited.
    enum class Transfer {
        Chunked, ///< `Transfer-Encoding: chunked` for streams, Content-Length for JSON bodies; keep-alive
        CloseDelimited, ///< no length: the end of the body is the server closing the connection
    };
    /// @brief When Chat Completions sends the `choices: []` usage chunk.
    enum class UsageChunk {
        IfRequested, ///< only if the request had `stream_options.include_usage: true` (OpenAI)
        Always, ///< even if not asked for (some llama.cpp versions)
        Never, ///< not even if asked for (an interrupted or non-conforming server)
    };

    // Content.
    QStringList textChunks; ///< one output_text.delta / content chunk each
    QList<ToolCall> toolCalls; ///< callId (empty: "call_<n>_<i>"), name, arguments; itemId (empty: "fc_<n>_<i>")
    TokenUsage usage; ///< reported as is (total = input + output)
    QString responseId; ///< empty: "resp_<n>" / "chatcmpl-<n>"
    QString model; ///< empty: the request's model, else "fake-model"
    int argumentFragments = 3; ///< each call's arguments are streamed in up to this many pieces

    // Responses API ending.
    Terminal terminal = Terminal::Completed;
    QString errorCode; ///< Failed: a ResponseErrorCode (default "server_error"); Error: `code`; HttpError: `code`
    QString errorMessage; ///< empty: a fitting default
    QString incompleteReason; ///< empty: "max_output_tokens"

    // Chat Completions shape and the quirks of real OpenAI-compatible servers.
    QString finishReason; ///< empty: "tool_calls" if there are tool calls, else "stop"; "length" etc. as given
    bool omitToolCallIndex = false; ///< tool-call fragments carry no `index` (Gemini compat, older Ollama)
    bool omitFirstToolCallId = false; ///< a call's first fragment has no `id`; it comes with the next fragment
    bool sameToolCallIndex = false; ///< every parallel call uses index 0 (litellm)
    UsageChunk usageChunk = UsageChunk::IfRequested;

    // Faults.
    Fault fault = Fault::None;
    int httpStatus = 500; ///< HttpError only
    int retryAfterSeconds = -1; ///< HttpError: sends `Retry-After: <n>` when >= 0
    int retryAfterMs = -1; ///< HttpError: sends OpenAI's `retry-after-ms: <n>` when >= 0
    int faultAfterFrames = 2; ///< frames sent intact before ResetMidStream, MalformedJson, EndWithoutFinal, Stall
    qsizetype hugeLineBytes = 5 * 1024 * 1024; ///< HugeLine: the line's length
    int stallMs = -1; ///< Stall: < 0 keeps the socket open until the client or the server goes; else closes after

    // Delivery.
    Transfer transfer = Transfer::Chunked;
    int frameIntervalMs = 0; ///< pause between frames (0: everything is written at once)
    int writeChunkBytes = 0; ///< > 0: the bytes are written in pieces this small, one per event-loop turn
    /// Extra stream frames written verbatim (SSE framing included): each `{position, bytes}` goes before the
    /// scripted frame at `position` (0: first; past the end: after the last, [DONE] included). For unknown event
    /// types, comments and keep-alives; fault positions count the scripted frames only.
    QList<std::pair<int, QByteArray>> insertedFrames;

    // What the request must carry.
    /// Each must be part of a user message of the conversation the request continues (its body, after what its
    /// stored `conversation` holds); the server refuses a request without one with 400 and records it
    /// (FakeLlmServer::violations()).
    QStringList expectedUserTexts;

    /// @brief A streamed text answer.
    static ScriptedReply text(const QStringList &chunks, const TokenUsage &usage = {});
    /// @brief An answer that calls tools (and says `chunks` first, if any).
    static ScriptedReply calling(
        const QList<ToolCall> &calls, const QStringList &chunks = {}, const TokenUsage &usage = {});
    /// @brief An HTTP error with an OpenAI error body; 429 with `Retry-After: retryAfterSeconds` if >= 0.
    static ScriptedReply httpError(int status, int retryAfterSeconds = -1);
    /// @brief A text answer whose Responses stream ends with response.failed / response.incomplete / error.
    static ScriptedReply terminating(
        Terminal terminal, const QStringList &chunks = {}, const QString &code = {}, const QString &message = {});

    /// @brief This reply with a fault after `afterFrames` intact frames.
    ScriptedReply withFault(Fault kind, int afterFrames = 2) const;
    /// @brief This reply delimited another way.
    ScriptedReply withTransfer(Transfer kind) const;
    /// @brief This reply, given only to a request whose user messages contain @p text (see expectedUserTexts).
    ScriptedReply expectUserText(const QString &text) const;

    /// @brief All text chunks joined.
    QString fullText() const { return textChunks.join(QString()); }

    /// @brief Reads the script format of tandem_helper_fakellm:
    /// `{"text": "…" or ["Hel","lo"], "toolCalls": [{"callId","name","arguments": "…" or {…}}],
    ///   "usage": {"input","output","cached","reasoning"}, "responseId", "model",
    ///   "terminal": "completed|failed|incomplete|error", "errorCode", "errorMessage", "incompleteReason",
    ///   "finishReason", "omitToolCallIndex", "omitFirstToolCallId", "sameToolCallIndex",
    ///   "usageChunk": "ifRequested|always|never", "fault":
    ///   "none|http|reset|malformed|truncate|stall|notjson|hugeline", "status", "retryAfter", "retryAfterMs",
    ///   "afterFrames", "stallMs", "transfer": "chunked|close", "frameIntervalMs", "writeChunkBytes",
    ///   "argumentFragments", "expectUserText": "…" or ["…"]}`. Unknown keys are ignored; `error` names a bad value.
    static ScriptedReply fromJson(const QJsonObject &object, QString *error = nullptr);
};

} // namespace Tandem::Test

Q_DECLARE_METATYPE(Tandem::Test::ScriptedReply)
Q_DECLARE_METATYPE(Tandem::Test::ScriptedReply::Fault)
Q_DECLARE_METATYPE(Tandem::Test::ScriptedReply::Transfer)
