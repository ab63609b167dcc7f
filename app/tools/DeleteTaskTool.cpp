#include "DeleteTaskTool.h"

#include "storage/UnitOfWork.h"
#include "tools/TaskToolSupport.h"

#include <QJsonArray>

using namespace Qt::StringLiterals;

namespace Tandem {

ToolDefinition DeleteTaskTool::definition() const
{
    return {
        kName.toString(),
        u"Deletes a task for good (its id from search_tasks). The person must approve each deletion."_s,
        QJsonObject {
            { u"type"_s, u"object"_s },
            { u"properties"_s,
                QJsonObject { { u"task_id"_s, TaskToolSupport::property(u"integer"_s, u"The task's id."_s) } } },
            { u"required"_s, QJsonArray { u"task_id"_s } },
            { u"additionalProperties"_s, false },
        },
        false,
    };
}

ToolResult DeleteTaskTool::run(const QJsonObject &arguments, const ToolContext &context) const
{
    if (!context.work)
        return ToolResult::failure(TaskToolSupport::noDatabase());
    const qint64 id = arguments.value(u"task_id").toInteger();
    const std::optional<Task> task = context.work->tasks().get(id);
    if (!task)
        return ToolResult::failure(tr("There is no task %1.").arg(id));
    if (!context.work->tasks().remove(id))
        return ToolResult::failure(tr("The task could not be deleted."));
    return ToolResult::success(
        QJsonObject { { u"status"_s, u"deleted"_s }, { u"id"_s, id }, { u"title"_s, task->title } });
}

} // namespace Tandem
