#pragma once

#include "domain/Agent.h"

#include <QCoreApplication>
#include <QList>
#include <QString>

namespace Tandem {

class AgentStore;

/// @brief The agents editor's side of the agent files: the agents as their files declare them, and the person's
/// override files in their agents folder (AgentCatalog's user folder) written or removed; and the imported agents,
/// which only the store knows (an import adds them switched off), shown beside them and removed from the store.
class AgentDefinitions
{
    Q_DECLARE_TR_FUNCTIONS(AgentDefinitions)

public:
    /// @brief Every agent of the catalog on @p folder, a shipped agent with its name as written (untranslated), then
    /// the imported agents of @p store.
    static QList<Agent> list(const QString &folder, AgentStore &store);
    /// @brief True if @p store has @p agentId and no file (shipped or in @p folder) declares it.
    static bool isImported(const QString &folder, AgentStore &store, const QString &agentId);
    /// @brief True if remove() can remove @p agentId: not shipped, and declared by a file of @p folder or imported.
    static bool isRemovable(const QString &folder, AgentStore &store, const QString &agentId);
    /// @brief True if a file of @p folder declares @p agentId (overriding the shipped agent, or adding one).
    static bool isOverridden(const QString &folder, const QString &agentId);
    /// @brief Writes @p agent into @p folder: into the file that already declares it there, else "<id>.md". Returns
    /// why it failed; empty on success.
    static QString save(const QString &folder, const Agent &agent);
    /// @brief Removes the file of @p folder that declares @p agentId, so the shipped agent returns. Returns why it
    /// failed (also when the agent has no shipped preset to return to); empty on success.
    static QString reset(const QString &folder, const QString &agentId);
    /// @brief Removes @p agentId, which Tandem does not ship: its file in @p folder (if any) and its row of @p store.
    /// Returns why it failed; empty on success.
    static QString remove(const QString &folder, AgentStore &store, const QString &agentId);
};

} // namespace Tandem
