#pragma once

#include <QDate>
#include <QDateTime>
#include <QMetaType>
#include <QString>

#include <optional>

namespace Tandem {

/// @brief One task of the person's list (router mode's task tools): a title, notes, a priority, a due date, open or
/// done.
struct Task
{
    enum class Priority { Low, Normal, High };
    enum class Status { Open, Done };
    /// An open task untouched for this many days (or overdue) is stale (get_stale_tasks' default, the tasks panel).
    static constexpr int kStaleDays = 7;

    qint64 id = 0;
    qint64 conversationId = 0; ///< the conversation it was created in; 0 if that is gone
    QString title;
    QString notes;
    Priority priority = Priority::Normal;
    Status status = Status::Open;
    QDate due; ///< invalid: no due date
    QDateTime createdAt;
    QDateTime updatedAt;
    QDateTime completedAt;

    bool isOpen() const { return status == Status::Open; }

    static QString priorityName(Priority priority);
    static std::optional<Priority> priorityFromName(QStringView name);
    static QString statusName(Status status);
    static std::optional<Status> statusFromName(QStringView name);
};

} // namespace Tandem

Q_DECLARE_METATYPE(Tandem::Task)
