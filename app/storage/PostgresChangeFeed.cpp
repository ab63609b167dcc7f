#include "PostgresChangeFeed.h"

#include "PostgresBoardStore.h"
#include "PostgresConnection.h"
#include "domain/Logging.h"

#include <QSqlDriver>
#include <QSqlError>
#include <QSqlQuery>
#include <QTimer>

using namespace Qt::StringLiterals;

namespace Tandem {

PostgresChangeFeed::PostgresChangeFeed(BoardUrl url, QString password, QObject *parent)
    : QObject(parent)
    , m_url(std::move(url))
    , m_password(std::move(password))
    , m_connectionName(PostgresConnection::nextName(u"tandem-board-feed"_s))
    , m_check(new QTimer(this))
    , m_retry(new QTimer(this))
{
    m_check->setInterval(kDefaultCheckMs);
    m_retry->setSingleShot(true);
    connect(m_check, &QTimer::timeout, this, &PostgresChangeFeed::check);
    connect(m_retry, &QTimer::timeout, this, &PostgresChangeFeed::retry);
}

PostgresChangeFeed::~PostgresChangeFeed()
{
    PostgresConnection::close(m_connectionName);
}

bool PostgresChangeFeed::start(QString *error)
{
    if (!listen(error))
        return false;
    m_check->start();
    return true;
}

bool PostgresChangeFeed::listen(QString *error)
{
    BoardOpenFailure failure = BoardOpenFailure::None;
    QSqlDatabase db = PostgresConnection::open(m_url, m_password, m_connectionName, &failure, error);
    if (!db.isValid())
        return false;
    // Qt's driver sends LISTEN and watches the connection's socket for what arrives.
    if (!db.driver()->subscribeToNotification(PostgresBoardStore::kChannel.toString())) {
        *error = db.driver()->lastError().text();
        db = QSqlDatabase();
        PostgresConnection::close(m_connectionName);
        return false;
    }
    connect(db.driver(), &QSqlDriver::notification, this,
        [this](const QString &name, QSqlDriver::NotificationSource, const QVariant &) { notified(name); });
    m_listening = true;
    return true;
}

void PostgresChangeFeed::notified(const QString &name)
{
    if (name != PostgresBoardStore::kChannel.toString())
        return;
    m_changed = true;
    Q_EMIT changed();
}

void PostgresChangeFeed::check()
{
    if (!m_listening)
        return;
    const QSqlDatabase db = QSqlDatabase::database(m_connectionName, false);
    // Qt's driver closes the connection itself when the socket it watches for notifications fails.
    if (!db.isOpen()) {
        lose(u"the connection was closed"_s);
        return;
    }
    QSqlQuery q(db);
    if (!q.exec(u"SELECT 1"_s))
        lose(q.lastError().text());
}

void PostgresChangeFeed::lose(const QString &why)
{
    qCWarning(lcDb) << "the board's notifications stopped:" << why << "- connecting again";
    m_listening = false;
    m_check->stop();
    {
        QSqlDatabase db = QSqlDatabase::database(m_connectionName, false);
        if (db.isValid() && db.driver())
            db.driver()->disconnect(this);
    }
    PostgresConnection::close(m_connectionName);
    m_retryDelayMs = kFirstRetryMs;
    m_retry->start(m_retryDelayMs);
    Q_EMIT connectionLost(why);
}

void PostgresChangeFeed::retry()
{
    QString error;
    if (!listen(&error)) {
        m_retryDelayMs = qMin(m_retryDelayMs * 2, kLastRetryMs);
        qCDebug(lcDb) << "the board does not answer yet:" << error;
        m_retry->start(m_retryDelayMs);
        return;
    }
    qCInfo(lcDb) << "the board's notifications resumed";
    m_check->start();
    // What was committed while nobody listened was not announced to this feed: the reader catches up.
    m_changed = true;
    Q_EMIT changed();
}

bool PostgresChangeFeed::changedElsewhere()
{
    return std::exchange(m_changed, false);
}

int PostgresChangeFeed::checkInterval() const
{
    return m_check->interval();
}

void PostgresChangeFeed::setCheckInterval(int milliseconds)
{
    m_check->setInterval(qMax(1, milliseconds));
}

} // namespace Tandem
