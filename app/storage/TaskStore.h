#pragma once

#include "StoreBase.h"
#include "domain/Task.h"

#include <QDate>
#include <QList>

#include <optional>

namespace Tandem {

/// @brief The tasks table (the person's task list, which the router's task tools work on).
class TaskStore : public StoreBase
{
public:
    using StoreBase::StoreBase;

    /// @brief Counts of the task list (get_task_stats).
    struct Stats
    {
        int open = 0;
        int done = 0;
        int overdue = 0; ///< open with a due date before today
        int dueToday = 0;
        int highPriorityOpen = 0;
        int completedThisWeek = 0; ///< done in the last seven days
    };

    /// @brief Inserts @p task, setting its id and times.
    StoreResult create(Task &task);
    std::optional<Task> get(qint64 id);
    /// @brief Writes @p task's title, notes, priority, status, due date and completion time; updatedAt is set now.
    StoreResult update(Task &task);
    StoreResult remove(qint64 id);
    /// @brief Tasks of @p conversationId (0: every task), open first, then by due date and id.
    QList<Task> list(qint64 conversationId = 0, bool includeDone = true);
    Stats stats(const QDate &today);
    /// @brief Open tasks not updated for @p days days or overdue, oldest first.
    QList<Task> stale(int days, const QDate &today);
};

} // namespace Tandem
