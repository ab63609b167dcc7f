#include "BoardUrl.h"

#include <QStringList>
#include <QUrl>
#include <QUrlQuery>

using namespace Qt::StringLiterals;

namespace Tandem {

namespace {
const QStringList kSslModes = { u"disable"_s, u"allow"_s, u"prefer"_s, u"require"_s, u"verify-ca"_s, u"verify-full"_s };
} // namespace

std::optional<BoardUrl> BoardUrl::parse(const QString &text, QString *error)
{
    const QUrl url(text.trimmed(), QUrl::StrictMode);
    const QString scheme = url.scheme();
    if (!url.isValid() || (scheme != u"postgresql" && scheme != u"postgres")) {
        *error = u"The board must be a PostgreSQL URL: postgresql://USER@HOST/DATABASE?sslmode=require."_s;
        return std::nullopt;
    }
    if (!url.password().isEmpty()) {
        *error = u"The board's URL must not carry a password: store it in the keychain instead."_s;
        return std::nullopt;
    }
    BoardUrl board;
    board.m_user = url.userName(QUrl::FullyDecoded);
    board.m_host = url.host(QUrl::FullyDecoded);
    board.m_port = url.port(kDefaultPort);
    board.m_database = url.path(QUrl::FullyDecoded).mid(1);
    const QUrlQuery query(url);
    const QString socketFolder = query.queryItemValue(u"host"_s, QUrl::FullyDecoded);
    if (socketFolder.startsWith(u'/'))
        board.m_host = socketFolder;
    board.m_sslMode = query.queryItemValue(u"sslmode"_s, QUrl::FullyDecoded);
    if (!board.m_sslMode.isEmpty() && !kSslModes.contains(board.m_sslMode)) {
        *error = u"sslmode “%1” is none of %2."_s.arg(board.m_sslMode.left(40), kSslModes.join(u", "_s));
        return std::nullopt;
    }
    if (board.m_user.isEmpty() || board.m_host.isEmpty() || board.m_database.isEmpty()
        || board.m_database.contains(u'/')) {
        *error = u"The board's URL needs a user, a host and a database: postgresql://USER@HOST/DATABASE."_s;
        return std::nullopt;
    }
    return board;
}

QString BoardUrl::connectOptions() const
{
    return m_sslMode.isEmpty() ? QString() : u"sslmode=%1"_s.arg(m_sslMode);
}

QString BoardUrl::secretKey() const
{
    return u"board:%1"_s.arg(display());
}

QString BoardUrl::display() const
{
    return u"postgresql://%1@%2:%3/%4"_s.arg(m_user, m_host).arg(m_port).arg(m_database);
}

} // namespace Tandem
