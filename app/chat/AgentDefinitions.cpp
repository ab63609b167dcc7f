#include "AgentDefinitions.h"

#include "agents/AgentCatalog.h"
#include "agents/AgentFileWriter.h"
#include "agents/OutsideRunners.h"
#include "storage/AgentStore.h"

#include <QDir>
#include <QFileInfo>

using namespace Qt::StringLiterals;

namespace Tandem {

namespace {
/// The file of @p folder that declares @p agentId; empty if none does.
QString overrideFile(const AgentCatalog &catalog, const QString &folder, const QString &agentId)
{
    const QString file = catalog.fileOf(agentId);
    if (folder.isEmpty() || file.isEmpty())
        return {};
    return QFileInfo(file).absolutePath() == QFileInfo(folder).absoluteFilePath() ? file : QString();
}
} // namespace

QList<Agent> AgentDefinitions::list(const QString &folder, AgentStore &store)
{
    const AgentCatalog catalog(folder);
    QList<Agent> agents;
    for (const Agent &agent : catalog.agents()) {
        const std::optional<Agent> shipped
            = overrideFile(catalog, folder, agent.id).isEmpty() ? AgentCatalog::shipped(agent.id) : std::nullopt;
        agents << shipped.value_or(agent);
    }
    // An imported agent is shown too: the person reads its prompt and tools before switching it on, or removes it.
    const QList<Agent> stored = store.list();
    for (const Agent &agent : stored)
        if (!catalog.agent(agent.id))
            agents << agent;
    return agents;
}

bool AgentDefinitions::isImported(const QString &folder, AgentStore &store, const QString &agentId)
{
    return !AgentCatalog(folder).agent(agentId) && store.get(agentId).has_value();
}

bool AgentDefinitions::isRemovable(const QString &folder, AgentStore &store, const QString &agentId)
{
    return !AgentCatalog::shipped(agentId)
        && (!overrideFile(AgentCatalog(folder), folder, agentId).isEmpty() || isImported(folder, store, agentId));
}

QString AgentDefinitions::remove(const QString &folder, AgentStore &store, const QString &agentId)
{
    if (AgentCatalog::shipped(agentId))
        return tr("“%1” is shipped with Tandem: it cannot be removed, only reset to its preset.").arg(agentId);
    const QString path = overrideFile(AgentCatalog(folder), folder, agentId);
    if (path.isEmpty() && !isImported(folder, store, agentId))
        return tr("There is no agent “%1” to remove.").arg(agentId);
    QString error;
    if (!path.isEmpty() && !AgentFileWriter::remove(path, &error))
        return error;
    // The store's copy goes too, or the agent would come back as an imported one.
    if (store.get(agentId) && !store.remove(agentId))
        return tr("“%1” could not be removed from the database.").arg(agentId);
    return {};
}

bool AgentDefinitions::isOverridden(const QString &folder, const QString &agentId)
{
    return !overrideFile(AgentCatalog(folder), folder, agentId).isEmpty();
}

QString AgentDefinitions::save(const QString &folder, const Agent &agent)
{
    if (folder.isEmpty())
        return tr("There is no folder for your agent files.");
    QString path = overrideFile(AgentCatalog(folder), folder, agent.id);
    if (path.isEmpty())
        path = QDir(folder).filePath(agent.id + u".md"_s);
    // The editor has no fields for an outside program: the runner and its command line stay as the file says.
    const OutsideRunner runner = OutsideRunners::of(folder, agent.id);
    QString error;
    return AgentFileWriter::write(agent, runner, path, &error) ? QString() : error;
}

QString AgentDefinitions::reset(const QString &folder, const QString &agentId)
{
    if (!AgentCatalog::shipped(agentId))
        return tr("“%1” is not a shipped agent: there is no preset to return to.").arg(agentId);
    const QString path = overrideFile(AgentCatalog(folder), folder, agentId);
    QString error;
    return path.isEmpty() || AgentFileWriter::remove(path, &error) ? QString() : error;
}

} // namespace Tandem
