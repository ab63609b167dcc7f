#pragma once

#include "domain/Agent.h"

#include <QCoreApplication>
#include <QHash>
#include <QList>
#include <QString>
#include <QStringList>

#include <optional>

namespace Tandem {

class AgentStore;

/// @brief Every agent of every mode, read from its prompt file (domain/AgentFile): the shipped ones
/// (resources/agents/*.md, compiled into the core as :/agents/*.md) and the person's own, which override them.
///
/// A file in the person's folder whose id is shipped replaces the shipped agent; one with a new id adds an agent. A
/// file that is refused (malformed, unreadable, not UTF-8, an id another file of the folder already gives) changes
/// nothing, so the shipped agent of that id stays; each refusal is one sentence of problems(), naming the file and,
/// where there is one, the line. The agents keep their files' words: a view shows a shipped agent's name and role
/// translated (ShippedAgentText); a person's own words as written.
class AgentCatalog
{
    Q_DECLARE_TR_FUNCTIONS(AgentCatalog)

public:
    /// @brief Where the shipped files are: the core's resources.
    static constexpr QStringView kShippedFolder = u":/agents";

    /// @brief The person's folder of agent files: "agents" in the application's configuration folder.
    static QString userFolder();
    /// @brief The shipped agent @p id (the file :/agents/<id>.md, its name as written), or nothing.
    static std::optional<Agent> shipped(const QString &id);
    /// @brief The names of the shipped agents that have translations, in English as their files give them.
    static QStringList shippedNames();

    /// @brief Reads every *.md of @p shippedFolder, then of @p userFolder (empty or missing: no overrides).
    explicit AgentCatalog(const QString &userFolder = {}, const QString &shippedFolder = kShippedFolder.toString());

    /// @brief The agents: the shipped ones by file name (each replaced by its override), then the added ones.
    const QList<Agent> &agents() const { return m_agents; }
    /// @brief The agent @p id, or nothing.
    std::optional<Agent> agent(const QString &id) const;
    /// @brief The file @p id was read from; empty if the catalog has no such agent.
    QString fileOf(const QString &id) const { return m_files.value(id); }
    /// @brief One sentence per file that was refused, and per declared handoff that cannot be made.
    const QStringList &problems() const { return m_problems; }

    /// @brief Writes each agent into @p store where the stored copy differs (the file wins); agents of the store
    /// that no file declares (a test's, an import's) are left alone. False if a write failed.
    bool syncTo(AgentStore &store) const;

private:
    /// @brief The agents of the *.md files of @p folder, by file name; refusals go to problems().
    QList<std::pair<Agent, QString>> readFolder(const QString &folder);

    QList<Agent> m_agents;
    QHash<QString, QString> m_files; ///< id → the file it was read from
    QStringList m_problems;
};

} // namespace Tandem
