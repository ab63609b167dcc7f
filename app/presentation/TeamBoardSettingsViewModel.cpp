#include "TeamBoardSettingsViewModel.h"

#include "chat/TeamBoardSetup.h"

namespace Tandem {

namespace {

QString sentenceFor(const TeamBoardProbe::Result &result)
{
    using Problem = TeamBoardProbe::Problem;
    switch (result.problem) {
    case Problem::None:
        return TeamBoardSettingsViewModel::tr("Connected. The board holds %n stories.", nullptr, result.stories);
    case Problem::BadUrl:
        return TeamBoardSettingsViewModel::tr("This is not a board's address: %1").arg(result.detail);
    case Problem::Unreachable:
        return TeamBoardSettingsViewModel::tr(
            "The server cannot be reached: check the host, the port and that PostgreSQL is running.");
    case Problem::WrongPassword:
        return TeamBoardSettingsViewModel::tr("The server refused the password for this user.");
    case Problem::SslRefused:
        return TeamBoardSettingsViewModel::tr(
            "The server and the sslmode do not agree on encryption (SSL): the server said: %1")
            .arg(result.detail);
    case Problem::NoDatabase:
        return TeamBoardSettingsViewModel::tr("The server knows no such database or user: %1").arg(result.detail);
    case Problem::Other:
        break;
    }
    return TeamBoardSettingsViewModel::tr("The board could not be opened: %1").arg(result.detail);
}

} // namespace

TeamBoardSettingsViewModel::TeamBoardSettingsViewModel(TeamBoardSetup *setup, QObject *parent)
    : QObject(parent)
    , m_setup(setup)
{ }

QString TeamBoardSettingsViewModel::url() const
{
    return m_setup ? TeamBoardSetup::storedUrl() : QString();
}

QString TeamBoardSettingsViewModel::problemOf(const QString &url) const
{
    const QString problem = TeamBoardSetup::problemOf(url);
    return problem.isEmpty() ? QString() : tr("This is not a board's address: %1").arg(problem);
}

void TeamBoardSettingsViewModel::save(const QString &url, const QString &password)
{
    if (!m_setup)
        return;
    QString error;
    if (!m_setup->setUrl(url, &error)) {
        Q_EMIT saved(false, problemOf(url));
        return;
    }
    if (url.trimmed().isEmpty()) {
        Q_EMIT saved(true, tr("Off: conversations and handoffs stay on this computer."));
        return;
    }
    if (password.isEmpty()) {
        Q_EMIT saved(true, tr("Saved. The board's password is the one in the keychain, if any."));
        return;
    }
    QPointer<TeamBoardSettingsViewModel> self(this);
    m_setup->storePassword(url, password, [self](bool ok, const QString &keychainError) {
        if (!self)
            return;
        if (ok)
            Q_EMIT self->saved(true, tr("Saved. The password is in the keychain."));
        else
            Q_EMIT self->saved(false, tr("The password could not be stored in the keychain: %1").arg(keychainError));
    });
}

void TeamBoardSettingsViewModel::turnOff()
{
    save(QString(), QString());
}

void TeamBoardSettingsViewModel::test(const QString &url, const QString &password)
{
    if (!m_setup || m_testing)
        return;
    m_testing = true;
    QPointer<TeamBoardSettingsViewModel> self(this);
    m_setup->test(url, password, [self](const TeamBoardProbe::Result &result) {
        if (!self)
            return;
        self->m_testing = false;
        Q_EMIT self->tested(result.ok(), sentenceFor(result));
    });
}

} // namespace Tandem
