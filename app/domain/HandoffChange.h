#pragma once

#include "Handoff.h"

namespace Tandem {

/// @brief One change of the board as the change log kept it: its place in the log, and the handoff as that change
/// left it (a handoff created and rejected in the meantime is read twice, pending and then rejected).
struct HandoffChange
{
    qint64 id = 0;
    Handoff handoff;
};

} // namespace Tandem
