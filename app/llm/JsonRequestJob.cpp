#include "JsonRequestJob.h"

#include "HttpExchange.h"

namespace Tandem {

using namespace Qt::StringLiterals;

namespace {
constexpr qsizetype kMaxBody = 16 * 1024 * 1024;
} // namespace

JsonRequestJob::JsonRequestJob(QNetworkAccessManager *network, const QNetworkRequest &request, const QByteArray &verb,
    const QByteArray &body, const RetryPolicy &policy, QObject *parent)
    : QObject(parent)
    , m_exchange(new HttpExchange(network, request, verb, body, policy, this))
{
    connect(m_exchange, &HttpExchange::attemptStarted, this, [this](int attempt) { m_attempts = attempt; });
    connect(m_exchange, &HttpExchange::retrying, this, &JsonRequestJob::retrying);
    connect(m_exchange, &HttpExchange::bodyReceived, this, &JsonRequestJob::onBody);
    connect(m_exchange, &HttpExchange::succeeded, this, &JsonRequestJob::onSucceeded);
    connect(m_exchange, &HttpExchange::failed, this, &JsonRequestJob::fail);
}

JsonRequestJob::~JsonRequestJob() = default;

void JsonRequestJob::start()
{
    m_exchange->start();
}

void JsonRequestJob::abort()
{
    if (!isRunning())
        return;
    m_state = State::Cancelled;
    m_error = LlmError {};
    m_error.type = LlmError::Type::Cancelled;
    m_exchange->abort();
    Q_EMIT cancelled();
    deleteLater();
}

void JsonRequestJob::onBody(const QByteArray &chunk)
{
    if (!isRunning())
        return;
    if (m_body.size() + chunk.size() > kMaxBody) {
        LlmError error;
        error.type = LlmError::Type::Protocol;
        error.detail = u"The answer is larger than %1 bytes."_s.arg(kMaxBody);
        fail(error);
        return;
    }
    m_body.append(chunk);
}

void JsonRequestJob::onSucceeded()
{
    if (!isRunning())
        return;
    QJsonParseError parseError;
    const QJsonDocument json = QJsonDocument::fromJson(m_body, &parseError);
    if (parseError.error != QJsonParseError::NoError) {
        LlmError error;
        error.type = LlmError::Type::Protocol;
        error.detail = u"Malformed JSON (%1): %2"_s.arg(parseError.errorString(), QString::fromUtf8(m_body.left(200)));
        fail(error);
        return;
    }
    if (const std::optional<LlmError> error = handleResponse(json)) {
        fail(*error);
        return;
    }
    end(State::Finished);
    emitFinished();
    deleteLater();
}

void JsonRequestJob::fail(const LlmError &error)
{
    if (!isRunning())
        return;
    m_error = error;
    end(State::Failed);
    Q_EMIT failed(m_error);
    deleteLater();
}

void JsonRequestJob::end(State state)
{
    m_state = state;
    m_exchange->abort();
}

} // namespace Tandem
