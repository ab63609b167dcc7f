#include "HttpErrors.h"

#include <QJsonDocument>
#include <QLocale>

#include <algorithm>
#include <cmath>
#include <limits>

namespace Tandem {

using namespace Qt::StringLiterals;

namespace {
constexpr qsizetype kMaxDetailLength = 500;

QString stringOrEmpty(const QJsonValue &value)
{
    return value.isString() ? value.toString() : QString();
}

int clampToInt(double ms)
{
    if (ms >= double(std::numeric_limits<int>::max()))
        return std::numeric_limits<int>::max();
    return int(std::ceil(ms));
}

QDateTime parseHttpDate(const QString &text)
{
    // RFC 9110 5.6.7: IMF-fixdate, plus the obsolete RFC 850 and asctime forms recipients must accept. The weekday is
    // dropped before parsing: it is redundant, and Qt rejects a date whose weekday does not match.
    const QLocale c = QLocale::c();
    const QString simplified = text.simplified();
    QDateTime parsed;
    const qsizetype comma = simplified.indexOf(u',');
    if (comma >= 0) {
        const QString date = simplified.mid(comma + 1).trimmed();
        parsed = c.toDateTime(date, u"dd MMM yyyy hh:mm:ss 'GMT'"_s);
        if (!parsed.isValid()) {
            parsed = c.toDateTime(date, u"dd-MMM-yy hh:mm:ss 'GMT'"_s);
            if (parsed.isValid() && parsed.date().year() < 1970)
                parsed = parsed.addYears(100);
        }
    } else {
        const qsizetype space = simplified.indexOf(u' ');
        if (space >= 0)
            parsed = c.toDateTime(simplified.mid(space + 1), u"MMM d hh:mm:ss yyyy"_s);
    }
    if (!parsed.isValid())
        return {};
    return QDateTime(parsed.date(), parsed.time(), Qt::UTC);
}
} // namespace

LlmError::Type HttpErrors::typeForStatus(int status)
{
    switch (status) {
    case 401:
    case 403:
        return LlmError::Type::Auth;
    case 404:
        return LlmError::Type::NotFound;
    case 408:
        return LlmError::Type::Timeout;
    case 429:
        return LlmError::Type::RateLimited;
    default:
        break;
    }
    if (status >= 500 && status <= 599)
        return LlmError::Type::Server;
    if (status >= 400 && status <= 499)
        return LlmError::Type::BadRequest; // 400, 422 and the other refusals of the request itself
    return LlmError::Type::Protocol; // an unfollowed redirect or a status HTTP does not define
}

bool HttpErrors::isRetryableStatus(int status)
{
    return status == 429 || status == 500 || status == 502 || status == 503 || status == 504;
}

bool HttpErrors::isRetryableNetworkError(QNetworkReply::NetworkError error)
{
    switch (error) {
    case QNetworkReply::ConnectionRefusedError:
    case QNetworkReply::RemoteHostClosedError:
    case QNetworkReply::HostNotFoundError:
    case QNetworkReply::TemporaryNetworkFailureError:
    case QNetworkReply::NetworkSessionFailedError:
    case QNetworkReply::ProxyConnectionRefusedError:
    case QNetworkReply::ProxyConnectionClosedError:
    case QNetworkReply::UnknownNetworkError:
        return true;
    default:
        return false;
    }
}

LlmError HttpErrors::fromHttpStatus(int status, QByteArrayView body, const QString &reasonPhrase)
{
    LlmError error;
    error.type = typeForStatus(status);
    error.httpStatus = status;

    QJsonParseError parseError;
    const QJsonDocument json = QJsonDocument::fromJson(body.toByteArray(), &parseError);
    if (parseError.error == QJsonParseError::NoError && json.isObject() && readErrorBody(json.object(), error))
        return error;

    const QString text = QString::fromUtf8(body).trimmed();
    if (!text.isEmpty())
        error.detail = text.left(kMaxDetailLength);
    else
        error.detail
            = reasonPhrase.isEmpty() ? u"HTTP %1"_s.arg(status) : u"HTTP %1 %2"_s.arg(status).arg(reasonPhrase);
    return error;
}

LlmError HttpErrors::fromNetworkError(QNetworkReply::NetworkError networkError, const QString &message)
{
    LlmError error;
    error.detail = message;
    switch (networkError) {
    case QNetworkReply::TimeoutError:
        error.type = LlmError::Type::Timeout;
        break;
    case QNetworkReply::TooManyRedirectsError:
    case QNetworkReply::InsecureRedirectError:
    case QNetworkReply::ProtocolUnknownError:
    case QNetworkReply::ProtocolInvalidOperationError:
    case QNetworkReply::ProtocolFailure:
    case QNetworkReply::UnknownContentError:
        error.type = LlmError::Type::Protocol;
        break;
    default:
        error.type = LlmError::Type::Network;
        break;
    }
    return error;
}

bool HttpErrors::readErrorBody(const QJsonObject &body, LlmError &error)
{
    const QJsonValue nested = body.value(u"error");
    if (nested.isString()) {
        error.detail = nested.toString();
        return true;
    }
    const QJsonObject object = nested.isObject() ? nested.toObject() : body;
    QString message = stringOrEmpty(object.value(u"message"));
    if (message.isEmpty() && !nested.isObject())
        message = stringOrEmpty(body.value(u"detail"));
    if (message.isEmpty() && !nested.isObject())
        return false;

    error.detail
        = message.isEmpty() ? QString::fromUtf8(QJsonDocument(object).toJson(QJsonDocument::Compact)) : message;
    // OpenAI puts the stable name in `code` and sometimes only in `type`; llama.cpp and vLLM put the HTTP status in
    // `code`, which says nothing new.
    QString code = stringOrEmpty(object.value(u"code"));
    if (code.isEmpty())
        code = stringOrEmpty(object.value(u"type"));
    error.code = code;
    return true;
}

int HttpErrors::parseRetryAfter(QByteArrayView value, const QDateTime &now)
{
    const QByteArrayView trimmed = value.trimmed();
    if (trimmed.isEmpty())
        return -1;
    bool isNumber = false;
    const double seconds = trimmed.toByteArray().toDouble(&isNumber);
    if (isNumber)
        return seconds >= 0 && std::isfinite(seconds) ? clampToInt(seconds * 1000.0) : -1;

    const QDateTime when = parseHttpDate(QString::fromLatin1(trimmed));
    if (!when.isValid())
        return -1;
    const qint64 ms = now.msecsTo(when);
    return ms <= 0 ? 0 : clampToInt(double(ms));
}

int HttpErrors::retryAfterMs(QByteArrayView retryAfter, QByteArrayView retryAfterMsHeader, const QDateTime &now)
{
    const QByteArrayView msText = retryAfterMsHeader.trimmed();
    if (!msText.isEmpty()) {
        bool ok = false;
        const double ms = msText.toByteArray().toDouble(&ok);
        if (ok && ms >= 0 && std::isfinite(ms))
            return clampToInt(ms);
    }
    return parseRetryAfter(retryAfter, now);
}

int HttpErrors::backoffDelayMs(int retry, const RetryPolicy &policy, double jitter)
{
    const int exponent = std::clamp(retry - 1, 0, 30);
    const double delay = double(policy.baseDelayMs) * double(qint64(1) << exponent);
    const double withJitter = delay + delay * 0.5 * std::clamp(jitter, 0.0, 1.0);
    return std::min(clampToInt(withJitter), policy.maxDelayMs);
}

int HttpErrors::retryDelayMs(const LlmError &error, bool retryable, int retry, const RetryPolicy &policy, double jitter)
{
    if (!retryable || !error.isTransient() || retry > policy.maxRetries)
        return -1;
    if (error.retryAfterMs >= 0)
        return error.retryAfterMs > policy.maxDelayMs ? -1 : error.retryAfterMs;
    return backoffDelayMs(retry, policy, jitter);
}

} // namespace Tandem
