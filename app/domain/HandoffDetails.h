#pragma once

#include "Handoff.h"
#include "TokenUsage.h"

#include <QDateTime>
#include <QString>

namespace Tandem {

/// @brief What the handoff inspector shows of one handoff: the stored handoff, the run it happened in, and the reply
/// its target wrote after taking it (agent 2's rewrite in dual mode).
struct HandoffDetails
{
    Handoff handoff;
    qint64 runId = 0; ///< 0 when the handoff was made outside a run (the board)
    TokenUsage runUsage; ///< every model call of the run together
    QDateTime runStartedAt;
    QDateTime runFinishedAt; ///< invalid while the run goes on
    QString runStatus; ///< the run's stored status name: running, completed, failed, ...
    QString targetReply; ///< the target's first answer after the handoff, empty if it has not answered
    qint64 targetReplyId = 0;
};

} // namespace Tandem
