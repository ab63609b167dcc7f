#pragma once

#include <QCoreApplication>
#include <QMetaType>
#include <QString>

#include <optional>

namespace Tandem {

/// @brief Why a model call did not produce a result, typed so the engine and UI can react.
struct LlmError
{
    Q_DECLARE_TR_FUNCTIONS(LlmError)

public:
    enum class Type {
        Auth, ///< 401/403: missing or wrong API key
        NotFound, ///< 404: wrong base URL or unknown model
        BadRequest, ///< 400/422: the server refused the request body
        RateLimited, ///< 429 (after the allowed retries)
        Server, ///< 5xx (after the allowed retries), `response.failed`, an `error` event
        Network, ///< connection refused, reset, DNS, TLS
        ConnectionCut, ///< the answer had begun and the connection ended before its final event (reset or closed)
        Timeout, ///< no byte arrived for the idle timeout
        Protocol, ///< malformed JSON, a stream that ended without its final event
        Redirected, ///< a redirect to another origin, not followed; detail is that origin (`scheme://host:port`)
        Incomplete, ///< `response.incomplete` or finish_reason "length": the text so far is kept
        Cancelled, ///< the person (or the engine) stopped it
    };

    Type type = Type::Network;
    int httpStatus = 0; ///< 0 if no HTTP status was received
    QString code; ///< the provider's error code, e.g. "rate_limit_exceeded", "max_output_tokens"
    QString detail; ///< the provider's or Qt's message, untranslated; a refused request shows it to the person
    int retryAfterMs = -1; ///< from Retry-After, if the server sent one

    /// @brief One translated sentence for the person, saying what happened and what to do.
    QString userMessage() const;
    /// @brief Stable lower-case name for storage and logs: "auth", "rate_limited", …
    static QString typeName(Type type);
    /// @brief The type stored under @p name by typeName(), or nothing for an unknown name.
    static std::optional<Type> typeFromName(QStringView name);
    /// @brief Whether retrying the same request later may succeed (429, 5xx, network, timeout).
    bool isTransient() const;
};

} // namespace Tandem

Q_DECLARE_METATYPE(Tandem::LlmError)
