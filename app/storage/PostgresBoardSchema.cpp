#include "PostgresBoardSchema.h"

#include "PostgresApiTokenStore.h"

#include <QSqlError>
#include <QSqlQuery>
#include <QVariant>

using namespace Qt::StringLiterals;

namespace Tandem {

namespace {

// Several Tandems may start on a new board at once; the first migrates, the others wait for it and find it done.
constexpr qint64 kMigrationLock = 0x74616e64656d0001; // "tandem" and the lock's number

bool run(QSqlDatabase db, const QString &sql, QString *error)
{
    QSqlQuery q(db);
    if (q.exec(sql))
        return true;
    *error = u"%1: %2"_s.arg(sql.simplified().left(80), q.lastError().text());
    return false;
}

int storedVersion(QSqlDatabase db)
{
    QSqlQuery q(db);
    return q.exec(u"SELECT COALESCE(MAX(version), 0) FROM schema_migrations"_s) && q.next() ? q.value(0).toInt() : -1;
}

bool apply(QSqlDatabase db, const Migration &migration, QString *error)
{
    if (!db.transaction()) {
        *error = db.lastError().text();
        return false;
    }
    for (const QString &statement : migration.statements) {
        if (!run(db, statement, error)) {
            db.rollback();
            return false;
        }
    }
    QSqlQuery record(db);
    record.prepare(u"INSERT INTO schema_migrations (version, description) VALUES (?, ?)"_s);
    record.addBindValue(migration.version);
    record.addBindValue(migration.description);
    if (!record.exec() || !db.commit()) {
        *error = record.lastError().isValid() ? record.lastError().text() : db.lastError().text();
        db.rollback();
        return false;
    }
    return true;
}

} // namespace

QList<Migration> PostgresBoardSchema::migrations()
{
    return {
        // A story is known by its own id (seed 002's `v0.1:1.1.1`) on every machine; the handoffs refer to the
        // board's number for it. Times are timestamptz, so the stale rule compares instants, not text.
        Migration { 1, u"stories, handoffs and the change log of the team board"_s,
            {
                uR"(CREATE TABLE stories (
                    id BIGSERIAL PRIMARY KEY,
                    story_id TEXT NOT NULL UNIQUE,
                    created_at TIMESTAMPTZ NOT NULL DEFAULT now()))"_s,
                uR"(CREATE TABLE handoffs (
                    id BIGSERIAL PRIMARY KEY,
                    story_key BIGINT NOT NULL REFERENCES stories(id) ON DELETE CASCADE,
                    run_id BIGINT,
                    from_agent TEXT NOT NULL,
                    to_agent TEXT NOT NULL,
                    status TEXT NOT NULL DEFAULT 'pending'
                        CHECK (status IN ('pending', 'accepted', 'rejected', 'timed_out', 'cancelled')),
                    payload JSONB,
                    reason TEXT,
                    rejection_reason TEXT,
                    created_at TIMESTAMPTZ NOT NULL,
                    processed_at TIMESTAMPTZ))"_s,
                u"CREATE INDEX handoffs_by_story ON handoffs (story_key, id)"_s,
                u"CREATE INDEX handoffs_by_agent ON handoffs (story_key, to_agent, status)"_s,
                u"CREATE INDEX handoffs_pending ON handoffs (created_at) WHERE status = 'pending'"_s,
                uR"(CREATE TABLE handoff_changes (
                    id BIGSERIAL PRIMARY KEY,
                    handoff_id BIGINT NOT NULL REFERENCES handoffs(id) ON DELETE CASCADE,
                    status TEXT NOT NULL,
                    rejection_reason TEXT,
                    changed_at TIMESTAMPTZ NOT NULL))"_s,
                u"CREATE INDEX handoff_changes_by_handoff ON handoff_changes (handoff_id)"_s,
            } },
        PostgresApiTokenStore::migration(2),
        // A Tandem writes its own SQLite board's changes here (PostgresBoardStore::mirror): which board handoff each
        // of its handoffs is, and how far it got, written with each change so that a restart neither loses nor
        // repeats one.
        Migration { 3, u"the handoffs each Tandem mirrored, and how far"_s,
            {
                uR"(CREATE TABLE handoff_origins (
                    handoff_id BIGINT PRIMARY KEY REFERENCES handoffs(id) ON DELETE CASCADE,
                    origin TEXT NOT NULL,
                    local_id BIGINT NOT NULL,
                    UNIQUE (origin, local_id)))"_s,
                uR"(CREATE TABLE origin_positions (
                    origin TEXT PRIMARY KEY,
                    local_change BIGINT NOT NULL))"_s,
            } },
    };
}

int PostgresBoardSchema::currentVersion()
{
    return migrations().constLast().version;
}

bool PostgresBoardSchema::migrate(QSqlDatabase db, QString *error)
{
    if (!run(db, u"SELECT pg_advisory_lock(%1)"_s.arg(kMigrationLock), error))
        return false;
    bool ok = run(db,
        u"CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, description TEXT NOT NULL, "
        u"applied_at TIMESTAMPTZ NOT NULL DEFAULT now())"_s,
        error);
    const int stored = ok ? storedVersion(db) : -1;
    if (ok && stored < 0) {
        *error = u"the board's schema_migrations table cannot be read"_s;
        ok = false;
    } else if (ok && stored > currentVersion()) {
        *error = u"the board is at schema version %1, newer than this Tandem's %2: update Tandem"_s.arg(stored).arg(
            currentVersion());
        ok = false;
    }
    if (ok) {
        for (const Migration &migration : migrations()) {
            if (migration.version > stored && !apply(db, migration, error)) {
                ok = false;
                break;
            }
        }
    }
    QString unlockError;
    run(db, u"SELECT pg_advisory_unlock(%1)"_s.arg(kMigrationLock), &unlockError);
    return ok;
}

} // namespace Tandem
