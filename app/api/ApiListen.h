#pragma once

#include <QString>

namespace Tandem {

/// @brief Where the local API listens (`tandem serve --listen ADDRESS[:PORT] --tls-cert FILE --tls-key FILE`).
///
/// 127.0.0.1 by default, with plain HTTP and the profile's one token, as always. Any other address reaches beyond this
/// computer and is refused unless a certificate and its key are given: then the server speaks HTTPS only, and every
/// request from elsewhere needs a per-agent token (ApiAccess).
struct ApiListen
{
    QString address = QStringLiteral("127.0.0.1");
    quint16 port = 0;
    QString tlsCertificate; ///< a PEM file; with tlsKey, the server speaks HTTPS only
    QString tlsKey; ///< the certificate's private key, a PEM file without a pass phrase

    bool hasTls() const { return !tlsCertificate.isEmpty() || !tlsKey.isEmpty(); }
    /// @brief Whether address is this computer's loopback (127.0.0.0/8, ::1 or "localhost").
    bool isLoopback() const;
    /// @brief ADDRESS or ADDRESS:PORT (an IPv6 address in brackets when a port follows) into address and port; false,
    /// with nothing changed, when @p text is neither.
    bool parse(const QString &text);
};

} // namespace Tandem
