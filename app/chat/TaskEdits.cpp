#include "TaskEdits.h"

#include "domain/Logging.h"
#include "storage/Transaction.h"
#include "storage/UnitOfWork.h"
#include "tools/CompleteTaskTool.h"
#include "tools/UpdateTaskTool.h"

using namespace Qt::StringLiterals;

namespace Tandem {

TaskEdits::TaskEdits(UnitOfWork &work)
    : m_work(work)
{
    m_tools.registerTool(std::make_unique<UpdateTaskTool>());
    m_tools.registerTool(std::make_unique<CompleteTaskTool>());
}

TaskEdits::~TaskEdits() = default;

TaskEditResult TaskEdits::edit(qint64 taskId, QJsonObject fields)
{
    fields.insert(u"task_id"_s, taskId);
    return run(UpdateTaskTool::kName.toString(), taskId, fields);
}

TaskEditResult TaskEdits::complete(qint64 taskId)
{
    return run(CompleteTaskTool::kName.toString(), taskId, QJsonObject { { u"task_id"_s, taskId } });
}

TaskEditResult TaskEdits::run(const QString &tool, qint64 taskId, const QJsonObject &arguments)
{
    TaskEditResult result;
    Transaction transaction(m_work);
    if (!transaction.isActive()) {
        result.error = tr("The task list is busy; try again in a moment.");
        return result;
    }
    ToolContext context;
    context.agentId = u"person"_s;
    context.work = &m_work;
    context.confirmed = true; // the person acts: there is nobody to ask
    if (const std::optional<Task> task = m_work.tasks().get(taskId))
        context.conversationId = task->conversationId;
    const ToolResult ran = m_tools.run(tool, arguments, context);
    if (!ran.ok) {
        transaction.rollback();
        result.error = ran.error;
        return result;
    }
    if (!transaction.commit()) {
        qCWarning(lcChat) << "task" << taskId << "could not be stored";
        result.error = tr("The task could not be stored.");
        return result;
    }
    result.ok = true;
    result.task = m_work.tasks().get(taskId).value_or(Task {});
    return result;
}

} // namespace Tandem
