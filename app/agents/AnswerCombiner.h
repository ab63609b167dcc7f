#pragma once

#include "llm/LlmTypes.h"

#include <QCoreApplication>
#include <QObject>
#include <QString>

namespace Tandem {

class EngineEvents;
class RunMachine;
class RunRegistry;
class UnitOfWork;
struct EngineConfig;
struct Run;

/// @brief Router mode's last step when one message asked several specialists (seed 004: "the orchestrator aggregates
/// responses"): after they have all answered, the orchestrator makes one model call with the person's message and
/// their answers, and its reply is stored below a `Combined` divider that marks it as the combined answer; then the
/// run ends.
class AnswerCombiner final : public QObject
{
    Q_OBJECT

public:
    AnswerCombiner(UnitOfWork &work, EngineEvents &events, RunRegistry &runs, RunMachine &machine,
        const EngineConfig &config, QObject *parent = nullptr);
    Q_DISABLE_COPY_MOVE(AnswerCombiner)

    /// @brief Combines @p run's specialist answers (Run::answers) to the person's message @p text as @p orchestrator.
    void combine(Run *run, const QString &orchestrator, const QString &text);

    /// @brief The instructions of the combining call, with the specialists' answers named by @p run's agents.
    static QString instructions(const Run &run);

private:
    /// The divider and the combining call on the orchestrator's client (combine() has set it).
    void callModel(Run *run, const QString &orchestrator, const QString &text);
    void finished(Run *run, const LlmResult &result);

    UnitOfWork &m_work;
    EngineEvents &m_events;
    RunRegistry &m_runs;
    RunMachine &m_machine;
    const EngineConfig &m_config;
};

} // namespace Tandem
