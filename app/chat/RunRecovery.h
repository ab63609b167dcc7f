#pragma once

#include <QCoreApplication>
#include <QSet>

namespace Tandem {

class RunClaims;
class UnitOfWork;

/// @brief Recovers the runs whose process ended under them (killed, crashed, power gone), whoever opens the database
/// next: exactly those whose owner is gone, never a run another live process is still streaming.
///
/// Each leaves a visible mark: its streaming reply, or the tool call it was running, is marked interrupted (a partial
/// `HANDOFF_AGENT2` line of dual mode's agent 1 is not kept as text), or, when no reply was written (killed before the
/// first token, or between "Message accepted by agent 2" and agent 2's first token), an error row says so. The run is
/// marked interrupted.
class RunRecovery final
{
    Q_DECLARE_TR_FUNCTIONS(RunRecovery)

public:
    struct Result
    {
        int replies = 0; ///< streaming replies marked interrupted
        int runs = 0; ///< runs marked interrupted
        QSet<qint64> conversations; ///< the conversations that changed
        int runningElsewhere = 0; ///< runs another live process is still running
    };

    /// @brief Recovers the dead runs, each in one transaction. With @p orphansToo (no other Tandem process uses the
    /// database), also the streaming rows that belong to no running run (left by older versions).
    static Result recover(UnitOfWork &work, const RunClaims &claims, bool orphansToo);
};

} // namespace Tandem
