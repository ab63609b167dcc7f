#include "PostgresConnection.h"

#include <QAtomicInteger>
#include <QSqlError>
#include <QSqlQuery>

using namespace Qt::StringLiterals;

namespace Tandem {

QSqlDatabase PostgresConnection::open(
    const BoardUrl &url, const QString &password, const QString &name, BoardOpenFailure *failure, QString *error)
{
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(u"QPSQL"_s, name);
        if (!db.isValid()) {
            *failure = BoardOpenFailure::DriverMissing;
            *error = u"Qt's PostgreSQL driver (QPSQL) is missing: install libqt6sql6-psql."_s;
        } else {
            db.setHostName(url.host());
            db.setPort(url.port());
            db.setDatabaseName(url.database());
            db.setUserName(url.user());
            db.setPassword(password);
            db.setConnectOptions(url.connectOptions());
            if (db.open()) {
                // The board's own notices (a table that already exists) are not the log's business.
                QSqlQuery(db).exec(u"SET client_min_messages TO warning"_s);
                *failure = BoardOpenFailure::None;
                return db;
            }
            *error = db.lastError().text();
            *failure = failureOf(*error);
        }
    }
    QSqlDatabase::removeDatabase(name);
    return {};
}

void PostgresConnection::close(const QString &name)
{
    {
        QSqlDatabase db = QSqlDatabase::database(name, false);
        db.close();
    }
    QSqlDatabase::removeDatabase(name);
}

QString PostgresConnection::nextName(const QString &prefix)
{
    static QAtomicInteger<quint64> counter;
    return u"%1-%2"_s.arg(prefix).arg(counter.fetchAndAddRelaxed(1));
}

BoardOpenFailure PostgresConnection::failureOf(const QString &text)
{
    // libpq says these in English whatever the locale of a server it never reached; a server's own refusals
    // (password) are in its lc_messages, English on a default cluster.
    const auto says = [&text](QStringView words) {
        return text.contains(words, Qt::CaseInsensitive);
    };
    if (says(u"no password supplied") || says(u"password is required"))
        return BoardOpenFailure::PasswordNeeded;
    if (says(u"password authentication failed") || says(u"authentication failed") || says(u"no pg_hba.conf entry")
        || says(u"role \""))
        return BoardOpenFailure::PasswordWrong;
    if (says(u"SSL") || says(u"certificate"))
        return BoardOpenFailure::Ssl;
    if (says(u"could not connect") || says(u"connection refused") || says(u"could not translate host name")
        || says(u"timeout expired") || says(u"No such file or directory") || says(u"Network is unreachable")
        || says(u"server closed the connection"))
        return BoardOpenFailure::Unreachable;
    return BoardOpenFailure::Other;
}

bool PostgresConnection::isConnectionLost(const QSqlError &error)
{
    const QString code = error.nativeErrorCode();
    // 57P01 admin_shutdown (pg_terminate_backend), 57P02 crash_shutdown, 57P03 cannot_connect_now, class 08
    // connection exceptions.
    if (code == u"57P01" || code == u"57P02" || code == u"57P03" || code.startsWith(u"08"))
        return true;
    const QString text = error.text();
    return error.type() == QSqlError::ConnectionError || text.contains(u"server closed the connection")
        || text.contains(u"terminating connection") || text.contains(u"no connection to the server")
        || text.contains(u"connection to server") || text.contains(u"could not send data");
}

} // namespace Tandem
