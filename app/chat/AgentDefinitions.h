#pragma once

#include "domain/Agent.h"

#include <QCoreApplication>
#include <QList>
#include <QString>

namespace Tandem {

/// @brief The agents editor's side of the agent files: the agents as their files declare them, and the person's
/// override files in their agents folder (AgentCatalog's user folder) written or removed.
class AgentDefinitions
{
    Q_DECLARE_TR_FUNCTIONS(AgentDefinitions)

public:
    /// @brief Every agent of the catalog on @p folder, a shipped agent with its name as written (untranslated).
    static QList<Agent> list(const QString &folder);
    /// @brief True if a file of @p folder declares @p agentId (overriding the shipped agent, or adding one).
    static bool isOverridden(const QString &folder, const QString &agentId);
    /// @brief Writes @p agent into @p folder: into the file that already declares it there, else "<id>.md". Returns
    /// why it failed; empty on success.
    static QString save(const QString &folder, const Agent &agent);
    /// @brief Removes the file of @p folder that declares @p agentId, so the shipped agent returns. Returns why it
    /// failed (also when the agent has no shipped preset to return to); empty on success.
    static QString reset(const QString &folder, const QString &agentId);
};

} // namespace Tandem
