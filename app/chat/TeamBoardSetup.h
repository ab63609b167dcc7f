#pragma once

#include "TeamBoardProbe.h"

#include <QObject>
#include <QString>

#include <functional>

namespace Tandem {

class SecretStore;

/// @brief What Settings → Team board sets: the board's URL (QSettings, never a secret; empty: local only) and its
/// password (the keychain, under BoardUrl::secretKey: named for user@host:port/db, never stored anywhere else).
/// composition/TeamBoardChoice reads the same URL for the window and `tandem serve`.
class TeamBoardSetup final : public QObject
{
    Q_OBJECT

public:
    /// @brief @p secrets is borrowed and must outlive this object.
    explicit TeamBoardSetup(SecretStore *secrets, QObject *parent = nullptr);
    Q_DISABLE_COPY_MOVE(TeamBoardSetup)

    /// @brief The board's URL as saved; empty when the team board is off.
    static QString storedUrl();
    /// @brief Why @p url cannot be a board (BoardUrl's sentence); empty if it can, or if it is empty (off).
    static QString problemOf(const QString &url);

    /// @brief Saves @p url (empty: off) and announces it; false, with *@p error, for a URL that is no board.
    bool setUrl(const QString &url, QString *error);
    /// @brief Stores @p password as the password of the board of @p url; @p done says whether the keychain took it.
    void storePassword(const QString &url, const QString &password, std::function<void(bool ok, QString error)> done);
    /// @brief Opens the board of @p url once, off the GUI thread, with @p password, or the stored one when it is empty.
    void test(const QString &url, const QString &password, std::function<void(TeamBoardProbe::Result)> done);
    SecretStore *secrets() const { return m_secrets; }

Q_SIGNALS:
    /// @brief The saved URL or the password stored for it changed (empty: the team board was turned off).
    void boardChanged(const QString &url);

private:
    SecretStore *m_secrets;
};

} // namespace Tandem
