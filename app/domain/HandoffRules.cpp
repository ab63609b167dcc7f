// HandoffRules owns the decision whether a handoff may be made, so that the engine and the board cannot disagree.
#include "HandoffRules.h"

#include "ModeProfile.h"
#include "PipelinePhase.h"

namespace Tandem {

bool HandoffRules::isPseudoTarget(Conversation::Mode mode, const QString &id)
{
    // The orchestrator as a target is the end of a pipeline; in router mode it is an agent of its own.
    return id == TransitionGraph::kPerson
        || (ModeProfile::of(mode).orchestratorEndsStory() && id == TransitionGraph::kOrchestrator);
}

QString HandoffRules::nameOf(const AgentRoster &roster, const QString &id)
{
    if (id == TransitionGraph::kPerson)
        return tr("the person");
    if (id == TransitionGraph::kOrchestrator && !roster.find(id))
        return tr("Orchestrator");
    return roster.name(id);
}

HandoffRules::Verdict HandoffRules::check(
    const AgentRoster &roster, const Board &board, const QString &from, const QString &to)
{
    const auto refused = [](Refusal refusal, const QString &message) {
        return Verdict { refusal, message, false };
    };
    // A pipeline starts every story with the orchestrator handing it to the first agent. There the orchestrator names
    // the story's start and its end, never an agent (router mode's orchestrator may exist beside it).
    const bool start = ModeProfile::of(board.mode).orchestratorStartsStory && from == TransitionGraph::kOrchestrator
        && to == board.firstAgent;
    const Agent *source = start ? nullptr : roster.find(from);
    const Agent *target = isPseudoTarget(board.mode, to) ? nullptr : roster.find(to);
    if (!target && !isPseudoTarget(board.mode, to))
        return refused(Refusal::UnknownAgent, tr("There is no agent “%1”.").arg(to));
    if (!source && !start)
        return refused(Refusal::UnknownAgent, tr("There is no agent “%1”.").arg(from));
    if (target && !target->enabled)
        return refused(Refusal::Disabled, tr("%1 is disabled.").arg(target->name));
    if (source && source->terminal)
        return refused(Refusal::Terminal, tr("%1 is a terminal agent and cannot hand over.").arg(roster.name(from)));
    if (!start && !roster.graph.edge(from, to))
        return refused(Refusal::Undeclared,
            tr("%1 may not hand over to %2: that transition is not declared.")
                .arg(nameOf(roster, from), nameOf(roster, to)));
    // Only the agent that holds the work hands it on; a story starts only when none is in progress.
    const bool storyInProgress = !board.phase.isEmpty() && board.phase != PipelinePhase::kComplete;
    if (start ? storyInProgress && board.holder != from : board.holder != from)
        return refused(Refusal::NotHolder,
            board.holder.isEmpty()
                ? tr("%1 does not hold the work, so it cannot hand it over.").arg(nameOf(roster, from))
                : tr("%1 does not hold the work: %2 does, and only %2 can hand it over.")
                      .arg(nameOf(roster, from), nameOf(roster, board.holder)));
    if (!board.pending.isEmpty()) {
        const Handoff &waiting = board.pending.constFirst();
        return refused(Refusal::Pending,
            tr("The handoff from %1 to %2 (%3) is still pending: it is accepted, rejected or timed out before another "
               "one is made.")
                .arg(nameOf(roster, waiting.fromAgent), nameOf(roster, waiting.toAgent))
                .arg(waiting.id));
    }
    return Verdict { Refusal::None, {}, start };
}

} // namespace Tandem
