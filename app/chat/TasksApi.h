#pragma once

#include "domain/PendingConfirmation.h"
#include "domain/RoutingDecision.h"
#include "domain/Task.h"
#include "domain/TaskEditResult.h"

#include <QJsonObject>
#include <QList>
#include <QString>

#include <functional>
#include <optional>

namespace Tandem {

/// @brief Router mode's side (seed 004): the tasks, the pending confirmation and the routing decisions. Task changes
/// are announced by ChatEvents::tasksChanged.
class TasksApi
{
public:
    virtual ~TasksApi() = default;

    /// @brief The tasks created in @p conversationId, or every task for 0: open first, then by due date.
    virtual QList<Task> tasks(qint64 conversationId = 0) = 0;
    /// @brief The open tasks untouched for @p days days or overdue (get_stale_tasks' rule), oldest first.
    virtual QList<Task> staleTasks(int days = Task::kStaleDays) = 0;
    /// @brief The person changes task @p taskId: @p fields as update_task takes them (title, notes, priority, due,
    /// status; only those given change), checked and stored as that tool does, in one transaction; announces
    /// tasksChanged.
    virtual TaskEditResult editTask(qint64 taskId, const QJsonObject &fields) = 0;
    /// @brief The person marks task @p taskId done, as complete_task with its id does; announces tasksChanged.
    virtual TaskEditResult completeTask(qint64 taskId) = 0;
    /// @brief The action @p conversationId's agent proposed and the person has not confirmed yet, if any.
    virtual std::optional<PendingConfirmation> pendingConfirmation(qint64 conversationId) = 0;
    /// @brief How each user message of @p conversationId was routed (0: of every conversation), oldest first.
    virtual QList<RoutingDecision> routingDecisions(qint64 conversationId) = 0;
    /// @brief Classifies @p text as router mode would route a conversation's first message, on the default provider;
    /// @p done gets the decision (its error says why a classification failed).
    virtual void classify(const QString &text, std::function<void(const Tandem::RoutingDecision &)> done) = 0;
};

} // namespace Tandem
