#pragma once

#include <QJsonObject>
#include <QJsonValue>
#include <QList>
#include <QString>
#include <QStringList>

namespace Tandem::Test {

/// @brief The rules strict chat templates hold a request's messages to, as the fake LLM server checks them.
///
/// Local servers (llama.cpp, Ollama, vLLM, LM Studio) render the messages of both protocols through the model's
/// chat template, and many templates refuse what they do not expect: Mistral's and Gemma's raise "Conversation roles
/// must alternate user/assistant/user/assistant/...", others take a system message only first, and none answers a
/// request without a user turn. The rules, on one conversation (a Chat Completions body's `messages`; a Responses
/// body's `instructions` then its input, after what its stored `conversation` or `previous_response_id` already holds):
/// - a system (or developer) message comes only first, at most once, and is not empty;
/// - there is a user turn, and the first message after the system message is one;
/// - user and assistant turns alternate: never two user messages in a row (Tandem merges them), never two assistant
///   messages in a row (an assistant's text and its tool calls are one message);
/// - an assistant message with tool calls is followed at once by one tool result for each of its calls, and a tool
///   result answers such a call;
/// - the conversation ends with a user message or tool results: the model is asked to answer, not to go on with its
///   own finished reply.
class ChatTemplateRules
{
public:
    /// @brief One message of a conversation, whatever the protocol.
    struct Entry
    {
        enum class Role { System, User, Assistant, Tool };
        Role role = Role::User;
        QString text;
        QStringList callIds; ///< Assistant: the tool calls it makes
        QString answers; ///< Tool: the call it answers
    };

    /// @brief A Chat Completions body's messages.
    static QList<Entry> fromChat(const QJsonObject &body);
    /// @brief A Responses body's `input` (a string or items); a message followed by function calls is one assistant
    /// entry; items other than messages, calls and their outputs (reasoning) are left out.
    static QList<Entry> fromResponsesInput(const QJsonValue &input);

    /// @brief What a strict template refuses in @p conversation, one sentence each; @p continuation: the request
    /// continues a thread the checker does not know (a conversation or a response of another server), so only the
    /// rules that need no start are checked.
    static QStringList problems(const QList<Entry> &conversation, bool continuation = false);
    /// @brief True if a user message of @p conversation contains @p text.
    static bool carriesUserText(const QList<Entry> &conversation, const QString &text);
};

} // namespace Tandem::Test
