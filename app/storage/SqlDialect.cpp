#include "SqlDialect.h"

#include <QVariant>

using namespace Qt::StringLiterals;

namespace Tandem {

namespace {
// SQLite's primary result codes (sqlite3.h); an extended code carries one in its low byte.
constexpr int kSqliteCorrupt = 11;
constexpr int kSqliteBusy = 5;
constexpr int kSqliteLocked = 6;
constexpr int kSqliteConstraint = 19;
constexpr int kSqliteNotADatabase = 26;
} // namespace

QString SqlDialect::beginWrite() const
{
    return u"BEGIN IMMEDIATE"_s;
}

QString SqlDialect::changeCounter() const
{
    return u"PRAGMA data_version"_s;
}

qint64 SqlDialect::insertedId(const QSqlQuery &insert) const
{
    return insert.lastInsertId().toLongLong();
}

QList<qint64> SqlDialect::insertedIds(const QSqlQuery &insert, int rows) const
{
    const qint64 last = insertedId(insert);
    QList<qint64> ids;
    ids.reserve(rows);
    for (int r = 0; r < rows; ++r)
        ids.append(last - rows + 1 + r);
    return ids;
}

QString SqlDialect::fullTextModule() const
{
    return u"fts5"_s;
}

QString SqlDialect::fullTextReadySql() const
{
    return u"SELECT COUNT(*) = 2 FROM sqlite_master WHERE type = 'trigger' AND name IN "
           u"('message_search_insert', 'title_search_insert')"_s;
}

QString SqlDialect::titleMatchSql() const
{
    return u"SELECT t.rowid, t.title, (SELECT MAX(m.id) FROM messages m WHERE m.conversation_id = t.rowid AND "
           u"m.on_branch = 1) "
           u"FROM title_search t WHERE title_search MATCH ?"_s;
}

QString SqlDialect::messageMatchSql() const
{
    return u"SELECT f.rowid, m.conversation_id FROM message_search f JOIN messages m ON m.id = f.rowid "
           u"WHERE message_search MATCH ? AND m.on_branch = 1 ORDER BY f.rowid DESC"_s;
}

StoreError SqlDialect::errorOf(const QSqlError &error) const
{
    bool ok = false;
    const int code = error.nativeErrorCode().toInt(&ok) & 0xff;
    return StoreError(ok ? kindOf(code) : StoreError::Kind::Other, error.text(), ok ? code : 0);
}

StoreError::Kind SqlDialect::kindOf(int code)
{
    switch (code & 0xff) {
    case kSqliteBusy:
    case kSqliteLocked:
        return StoreError::Kind::Busy;
    case kSqliteConstraint:
        return StoreError::Kind::Constraint;
    case kSqliteCorrupt:
    case kSqliteNotADatabase:
        return StoreError::Kind::Corrupt;
    default:
        return StoreError::Kind::Other;
    }
}

} // namespace Tandem
