#pragma once

#include <QString>

#include <optional>

namespace Tandem {

/// @brief Where a team's board lives, from `tandem serve --board postgresql://user@host:port/db?sslmode=require`.
///
/// A password in the URL is refused rather than dropped: the URL ends up in shell histories, process lists and
/// settings, so the password is read from the keychain under secretKey() instead. `sslmode` goes to the driver's
/// connect options as given; `host` in the query (a folder starting with `/`) reaches a server on a Unix socket, as
/// libpq's own URLs allow.
class BoardUrl final
{
public:
    /// @brief The board of @p text, or nothing with *@p error saying why.
    static std::optional<BoardUrl> parse(const QString &text, QString *error);

    QString user() const { return m_user; }
    /// @brief The host name or address, or the socket folder (starting with `/`).
    QString host() const { return m_host; }
    int port() const { return m_port; }
    QString database() const { return m_database; }
    /// @brief libpq's sslmode (disable, allow, prefer, require, verify-ca, verify-full); empty for the driver's
    /// default.
    QString sslMode() const { return m_sslMode; }
    /// @brief The driver's connect options for this board (sslmode, and nothing secret).
    QString connectOptions() const;
    /// @brief The keychain entry that holds the board's password: named for the board, never the password itself.
    QString secretKey() const;
    /// @brief The URL again, without secrets, for logs and messages.
    QString display() const;

    static constexpr int kDefaultPort = 5432;

private:
    QString m_user;
    QString m_host;
    int m_port = kDefaultPort;
    QString m_database;
    QString m_sslMode;
};

} // namespace Tandem
