#pragma once

#include "ChangeFeed.h"

#include <QtGlobal>

namespace Tandem {

class PostgresBoardStore;

/// @brief The ChangeFeed of a team's board read by polling: the newest id of its change log
/// (BoardStore::lastChangeId), compared with the one seen at the previous look. A LISTEN/NOTIFY feed can take its
/// place behind the same interface; a watcher looks every second or two either way.
class PostgresChangeLogFeed final : public ChangeFeed
{
public:
    explicit PostgresChangeLogFeed(PostgresBoardStore &board);

    bool changedElsewhere() override;
    /// @brief The previous look failed: the board's connection is gone.
    bool failed() const { return m_failed; }

private:
    PostgresBoardStore &m_board;
    qint64 m_lastId = -1; ///< none seen yet: the first look reports a change
    bool m_failed = false;
};

} // namespace Tandem
