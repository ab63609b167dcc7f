#pragma once

#include <QByteArray>
#include <QList>
#include <QPair>
#include <QString>

#include <optional>

namespace Tandem {

class ApiTokens;

/// @brief Who sent a request: the name of the token it carried and that token's role (TokenRole).
struct ApiCaller
{
    QString name;
    QString role;
};

/// @brief Decides which token a request's `Authorization: Bearer <token>` header carries.
///
/// On loopback alone there is one token, the profile's (kept in the keychain by LocalApi), with every right. A server
/// that listens beyond loopback also takes the board's per-agent tokens (ApiTokens, compared by their SHA-256 in
/// constant time), each with its role; the profile's token is then taken only from this computer (a loopback peer),
/// where the outside programs the engine starts get it, and every request from elsewhere needs a per-agent token. The
/// tokens are never logged.
class ApiAccess final
{
public:
    using Headers = QList<QPair<QByteArray, QByteArray>>;

    static constexpr QStringView kLocalName = u"local";

    /// @brief The profile's token; an empty one matches nothing.
    void setLocalToken(const QByteArray &token) { m_localToken = token; }
    QByteArray localToken() const { return m_localToken; }
    /// @brief The per-agent tokens (borrowed; nullptr: none, as on loopback alone).
    void setTokens(ApiTokens *tokens) { m_tokens = tokens; }
    bool hasTokens() const { return m_tokens != nullptr; }
    /// @brief Whether the server listens beyond loopback: only then are the per-agent tokens taken, and the profile's
    /// token only from a loopback peer.
    void setBeyondLoopback(bool beyond) { m_beyondLoopback = beyond; }

    /// @brief The caller of a request with @p headers from a peer on this computer (@p fromLoopback) or not; nothing
    /// when its token is missing, unknown or revoked.
    std::optional<ApiCaller> caller(const Headers &headers, bool fromLoopback) const;
    /// @brief Whether @p given and @p expected are the same bytes, taking the same time wherever they differ.
    static bool sameSecret(const QByteArray &given, const QByteArray &expected);

private:
    QByteArray m_localToken;
    ApiTokens *m_tokens = nullptr;
    bool m_beyondLoopback = false;
};

} // namespace Tandem
