#include "AgentDefinitions.h"

#include "agents/AgentCatalog.h"
#include "agents/AgentFileWriter.h"

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

QList<Agent> AgentDefinitions::list(const QString &folder)
{
    const AgentCatalog catalog(folder);
    QList<Agent> agents;
    for (const Agent &agent : catalog.agents()) {
        const std::optional<Agent> shipped
            = overrideFile(catalog, folder, agent.id).isEmpty() ? AgentCatalog::shipped(agent.id) : std::nullopt;
        agents << shipped.value_or(agent);
    }
    return agents;
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
    QString error;
    return AgentFileWriter::write(agent, path, &error) ? QString() : error;
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
