#include "ThreadCache.h"

#include "agents/ThreadHistory.h"
#include "storage/BoardStore.h"
#include "storage/ChangeFeed.h"
#include "storage/ConnectionChanges.h"
#include "storage/MessageJournal.h"
#include "storage/MessageStore.h"
#include "storage/UnitOfWork.h"

#include <QSet>

#include <algorithm>
#include <limits>

namespace Tandem {

ThreadCache::ThreadCache(UnitOfWork &work)
    : m_work(work)
    , m_feed(work.changeFeed())
    , m_rollbacks(ConnectionChanges::rollbacks(work))
    , m_branchMoves(ConnectionChanges::branchMoves(work))
{ }

ThreadCache::~ThreadCache() = default;

QList<InputItem> ThreadCache::items(qint64 conversationId, const QString &agentId, qint64 historyFrom)
{
    const QList<Message> thread = rows(conversationId, agentId, historyFrom);
    return ThreadHistory::fromRows(m_work, conversationId, agentId, thread, handoffsOf(thread));
}

QHash<qint64, Handoff> ThreadCache::handoffsOf(const QList<Message> &rows)
{
    QHash<qint64, Handoff> handoffs;
    for (const Message &row : rows) {
        if (row.kind != Message::Kind::Divider || row.handoffId == 0 || handoffs.contains(row.handoffId))
            continue;
        if (const auto kept = m_processed.constFind(row.handoffId); kept != m_processed.cend()) {
            handoffs.insert(row.handoffId, *kept);
            continue;
        }
        const std::optional<Handoff> stored = m_work.board().get(row.handoffId);
        if (!stored)
            continue;
        handoffs.insert(stored->id, *stored);
        // Its payload is saved before it leaves pending, in the same step (HandoffExecutor): from then on it is final.
        if (stored->status() != Handoff::Status::Pending)
            m_processed.insert(stored->id, *stored);
    }
    return handoffs;
}

QList<Message> ThreadCache::rows(qint64 conversationId, const QString &agentId, qint64 historyFrom)
{
    if (!stillValid())
        clear();
    const Key key { conversationId, agentId };
    auto it = m_entries.find(key);
    if (it == m_entries.end() || it->historyFrom != historyFrom) {
        Entry entry;
        entry.historyFrom = historyFrom;
        readWhole(entry, conversationId, agentId);
        it = m_entries.insert(key, entry);
    } else if (!refresh(*it)) {
        readWhole(*it, conversationId, agentId);
    } else {
        // Rows appended since: ids only grow, so the new rows are those above the last one read.
        const QList<Message> added = m_work.messages().threadRows(conversationId, agentId, it->lastId);
        it->rows << added;
        if (!added.isEmpty())
            it->lastId = added.constLast().id;
    }
    it->used = ++m_uses;
    const QList<Message> result = it->rows;
    evict();
    return result;
}

bool ThreadCache::stillValid()
{
    // Another connection's commit may have changed any row; a rollback of ours may have undone rows already read
    // (their ids are given again then).
    const bool elsewhere = m_feed && m_feed->changedElsewhere();
    const quint64 rollbacks = ConnectionChanges::rollbacks(m_work);
    const bool rolledBack = rollbacks != m_rollbacks;
    m_rollbacks = rollbacks;
    // A move of a conversation's current branch (an edit, a regeneration, a switch) takes rows off the branch.
    const quint64 branchMoves = ConnectionChanges::branchMoves(m_work);
    const bool moved = branchMoves != m_branchMoves;
    m_branchMoves = branchMoves;
    return !elsewhere && !rolledBack && !moved;
}

bool ThreadCache::refresh(Entry &entry)
{
    // The rows this connection rewrote in place since the last read (a reply that ended, a cancelled one): those
    // kept are read again one by one.
    MessageStore &messages = m_work.messages();
    const std::optional<QList<qint64>> rewritten
        = ConnectionChanges::messageRewrites(m_work).rewrittenSince(entry.journal);
    if (!rewritten)
        return false;
    for (const qint64 id : *rewritten) {
        if (id > entry.lastId)
            continue; // not read yet: it comes with the new rows
        const auto at = std::lower_bound(entry.rows.begin(), entry.rows.end(), id,
            [](const Message &row, qint64 wanted) { return row.id < wanted; });
        if (at == entry.rows.end() || at->id != id)
            continue; // not part of this thread; a rewrite changes no column that decides that
        const std::optional<Message> fresh = messages.get(id);
        if (!fresh)
            return false;
        *at = *fresh;
    }
    entry.journal = ConnectionChanges::messageRewrites(m_work).position();
    return true;
}

void ThreadCache::readWhole(Entry &entry, qint64 conversationId, const QString &agentId)
{
    entry.journal = ConnectionChanges::messageRewrites(m_work).position();
    entry.rows = m_work.messages().threadRows(conversationId, agentId, entry.historyFrom);
    entry.lastId = entry.rows.isEmpty() ? entry.historyFrom : entry.rows.constLast().id;
    ++m_fullReads;
}

void ThreadCache::forget(qint64 conversationId)
{
    for (auto it = m_processed.begin(); it != m_processed.end();)
        it = it->conversationId == conversationId ? m_processed.erase(it) : std::next(it);
    for (auto it = m_entries.begin(); it != m_entries.end();)
        it = it.key().first == conversationId ? m_entries.erase(it) : std::next(it);
}

void ThreadCache::clear()
{
    m_entries.clear();
    m_processed.clear();
}

void ThreadCache::evict()
{
    // Only the conversations in use stay: the least recently used one goes when more than kConversations are kept.
    QSet<qint64> conversations;
    for (auto it = m_entries.cbegin(); it != m_entries.cend(); ++it)
        conversations.insert(it.key().first);
    if (conversations.size() <= kConversations)
        return;
    qint64 oldest = 0;
    quint64 oldestUse = std::numeric_limits<quint64>::max();
    for (auto it = m_entries.cbegin(); it != m_entries.cend(); ++it)
        if (it->used < oldestUse) {
            oldestUse = it->used;
            oldest = it.key().first;
        }
    forget(oldest);
}

} // namespace Tandem
