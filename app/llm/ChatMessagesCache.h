#pragma once

#include "ChatCompletionsClient.h"
#include "LlmTypes.h"

#include <QByteArray>
#include <QList>
#include <QString>

namespace Tandem {

/// @brief The serialized `messages` of the latest Chat Completions requests, kept so that the next request of the same
/// thread writes only what is new (issue #29): on Chat Completions the whole thread is sent with every call, and
/// building and serializing every message again made a turn's CPU grow with the conversation.
///
/// A request's arranged input (TemplateTurns) is cut into units: an item with the function calls that follow it (they
/// fold into its message, or make one of their own). A unit's text depends on its items alone, so a unit equal to the
/// one at the same place in a kept thread reuses its text; from the first unit that differs on (an edited or
/// regenerated message, another branch), the rest is serialized again. The threads are told apart by their
/// instructions and dialect; the least recently used of kThreads is dropped.
class ChatMessagesCache final
{
public:
    /// @brief The `POST /chat/completions` body of @p request: byte for byte
    /// `QJsonDocument(ChatCompletionsClient::buildRequestBody(request, dialect)).toJson(QJsonDocument::Compact)`.
    QByteArray body(const LlmRequest &request, ChatCompletionsClient::Dialect dialect);

    /// @brief Units serialized since the cache was made (those reused are not counted), for the tests.
    qsizetype serialized() const { return m_serialized; }

private:
    struct Unit
    {
        QList<InputItem> items;
        QByteArray json; ///< its messages, comma-separated, without the array's brackets; empty if it makes none
    };
    struct Thread
    {
        QString instructions;
        ChatCompletionsClient::Dialect dialect = ChatCompletionsClient::Dialect::Compatible;
        QList<Unit> units;
        quint64 used = 0;
    };

    static QList<QList<InputItem>> unitsOf(const QList<InputItem> &input);
    static bool same(const QList<InputItem> &a, const QList<InputItem> &b);
    static qsizetype sharedUnits(const Thread &thread, const QList<QList<InputItem>> &units);
    static QByteArray withoutBrackets(const QJsonArray &messages);
    /// The kept thread for @p arranged; @p shared gets how many of @p units it holds already.
    Thread &threadFor(const LlmRequest &arranged, ChatCompletionsClient::Dialect dialect,
        const QList<QList<InputItem>> &units, qsizetype *shared);

    static constexpr qsizetype kThreads = 8;
    QList<Thread> m_threads;
    quint64 m_uses = 0;
    qsizetype m_serialized = 0;
};

} // namespace Tandem
