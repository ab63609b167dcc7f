#pragma once

#include "LlmClient.h"
#include "LlmError.h"

#include <QByteArray>
#include <QElapsedTimer>
#include <QNetworkRequest>
#include <QObject>
#include <QPointer>
#include <QTimer>

class QNetworkAccessManager;
class QNetworkReply;

namespace Tandem {

/// @brief One HTTP request with the app's failure rules: retries 429/5xx/connection errors before the first body
/// byte (Retry-After honoured, exponential backoff with jitter otherwise, bounded by a RetryPolicy), an idle
/// timeout reset by every byte, and HTTP errors mapped to LlmError. A redirect is followed only within the request's
/// origin; one to another origin fails as LlmError::Type::Redirected before anything is sent there. Jobs own one and
/// give it meaning.
///
/// Exactly one of succeeded() and failed() is emitted, unless abort() is called first, which emits nothing.
class HttpExchange final : public QObject
{
    Q_OBJECT

public:
    HttpExchange(QNetworkAccessManager *network, const QNetworkRequest &request, const QByteArray &verb,
        const QByteArray &body, const RetryPolicy &policy, QObject *parent);
    ~HttpExchange() override;
    Q_DISABLE_COPY_MOVE(HttpExchange)

    /// @brief Sends the first attempt; a URL that cannot be requested (not http or https, no host) fails with a
    /// network error on the next turn of the event loop, never inside start(): the caller connects after it returns.
    void start();
    /// @brief Stops everything at once and silently: the reply is aborted, no signal follows.
    void abort();

    /// @brief HTTP attempts started so far.
    int attempts() const { return m_attempts; }
    /// @brief Whether a byte of a 2xx body arrived; from then on nothing is retried.
    bool hasBodyStarted() const { return m_bodyStarted; }
    /// @brief The Content-Type of the current 2xx response.
    const QByteArray &contentType() const { return m_contentType; }
    /// @brief False once it succeeded, failed or was aborted.
    bool isActive() const { return !m_done; }
    /// @brief The URL requested.
    QUrl url() const { return m_request.url(); }

Q_SIGNALS:
    void attemptStarted(int attempt);
    /// Retry @p retry (1-based) starts after @p delayMs because of @p reason.
    void retrying(int retry, int delayMs, const Tandem::LlmError &reason);
    /// Body bytes of a 2xx response, as they arrive.
    void bodyReceived(const QByteArray &chunk);
    /// The 2xx response is complete.
    void succeeded();
    void failed(const Tandem::LlmError &error);

private:
    void sendAttempt();
    void onReadyRead();
    void onFinished();
    void onIdleCheck();
    void onRedirected(const QUrl &target);
    void noteActivity() { m_lastActivity.start(); }
    void readStatus();
    void appendErrorBody(const QByteArray &chunk);
    bool isSuccessStatus() const { return m_status >= 200 && m_status <= 299; }
    void releaseReply();
    void finishWith(const LlmError &error, bool retryable);

    QNetworkAccessManager *m_network;
    QNetworkRequest m_request;
    QByteArray m_verb;
    QByteArray m_body;
    RetryPolicy m_policy;
    QPointer<QNetworkReply> m_reply;
    QTimer m_idleTimer;
    QTimer m_retryTimer;
    QElapsedTimer m_lastActivity;
    QByteArray m_errorBody;
    QByteArray m_contentType;
    int m_attempts = 0;
    int m_status = 0;
    bool m_bodyStarted = false;
    bool m_done = false;
};

} // namespace Tandem
