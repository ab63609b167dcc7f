#include "GetTaskStatsTool.h"

#include "storage/UnitOfWork.h"
#include "tools/TaskToolSupport.h"

using namespace Qt::StringLiterals;

namespace Tandem {

ToolDefinition GetTaskStatsTool::definition() const
{
    return {
        kName.toString(),
        u"Counts the person's tasks: open, done, overdue, due today, open with high priority, done in the last seven "
        "days."_s,
        QJsonObject {
            { u"type"_s, u"object"_s },
            { u"properties"_s, QJsonObject {} },
            { u"additionalProperties"_s, false },
        },
        false,
    };
}

ToolResult GetTaskStatsTool::run(const QJsonObject &arguments, const ToolContext &context) const
{
    Q_UNUSED(arguments)
    if (!context.work)
        return ToolResult::failure(TaskToolSupport::noDatabase());
    const QDate today = QDate::currentDate();
    const TaskStore::Stats stats = context.work->tasks().stats(today);
    return ToolResult::success(QJsonObject {
        { u"today"_s, today.toString(Qt::ISODate) },
        { u"open"_s, stats.open },
        { u"done"_s, stats.done },
        { u"overdue"_s, stats.overdue },
        { u"due_today"_s, stats.dueToday },
        { u"high_priority_open"_s, stats.highPriorityOpen },
        { u"completed_last_7_days"_s, stats.completedThisWeek },
    });
}

} // namespace Tandem
