#pragma once

#include "domain/Agent.h"

#include <QList>
#include <QString>
#include <QStringList>

namespace Tandem {

/// @brief The agent files (the agents editor): every agent as its file declares it, and saving, resetting and removing
/// them. A change is announced by ChatEvents::agentsChanged.
class AgentDefinitionsApi
{
public:
    virtual ~AgentDefinitionsApi() = default;

    /// @brief The agent files that were refused (malformed, unreadable, ...) and the handoffs they declare that cannot
    /// be made, one sentence each naming the file (and the line): the shipped agent is used instead.
    virtual QStringList agentProblems() const = 0;
    /// @brief Every agent of every mode as its file declares it (a shipped agent's name as written, untranslated),
    /// then the imported ones (isImportedAgent()).
    virtual QList<Agent> agentDefinitions() = 0;
    /// @brief True if @p agentId came with an import: stored, but declared by no agent file. It arrives switched off;
    /// saving it in the agents editor makes it the person's own file.
    virtual bool isImportedAgent(const QString &agentId) = 0;
    /// @brief True if removeAgentDefinition() can remove @p agentId: Tandem does not ship it, and it is the person's
    /// own file or imported.
    virtual bool isRemovableAgent(const QString &agentId) = 0;
    /// @brief True if the person's own file declares @p agentId (overriding its shipped preset, or adding it).
    virtual bool hasAgentOverride(const QString &agentId) = 0;
    /// @brief The tools an agent may be given, in the order the engine offers them.
    virtual QStringList toolNames() const = 0;
    /// @brief Writes @p agent as the person's file (AgentCatalog's format, in its user folder) and reads the agents
    /// again, so the next run uses it; then agentsChanged(). Returns why it failed; empty on success.
    virtual QString saveAgentDefinition(const Agent &agent) = 0;
    /// @brief Removes the person's file of @p agentId so its shipped preset returns (read at once, agentsChanged()).
    /// Returns why it failed; empty on success.
    virtual QString resetAgentDefinition(const QString &agentId) = 0;
    /// @brief Removes an agent Tandem does not ship: the person's file that adds it, or an imported agent (read at
    /// once, agentsChanged()). Its conversations keep their messages. Returns why it failed; empty on success.
    virtual QString removeAgentDefinition(const QString &agentId) = 0;
};

} // namespace Tandem
