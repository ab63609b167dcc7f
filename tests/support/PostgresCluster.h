#pragma once

#include <QString>
#include <QStringList>
#include <QTemporaryDir>

namespace Tandem::Test {

/// @brief A throwaway PostgreSQL 15 cluster for one test program: initdb into a temporary folder, a server listening
/// only on a Unix socket in that folder (no TCP), one database; stopped (`pg_ctl stop -m fast`) and removed with the
/// object. As root the cluster runs as the `postgres` user (runuser), which owns the folder.
class PostgresCluster final
{
public:
    PostgresCluster();
    ~PostgresCluster();
    Q_DISABLE_COPY_MOVE(PostgresCluster)

    /// @brief Starts the cluster; false with errorString() saying why (naming the packages when PostgreSQL 15 is
    /// not installed).
    bool start();
    QString errorString() const { return m_error; }
    /// @brief The folder of the server's socket.
    QString socketFolder() const { return m_dir.path(); }
    /// @brief The database user the tests connect as (trusted on the socket: no password).
    QString user() const { return m_user; }
    QString database() const { return QStringLiteral("board"); }
    /// @brief The board's URL for `tandem serve --board` and BoardUrl::parse.
    QString url() const;

    /// @brief Adds the login role @p user with @p password, owning a new database @p database, and makes the server
    /// ask that role for its password on the socket (scram-sha-256; the others stay trusted).
    bool addPasswordUser(const QString &user, const QString &password, const QString &database);
    /// @brief The URL of @p database for @p user on this cluster's socket.
    QString urlFor(const QString &user, const QString &database) const;

    /// @brief The packages a test run needs for PostgreSQL (scripts/install-deps.sh test installs them).
    static QString packages() { return QStringLiteral("postgresql-15 libqt6sql6-psql"); }

private:
    bool run(const QString &program, const QStringList &arguments);
    QString binary(const QString &name) const;

    QTemporaryDir m_dir;
    QString m_user;
    bool m_asRoot = false;
    bool m_started = false;
    QString m_error;
};

} // namespace Tandem::Test
