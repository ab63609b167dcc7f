#pragma once

#include "domain/TeamStory.h"

#include <QList>
#include <QString>

namespace Tandem {

class PostgresBoardStore;

/// @brief The stories of a team's board with their state, in one query over the board's own connection: the list the
/// window shows beside the local conversations, and the "state query" bench_teamboard measures.
class PostgresStoryList final
{
public:
    /// @brief The stories of @p board, the newest first, at most @p limit; *@p error says why when the query failed
    /// (the board went away), and is cleared otherwise.
    static QList<TeamStory> read(PostgresBoardStore &board, int limit, QString *error);
    /// @brief How many stories @p board holds; -1 with *@p error saying why when the query failed.
    static int count(PostgresBoardStore &board, QString *error);
};

} // namespace Tandem
