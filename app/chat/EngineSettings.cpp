#include "EngineSettings.h"

#include <QSettings>

using namespace Qt::StringLiterals;

namespace Tandem {

namespace {
const QString kDefaultProvider = u"providers/default"_s;
const QString kAgents = u"agents"_s;
const QString kWorkspace = u"tools/workspace"_s;

QString modelKey(const QString &agentId)
{
    return kAgents + u'/' + agentId + u"/model"_s;
}

void setOrRemove(const QString &key, const QString &value)
{
    QSettings settings;
    if (value.trimmed().isEmpty())
        settings.remove(key);
    else
        settings.setValue(key, value.trimmed());
}
} // namespace

QString EngineSettings::defaultProviderId()
{
    return QSettings().value(kDefaultProvider).toString();
}

void EngineSettings::setDefaultProviderId(const QString &id)
{
    setOrRemove(kDefaultProvider, id);
}

QString EngineSettings::defaultModel(const QString &agentId)
{
    return QSettings().value(modelKey(agentId)).toString();
}

void EngineSettings::setDefaultModel(const QString &agentId, const QString &model)
{
    setOrRemove(modelKey(agentId), model);
}

QString EngineSettings::workspaceFolder()
{
    return QSettings().value(kWorkspace).toString();
}

void EngineSettings::setWorkspaceFolder(const QString &folder)
{
    setOrRemove(kWorkspace, folder);
}

void EngineSettings::applyTo(EngineConfig &config)
{
    config.defaultProviderId = defaultProviderId();
    config.workspaceRoot = workspaceFolder();
    config.agentModels.clear();
    QSettings settings;
    settings.beginGroup(kAgents);
    const QStringList agents = settings.childGroups();
    for (const QString &agentId : agents)
        if (const QString model = settings.value(agentId + u"/model"_s).toString(); !model.isEmpty())
            config.agentModels.insert(agentId, model);
}

} // namespace Tandem
