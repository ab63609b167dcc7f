#pragma once

#include "domain/Agent.h"
#include "domain/Conversation.h"

#include <QCoreApplication>
#include <QList>
#include <QString>

namespace Tandem {

class AgentStore;

/// @brief The agents Tandem ships: "assistant" for single mode, "agent1" and "agent2" for dual mode (seed 000).
/// Their prompts are resources/agents/<id>.md, compiled into the core.
class DefaultAgents
{
    Q_DECLARE_TR_FUNCTIONS(DefaultAgents)

public:
    static constexpr QStringView kAssistant = u"assistant";
    static constexpr QStringView kAgent1 = u"agent1";
    static constexpr QStringView kAgent2 = u"agent2";

    /// @brief The three default agents with their shipped prompts.
    static QList<Agent> all();
    /// @brief The shipped prompt of @p agentId; empty if there is none.
    static QString prompt(const QString &agentId);
    /// @brief Saves each default agent that @p store lacks; never overwrites an edited one. False on a write error.
    static bool seed(AgentStore &store);
    /// @brief The agent a conversation in @p mode starts with.
    static QString firstAgent(Conversation::Mode mode);
};

} // namespace Tandem
