#include "llm/HttpErrors.h"
#include "llm/LlmError.h"

#include <QTest>

using namespace Qt::StringLiterals;
using Tandem::HttpErrors;
using Tandem::LlmError;
using Tandem::RetryPolicy;
using Type = Tandem::LlmError::Type;

Q_DECLARE_METATYPE(Tandem::LlmError::Type)

namespace {
const QDateTime kNow(QDate(2026, 3, 1), QTime(12, 0, 0), Qt::UTC);

constexpr Type kAllTypes[]
    = { Type::Auth, Type::NotFound, Type::BadRequest, Type::RateLimited, Type::Server, Type::Network,
          Type::ConnectionCut, Type::Timeout, Type::Protocol, Type::Redirected, Type::Incomplete, Type::Cancelled };

LlmError error(Type type, const QString &code = {}, int retryAfterMs = -1)
{
    LlmError e;
    e.type = type;
    e.code = code;
    e.retryAfterMs = retryAfterMs;
    return e;
}
} // namespace

class TestLlmError : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void statusMapping_data();
    void statusMapping();
    void errorBody_data();
    void errorBody();
    void networkErrors_data();
    void networkErrors();
    void retryAfter_data();
    void retryAfter();
    void retryAfterMsHeader_data();
    void retryAfterMsHeader();
    void backoff_data();
    void backoff();
    void retryDelay_data();
    void retryDelay();
    void transient_data();
    void transient();
    void typeNames();
    void userMessages();
    void refusalShowsTheProvidersMessage_data();
    void refusalShowsTheProvidersMessage();
};

void TestLlmError::statusMapping_data()
{
    QTest::addColumn<int>("status");
    QTest::addColumn<Type>("type");
    QTest::addColumn<bool>("retryable");

    QTest::newRow("400") << 400 << Type::BadRequest << false;
    QTest::newRow("401") << 401 << Type::Auth << false;
    QTest::newRow("403") << 403 << Type::Auth << false;
    QTest::newRow("404") << 404 << Type::NotFound << false;
    QTest::newRow("408") << 408 << Type::Timeout << false;
    QTest::newRow("413") << 413 << Type::BadRequest << false;
    QTest::newRow("422") << 422 << Type::BadRequest << false;
    QTest::newRow("429") << 429 << Type::RateLimited << true;
    QTest::newRow("500") << 500 << Type::Server << true;
    QTest::newRow("501") << 501 << Type::Server << false;
    QTest::newRow("502") << 502 << Type::Server << true;
    QTest::newRow("503") << 503 << Type::Server << true;
    QTest::newRow("504") << 504 << Type::Server << true;
    QTest::newRow("529") << 529 << Type::Server << false;
    QTest::newRow("302 not followed") << 302 << Type::Protocol << false;
}

void TestLlmError::statusMapping()
{
    QFETCH(int, status);
    QFETCH(Type, type);
    QFETCH(bool, retryable);

    QCOMPARE(HttpErrors::typeForStatus(status), type);
    QCOMPARE(HttpErrors::isRetryableStatus(status), retryable);
    const LlmError mapped = HttpErrors::fromHttpStatus(status, {});
    QCOMPARE(mapped.type, type);
    QCOMPARE(mapped.httpStatus, status);
}

void TestLlmError::errorBody_data()
{
    QTest::addColumn<int>("status");
    QTest::addColumn<QByteArray>("body");
    QTest::addColumn<QString>("reason");
    QTest::addColumn<QString>("detail");
    QTest::addColumn<QString>("code");

    QTest::newRow("OpenAI") << 429 << R"({"error":{"message":"Rate limit reached","type":"requests","param":null,
                                   "code":"rate_limit_exceeded"}})"_ba
                            << QString() << u"Rate limit reached"_s << u"rate_limit_exceeded"_s;
    QTest::newRow("OpenAI, code null: type used")
        << 429
        << R"({"error":{"message":"You exceeded your current quota","type":"insufficient_quota","code":null}})"_ba
        << QString() << u"You exceeded your current quota"_s << u"insufficient_quota"_s;
    QTest::newRow("llama.cpp, numeric code")
        << 400 << R"({"error":{"code":400,"message":"context too long","type":"invalid_request_error"}})"_ba
        << QString() << u"context too long"_s << u"invalid_request_error"_s;
    QTest::newRow("Ollama, string error")
        << 404 << R"({"error":"model \"llama9\" not found, try pulling it first"})"_ba << QString()
        << u"model \"llama9\" not found, try pulling it first"_s << QString();
    QTest::newRow("vLLM, top-level message")
        << 404 << R"({"object":"error","message":"The model `x` does not exist.","type":"NotFoundError","code":404})"_ba
        << QString() << u"The model `x` does not exist."_s << u"NotFoundError"_s;
    QTest::newRow("FastAPI detail") << 422 << R"({"detail":"Field required"})"_ba << QString() << u"Field required"_s
                                    << QString();
    QTest::newRow("HTML from a proxy") << 502 << "<html><body>Bad gateway</body></html>\n"_ba << u"Bad Gateway"_s
                                       << u"<html><body>Bad gateway</body></html>"_s << QString();
    QTest::newRow("JSON without an error")
        << 500 << R"({"ok":false})"_ba << QString() << u"{\"ok\":false}"_s << QString();
    QTest::newRow("empty body, reason phrase")
        << 503 << QByteArray() << u"Service Unavailable"_s << u"HTTP 503 Service Unavailable"_s << QString();
    QTest::newRow("empty body, no reason") << 500 << QByteArray() << QString() << u"HTTP 500"_s << QString();
    QTest::newRow("long text is cut") << 500 << QByteArray(2000, 'x') << QString() << QString(500, u'x') << QString();
}

