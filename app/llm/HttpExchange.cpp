#include "HttpExchange.h"

#include "HttpErrors.h"
#include "NetworkAccess.h"
#include "domain/Logging.h"

#include <QDateTime>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QRandomGenerator>
#include <QTimer>

namespace Tandem {

using namespace Qt::StringLiterals;

namespace {
// An error page is read for its message only; a proxy answering with megabytes of HTML must not fill memory.
constexpr qsizetype kMaxErrorBody = 64 * 1024;
} // namespace

HttpExchange::HttpExchange(QNetworkAccessManager *network, const QNetworkRequest &request, const QByteArray &verb,
    const QByteArray &body, const RetryPolicy &policy, QObject *parent)
    : QObject(parent)
    , m_network(network)
    , m_request(request)
    , m_verb(verb)
    , m_body(body)
    , m_policy(policy)
{
    m_idleTimer.setSingleShot(true);
    m_retryTimer.setSingleShot(true);
    connect(&m_idleTimer, &QTimer::timeout, this, &HttpExchange::onIdleCheck);
    connect(&m_retryTimer, &QTimer::timeout, this, &HttpExchange::sendAttempt);
}

HttpExchange::~HttpExchange()
{
    releaseReply();
}

void HttpExchange::start()
{
    Q_ASSERT(m_attempts == 0);
    const QUrl target = url();
    if (!target.isValid() || target.host().isEmpty() || (target.scheme() != u"http" && target.scheme() != u"https")) {
        LlmError error;
        error.type = LlmError::Type::Network;
        error.detail = u"Invalid base URL: %1"_s.arg(NetworkAccess::describe(target));
        QTimer::singleShot(0, this, [this, error] {
            if (m_done)
                return;
            m_done = true;
            Q_EMIT failed(error);
        });
        return;
    }
    sendAttempt();
}

void HttpExchange::abort()
{
    m_done = true;
    m_idleTimer.stop();
    m_retryTimer.stop();
    releaseReply();
}

void HttpExchange::sendAttempt()
{
    if (m_done)
        return;
    ++m_attempts;
    m_status = 0;
    m_errorBody.clear();
    m_contentType.clear();
    qCDebug(lcLlm).noquote() << m_verb << NetworkAccess::describe(m_request.url()) << "attempt" << m_attempts;

    if (m_verb == "GET") {
        QNetworkRequest request = m_request;
        request.setHeader(QNetworkRequest::ContentTypeHeader, QVariant());
        m_reply = m_network->get(request);
    } else if (m_verb == "POST") {
        m_reply = m_network->post(m_request, m_body);
    } else {
        m_reply = m_network->sendCustomRequest(m_request, m_verb, m_body);
    }
    m_reply->setParent(this);
    connect(m_reply, &QNetworkReply::readyRead, this, &HttpExchange::onReadyRead);
    connect(m_reply, &QNetworkReply::finished, this, &HttpExchange::onFinished);
    connect(m_reply, &QNetworkReply::metaDataChanged, this, &HttpExchange::noteActivity);
    connect(m_reply, &QNetworkReply::uploadProgress, this, &HttpExchange::noteActivity);
    connect(m_reply, &QNetworkReply::redirected, this, &HttpExchange::onRedirected);

    Q_EMIT attemptStarted(m_attempts);
    noteActivity();
    if (m_policy.idleTimeoutMs > 0)
        m_idleTimer.start(m_policy.idleTimeoutMs);
}

void HttpExchange::readStatus()
{
    if (m_status != 0 || !m_reply)
        return;
    m_status = m_reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    if (isSuccessStatus())
        m_contentType = m_reply->header(QNetworkRequest::ContentTypeHeader).toByteArray();
}

void HttpExchange::onReadyRead()
{
    noteActivity();
    readStatus();
    if (!m_reply)
        return;
    if (isSuccessStatus()) {
        const QByteArray chunk = m_reply->readAll();
        if (chunk.isEmpty())
            return;
        m_bodyStarted = true;
        Q_EMIT bodyReceived(chunk); // may abort this exchange: touch nothing afterwards
        return;
    }
    appendErrorBody(m_reply->readAll());
}

void HttpExchange::onRedirected(const QUrl &target)
{
    if (m_done || !m_reply)
        return;
    noteActivity();
    // The first request's origin, not the previous hop's: only redirects within it are ever followed.
    if (NetworkAccess::sameOrigin(m_request.url(), target)) {
        Q_EMIT m_reply->redirectAllowed();
        return;
    }
    // The reply waits for a decision: aborting it now means nothing at all, not the key nor the body, is sent there.
    LlmError error;
    error.type = LlmError::Type::Redirected;
    error.httpStatus = m_reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    error.detail = NetworkAccess::origin(target);
    releaseReply();
    m_idleTimer.stop();
    qCInfo(lcLlm).noquote() << NetworkAccess::describe(m_request.url()) << "answered" << error.httpStatus
                            << "to another origin," << error.detail << "; not followed";
    m_done = true;
    Q_EMIT failed(error);
}

void HttpExchange::appendErrorBody(const QByteArray &chunk)
{
    m_errorBody.append(chunk.first(std::min(chunk.size(), kMaxErrorBody - m_errorBody.size())));
}

void HttpExchange::onFinished()
{
    if (m_done || !m_reply)
        return;
    m_idleTimer.stop();
    readStatus();
    const QNetworkReply::NetworkError networkError = m_reply->error();

    if (isSuccessStatus() && networkError == QNetworkReply::NoError) {
        const QByteArray rest = m_reply->readAll();
        releaseReply();
        if (!rest.isEmpty()) {
            m_bodyStarted = true;
            Q_EMIT bodyReceived(rest);
            if (m_done)
                return;
        }
        m_done = true;
        Q_EMIT succeeded();
        return;
    }

    if (m_status != 0 && !isSuccessStatus()) {
        appendErrorBody(m_reply->readAll());
        LlmError error = HttpErrors::fromHttpStatus(
            m_status, m_errorBody, m_reply->attribute(QNetworkRequest::HttpReasonPhraseAttribute).toString());
        error.retryAfterMs = HttpErrors::retryAfterMs(
            m_reply->rawHeader("Retry-After"), m_reply->rawHeader("retry-after-ms"), QDateTime::currentDateTimeUtc());
        releaseReply();
        finishWith(error, HttpErrors::isRetryableStatus(m_status));
        return;
    }

    LlmError error = HttpErrors::fromNetworkError(networkError, m_reply->errorString());
    error.httpStatus = m_status;
    // Once the answer has begun, a lost connection is an answer cut short, not a server out of reach.
    if (m_bodyStarted && error.type == LlmError::Type::Network)
        error.type = LlmError::Type::ConnectionCut;
    releaseReply();
    finishWith(error, !m_bodyStarted && HttpErrors::isRetryableNetworkError(networkError));
}

void HttpExchange::finishWith(const LlmError &error, bool retryable)
{
    const int delay = HttpErrors::retryDelayMs(
        error, retryable && !m_bodyStarted, m_attempts, m_policy, QRandomGenerator::global()->generateDouble());
    if (delay >= 0) {
        qCInfo(lcLlm).noquote() << NetworkAccess::describe(m_request.url()) << "failed with"
                                << LlmError::typeName(error.type) << error.httpStatus << "; retry" << m_attempts << "in"
                                << delay << "ms";
        Q_EMIT retrying(m_attempts, delay, error);
        if (!m_done)
            m_retryTimer.start(delay);
        return;
    }
    qCInfo(lcLlm).noquote() << NetworkAccess::describe(m_request.url()) << "failed with"
                            << LlmError::typeName(error.type) << error.httpStatus << error.code << error.detail;
    m_done = true;
    Q_EMIT failed(error);
}

void HttpExchange::onIdleCheck()
{
    if (m_done || !m_reply)
        return;
    // Restarting a QTimer on every chunk costs more than checking the clock when it fires.
    const qint64 idle = m_lastActivity.elapsed();
    if (idle < m_policy.idleTimeoutMs) {
        m_idleTimer.start(int(m_policy.idleTimeoutMs - idle));
        return;
    }
    releaseReply();
    LlmError error;
    error.type = LlmError::Type::Timeout;
    error.httpStatus = m_status;
    error.detail = u"No data for %1 ms"_s.arg(m_policy.idleTimeoutMs);
    qCInfo(lcLlm).noquote() << NetworkAccess::describe(m_request.url()) << "timed out after" << idle << "ms idle";
    m_done = true;
    Q_EMIT failed(error);
}

void HttpExchange::releaseReply()
{
    if (!m_reply)
        return;
    QNetworkReply *reply = m_reply;
    m_reply = nullptr;
    disconnect(reply, nullptr, this, nullptr);
    if (reply->isRunning())
        reply->abort();
    reply->deleteLater();
}

} // namespace Tandem
