#include "SlowTool.h"

#include <QTimer>

using namespace Qt::StringLiterals;

namespace Tandem::Test {

int SlowTool::State::release()
{
    int ended = 0;
    for (const QPointer<ToolJob> &job : std::as_const(jobs))
        if (job && job->isRunning()) {
            job->complete(ToolResult::success(QJsonObject { { u"done"_s, true } }));
            ++ended;
        }
    return ended;
}

SlowTool::SlowTool(std::shared_ptr<State> state)
    : m_state(std::move(state))
{ }

ToolDefinition SlowTool::definition() const
{
    return { kName.toString(), u"Does a long piece of work."_s,
        QJsonObject { { u"type"_s, u"object"_s }, { u"properties"_s, QJsonObject {} } }, false };
}

ToolResult SlowTool::run(const QJsonObject &, const ToolContext &) const
{
    return ToolResult::failure(u"slow_job only runs as a job"_s);
}

ToolJob *SlowTool::start(const QJsonObject &, const ToolContext &) const
{
    auto *job = new ToolJob();
    ++m_state->started;
    m_state->jobs << job;
    std::shared_ptr<State> state = m_state;
    job->setAbortHandler([state] { ++state->aborted; });
    if (state->durationMs > 0)
        QTimer::singleShot(state->durationMs, job, [job, ms = state->durationMs] {
            job->complete(ToolResult::success(QJsonObject { { u"slept_ms"_s, ms } }));
        });
    return job;
}

} // namespace Tandem::Test