void TestLlmError::errorBody()
{
    QFETCH(int, status);
    QFETCH(QByteArray, body);
    QFETCH(QString, reason);
    QFETCH(QString, detail);
    QFETCH(QString, code);

    const LlmError mapped = HttpErrors::fromHttpStatus(status, body, reason);
    QCOMPARE(mapped.detail, detail);
    QCOMPARE(mapped.code, code);
    QCOMPARE(mapped.httpStatus, status);
    QCOMPARE(mapped.type, HttpErrors::typeForStatus(status));
}

void TestLlmError::networkErrors_data()
{
    QTest::addColumn<QNetworkReply::NetworkError>("networkError");
    QTest::addColumn<Type>("type");
    QTest::addColumn<bool>("retryable");

    QTest::newRow("refused") << QNetworkReply::ConnectionRefusedError << Type::Network << true;
    QTest::newRow("reset") << QNetworkReply::RemoteHostClosedError << Type::Network << true;
    QTest::newRow("DNS") << QNetworkReply::HostNotFoundError << Type::Network << true;
    QTest::newRow("temporary") << QNetworkReply::TemporaryNetworkFailureError << Type::Network << true;
    QTest::newRow("TLS") << QNetworkReply::SslHandshakeFailedError << Type::Network << false;
    QTest::newRow("Qt timeout") << QNetworkReply::TimeoutError << Type::Timeout << false;
    QTest::newRow("unknown scheme") << QNetworkReply::ProtocolUnknownError << Type::Protocol << false;
    QTest::newRow("insecure redirect") << QNetworkReply::InsecureRedirectError << Type::Protocol << false;
    QTest::newRow("canceled elsewhere") << QNetworkReply::OperationCanceledError << Type::Network << false;
}

void TestLlmError::networkErrors()
{
    QFETCH(QNetworkReply::NetworkError, networkError);
    QFETCH(Type, type);
    QFETCH(bool, retryable);

    const LlmError mapped = HttpErrors::fromNetworkError(networkError, u"message from Qt"_s);
    QCOMPARE(mapped.type, type);
    QCOMPARE(mapped.detail, u"message from Qt"_s);
    QCOMPARE(mapped.httpStatus, 0);
    QCOMPARE(HttpErrors::isRetryableNetworkError(networkError), retryable);
}

void TestLlmError::retryAfter_data()
{
    QTest::addColumn<QByteArray>("value");
    QTest::addColumn<int>("expectedMs");

    QTest::newRow("seconds") << "5"_ba << 5000;
    QTest::newRow("zero") << "0"_ba << 0;
    QTest::newRow("padded") << "  7 "_ba << 7000;
    QTest::newRow("fraction") << "1.5"_ba << 1500;
    QTest::newRow("negative") << "-1"_ba << -1;
    QTest::newRow("garbage") << "soon"_ba << -1;
    QTest::newRow("empty") << QByteArray() << -1;
    QTest::newRow("IMF-fixdate") << "Sun, 01 Mar 2026 12:00:30 GMT"_ba << 30000;
    QTest::newRow("IMF-fixdate, wrong weekday") << "Mon, 01 Mar 2026 12:00:30 GMT"_ba << 30000;
    QTest::newRow("IMF-fixdate, past") << "Sun, 01 Mar 2026 11:59:00 GMT"_ba << 0;
    QTest::newRow("RFC 850") << "Sunday, 01-Mar-26 12:01:00 GMT"_ba << 60000;
    QTest::newRow("asctime") << "Sun Mar  1 12:00:10 2026"_ba << 10000;
    QTest::newRow("date without zone") << "Sun, 01 Mar 2026 12:00:30"_ba << -1;
}

