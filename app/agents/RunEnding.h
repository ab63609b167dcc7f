#pragma once

#include "agents/Run.h"

#include <QObject>
#include <QString>

namespace Tandem {

struct EngineConfig;
class EngineEvents;
class RunRegistry;
class ToolGate;
class UnitOfWork;

/// @brief The end of a run, in one step: its partial reply or error row, a guardrail's divider, the tool calls left
/// open, the run row and the conversation's activity; written once more after a pause when the database is held
/// elsewhere, and announced after the commit.
class RunEnding final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(RunEnding)

public:
    RunEnding(UnitOfWork &work, EngineEvents &events, RunRegistry &runs, const EngineConfig &config, ToolGate &tools,
        QObject *parent = nullptr);

    /// @brief Ends @p run with @p outcome (its requests already stopped); @p message is shown to the person.
    void finish(Run *run, RunOutcome outcome, const QString &message, qint64 handoffId);
    /// @brief Writes @p run's end as part of the caller's step (a completed reply ends its run in its own step).
    bool write(Run *run, RunOutcome outcome, const QString &message, qint64 handoffId);
    /// @brief Announces @p run's end once its step committed, and retires the run.
    void announce(Run *run, RunOutcome outcome, const QString &message);

private:
    UnitOfWork &m_work;
    EngineEvents &m_events;
    RunRegistry &m_runs;
    const EngineConfig &m_config;
    ToolGate &m_tools;
};

} // namespace Tandem
