#pragma once

#include "domain/TaskEditResult.h"
#include "tools/ToolRegistry.h"

#include <QCoreApplication>
#include <QJsonObject>

namespace Tandem {

class UnitOfWork;

/// @brief The person's changes to a task (the tasks panel): made by the task tools themselves (update_task,
/// complete_task), their arguments checked against the tools' schemas, in one transaction, so the panel accepts
/// and refuses exactly what an agent's call would.
class TaskEdits
{
    Q_DECLARE_TR_FUNCTIONS(TaskEdits)

public:
    explicit TaskEdits(UnitOfWork &work);
    ~TaskEdits();
    Q_DISABLE_COPY_MOVE(TaskEdits)

    /// @brief update_task with @p fields on task @p taskId.
    TaskEditResult edit(qint64 taskId, QJsonObject fields);
    /// @brief complete_task with the id @p taskId.
    TaskEditResult complete(qint64 taskId);

private:
    TaskEditResult run(const QString &tool, qint64 taskId, const QJsonObject &arguments);

    UnitOfWork &m_work;
    ToolRegistry m_tools;
};

} // namespace Tandem
