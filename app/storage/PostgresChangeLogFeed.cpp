#include "PostgresChangeLogFeed.h"

#include "PostgresBoardStore.h"

namespace Tandem {

PostgresChangeLogFeed::PostgresChangeLogFeed(PostgresBoardStore &board)
    : m_board(board)
{ }

bool PostgresChangeLogFeed::changedElsewhere()
{
    const qint64 id = m_board.lastChangeId();
    // lastChangeId() reads 0 when its query fails; the store's error tells that from an empty log.
    m_failed = !m_board.lastError().isEmpty();
    if (m_failed || id == m_lastId)
        return false;
    m_lastId = id;
    return true;
}

} // namespace Tandem
