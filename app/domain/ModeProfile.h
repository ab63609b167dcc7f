#pragma once

#include "Conversation.h"

#include <QString>
#include <QStringView>

#include <span>

namespace Tandem {

/// @brief What a conversation mode is, declared once: the agent it starts with, who takes a new message, how a
/// handoff is signalled, the phases a story passes through and what ends it.
///
/// The engine and the view models ask the profile instead of comparing modes, so that a mode's rule is written in one
/// place (ModeProfile.cpp's table) and a new mode is a new row. The profile says nothing about the agents' own files:
/// their targets, warmth and timing are the transition graph's.
struct ModeProfile
{
    /// Who answers a new message of the person.
    enum class Entry {
        FirstAgent, ///< always the first agent (dual: agent 1 clarifies every request before agent 2 sees it)
        ActiveAgent, ///< the agent that holds the work if it is enabled, else the first agent
        Routed, ///< the orchestrator classifies each message and passes it to the specialist it picks
    };
    /// How an agent asks to hand the work over.
    enum class Signal {
        TextLine, ///< a reply of signalSource whose first line is HANDOFF_AGENT2 (HandoffSignal); no tool is offered
        Tool, ///< a call of the handoff_to tool, offered to an agent whose transitions have targets
    };
    /// What ends a story (one piece of work the person asked for).
    enum class StoryEnd {
        Reply, ///< an agent's answer to the person
        HandoffToOrchestrator, ///< the last phase's handoff to the orchestrator, which is no agent there
    };

    Conversation::Mode mode = Conversation::Mode::Single;
    QStringView firstAgent; ///< the agent a conversation starts with, and where a finished story starts again
    Entry entry = Entry::ActiveAgent;
    Signal signal = Signal::Tool;
    QStringView signalSource; ///< with Signal::TextLine: the agent whose reply may carry the signal
    QStringView signalTarget; ///< with Signal::TextLine: the agent the signal hands the work to
    /// The agents whose turns are the story's phases, in the order the work passes them; empty when the mode has no
    /// phases. The conversation's phase (PipelinePhase) follows the agent that holds the work.
    std::span<const QStringView> phaseAgents;
    StoryEnd storyEnd = StoryEnd::Reply;
    /// Each story enters through the orchestrator's handoff to the first agent, recorded on the board, when no story
    /// is in progress.
    bool orchestratorStartsStory = false;
    /// Every agent's turn ends with a handoff unless the agent is terminal, so a closed circle of agents never ends.
    /// Where agents answer the person themselves (single, router) they may refer work to each other freely.
    bool handsOverEveryTurn = false;
    /// A handoff the rules refuse is shown as a rejection (a transition outside the declared table is the table
    /// saying no), not as an error.
    bool refusalIsRejection = false;

    /// @brief True if the conversation's phase is tracked.
    bool hasPhases() const { return !phaseAgents.empty(); }
    /// @brief True if a handoff to "orchestrator" names the end of the story rather than an agent.
    bool orchestratorEndsStory() const { return storyEnd == StoryEnd::HandoffToOrchestrator; }
    /// @brief True if a reply of @p agentId may carry the text signal.
    bool signalsByText(QStringView agentId) const { return signal == Signal::TextLine && agentId == signalSource; }

    /// @brief The profile of @p mode; the single mode's for a value outside the enum.
    static const ModeProfile &of(Conversation::Mode mode);
};

} // namespace Tandem
