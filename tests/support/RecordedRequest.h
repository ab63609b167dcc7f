#pragma once

#include <QByteArray>
#include <QDateTime>
#include <QJsonObject>
#include <QMap>
#include <QMetaType>
#include <QString>

namespace Tandem::Test {

/// @brief One HTTP request as the fake LLM server received it, in arrival order.
struct RecordedRequest
{
    int index = -1; ///< 0-based position among all requests the server received
    int connectionId = -1; ///< the TCP connection it came on (1, 2, …): equal ids mean a reused connection
    QString method; ///< "POST", "GET", …
    QString path; ///< the path without the query, e.g. "/v1/responses"
    QString query; ///< the raw query string, without '?'
    QString httpVersion; ///< "HTTP/1.1"
    QMap<QString, QString> headers; ///< lower-case names; repeated headers joined with ", "
    QByteArray body; ///< the raw body (de-chunked)
    QJsonObject json; ///< the body parsed, empty if it is not a JSON object
    QDateTime receivedAt; ///< UTC, when the whole request had arrived

    /// @brief The header's value, looked up case-insensitively; empty if absent.
    QString header(const QString &name) const;
    /// @brief `stream: true` in the JSON body.
    bool isStreaming() const;
    /// @brief The body's `model`.
    QString model() const;
    /// @brief The system prompt it carries: Responses `instructions`, or Chat Completions' first system/developer
    /// message.
    QString instructions() const;
    /// @brief The text of the last user message: Responses `input` (string or items), or Chat `messages`.
    QString lastUserText() const;
    /// @brief The output it gives the tool call @p callId: a Chat `tool` message's content or a Responses
    /// `function_call_output`'s output (the last one, where reused ids give several); a null string if it gives none.
    QString toolOutput(const QString &callId) const;
};

} // namespace Tandem::Test

Q_DECLARE_METATYPE(Tandem::Test::RecordedRequest)