void TestLlmError::retryAfter()
{
    QFETCH(QByteArray, value);
    QFETCH(int, expectedMs);
    QCOMPARE(HttpErrors::parseRetryAfter(value, kNow), expectedMs);
}

void TestLlmError::retryAfterMsHeader_data()
{
    QTest::addColumn<QByteArray>("retryAfter");
    QTest::addColumn<QByteArray>("retryAfterMs");
    QTest::addColumn<int>("expectedMs");

    QTest::newRow("ms header preferred") << "2"_ba
                                         << "250"_ba << 250;
    QTest::newRow("ms header fractional") << QByteArray() << "12.2"_ba << 13;
    QTest::newRow("invalid ms header falls back") << "2"_ba
                                                  << "abc"_ba << 2000;
    QTest::newRow("only Retry-After") << "3"_ba << QByteArray() << 3000;
    QTest::newRow("neither") << QByteArray() << QByteArray() << -1;
}

void TestLlmError::retryAfterMsHeader()
{
    QFETCH(QByteArray, retryAfter);
    QFETCH(QByteArray, retryAfterMs);
    QFETCH(int, expectedMs);
    QCOMPARE(HttpErrors::retryAfterMs(retryAfter, retryAfterMs, kNow), expectedMs);
}

void TestLlmError::backoff_data()
{
    QTest::addColumn<int>("retry");
    QTest::addColumn<double>("jitter");
    QTest::addColumn<int>("expectedMs");

    QTest::newRow("first, no jitter") << 1 << 0.0 << 500;
    QTest::newRow("second") << 2 << 0.0 << 1000;
    QTest::newRow("third") << 3 << 0.0 << 2000;
    QTest::newRow("full jitter adds half") << 2 << 1.0 << 1500;
    QTest::newRow("some jitter") << 1 << 0.5 << 625;
    QTest::newRow("capped") << 10 << 0.0 << 20000;
    QTest::newRow("huge retry count does not overflow") << 1000 << 1.0 << 20000;
}

void TestLlmError::backoff()
{
    QFETCH(int, retry);
    QFETCH(double, jitter);
    QFETCH(int, expectedMs);
    QCOMPARE(HttpErrors::backoffDelayMs(retry, RetryPolicy {}, jitter), expectedMs);
}

void TestLlmError::retryDelay_data()
{
    QTest::addColumn<LlmError>("reason");
    QTest::addColumn<bool>("retryable");
    QTest::addColumn<int>("retry");
    QTest::addColumn<int>("expectedMs");

    QTest::newRow("503, first retry") << error(Type::Server) << true << 1 << 500;
    QTest::newRow("503, last allowed retry") << error(Type::Server) << true << 3 << 2000;
    QTest::newRow("503, retries used up") << error(Type::Server) << true << 4 << -1;
    QTest::newRow("501 is not retried") << error(Type::Server) << false << 1 << -1;
    QTest::newRow("Retry-After honoured") << error(Type::RateLimited, {}, 3000) << true << 1 << 3000;
    QTest::newRow("Retry-After 0") << error(Type::RateLimited, {}, 0) << true << 2 << 0;
    QTest::newRow("Retry-After too long: fail now") << error(Type::RateLimited, {}, 60000) << true << 1 << -1;
    QTest::newRow("out of quota is never retried")
        << error(Type::RateLimited, u"insufficient_quota"_s) << true << 1 << -1;
    QTest::newRow("auth is never retried") << error(Type::Auth) << true << 1 << -1;
    QTest::newRow("connection refused") << error(Type::Network) << true << 2 << 1000;
}

void TestLlmError::retryDelay()
{
    QFETCH(LlmError, reason);
    QFETCH(bool, retryable);
    QFETCH(int, retry);
    QFETCH(int, expectedMs);
    QCOMPARE(HttpErrors::retryDelayMs(reason, retryable, retry, RetryPolicy {}, 0.0), expectedMs);
}

