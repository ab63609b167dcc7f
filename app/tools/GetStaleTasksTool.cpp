#include "GetStaleTasksTool.h"

#include "storage/UnitOfWork.h"
#include "tools/TaskToolSupport.h"

#include <QJsonArray>

using namespace Qt::StringLiterals;

namespace Tandem {

ToolDefinition GetStaleTasksTool::definition() const
{
    QJsonObject days
        = TaskToolSupport::property(u"integer"_s, u"A task untouched for this many days is stale (default 7)."_s);
    days.insert(u"minimum"_s, 1);
    days.insert(u"maximum"_s, 365);
    return {
        kName.toString(),
        u"Lists the open tasks nobody touched for a while, and the overdue ones, oldest first, with their age in "
        "days and priority: what the person may have forgotten."_s,
        QJsonObject {
            { u"type"_s, u"object"_s },
            { u"properties"_s, QJsonObject { { u"days"_s, days } } },
            { u"additionalProperties"_s, false },
        },
        false,
    };
}

ToolResult GetStaleTasksTool::run(const QJsonObject &arguments, const ToolContext &context) const
{
    if (!context.work)
        return ToolResult::failure(TaskToolSupport::noDatabase());
    const int days = arguments.value(u"days").toInt(Task::kStaleDays);
    const QDate today = QDate::currentDate();
    QJsonArray tasks;
    const QList<Task> stale = context.work->tasks().stale(days, today);
    for (const Task &task : stale) {
        QJsonObject json = TaskToolSupport::toJson(task);
        json.insert(u"days_since_update"_s, task.updatedAt.date().daysTo(today));
        json.insert(u"overdue"_s, task.due.isValid() && task.due < today);
        tasks.append(json);
    }
    return ToolResult::success(QJsonObject { { u"days"_s, days }, { u"tasks"_s, tasks } });
}

} // namespace Tandem
