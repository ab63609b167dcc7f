#include "StreamingJob.h"

#include "HttpErrors.h"
#include "HttpExchange.h"
#include "domain/Logging.h"

#include <QJsonDocument>

namespace Tandem {

using namespace Qt::StringLiterals;

namespace {
constexpr qsizetype kMaxJsonBody = 1024 * 1024;
} // namespace

StreamingJob::StreamingJob(QNetworkAccessManager *network, const QNetworkRequest &request, const QByteArray &body,
    const RetryPolicy &policy, QObject *parent)
    : LlmJob(parent)
    , m_exchange(new HttpExchange(network, request, QByteArrayLiteral("POST"), body, policy, this))
{
    connect(m_exchange, &HttpExchange::attemptStarted, this, [this](int attempt) { m_attempts = attempt; });
    connect(m_exchange, &HttpExchange::retrying, this, &LlmJob::retrying);
    connect(m_exchange, &HttpExchange::bodyReceived, this, &StreamingJob::onBody);
    connect(m_exchange, &HttpExchange::succeeded, this, &StreamingJob::onStreamEnded);
    connect(m_exchange, &HttpExchange::failed, this, &StreamingJob::fail);
}

StreamingJob::~StreamingJob() = default;

void StreamingJob::start()
{
    m_exchange->start();
}

void StreamingJob::abort()
{
    if (hasEnded())
        return;
    // The flag first: whatever the aborted reply reports from here on, this job reads as cancelled.
    m_state = State::Cancelled;
    m_error = LlmError {};
    m_error.type = LlmError::Type::Cancelled;
    m_exchange->abort();
    qCDebug(lcLlm) << "job" << serial() << "cancelled";
    Q_EMIT cancelled();
    deleteLater();
}

void StreamingJob::succeed()
{
    if (hasEnded())
        return;
    end(State::Finished);
    Q_EMIT finished(m_result);
    deleteLater();
}

void StreamingJob::fail(const LlmError &error)
{
    if (hasEnded())
        return;
    m_error = error;
    end(State::Failed);
    Q_EMIT failed(m_error);
    deleteLater();
}

void StreamingJob::failProtocol(const QString &detail)
{
    LlmError error;
    error.type = LlmError::Type::Protocol;
    error.detail = detail;
    fail(error);
}

void StreamingJob::failCut(const QString &detail)
{
    LlmError error;
    error.type = LlmError::Type::ConnectionCut;
    error.httpStatus = 200;
    error.detail = detail;
    fail(error);
}

void StreamingJob::end(State state)
{
    m_state = state;
    m_exchange->abort();
    qCDebug(lcLlm) << "job" << serial() << "ended:" << int(state) << "after" << m_attempts << "attempt(s)";
}

bool StreamingJob::parseJsonObject(const SseEvent &event, QJsonObject &object)
{
    QJsonParseError parseError;
    const QJsonDocument json = QJsonDocument::fromJson(event.data.toUtf8(), &parseError);
    if (parseError.error != QJsonParseError::NoError || !json.isObject()) {
        failProtocol(
            u"Malformed JSON in the event stream (%1): %2"_s.arg(parseError.errorString(), event.data.left(200)));
        return false;
    }
    object = json.object();
    return true;
}

void StreamingJob::appendText(const QString &delta)
{
    if (delta.isEmpty())
        return;
    m_result.text += delta;
    Q_EMIT textDelta(delta);
}

void StreamingJob::onBody(const QByteArray &chunk)
{
    if (hasEnded())
        return;
    if (!m_contentChecked) {
        m_contentChecked = true;
        // A server that ignores `stream: true` or reports an error with status 200 answers with one JSON object.
        const QByteArray body = chunk.trimmed();
        m_jsonBodyMode = m_exchange->contentType().contains("application/json") && body.startsWith('{');
        // A proxy's or captive portal's page answered with status 200: nothing of it is an event stream, and ending
        // as a cut connection would send the person after the network instead of the server's address.
        if (!m_jsonBodyMode && (body.startsWith('<') || m_exchange->contentType().contains("text/html"))) {
            failProtocol(u"The server answered with a web page (%1) instead of an event stream."_s.arg(
                QString::fromLatin1(m_exchange->contentType().left(100))));
            return;
        }
    }
    if (m_jsonBodyMode) {
        if (m_jsonBody.size() + chunk.size() > kMaxJsonBody) {
            failProtocol(u"The server answered with a JSON document instead of an event stream."_s);
            return;
        }
        m_jsonBody.append(chunk);
        return;
    }
    m_parser.feed(chunk, m_pending);
    dispatchPending();
    if (m_parser.overflowed() && !hasEnded()) {
        failProtocol(u"The server sent a line or an event larger than %1 MiB; the stream was stopped."_s.arg(
            SseParser::maxEventBytes() / (1024 * 1024)));
    }
}

void StreamingJob::onStreamEnded()
{
    if (hasEnded())
        return;
    if (m_jsonBodyMode) {
        finishJsonBody();
        return;
    }
    m_parser.finish(m_pending);
    m_endOfStream = true;
    dispatchPending();
}

void StreamingJob::dispatchPending()
{
    // A slot connected to our signals may spin a nested event loop (a dialog); the outer loop then delivers the
    // events that arrive meanwhile, in order.
    if (m_dispatching)
        return;
    m_dispatching = true;
    for (qsizetype i = 0; i < m_pending.size() && !hasEnded(); ++i) {
        const SseEvent event = m_pending.at(i); // a copy: handling it may append to m_pending
        handleEvent(event);
    }
    m_pending.clear();
    m_dispatching = false;
    if (m_endOfStream && !hasEnded())
        handleEndOfStream();
}

void StreamingJob::finishJsonBody()
{
    LlmError error;
    error.type = LlmError::Type::Protocol;
    error.detail = u"The server answered with a JSON document instead of an event stream."_s;
    QJsonParseError parseError;
    const QJsonDocument json = QJsonDocument::fromJson(m_jsonBody, &parseError);
    if (parseError.error == QJsonParseError::NoError && json.isObject() && json.object().contains(u"error")
        && HttpErrors::readErrorBody(json.object(), error)) {
        error.type = LlmError::Type::Server;
    }
    fail(error);
}

} // namespace Tandem
