#include "NetworkAccess.h"

#include "domain/UrlSecrets.h"

#include <QNetworkAccessManager>

namespace Tandem {

using namespace Qt::StringLiterals;

QNetworkAccessManager *NetworkAccess::createManager(QObject *parent)
{
    auto *manager = new QNetworkAccessManager(parent);
    configure(manager);
    return manager;
}

void NetworkAccess::configure(QNetworkAccessManager *manager)
{
    // Each redirect is judged by HttpExchange: a request carries the API key and the conversation, which may follow
    // it only within the origin the person chose (see sameOrigin()).
    manager->setRedirectPolicy(QNetworkRequest::UserVerifiedRedirectPolicy);
    // No transfer timeout: a streamed reply may take minutes. Each job has an idle timeout instead.
    manager->setTransferTimeout(0);
}

QByteArray NetworkAccess::userAgent()
{
    return QByteArrayLiteral("Tandem/" TANDEM_VERSION);
}

QUrl NetworkAccess::endpoint(const QUrl &baseUrl, QStringView path)
{
    QUrl url = baseUrl;
    QString basePath = url.path();
    while (basePath.endsWith(u'/'))
        basePath.chop(1);
    url.setPath(basePath % u'/' % path);
    return url;
}

QNetworkRequest NetworkAccess::makeRequest(
    const QUrl &url, const ProviderProfile &profile, const QString &apiKey, Accept accept)
{
    QNetworkRequest request(url);
    request.setHeader(QNetworkRequest::UserAgentHeader, userAgent());
    request.setHeader(QNetworkRequest::ContentTypeHeader, QByteArrayLiteral("application/json"));
    request.setAttribute(QNetworkRequest::RedirectPolicyAttribute, QNetworkRequest::UserVerifiedRedirectPolicy);
    request.setTransferTimeout(0);
    if (accept == Accept::EventStream) {
        request.setRawHeader("Accept", "text/event-stream");
        request.setRawHeader("Cache-Control", "no-cache");
    } else {
        request.setRawHeader("Accept", "application/json");
    }
    for (auto it = profile.extraHeaders.cbegin(); it != profile.extraHeaders.cend(); ++it)
        request.setRawHeader(it.key().toUtf8(), it.value().toUtf8());
    // After the extra headers, so a stray "Authorization" among them cannot replace the key from the keychain.
    if (!apiKey.isEmpty())
        request.setRawHeader("Authorization", "Bearer " + apiKey.toUtf8());
    return request;
}

bool NetworkAccess::sameOrigin(const QUrl &from, const QUrl &to)
{
    // QUrl keeps the scheme and the host in lower case; a missing port is the scheme's own.
    const auto defaultPort = [](const QUrl &url) {
        return url.scheme() == u"https" ? 443 : 80;
    };
    return from.scheme() == to.scheme() && (to.scheme() == u"http" || to.scheme() == u"https")
        && from.host() == to.host() && from.port(defaultPort(from)) == to.port(defaultPort(to));
}

QString NetworkAccess::origin(const QUrl &url)
{
    return url.adjusted(QUrl::RemoveUserInfo | QUrl::RemovePath | QUrl::RemoveQuery | QUrl::RemoveFragment)
        .toDisplayString();
}

QString NetworkAccess::describe(const QUrl &url)
{
    return UrlSecrets::redacted(url);
}

} // namespace Tandem
