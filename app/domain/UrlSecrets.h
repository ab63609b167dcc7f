#pragma once

#include <QString>
#include <QUrl>

namespace Tandem {

/// @brief Secrets a URL may carry: user info (`https://user:key@host`) and key-like query parameters (`?key=…`,
/// `api_key`, `token`, …). A provider's base URL must carry none (the key belongs in the keychain), and a URL in a
/// log line shows none.
class UrlSecrets
{
public:
    /// @brief True if @p name is a query parameter that usually carries a secret: key, api_key, apikey, token,
    /// access_token, secret, password, sig, … (case and `-`/`_` do not matter).
    static bool isSecretParameter(QStringView name);
    /// @brief The name of @p url's first secret query parameter, as written; empty if none.
    static QString secretParameter(const QUrl &url);
    /// @brief True if @p url holds neither user info nor a secret query parameter.
    static bool isClean(const QUrl &url) { return url.userInfo().isEmpty() && secretParameter(url).isEmpty(); }
    /// @brief @p url for a log line or a label: no user info, and every secret parameter's value replaced by "…".
    static QString redacted(const QUrl &url);
};

} // namespace Tandem
