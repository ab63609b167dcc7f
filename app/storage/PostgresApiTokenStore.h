#pragma once

#include "ApiTokens.h"
#include "BoardUrl.h"
#include "Migration.h"

#include <QString>

#include <memory>

class QSqlQuery;

namespace Tandem {

/// @brief The per-agent tokens on a team's PostgreSQL board, so that every `tandem serve` on that board knows them:
/// the same ApiTokens as the SQLite file's ApiTokenStore, on a connection of its own. Use an object only on the thread
/// that opened it.
class PostgresApiTokenStore final : public ApiTokens
{
public:
    /// @brief Connects to @p url with @p password (from the keychain; empty for none), migrates the board and returns
    /// the store; nothing with *@p error saying why.
    static std::unique_ptr<PostgresApiTokenStore> open(const BoardUrl &url, const QString &password, QString *error);
    ~PostgresApiTokenStore() override;
    Q_DISABLE_COPY_MOVE(PostgresApiTokenStore)

    /// @brief The board's schema step that adds the tokens' table (PostgresBoardSchema lists it).
    static Migration migration(int version);

    StoreResult add(const ApiToken &token) override;
    QList<ApiToken> all() override;
    StoreResult revoke(const QString &name) override;
    StoreResult markUsed(const QString &name, const QDateTime &when) override;
    QString lastError() const override { return m_error; }

private:
    explicit PostgresApiTokenStore(QString connectionName);
    QSqlQuery prepare(const QString &sql);
    bool exec(QSqlQuery &query);
    StoreResult written(QSqlQuery &query, bool oneRow, const QString &what);

    QString m_connectionName;
    QString m_error;
    StoreError m_failure { StoreError::Kind::Other, {} };
};

} // namespace Tandem
