#pragma once

#include "domain/ProviderProfile.h"

#include <QByteArray>
#include <QNetworkRequest>
#include <QString>
#include <QUrl>

class QNetworkAccessManager;
class QObject;

namespace Tandem {

/// @brief The network policy of the whole app in one place: the one QNetworkAccessManager and how requests look.
///
/// Requests carry `User-Agent: Tandem/<version>`, follow a redirect only within their own origin (HttpExchange
/// refuses one to another scheme, host or port: the key and the conversation never go there), and have no transfer
/// timeout (a stream may legitimately run for minutes; jobs enforce an idle timeout instead). The Authorization
/// header is set here and never logged: logs name the method and the URL without user info, nothing else.
class NetworkAccess
{
public:
    enum class Accept { Json, EventStream };

    /// @brief Creates the app's one QNetworkAccessManager, configured by configure().
    static QNetworkAccessManager *createManager(QObject *parent = nullptr);
    /// @brief Applies the policy to @p manager: redirects and no transfer timeout.
    static void configure(QNetworkAccessManager *manager);
    /// @brief "Tandem/<version>".
    static QByteArray userAgent();

    /// @brief @p baseUrl (ending in /v1, with or without a slash) with @p path appended, its query kept.
    static QUrl endpoint(const QUrl &baseUrl, QStringView path);
    /// @brief A request to @p url for @p profile: JSON body, @p accept, the profile's extra headers, and
    /// `Authorization: Bearer` only when @p apiKey is not empty.
    static QNetworkRequest makeRequest(
        const QUrl &url, const ProviderProfile &profile, const QString &apiKey, Accept accept);
    /// @brief Whether @p to is on @p from's origin (same http or https scheme, host and port): the only redirects
    /// a request follows.
    static bool sameOrigin(const QUrl &from, const QUrl &to);
    /// @brief `scheme://host[:port]` of @p url, without user info, path or query: how a refused redirect's target is
    /// named.
    static QString origin(const QUrl &url);
    /// @brief What logs may say about a request: the URL without user info or secret query values (never headers).
    static QString describe(const QUrl &url);
};

} // namespace Tandem
