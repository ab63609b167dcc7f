#pragma once

#include <QtGlobal>

namespace Tandem {

/// @brief What a switch of branch did: whether it moved, the new current leaf, and the side effects it left alone.
struct BranchSwitch
{
    bool switched = false;
    qint64 leafId = 0; ///< the current branch's last message after the switch
    /// Router mode's task changes (create_task, update_task, complete_task, delete_task) made on the branch left:
    /// they happened in the world, so a switch does not undo them; the window says so when this is not 0.
    int taskChangesLeft = 0;
};

} // namespace Tandem
