#include "UpdateTaskTool.h"

#include "storage/UnitOfWork.h"
#include "tools/TaskToolSupport.h"

#include <QJsonArray>

using namespace Qt::StringLiterals;

namespace Tandem {

ToolDefinition UpdateTaskTool::definition() const
{
    QJsonObject priority = TaskToolSupport::property(u"string"_s, u"low, normal or high."_s);
    priority.insert(u"enum"_s, QJsonArray { u"low"_s, u"normal"_s, u"high"_s });
    QJsonObject status = TaskToolSupport::property(u"string"_s, u"open or done."_s);
    status.insert(u"enum"_s, QJsonArray { u"open"_s, u"done"_s });
    return {
        kName.toString(),
        u"Changes a task (its id from search_tasks): only the fields given change. due is read like create_task's; "
        "an empty due removes the date."_s,
        QJsonObject {
            { u"type"_s, u"object"_s },
            { u"properties"_s,
                QJsonObject {
                    { u"task_id"_s, TaskToolSupport::property(u"integer"_s, u"The task's id."_s) },
                    { u"title"_s, TaskToolSupport::property(u"string"_s, u"A new title."_s) },
                    { u"notes"_s, TaskToolSupport::property(u"string"_s, u"New notes."_s) },
                    { u"priority"_s, priority },
                    { u"due"_s,
                        TaskToolSupport::property(u"string"_s, u"A new due date (\"Friday\", \"2026-11-27\")."_s) },
                    { u"status"_s, status },
                } },
            { u"required"_s, QJsonArray { u"task_id"_s } },
            { u"additionalProperties"_s, false },
        },
        false,
    };
}

ToolResult UpdateTaskTool::run(const QJsonObject &arguments, const ToolContext &context) const
{
    if (!context.work)
        return ToolResult::failure(TaskToolSupport::noDatabase());
    const qint64 id = arguments.value(u"task_id").toInteger();
    std::optional<Task> task = context.work->tasks().get(id);
    if (!task)
        return ToolResult::failure(tr("There is no task %1.").arg(id));
    if (arguments.contains(u"title")) {
        const QString title = arguments.value(u"title").toString().simplified();
        if (title.isEmpty())
            return ToolResult::failure(tr("A task needs a title."));
        task->title = title;
    }
    if (arguments.contains(u"notes"))
        task->notes = arguments.value(u"notes").toString().trimmed();
    if (arguments.contains(u"priority"))
        task->priority = Task::priorityFromName(arguments.value(u"priority").toString()).value_or(task->priority);
    if (arguments.contains(u"due")) {
        const QString dueText = arguments.value(u"due").toString().trimmed();
        if (dueText.isEmpty()) {
            task->due = QDate();
        } else if (const std::optional<QDate> due = TaskToolSupport::resolveDue(dueText)) {
            task->due = *due;
        } else {
            return ToolResult::failure(
                tr("“%1” is not a date I can read: give a day (Friday, tomorrow) or a date (2026-11-27).")
                    .arg(dueText));
        }
    }
    if (arguments.contains(u"status")) {
        const Task::Status status = Task::statusFromName(arguments.value(u"status").toString()).value_or(task->status);
        if (status != task->status)
            task->completedAt = status == Task::Status::Done ? QDateTime::currentDateTimeUtc() : QDateTime();
        task->status = status;
    }
    if (!context.work->tasks().update(*task))
        return ToolResult::failure(tr("The task could not be stored."));
    return ToolResult::success(
        QJsonObject { { u"status"_s, u"updated"_s }, { u"task"_s, TaskToolSupport::toJson(*task) } });
}

} // namespace Tandem
