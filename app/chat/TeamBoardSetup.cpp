#include "TeamBoardSetup.h"

#include "storage/BoardUrl.h"
#include "storage/SecretStore.h"

#include <QPointer>
#include <QSettings>

using namespace Qt::StringLiterals;

namespace Tandem {

namespace {
const QString kUrlKey = u"teamBoard/url"_s;
} // namespace

TeamBoardSetup::TeamBoardSetup(SecretStore *secrets, QObject *parent)
    : QObject(parent)
    , m_secrets(secrets)
{ }

QString TeamBoardSetup::storedUrl()
{
    return QSettings().value(kUrlKey).toString();
}

QString TeamBoardSetup::problemOf(const QString &url)
{
    QString error;
    if (url.trimmed().isEmpty() || BoardUrl::parse(url, &error))
        return {};
    return error;
}

bool TeamBoardSetup::setUrl(const QString &url, QString *error)
{
    *error = problemOf(url);
    if (!error->isEmpty())
        return false;
    const QString text = url.trimmed();
    if (text == storedUrl())
        return true;
    QSettings settings;
    if (text.isEmpty())
        settings.remove(kUrlKey);
    else
        settings.setValue(kUrlKey, text);
    Q_EMIT boardChanged(text);
    return true;
}

void TeamBoardSetup::storePassword(
    const QString &url, const QString &password, std::function<void(bool ok, QString error)> done)
{
    QString error;
    const std::optional<BoardUrl> board = BoardUrl::parse(url, &error);
    if (!board) {
        done(false, error);
        return;
    }
    QPointer<TeamBoardSetup> self(this);
    m_secrets->write(
        board->secretKey(), password, [self, url, done = std::move(done)](const SecretStore::Result &result) {
            done(result.ok(), result.errorString);
            if (self && result.ok() && url.trimmed() == storedUrl())
                Q_EMIT self->boardChanged(storedUrl()); // the board is opened again with the new password
        });
}

void TeamBoardSetup::test(const QString &url, const QString &password, std::function<void(TeamBoardProbe::Result)> done)
{
    QString error;
    const std::optional<BoardUrl> board = BoardUrl::parse(url, &error);
    if (!board || !password.isEmpty()) {
        TeamBoardProbe::run(url, password, this, std::move(done));
        return;
    }
    QPointer<TeamBoardSetup> self(this);
    m_secrets->read(board->secretKey(), [self, url, done = std::move(done)](const SecretStore::Result &result) {
        if (self)
            TeamBoardProbe::run(url, result.ok() ? result.secret : QString(), self, done);
    });
}

} // namespace Tandem
