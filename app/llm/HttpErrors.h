#pragma once

#include "LlmClient.h"
#include "LlmError.h"

#include <QByteArrayView>
#include <QDateTime>
#include <QJsonObject>
#include <QNetworkReply>

namespace Tandem {

/// @brief Pure rules turning HTTP outcomes into LlmError and deciding retries; no state, no network.
class HttpErrors
{
public:
    /// @brief The error type of a non-2xx HTTP status: 401/403 Auth, 404 NotFound, 400/422 BadRequest, …
    static LlmError::Type typeForStatus(int status);
    /// @brief Whether a status may pass by waiting: 429, 500, 502, 503, 504.
    static bool isRetryableStatus(int status);
    /// @brief Whether a failed connection (no HTTP status) is worth another attempt: refused, reset, DNS, …
    static bool isRetryableNetworkError(QNetworkReply::NetworkError error);

    /// @brief The error for a non-2xx @p status with response @p body; reads OpenAI-style error bodies.
    static LlmError fromHttpStatus(int status, QByteArrayView body, const QString &reasonPhrase = {});
    /// @brief The error for a request that failed below HTTP (no status).
    static LlmError fromNetworkError(QNetworkReply::NetworkError error, const QString &message);
    /// @brief Fills @p error's detail and code from an error body; false if @p body holds no error.
    ///
    /// Understands `{"error":{"message","code","type"}}` (OpenAI, llama.cpp), `{"error":"…"}` (Ollama),
    /// `{"message","type","code"}` (vLLM) and `{"detail":"…"}`.
    static bool readErrorBody(const QJsonObject &body, LlmError &error);

    /// @brief A Retry-After value (delay-seconds or HTTP-date) in milliseconds from @p now; -1 if absent or invalid.
    static int parseRetryAfter(QByteArrayView value, const QDateTime &now);
    /// @brief The server's requested delay: OpenAI's `retry-after-ms` if valid, else `Retry-After`; -1 if none.
    static int retryAfterMs(QByteArrayView retryAfter, QByteArrayView retryAfterMsHeader, const QDateTime &now);
    /// @brief Exponential backoff for retry @p retry (1-based): base * 2^(retry-1) plus @p jitter (0..1) times half
    /// of that, at most maxDelayMs.
    static int backoffDelayMs(int retry, const RetryPolicy &policy, double jitter);
    /// @brief The delay before retry @p retry of a request that failed with @p error, or -1 to fail at once.
    static int retryDelayMs(const LlmError &error, bool retryable, int retry, const RetryPolicy &policy, double jitter);
};

} // namespace Tandem
