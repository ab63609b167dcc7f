#pragma once

#include "StoreResult.h"

#include <QByteArray>
#include <QDateTime>
#include <QList>
#include <QString>

namespace Tandem {

/// @brief One per-agent token of a team's board, as stored: never the token itself, only its SHA-256.
struct ApiToken
{
    QString name;
    QString role; ///< TokenRole: a pipeline agent, admin or observer
    QByteArray hash; ///< SHA-256 of the token's text (32 bytes)
    QDateTime createdAt;
    QDateTime lastUsedAt; ///< invalid until first used
};

/// @brief The per-agent tokens of the board's storage, so that every server on one board knows them (issue #31):
/// the SQLite file's (ApiTokenStore) or the team's PostgreSQL board's (PostgresApiTokenStore).
class ApiTokens
{
public:
    virtual ~ApiTokens() = default;

    /// @brief Stores @p token; Constraint when its name is taken.
    virtual StoreResult add(const ApiToken &token) = 0;
    /// @brief Every token, by name (with their hashes: the server compares them itself, in constant time).
    virtual QList<ApiToken> all() = 0;
    /// @brief Removes the token named @p name; Lost when there is none.
    virtual StoreResult revoke(const QString &name) = 0;
    /// @brief Records that the token named @p name was used at @p when (written at most once a minute).
    virtual StoreResult markUsed(const QString &name, const QDateTime &when) = 0;
    /// @brief Why reading or writing failed last, for logs.
    virtual QString lastError() const = 0;

    /// @brief The SHA-256 a token is stored and compared by.
    static QByteArray hashOf(const QString &token);
    /// @brief A new token: 32 random bytes from the system's generator, base64url, prefixed `tdm_`.
    static QString newToken();
    /// @brief How long a token's last use is kept without being written again.
    static constexpr int kLastUsedGranularitySecs = 60;
};

} // namespace Tandem
