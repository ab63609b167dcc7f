#include "ConversationFork.h"

#include "ArchiveReader.h"
#include "ArchiveWriter.h"
#include "ExchangeStore.h"
#include "MessageStore.h"
#include "SqlConnection.h"
#include "UnitOfWork.h"

#include <QSet>
#include <QSqlError>
#include <QSqlQuery>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace Tandem {

ConversationFork::ConversationFork(UnitOfWork &work)
    : m_work(work)
{ }

QString ConversationFork::forkTitle(const QString &title)
{
    return tr("%1 (fork)").arg(title);
}

qint64 ConversationFork::fail(const QString &message)
{
    m_error = message;
    return 0;
}

QList<Message> ConversationFork::pathTo(qint64 conversationId, qint64 messageId)
{
    // Up the parents from the message: its branch's rows at and before it, whichever branch is shown.
    QSqlQuery q = m_work.connection().prepareOnce(
        u"WITH RECURSIVE up(id, parent_id) AS (SELECT id, parent_id FROM messages WHERE id = ? AND "
        u"conversation_id = ? UNION ALL SELECT m.id, m.parent_id FROM messages m JOIN up ON m.id = up.parent_id) "
        u"SELECT %1 FROM messages WHERE id IN (SELECT id FROM up) ORDER BY id"_s.arg(MessageStore::columns()));
    q.addBindValue(messageId);
    q.addBindValue(conversationId);
    QList<Message> rows;
    if (!q.exec()) {
        m_error = q.lastError().text();
        return rows;
    }
    while (q.next())
        rows.append(MessageStore::messageFrom(q));
    return rows;
}

qint64 ConversationFork::fork(qint64 conversationId, qint64 messageId)
{
    m_error.clear();
    ArchiveReader reader(m_work);
    std::optional<ConversationArchive> archive;
    if (!reader.read(conversationId, &archive))
        return fail(reader.lastError());
    if (!archive)
        return fail(tr("There is no conversation %1.").arg(conversationId));
    archive->messages = pathTo(conversationId, messageId);
    if (!m_error.isEmpty())
        return 0;
    if (archive->messages.isEmpty())
        return fail(tr("Conversation %1 has no message %2.").arg(conversationId).arg(messageId));
    // Untitled, it is named as the engine names a conversation: after its first message.
    const QString title = archive->conversation.title.isEmpty()
        ? archive->messages.constFirst().content.simplified().left(60)
        : archive->conversation.title;
    archive->conversation.title = forkTitle(title);
    archive->conversation.pinned = false;
    archive->tree = false; // one branch: the path
    QSet<qint64> runs;
    QSet<qint64> handoffs;
    for (const Message &m : std::as_const(archive->messages)) {
        runs.insert(m.runId);
        handoffs.insert(m.handoffId);
    }
    // The handoffs its dividers show, and the runs its rows and those handoffs belong to.
    archive->handoffs.removeIf([&handoffs](const Handoff &h) { return !handoffs.contains(h.id); });
    for (const Handoff &h : std::as_const(archive->handoffs))
        runs.insert(h.runId);
    archive->runs.removeIf([&runs](const ConversationArchive::Run &r) { return !runs.contains(r.id); });
    archive->approvals.clear();
    archive->decisions.clear();
    archive->pending.reset();
    archive->modelCalls.clear();
    archive->tasks.clear();
    ExchangeStore exchange(m_work);
    const QList<Agent> agents = exchange.agentsOf(conversationId);
    ArchiveWriter writer(m_work);
    QList<qint64> ids;
    if (!writer.write({ *archive }, agents, &ids, nullptr) || ids.isEmpty())
        return fail(writer.lastError());
    return ids.constFirst();
}

} // namespace Tandem
