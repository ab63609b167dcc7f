#pragma once

#include "domain/Handoff.h"
#include "domain/Message.h"
#include "llm/LlmTypes.h"

#include <QHash>
#include <QList>
#include <QString>

#include <memory>

namespace Tandem {

class ChangeFeed;
class UnitOfWork;

/// @brief The rows of each agent's thread in the conversations the engine runs, kept in memory so that a model call
/// reads only the rows written since the previous one instead of the whole thread again (issue #29).
///
/// Kept in step with the database: the rows this connection appends are read as new rows (ids only grow); the rows
/// it rewrites in place are read again from the store's MessageJournal; a rollback of this connection (which may undo
/// rows already read) and any commit of another connection or process (PRAGMA data_version, through a ChangeFeed)
/// drop everything, and the next call reads the whole thread again. A deleted conversation's id never comes back
/// (AUTOINCREMENT) and an import makes new ids, so neither can meet a stale entry; forget() frees one.
/// What it gives equals ThreadHistory::build(), the reader without a cache.
class ThreadCache final
{
public:
    explicit ThreadCache(UnitOfWork &work);
    ~ThreadCache();
    Q_DISABLE_COPY_MOVE(ThreadCache)

    /// @brief The rows of @p agentId's thread in @p conversationId after @p historyFrom: what
    /// MessageStore::threadRows() reads, from memory where it can.
    QList<Message> rows(qint64 conversationId, const QString &agentId, qint64 historyFrom);
    /// @brief The input items of that thread (ThreadHistory::fromRows() on rows()). Of the handoffs its dividers name,
    /// only those still pending are read again: a processed handoff never changes (Handoff::canTransition).
    QList<InputItem> items(qint64 conversationId, const QString &agentId, qint64 historyFrom);
    /// @brief Drops what is kept of @p conversationId.
    void forget(qint64 conversationId);
    /// @brief Drops everything.
    void clear();

    /// @brief Whole threads read since the cache was made (a first read, or one after a drop), for the tests.
    int fullReads() const { return m_fullReads; }

private:
    struct Entry
    {
        qint64 historyFrom = 0;
        qint64 lastId = 0; ///< the largest id read; rows above it are new
        quint64 journal = 0; ///< MessageJournal position when last read
        QList<Message> rows;
        quint64 used = 0; ///< for dropping the least recently used conversation
    };
    using Key = QPair<qint64, QString>;

    bool stillValid();
    bool refresh(Entry &entry);
    void readWhole(Entry &entry, qint64 conversationId, const QString &agentId);
    void evict();
    QHash<qint64, Handoff> handoffsOf(const QList<Message> &rows);

    static constexpr int kConversations = 8;
    UnitOfWork &m_work;
    std::unique_ptr<ChangeFeed> m_feed;
    quint64 m_rollbacks = 0;
    quint64 m_branchMoves = 0;
    QHash<Key, Entry> m_entries;
    QHash<qint64, Handoff> m_processed; ///< handoffs no longer pending, by id
    quint64 m_uses = 0;
    int m_fullReads = 0;
};

} // namespace Tandem
