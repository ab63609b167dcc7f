#include "StoryRuns.h"

#include "agents/DefaultAgents.h"
#include "agents/EngineEvents.h"
#include "agents/HandoffBoard.h"
#include "agents/RunRows.h"
#include "agents/Step.h"
#include "domain/ModeProfile.h"
#include "domain/PipelinePhase.h"
#include "domain/TransitionGraph.h"
#include "storage/UnitOfWork.h"

using namespace Qt::StringLiterals;

namespace Tandem {

StoryRuns::StoryRuns(UnitOfWork &work, EngineEvents &events, HandoffBoard &board)
    : m_work(work)
    , m_events(events)
    , m_board(board)
{ }

BoardResult StoryRuns::story(qint64 conversationId, bool *running)
{
    const std::optional<Conversation> conversation = m_work.conversations().get(conversationId);
    if (!conversation)
        return BoardResult { BoardResult::Problem::NotFound, u"There is no conversation %1."_s.arg(conversationId), {},
            0 };
    if (!ModeProfile::of(conversation->mode).orchestratorStartsStory)
        return BoardResult { BoardResult::Problem::Invalid,
            u"Conversation %1 is no pipeline: only a pipeline's story is started and stopped."_s.arg(conversationId),
            {}, 0 };
    // The same test as the rule that lets the orchestrator start a story (HandoffRules): a phase that is not complete.
    const QString phase = m_work.variables().value(conversationId, PipelinePhase::kVariable.toString());
    *running = !phase.isEmpty() && phase != PipelinePhase::kComplete;
    return {};
}

BoardResult StoryRuns::start(qint64 conversationId, const QJsonObject &payload)
{
    bool running = false;
    if (BoardResult problem = story(conversationId, &running); !problem.ok())
        return problem;
    // Swept first (seed 002), so that a handoff an earlier run left waiting does not hold the new one up.
    if (m_board.sweepStale() > 0)
        story(conversationId, &running);
    if (running)
        return BoardResult { BoardResult::Problem::Invalid,
            u"The story is running already (until it is complete or stopped): stop it before starting it again."_s, {},
            0 };
    const std::optional<Conversation> conversation = m_work.conversations().get(conversationId);
    return m_board.create(conversationId, TransitionGraph::kOrchestrator.toString(),
        DefaultAgents::firstAgent(conversation->mode), payload);
}

BoardResult StoryRuns::stop(qint64 conversationId)
{
    bool running = false;
    if (BoardResult problem = story(conversationId, &running); !problem.ok())
        return problem;
    if (!running)
        return BoardResult { BoardResult::Problem::Invalid, u"The story is not running: there is nothing to stop."_s,
            {}, 0 };
    BoardResult cleaned = m_board.cleanup(conversationId);
    if (!cleaned.ok())
        return cleaned;
    // The next story starts with the first agent, as after a complete one (HandoffExecutor::finishPipeline). Announced
    // even when it held the work already: the phase is gone, and whoever shows the board reads it again.
    const std::optional<Conversation> conversation = m_work.conversations().get(conversationId);
    const QString first = DefaultAgents::firstAgent(conversation->mode);
    Step step(m_work, m_events);
    if (step.isActive())
        m_events.postActiveAgentChanged(conversationId, first);
    if (!step.isActive() || !m_work.variables().remove(conversationId, PipelinePhase::kVariable.toString())
        || !m_work.threads().setActive(conversationId, first)
        || !RunRows::addDivider(m_work, m_events, conversationId, 0, Message::Divider::Error,
            tr("The story was stopped."), TransitionGraph::kOrchestrator.toString(), 0)
        || !step.commit())
        return BoardResult { BoardResult::Problem::Storage, u"The story's stop could not be stored."_s, {}, 0 };
    return cleaned;
}

} // namespace Tandem
