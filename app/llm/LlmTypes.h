#pragma once

#include "domain/TokenUsage.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QList>
#include <QMetaType>
#include <QString>

#include <optional>

namespace Tandem {

/// @brief A function tool offered to the model: name, description and JSON-schema parameters.
struct ToolDefinition
{
    QString name;
    QString description;
    QJsonObject parameters; ///< a JSON schema object
    bool strict = false;
};

/// @brief One function call the model made. Arguments stay the raw JSON text the model wrote.
struct ToolCall
{
    QString callId; ///< Responses: `call_id`; Chat Completions: `tool_calls[].id`
    QString name;
    QString arguments;
    QString itemId; ///< Responses only: the output item id (`fc_…`)
    friend bool operator==(const ToolCall &, const ToolCall &) = default;
};

/// @brief One item of a request's input, provider-neutral; each client maps it to its protocol.
///
/// Chat Completions: Message -> {role, content}; FunctionCall items that follow one another become one assistant
/// message with `tool_calls`; FunctionCallOutput -> {role: "tool", tool_call_id, content}; Raw is skipped.
/// Responses: Message -> {type: "message", role, content}; FunctionCall -> {type: "function_call", call_id, name,
/// arguments}; FunctionCallOutput -> {type: "function_call_output", call_id, output}; Raw is sent verbatim.
struct InputItem
{
    enum class Type { Message, FunctionCall, FunctionCallOutput, Raw };
    enum class Role { User, Assistant, System, Developer };

    Type type = Type::Message;
    Role role = Role::User; ///< Message only
    QString text; ///< Message: its text
    ToolCall call; ///< FunctionCall: the call replayed; FunctionCallOutput: call.callId names the call answered
    QString output; ///< FunctionCallOutput: the tool's result
    QJsonObject raw; ///< Raw (Responses only): an output item replayed verbatim, e.g. a reasoning item

    static InputItem message(Role role, const QString &text)
    {
        InputItem item;
        item.role = role;
        item.text = text;
        return item;
    }
    static InputItem user(const QString &text) { return message(Role::User, text); }
    static InputItem assistant(const QString &text) { return message(Role::Assistant, text); }
    static InputItem functionCall(const ToolCall &call)
    {
        InputItem item;
        item.type = Type::FunctionCall;
        item.role = Role::Assistant;
        item.call = call;
        return item;
    }
    static InputItem functionOutput(const QString &callId, const QString &output)
    {
        InputItem item;
        item.type = Type::FunctionCallOutput;
        item.call.callId = callId;
        item.output = output;
        return item;
    }
    static InputItem rawItem(const QJsonObject &raw)
    {
        InputItem item;
        item.type = Type::Raw;
        item.raw = raw;
        return item;
    }
};

/// @brief Structured output: the reply must be JSON matching @p schema (Responses: `text.format` of type
/// `json_schema`; Chat Completions: `response_format` of type `json_schema`).
struct OutputSchema
{
    QString name; ///< letters, digits, '_' and '-', at most 64
    QJsonObject schema;
    bool strict = true;
};

/// @brief Everything one model call needs. Fields a protocol lacks are ignored by its client.
struct LlmRequest
{
    QString model;
    QString instructions; ///< the agent's system prompt (Responses: `instructions`; Chat: a leading system message)
    QList<InputItem> input;
    QList<ToolDefinition> tools;
    std::optional<bool> parallelToolCalls;
    std::optional<qint64> maxOutputTokens;
    std::optional<double> temperature;
    std::optional<OutputSchema> outputSchema; ///< the reply is JSON of this schema (router classification)

    // Responses API server-side state (OpenAI); ignored by Chat Completions.
    QString conversationId; ///< sent as `conversation`; mutually exclusive with previousResponseId
    QString previousResponseId;
    std::optional<bool> store;
};

/// @brief What a finished model call produced.
struct LlmResult
{
    QString responseId; ///< Responses: `resp_…`; Chat Completions: the chunk id
    QString model; ///< the model that answered, as the server named it
    QString text; ///< all text deltas, assembled exactly
    QList<ToolCall> toolCalls; ///< complete calls, in output order
    TokenUsage usage;
    /// Chat Completions: the finish_reason (stop, length, tool_calls, content_filter); Responses: "stop" or
    /// "tool_calls" derived from the output.
    QString finishReason;
    QJsonArray outputItems; ///< Responses: the `.done` output items, for stateless replay (reasoning + calls)
};

} // namespace Tandem

Q_DECLARE_METATYPE(Tandem::ToolCall)
Q_DECLARE_METATYPE(Tandem::LlmResult)
