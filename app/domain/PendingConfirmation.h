#pragma once

#include <QDateTime>
#include <QString>

namespace Tandem {

/// @brief An action an agent proposed and the person has not confirmed yet (the
/// conversation's pending confirmation): the tool call to carry out after a yes. One per conversation; it is stored, so
/// it survives a restart.
struct PendingConfirmation
{
    qint64 conversationId = 0;
    QString agentId; ///< the agent that proposed it and carries it out
    QString toolName; ///< create_task, complete_task
    QString arguments; ///< the call's arguments as JSON text, resolved (a task's id, a due date)
    QString summary; ///< what will happen, as told to the person
    QDateTime createdAt;
};

} // namespace Tandem
