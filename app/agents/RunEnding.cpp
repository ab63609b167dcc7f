// RunEnding writes a run's end in one step and announces it after the commit; a held database gets one more try.
#include "RunEnding.h"

#include "agents/EngineConfig.h"
#include "agents/EngineEvents.h"
#include "agents/RunRegistry.h"
#include "agents/RunRows.h"
#include "agents/Step.h"
#include "agents/ToolGate.h"
#include "domain/Logging.h"
#include "storage/UnitOfWork.h"

#include <QTimer>

namespace Tandem {

namespace {
RunRecord::Status recordStatus(RunOutcome outcome)
{
    switch (outcome) {
    case RunOutcome::Completed:
        return RunRecord::Status::Completed;
    case RunOutcome::Failed:
        return RunRecord::Status::Failed;
    case RunOutcome::Cancelled:
        return RunRecord::Status::Cancelled;
    case RunOutcome::GuardrailStopped:
        return RunRecord::Status::Guardrail;
    }
    return RunRecord::Status::Failed;
}
} // namespace

RunEnding::RunEnding(UnitOfWork &work, EngineEvents &events, RunRegistry &runs, const EngineConfig &config,
    ToolGate &tools, QObject *parent)
    : QObject(parent)
    , m_work(work)
    , m_events(events)
    , m_runs(runs)
    , m_config(config)
    , m_tools(tools)
{ }

void RunEnding::finish(Run *run, RunOutcome outcome, const QString &message, qint64 handoffId)
{
    run->ended = true;
    run->deadline.timer.stop();
    Step step(m_work, m_events);
    if (step.isActive() && write(run, outcome, message, handoffId) && step.commit()) {
        announce(run, outcome, message);
        return;
    }
    step.rollback();
    // Another program may hold the database for a while: the end is written once more before it is given up. What
    // stays unwritten (a reply still "streaming", the run "running") is marked interrupted by the next start.
    const qint64 conversationId = run->conversationId;
    const quint64 generation = run->generation;
    QTimer::singleShot(m_config.endRetryMs, this, [this, conversationId, generation, outcome, message, handoffId] {
        const EngineEvents::Entry entry(m_events);
        Run *r = m_runs.find(conversationId);
        if (!r || r->generation != generation)
            return;
        Step again(m_work, m_events);
        if (again.isActive() && write(r, outcome, message, handoffId) && again.commit()) {
            announce(r, outcome, message);
            return;
        }
        again.rollback();
        qCWarning(lcAgents) << "the end of run" << r->runId << "could not be stored";
        r->failure = RunFailure::Storage;
        announce(r, RunOutcome::Failed,
            tr("The end of this run could not be stored: the database is locked or cannot be written."));
    });
}

bool RunEnding::write(Run *run, RunOutcome outcome, const QString &message, qint64 handoffId)
{
    // Part of the caller's step: the partial reply (or an error row), a guardrail's divider, the calls left open,
    // the run row and the conversation's activity.
    const bool stopped = outcome == RunOutcome::Cancelled || outcome == RunOutcome::GuardrailStopped;
    if (outcome == RunOutcome::Failed && !run->reply.isStreaming()) {
        Message row;
        row.conversationId = run->conversationId;
        row.role = Message::Role::Assistant;
        row.kind = Message::Kind::Error;
        row.status = Message::Status::Error;
        row.agentId = run->agentId;
        row.runId = run->runId;
        row.content = message;
        row.error = message;
        if (!RunRows::add(m_work, m_events, row))
            return false;
    }
    if (!run->reply.end(stopped ? Message::Status::Cancelled : Message::Status::Error, message))
        return false;
    if (outcome == RunOutcome::GuardrailStopped
        && !RunRows::addDivider(m_work, m_events, *run, Message::Divider::Error, message, run->agentId, handoffId))
        return false;
    return m_tools.abandon(*run)
        && m_work.runs().finish(run->runId, recordStatus(outcome), run->counters.runUsage(), message)
        && m_work.conversations().touch(run->conversationId, QDateTime::currentDateTimeUtc());
}

void RunEnding::announce(Run *run, RunOutcome outcome, const QString &message)
{
    run->ended = true;
    run->deadline.timer.stop();
    m_events.postAgentWorking(run->conversationId, run->agentId, false);
    if (outcome == RunOutcome::Failed)
        m_events.postRunFailed(run->conversationId, run->runId, run->failure);
    m_events.postRunFinished(run->conversationId, run->runId, outcome, message);
    m_runs.retire(run);
}

} // namespace Tandem
