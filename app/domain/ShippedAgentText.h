#pragma once

#include "Agent.h"

#include <QString>
#include <QStringList>

namespace Tandem {

/// @brief The shipped agents' names and roles as the person reads them: in the language installed now.
///
/// The agent files (resources/agents/*.md) and the store keep the English words; every view asks this class when it
/// shows an agent, so View → Language re-renders them without touching what is stored. An agent the person renamed
/// (its name is not its shipped one) keeps their words, as does a role they rewrote and an agent that is not shipped.
class ShippedAgentText final
{
public:
    /// @brief The English names of the shipped agents, as their files give them.
    static QStringList names();
    /// @brief The English roles of the shipped agents, as their files give them.
    static QStringList roles();
    /// @brief @p agent's name in the language installed now if it is its shipped name, else as written.
    static QString name(const Agent &agent);
    /// @brief @p agent's role in the language installed now if it is its shipped role, else as written.
    static QString role(const Agent &agent);
    /// @brief @p agent with its name and role as name() and role() give them.
    static Agent shown(Agent agent);
};

} // namespace Tandem
