#include "PostgresBoardStore.h"

#include "PostgresBoardSchema.h"
#include "PostgresConnection.h"
#include "SqlValues.h"
#include "domain/Logging.h"

#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QVariant>

using namespace Qt::StringLiterals;

namespace Tandem {

namespace {

// Writers to the change log take this lock for their transaction: a change's id is drawn from a sequence, and
// without it a later id could commit before an earlier one, so a watcher that read up to n would miss n - 1.
constexpr qint64 kChangeLogLock = 0x74616e64656d0002;

// The columns fromRecord() reads, of the handoffs table under the name @p table.
QString columns(const QString &table = {})
{
    const QString t = table.isEmpty() ? QString() : table + u'.';
    return u"%1id, %1story_key, %1run_id, %1from_agent, %1to_agent, %1status, %1payload::text, %1reason, "
           u"%1rejection_reason, (EXTRACT(EPOCH FROM %1created_at) * 1000)::bigint, "
           u"(EXTRACT(EPOCH FROM %1processed_at) * 1000)::bigint"_s.arg(t);
}

QDateTime timeOf(const QVariant &milliseconds)
{
    return milliseconds.isNull() ? QDateTime() : QDateTime::fromMSecsSinceEpoch(milliseconds.toLongLong(), Qt::UTC);
}

Handoff fromRecord(const QSqlQuery &q)
{
    Handoff h;
    h.id = q.value(0).toLongLong();
    h.conversationId = q.value(1).toLongLong();
    h.runId = q.value(2).toLongLong();
    h.fromAgent = q.value(3).toString();
    h.toAgent = q.value(4).toString();
    h.payload = SqlValues::toObject(q.value(6));
    h.reason = q.value(7).toString();
    h.createdAt = timeOf(q.value(9));
    return Handoff::restore(h, Handoff::statusFromName(q.value(5).toString()).value_or(Handoff::Status::Pending),
        q.value(8).toString(), timeOf(q.value(10)));
}

} // namespace

std::unique_ptr<PostgresBoardStore> PostgresBoardStore::open(
    const BoardUrl &url, const QString &password, QString *error, BoardOpenFailure *failure)
{
    BoardOpenFailure kind = BoardOpenFailure::None;
    const QString name = PostgresConnection::nextName(u"tandem-board"_s);
    QSqlDatabase db = PostgresConnection::open(url, password, name, &kind, error);
    if (db.isValid()) {
        if (PostgresBoardSchema::migrate(db, error))
            return std::unique_ptr<PostgresBoardStore>(new PostgresBoardStore(name, url, password));
        kind = BoardOpenFailure::Schema;
        *error = u"the board's tables cannot be made: %1"_s.arg(*error);
        db = QSqlDatabase();
        PostgresConnection::close(name);
    }
    if (failure)
        *failure = kind;
    return nullptr;
}

PostgresBoardStore::PostgresBoardStore(QString connectionName, BoardUrl url, QString password)
    : m_connectionName(std::move(connectionName))
    , m_url(std::move(url))
    , m_password(std::move(password))
{ }

PostgresBoardStore::~PostgresBoardStore()
{
    PostgresConnection::close(m_connectionName);
}

bool PostgresBoardStore::reconnect()
{
    if (!m_lost)
        return true;
    PostgresConnection::close(m_connectionName);
    BoardOpenFailure failure = BoardOpenFailure::None;
    QString error;
    if (!PostgresConnection::open(m_url, m_password, m_connectionName, &failure, &error).isValid()) {
        m_error = error;
        return false;
    }
    qCInfo(lcDb) << "the board" << m_url.display() << "answers again";
    m_lost = false;
    return true;
}

StoreError::Kind PostgresBoardStore::kindOf(const QString &state)
{
    // 40001 serialization failure, 40P01 deadlock, 55P03 lock not available, 57014 statement timeout.
    if (state == u"40001" || state == u"40P01" || state == u"55P03" || state == u"57014")
        return StoreError::Kind::Busy;
    if (state.startsWith(u"23"))
        return StoreError::Kind::Constraint;
    if (state == u"XX001" || state == u"XX002")
        return StoreError::Kind::Corrupt;
    return StoreError::Kind::Other;
}

QSqlQuery PostgresBoardStore::prepare(const QString &sql)
{
    QSqlQuery q(QSqlDatabase::database(m_connectionName, false));
    q.setForwardOnly(true);
    q.prepare(sql);
    return q;
}

bool PostgresBoardStore::exec(QSqlQuery &query)
{
    if (query.exec()) {
        m_error.clear();
        return true;
    }
    const QSqlError error = query.lastError();
    m_error = error.text();
    if (PostgresConnection::isConnectionLost(error))
        m_lost = true;
    m_failure = StoreError(kindOf(error.nativeErrorCode()), error.text());
    qCWarning(lcDb) << "board query failed:" << query.lastQuery() << ":" << m_error;
    return false;
}

StoreError PostgresBoardStore::failure() const
{
    return m_failure;
}

StoreResult PostgresBoardStore::inWriteTransaction(const std::function<StoreResult()> &write)
{
    QSqlDatabase db = QSqlDatabase::database(m_connectionName, false);
    if (!db.transaction()) {
        m_failure = StoreError(kindOf(db.lastError().nativeErrorCode()), db.lastError().text());
        m_lost = m_lost || PostgresConnection::isConnectionLost(db.lastError());
        return m_failure;
    }
    QSqlQuery lock = prepare(u"SELECT pg_advisory_xact_lock(?)"_s);
    lock.addBindValue(kChangeLogLock);
    StoreResult result = exec(lock) ? write() : StoreResult(failure());
    if (result && !db.commit()) {
        m_failure = StoreError(kindOf(db.lastError().nativeErrorCode()), db.lastError().text());
        m_lost = m_lost || PostgresConnection::isConnectionLost(db.lastError());
        result = m_failure;
    }
    if (!result)
        db.rollback();
    return result;
}

qint64 PostgresBoardStore::story(const QString &storyId)
{
    // The no-op update makes RETURNING give the id of a story another Tandem added first.
    QSqlQuery q = prepare(u"INSERT INTO stories (story_id) VALUES (?) "
                          u"ON CONFLICT (story_id) DO UPDATE SET story_id = EXCLUDED.story_id RETURNING id"_s);
    q.addBindValue(SqlValues::text(storyId));
    return exec(q) && q.next() ? q.value(0).toLongLong() : 0;
}

QString PostgresBoardStore::storyId(qint64 key)
{
    QSqlQuery q = prepare(u"SELECT story_id FROM stories WHERE id = ?"_s);
    q.addBindValue(key);
    return exec(q) && q.next() ? q.value(0).toString() : QString();
}

StoreResult PostgresBoardStore::create(Handoff &handoff)
{
    if (!handoff.createdAt.isValid())
        handoff.createdAt = QDateTime::currentDateTimeUtc();
    return inWriteTransaction([&]() -> StoreResult { return insertRow(handoff); });
}

StoreResult PostgresBoardStore::insertRow(Handoff &handoff)
{
    QSqlQuery q = prepare(u"INSERT INTO handoffs (story_key, run_id, from_agent, to_agent, status, payload, "
                          u"reason, rejection_reason, created_at, processed_at) VALUES (?, ?, ?, ?, ?, "
                          u"CAST(? AS jsonb), ?, ?, CAST(? AS timestamptz), CAST(? AS timestamptz)) RETURNING id"_s);
    q.addBindValue(handoff.conversationId);
    q.addBindValue(SqlValues::nullIfZero(handoff.runId));
    q.addBindValue(SqlValues::text(handoff.fromAgent));
    q.addBindValue(SqlValues::text(handoff.toAgent));
    q.addBindValue(Handoff::statusName(handoff.status()));
    q.addBindValue(SqlValues::fromObject(handoff.payload));
    q.addBindValue(SqlValues::nullIfEmpty(handoff.reason));
    q.addBindValue(SqlValues::nullIfEmpty(handoff.rejectionReason()));
    q.addBindValue(SqlValues::fromTime(handoff.createdAt));
    q.addBindValue(SqlValues::fromTime(handoff.processedAt()));
    if (!exec(q) || !q.next())
        return failure();
    handoff.id = q.value(0).toLongLong();
    return logChange(handoff);
}

StoreResult PostgresBoardStore::saveStatus(const Handoff &handoff)
{
    return inWriteTransaction([&]() -> StoreResult {
        QSqlQuery q
            = prepare(u"UPDATE handoffs SET status = ?, rejection_reason = ?, "
                      u"processed_at = CAST(? AS timestamptz) WHERE id = ? AND status = 'pending' RETURNING id"_s);
        q.addBindValue(Handoff::statusName(handoff.status()));
        q.addBindValue(SqlValues::nullIfEmpty(handoff.rejectionReason()));
        q.addBindValue(SqlValues::fromTime(handoff.processedAt()));
        q.addBindValue(handoff.id);
        if (!exec(q))
            return failure();
        if (!q.next())
            return StoreError(StoreError::Kind::Lost, u"handoff %1 is no longer pending"_s.arg(handoff.id));
        return logChange(handoff);
    });
}

StoreResult PostgresBoardStore::logChange(const Handoff &handoff)
{
    QSqlQuery q = prepare(u"INSERT INTO handoff_changes (handoff_id, status, rejection_reason, changed_at) "
                          u"VALUES (?, ?, ?, CAST(? AS timestamptz)) RETURNING id"_s);
    q.addBindValue(handoff.id);
    q.addBindValue(Handoff::statusName(handoff.status()));
    q.addBindValue(SqlValues::nullIfEmpty(handoff.rejectionReason()));
    q.addBindValue(SqlValues::fromTime(handoff.isFinal() ? handoff.processedAt() : handoff.createdAt));
    if (!exec(q) || !q.next())
        return failure();
    const qint64 changeId = q.value(0).toLongLong();
    // Delivered to every listener when the transaction commits, and not at all if it rolls back.
    QSqlQuery notify = prepare(u"SELECT pg_notify(?, ?)"_s);
    notify.addBindValue(kChannel.toString());
    notify.addBindValue(QString::number(changeId));
    if (!exec(notify))
        return failure();
    QSqlQuery prune = prepare(u"DELETE FROM handoff_changes WHERE id <= ?"_s);
    prune.addBindValue(changeId - kChangesKept);
    return exec(prune) ? StoreResult() : StoreResult(failure());
}

StoreResult PostgresBoardStore::savePayload(const Handoff &handoff)
{
    QSqlQuery q = prepare(u"UPDATE handoffs SET payload = CAST(? AS jsonb) WHERE id = ? RETURNING id"_s);
    q.addBindValue(SqlValues::fromObject(handoff.payload));
    q.addBindValue(handoff.id);
    if (!exec(q))
        return failure();
    if (!q.next())
        return StoreError(StoreError::Kind::Lost, u"handoff %1 is gone"_s.arg(handoff.id));
    return {};
}

std::optional<Handoff> PostgresBoardStore::get(qint64 id)
{
    QSqlQuery q = prepare(u"SELECT %1 FROM handoffs WHERE id = ?"_s.arg(columns()));
    q.addBindValue(id);
    if (!exec(q) || !q.next())
        return std::nullopt;
    return fromRecord(q);
}

QList<Handoff> PostgresBoardStore::forConversation(qint64 conversationId)
{
    QSqlQuery q = prepare(u"SELECT %1 FROM handoffs WHERE story_key = ? ORDER BY id"_s.arg(columns()));
    q.addBindValue(conversationId);
    return readAll(q);
}

QList<Handoff> PostgresBoardStore::involving(qint64 conversationId, const QString &agentId)
{
    QSqlQuery q = prepare(u"SELECT %1 FROM handoffs WHERE story_key = ? AND (from_agent = ? OR to_agent = ?) "
                          u"ORDER BY id"_s.arg(columns()));
    q.addBindValue(conversationId);
    q.addBindValue(agentId);
    q.addBindValue(agentId);
    return readAll(q);
}

QList<Handoff> PostgresBoardStore::pendingFor(qint64 conversationId, const QString &agentId)
{
    QSqlQuery q = prepare(u"SELECT %1 FROM handoffs WHERE story_key = ? AND to_agent = ? AND status = 'pending' "
                          u"ORDER BY id"_s.arg(columns()));
    q.addBindValue(conversationId);
    q.addBindValue(agentId);
    return readAll(q);
}

QList<Handoff> PostgresBoardStore::stale(const QDateTime &now, int minutes)
{
    QSqlQuery q = prepare(u"SELECT %1 FROM handoffs WHERE status = 'pending' AND created_at < CAST(? AS timestamptz) "
                          u"ORDER BY id"_s.arg(columns()));
    q.addBindValue(SqlValues::fromTime(now.addSecs(-qint64(minutes) * 60)));
    return readAll(q);
}

QList<Handoff> PostgresBoardStore::pendingIn(qint64 conversationId)
{
    QSqlQuery q
        = prepare(u"SELECT %1 FROM handoffs WHERE story_key = ? AND status = 'pending' ORDER BY id"_s.arg(columns()));
    q.addBindValue(conversationId);
    return readAll(q);
}

QList<HandoffChange> PostgresBoardStore::changesAfter(qint64 afterId, int limit)
{
    QSqlQuery q = prepare(
        u"SELECT %1, c.id, c.status, c.rejection_reason, "
        u"(EXTRACT(EPOCH FROM c.changed_at) * 1000)::bigint FROM handoff_changes c "
        u"JOIN handoffs h ON h.id = c.handoff_id WHERE c.id > ? ORDER BY c.id LIMIT ?"_s.arg(columns(u"h"_s)));
    q.addBindValue(afterId);
    q.addBindValue(limit);
    QList<HandoffChange> changes;
    if (!exec(q))
        return changes;
    while (q.next()) {
        const Handoff::Status status
            = Handoff::statusFromName(q.value(12).toString()).value_or(Handoff::Status::Pending);
        const QDateTime when = timeOf(q.value(14));
        changes.append(HandoffChange { q.value(11).toLongLong(),
            Handoff::restore(fromRecord(q), status, q.value(13).toString(),
                status == Handoff::Status::Pending ? QDateTime() : when) });
    }
    return changes;
}

qint64 PostgresBoardStore::lastChangeId()
{
    QSqlQuery q = prepare(u"SELECT COALESCE(MAX(id), 0) FROM handoff_changes"_s);
    return exec(q) && q.next() ? q.value(0).toLongLong() : 0;
}

QList<Handoff> PostgresBoardStore::readAll(QSqlQuery &q)
{
    QList<Handoff> rows;
    if (!exec(q))
        return rows;
    while (q.next())
        rows.append(fromRecord(q));
    return rows;
}

} // namespace Tandem
