#pragma once

#include "Task.h"

#include <QString>

namespace Tandem {

/// @brief What the person's change to a task did (from the tasks panel): the task as stored, or why nothing changed.
struct TaskEditResult
{
    bool ok = false;
    QString error; ///< one translated sentence, as the task tools say it; empty when ok
    Task task; ///< the task after the change
};

} // namespace Tandem
