#include "CreateTaskTool.h"

#include "storage/UnitOfWork.h"
#include "tools/TaskToolSupport.h"

#include <QJsonArray>

using namespace Qt::StringLiterals;

namespace Tandem {

ToolDefinition CreateTaskTool::definition() const
{
    QJsonObject priority = TaskToolSupport::property(u"string"_s, u"low, normal (the default) or high."_s);
    priority.insert(u"enum"_s, QJsonArray { u"low"_s, u"normal"_s, u"high"_s });
    return {
        kName.toString(),
        u"Proposes a new task. Nothing is created until the person confirms: the result says what to tell them. "
        "Call it once per task, with the details the person gave."_s,
        QJsonObject {
            { u"type"_s, u"object"_s },
            { u"properties"_s,
                QJsonObject {
                    { u"title"_s, TaskToolSupport::property(u"string"_s, u"A short title, e.g. \"Review code\"."_s) },
                    { u"notes"_s, TaskToolSupport::property(u"string"_s, u"Details, optional."_s) },
                    { u"priority"_s, priority },
                    { u"due"_s,
                        TaskToolSupport::property(u"string"_s,
                            u"When it is due, as the person said it (\"Friday\", \"tomorrow\", \"in 3 days\", "
                            "\"2026-11-27\"); resolved against today. Optional."_s) },
                } },
            { u"required"_s, QJsonArray { u"title"_s } },
            { u"additionalProperties"_s, false },
        },
        false,
    };
}

ToolResult CreateTaskTool::run(const QJsonObject &arguments, const ToolContext &context) const
{
    if (!context.work)
        return ToolResult::failure(TaskToolSupport::noDatabase());
    Task task;
    task.conversationId = context.conversationId;
    task.title = arguments.value(u"title").toString().simplified();
    task.notes = arguments.value(u"notes").toString().trimmed();
    task.priority
        = Task::priorityFromName(arguments.value(u"priority").toString(u"normal"_s)).value_or(Task::Priority::Normal);
    if (task.title.isEmpty())
        return ToolResult::failure(tr("A task needs a title."));
    const QString dueText = arguments.value(u"due").toString().trimmed();
    if (!dueText.isEmpty()) {
        const std::optional<QDate> due = TaskToolSupport::resolveDue(dueText);
        if (!due)
            return ToolResult::failure(
                tr("“%1” is not a date I can read: give a day (Friday, tomorrow) or a date (2026-11-27).")
                    .arg(dueText));
        task.due = *due;
    }
    if (context.confirmed) {
        if (!context.work->tasks().create(task))
            return ToolResult::failure(tr("The task could not be stored."));
        return ToolResult::success(
            QJsonObject { { u"status"_s, u"created"_s }, { u"task"_s, TaskToolSupport::toJson(task) } });
    }
    // A task is created in two steps: the details are kept as the pending confirmation; a yes creates the task.
    QJsonObject resolved { { u"title"_s, task.title }, { u"priority"_s, Task::priorityName(task.priority) } };
    if (!task.notes.isEmpty())
        resolved.insert(u"notes"_s, task.notes);
    if (task.due.isValid())
        resolved.insert(u"due"_s, task.due.toString(Qt::ISODate));
    const QString summary = task.due.isValid()
        ? tr("I'll create the task '%1' (priority %2, due %3). Shall I?")
              .arg(task.title, TaskToolSupport::showPriority(task.priority), TaskToolSupport::showDate(task.due))
        : tr("I'll create the task '%1' (priority %2). Shall I?")
              .arg(task.title, TaskToolSupport::showPriority(task.priority));
    bool stored = false;
    const QJsonObject output = TaskToolSupport::askConfirmation(context, kName.toString(), resolved, summary, &stored);
    if (!stored)
        return ToolResult::failure(tr("The proposal could not be stored."));
    return ToolResult::success(output);
}

} // namespace Tandem
