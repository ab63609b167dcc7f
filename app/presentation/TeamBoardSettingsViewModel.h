#pragma once

#include <QObject>
#include <QPointer>
#include <QString>

namespace Tandem {

class TeamBoardSetup;

/// @brief Settings → Team board without widgets: the URL checked and saved, the password put into the keychain, and
/// "Test connection" answered in plain words.
class TeamBoardSettingsViewModel final : public QObject
{
    Q_OBJECT

public:
    /// @brief @p setup is borrowed and must outlive this object.
    explicit TeamBoardSettingsViewModel(TeamBoardSetup *setup, QObject *parent = nullptr);
    Q_DISABLE_COPY_MOVE(TeamBoardSettingsViewModel)

    /// @brief The saved URL; empty: off.
    QString url() const;
    /// @brief The sentence saying what is wrong with @p url; empty if it is a board's URL or empty.
    QString problemOf(const QString &url) const;
    /// @brief Saves @p url (and @p password into the keychain, unless it is empty); the answer comes as saved().
    void save(const QString &url, const QString &password);
    /// @brief Turns the team board off: conversations and the board stay on this computer.
    void turnOff();
    /// @brief Opens the board of @p url once (with @p password, or the stored one); the answer comes as tested().
    void test(const QString &url, const QString &password);
    bool isTesting() const { return m_testing; }

Q_SIGNALS:
    void saved(bool ok, const QString &message);
    void tested(bool ok, const QString &message);

private:
    QPointer<TeamBoardSetup> m_setup;
    bool m_testing = false;
};

} // namespace Tandem