void TestLlmError::transient_data()
{
    QTest::addColumn<LlmError>("reason");
    QTest::addColumn<bool>("transient");

    QTest::newRow("auth") << error(Type::Auth) << false;
    QTest::newRow("not found") << error(Type::NotFound) << false;
    QTest::newRow("bad request") << error(Type::BadRequest) << false;
    QTest::newRow("rate limited") << error(Type::RateLimited) << true;
    QTest::newRow("out of quota") << error(Type::RateLimited, u"insufficient_quota"_s) << false;
    QTest::newRow("server") << error(Type::Server) << true;
    QTest::newRow("network") << error(Type::Network) << true;
    QTest::newRow("connection cut") << error(Type::ConnectionCut) << true;
    QTest::newRow("timeout") << error(Type::Timeout) << true;
    QTest::newRow("protocol") << error(Type::Protocol) << false;
    QTest::newRow("redirected") << error(Type::Redirected) << false;
    QTest::newRow("incomplete") << error(Type::Incomplete) << false;
    QTest::newRow("cancelled") << error(Type::Cancelled) << false;
}

void TestLlmError::transient()
{
    QFETCH(LlmError, reason);
    QFETCH(bool, transient);
    QCOMPARE(reason.isTransient(), transient);
}

void TestLlmError::typeNames()
{
    QStringList names;
    for (const Type type : kAllTypes) {
        const QString name = LlmError::typeName(type);
        QVERIFY2(!name.isEmpty(), "every type has a stored name");
        QCOMPARE(name, name.toLower());
        QCOMPARE(LlmError::typeFromName(name), std::optional<Type>(type));
        names.append(name);
    }
    names.removeDuplicates();
    QCOMPARE(names.size(), int(std::size(kAllTypes)));
    QCOMPARE(LlmError::typeName(Type::RateLimited), u"rate_limited"_s);
    QVERIFY(!LlmError::typeFromName(u"no_such_type").has_value());
}

void TestLlmError::userMessages()
{
    QStringList messages;
    for (const Type type : kAllTypes) {
        const QString message = error(type).userMessage();
        QVERIFY2(!message.isEmpty(), qPrintable(LlmError::typeName(type)));
        messages.append(message);
    }
    messages.removeDuplicates();
    QCOMPARE(messages.size(), int(std::size(kAllTypes)));

    QVERIFY(error(Type::RateLimited, {}, 2500).userMessage().contains(u'3')); // rounded up to whole seconds
    QVERIFY(error(Type::RateLimited, u"insufficient_quota"_s).userMessage() != error(Type::RateLimited).userMessage());
    QVERIFY(error(Type::Incomplete, u"max_output_tokens"_s).userMessage() != error(Type::Incomplete).userMessage());
    QCOMPARE(error(Type::Incomplete, u"length"_s).userMessage(),
        error(Type::Incomplete, u"max_output_tokens"_s).userMessage());
}

void TestLlmError::refusalShowsTheProvidersMessage_data()
{
    QTest::addColumn<int>("status");
    QTest::addColumn<QByteArray>("body");
    QTest::addColumn<QString>("shown");
    QTest::newRow("400, OpenAI") << 400
                                 << QByteArray(R"({"error":{"message":"Unsupported parameter: 'temperature'.",)"
                                               R"("type":"invalid_request_error","code":"unsupported_parameter"}})")
                                 << u"The provider refused the request: Unsupported parameter: 'temperature'."_s;
    QTest::newRow("413, Ollama") << 413 << QByteArray(R"({"error":"request entity too large"})")
                                 << u"The provider refused the request: request entity too large"_s;
    QTest::newRow("422, vLLM") << 422 << QByteArray(R"({"message":"max_tokens must be at least 1","code":422})")
                               << u"The provider refused the request: max_tokens must be at least 1"_s;
    QTest::newRow("413, proxy page") << 413 << QByteArray("<html><body>413 Request Entity Too Large</body></html>")
                                     << u"The provider refused the request (HTTP 413)."_s;
    QTest::newRow("400, no body") << 400 << QByteArray() << u"The provider refused the request: HTTP 400"_s;
    QTest::newRow("long message") << 400 << (R"({"error":{"message":")" + QByteArray(400, 'x') + R"("}})")
                                  << u"The provider refused the request: "_s + QString(300, u'x') + u'…';
}

void TestLlmError::refusalShowsTheProvidersMessage()
{
    QFETCH(int, status);
    QFETCH(QByteArray, body);
    QFETCH(QString, shown);
    QCOMPARE(HttpErrors::fromHttpStatus(status, body).userMessage(), shown);
}

QTEST_GUILESS_MAIN(TestLlmError)
#include "tst_llmerror.moc"
