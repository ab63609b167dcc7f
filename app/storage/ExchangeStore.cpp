#include "ExchangeStore.h"

#include "AgentStore.h"
#include "ArchiveReader.h"
#include "ArchiveWriter.h"
#include "MessageStore.h"
#include "RunStore.h"
#include "SqlConnection.h"
#include "SqlValues.h"
#include "UnitOfWork.h"
#include "domain/ApprovalRequest.h"
#include "domain/Logging.h"

#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QSqlRecord>

using namespace Qt::StringLiterals;

namespace Tandem {

struct ExchangeStore::Private
{
    explicit Private(UnitOfWork &unit)
        : work(unit)
        , db(unit.connection().database())
        , pageQuery(db)
        , treePageQuery(db)
    { }

    UnitOfWork &work;
    QSqlDatabase db;
    QSqlQuery pageQuery; ///< prepared once: an export reads hundreds of pages
    bool pagePrepared = false;
    QSqlQuery treePageQuery; ///< the same over every branch (the JSON export carries the tree)
    bool treePagePrepared = false;

    QSqlQuery prepare(const QString &sql) const { return work.connection().prepareOnce(sql); }
};

ExchangeStore::ExchangeStore(UnitOfWork &work)
    : d(std::make_unique<Private>(work))
{ }

ExchangeStore::~ExchangeStore() = default;

bool ExchangeStore::fail(const QString &message)
{
    m_error = message;
    qCWarning(lcDb) << "exchange:" << message;
    return false;
}

QList<qint64> ExchangeStore::conversationIds()
{
    QSqlQuery q = d->prepare(u"SELECT id FROM conversations ORDER BY id"_s);
    QList<qint64> ids;
    if (!q.exec()) {
        fail(q.lastError().text());
        return ids;
    }
    while (q.next())
        ids.append(q.value(0).toLongLong());
    m_error.clear();
    return ids;
}

std::optional<ConversationArchive> ExchangeStore::readArchive(qint64 conversationId)
{
    ArchiveReader reader(d->work);
    std::optional<ConversationArchive> archive;
    if (!reader.read(conversationId, &archive)) {
        fail(reader.lastError());
        return std::nullopt;
    }
    m_error.clear();
    return archive;
}

qint64 ExchangeStore::messageCount(qint64 conversationId, bool wholeTree)
{
    QSqlQuery q
        = d->prepare(wholeTree ? u"SELECT COUNT(*) FROM messages WHERE conversation_id = ?"_s
                               : u"SELECT COUNT(*) FROM messages WHERE conversation_id = ? AND on_branch = 1"_s);
    q.addBindValue(conversationId);
    if (!q.exec() || !q.next()) {
        fail(q.lastError().text());
        return 0;
    }
    return q.value(0).toLongLong();
}

QList<Message> ExchangeStore::messagesAfter(
    qint64 conversationId, qint64 afterId, int limit, bool wholeTree, QHash<qint64, qint64> *parents)
{
    QSqlQuery &q = wholeTree ? d->treePageQuery : d->pageQuery;
    bool &prepared = wholeTree ? d->treePagePrepared : d->pagePrepared;
    if (!prepared) {
        q.setForwardOnly(true);
        // The parent last: the message's own columns are read by position.
        prepared = q.prepare(
            u"SELECT %1, parent_id FROM messages WHERE conversation_id = ? %2AND id > ? ORDER BY id LIMIT ?"_s.arg(
                MessageStore::columns(), wholeTree ? QString() : u"AND on_branch = 1 "_s));
    }
    QList<Message> rows;
    q.bindValue(0, conversationId);
    q.bindValue(1, afterId);
    q.bindValue(2, limit);
    if (!prepared || !q.exec()) {
        fail(q.lastError().text());
        return rows;
    }
    rows.reserve(limit);
    if (parents)
        parents->clear();
    const int parentColumn = q.record().count() - 1;
    while (q.next()) {
        rows.append(MessageStore::messageFrom(q));
        if (parents && !q.isNull(parentColumn))
            parents->insert(rows.constLast().id, q.value(parentColumn).toLongLong());
    }
    q.finish();
    m_error.clear();
    return rows;
}

QList<Agent> ExchangeStore::agentsOf(qint64 conversationId)
{
    QList<Agent> found;
    QSqlQuery q = d->prepare(u"SELECT "_s + AgentStore::columns()
        + u" FROM agents WHERE id IN ("
          u"SELECT agent_id FROM messages WHERE conversation_id = :c "
          u"UNION SELECT agent_id FROM runs WHERE conversation_id = :c "
          u"UNION SELECT from_agent FROM handoffs WHERE conversation_id = :c "
          u"UNION SELECT to_agent FROM handoffs WHERE conversation_id = :c "
          u"UNION SELECT agent_id FROM approvals WHERE conversation_id = :c "
          u"UNION SELECT agent_id FROM agent_threads WHERE conversation_id = :c "
          u"UNION SELECT agent_id FROM routing_decisions WHERE conversation_id = :c "
          u"UNION SELECT agent_id FROM model_calls WHERE conversation_id = :c "
          u"UNION SELECT agent_id FROM pending_confirmations WHERE conversation_id = :c) ORDER BY id"_s);
    q.bindValue(u":c"_s, conversationId);
    if (!q.exec()) {
        fail(q.lastError().text());
        return {};
    }
    while (q.next())
        found.append(AgentStore::agentFrom(q));
    m_error.clear();
    return found;
}

bool ExchangeStore::importArchives(
    const QList<ConversationArchive> &archives, const QList<Agent> &agents, QList<qint64> *newIds, int *agentsAdded)
{
    ArchiveWriter writer(d->work);
    if (!writer.write(archives, agents, newIds, agentsAdded))
        return fail(writer.lastError());
    m_error.clear();
    return true;
}

bool ExchangeStore::isRunStatus(QStringView name)
{
    return RunRecord::statusFromName(name).has_value();
}

bool ExchangeStore::isApprovalDecision(QStringView name)
{
    return approvalDecisionFromName(name).has_value();
}

} // namespace Tandem
