#pragma once

#include "domain/Conversation.h"

#include <QString>
#include <QStringView>

namespace Tandem {

/// @brief The ids of the agents the engine names itself, and the agent each mode starts with.
///
/// The agents themselves are prompt files (AgentCatalog: resources/agents/*.md and the person's overrides). Which agent
/// a mode starts with is the mode's profile (ModeProfile), not a key of the files: the rule (dual: agent 1; pipeline:
/// the analyst, to whom the orchestrator hands every story; router: the orchestrator, a real agent there; single: the
/// assistant) belongs to the mode, and a person's file that replaces an agent cannot make two agents the start of one
/// mode.
class DefaultAgents
{
public:
    static constexpr QStringView kAssistant = u"assistant";
    static constexpr QStringView kAgent1 = u"agent1";
    static constexpr QStringView kAgent2 = u"agent2";
    static constexpr QStringView kAnalyst = u"analyst";

    /// @brief The shipped instructions of @p agentId (the body of :/agents/<id>.md); empty if there is none.
    static QString prompt(const QString &agentId);
    /// @brief The agent a conversation in @p mode starts with.
    static QString firstAgent(Conversation::Mode mode);
};

} // namespace Tandem
