#include "EngineSettings.h"

#include "domain/Logging.h"

#include <QSettings>

using namespace Qt::StringLiterals;

namespace Tandem {

namespace {
const QString kDefaultProvider = u"providers/default"_s;
const QString kAgents = u"agents"_s;
const QString kWorkspace = u"tools/workspace"_s;
const QString kGuardrails = u"guardrails"_s;
const QString kCriticalTools = u"tools/critical"_s;
const QString kCommandsWithoutSandbox = u"tools/run_without_sandbox"_s;
const QString kRouterThreshold = u"router/threshold"_s;
const QString kHistoryTokenCap = u"handoffs/historyTokens"_s;

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

namespace {
/// Writes the stored limits over @p limits, skipping (with a warning) any that is not a number within its bounds.
void readGuardrails(GuardrailLimits &limits)
{
    QSettings settings;
    settings.beginGroup(kGuardrails);
    const QList<GuardrailLimits::Field> fields = GuardrailLimits::fields();
    for (const GuardrailLimits::Field field : fields) {
        const QString key = GuardrailLimits::name(field);
        if (!settings.contains(key))
            continue;
        bool ok = false;
        const qint64 value = settings.value(key).toLongLong(&ok);
        if (!ok || !GuardrailLimits::problem(field, value).isEmpty()) {
            qCWarning(lcChat) << "ignoring the stored guardrail" << key << settings.value(key).toString();
            continue;
        }
        limits.setValue(field, value);
    }
}
} // namespace

GuardrailLimits EngineSettings::guardrailLimits()
{
    GuardrailLimits limits;
    readGuardrails(limits);
    return limits;
}

void EngineSettings::setGuardrailLimits(const GuardrailLimits &limits)
{
    const GuardrailLimits builtIn;
    QSettings settings;
    settings.beginGroup(kGuardrails);
    const QList<GuardrailLimits::Field> fields = GuardrailLimits::fields();
    for (const GuardrailLimits::Field field : fields) {
        if (limits.value(field) == builtIn.value(field))
            settings.remove(GuardrailLimits::name(field));
        else
            settings.setValue(GuardrailLimits::name(field), limits.value(field));
    }
}

QHash<QString, bool> EngineSettings::criticalTools()
{
    QSettings settings;
    settings.beginGroup(kCriticalTools);
    QHash<QString, bool> choices;
    const QStringList names = settings.childKeys();
    for (const QString &name : names)
        choices.insert(name, settings.value(name).toBool());
    return choices;
}

void EngineSettings::setCriticalTools(const QHash<QString, bool> &choices)
{
    QSettings settings;
    settings.remove(kCriticalTools);
    settings.beginGroup(kCriticalTools);
    for (auto choice = choices.cbegin(); choice != choices.cend(); ++choice)
        settings.setValue(choice.key(), choice.value());
}

bool EngineSettings::commandsWithoutSandbox()
{
    return QSettings().value(kCommandsWithoutSandbox, false).toBool();
}

void EngineSettings::setCommandsWithoutSandbox(bool allowed)
{
    QSettings settings;
    if (allowed)
        settings.setValue(kCommandsWithoutSandbox, true);
    else
        settings.remove(kCommandsWithoutSandbox);
}

double EngineSettings::routerThreshold()
{
    bool ok = false;
    const double value = QSettings().value(kRouterThreshold).toDouble(&ok);
    return ok && value >= 0.0 && value <= 1.0 ? value : EngineConfig {}.routerThreshold;
}

void EngineSettings::setRouterThreshold(double threshold)
{
    QSettings settings;
    if (qFuzzyCompare(threshold, EngineConfig {}.routerThreshold))
        settings.remove(kRouterThreshold);
    else
        settings.setValue(kRouterThreshold, threshold);
}

int EngineSettings::historyTokenCap()
{
    bool ok = false;
    const int value = QSettings().value(kHistoryTokenCap).toInt(&ok);
    return ok && value >= kMinHistoryTokens && value <= kMaxHistoryTokens ? value : EngineConfig {}.historyTokenCap;
}

void EngineSettings::setHistoryTokenCap(int tokens)
{
    QSettings settings;
    if (tokens == EngineConfig {}.historyTokenCap)
        settings.remove(kHistoryTokenCap);
    else
        settings.setValue(kHistoryTokenCap, tokens);
}

void EngineSettings::applyTo(EngineConfig &config)
{
    config.historyTokenCap = historyTokenCap();
    config.limits = guardrailLimits();
    config.routerThreshold = routerThreshold();
    config.defaultProviderId = defaultProviderId();
    config.workspaceRoot = workspaceFolder();
    config.criticalTools = criticalTools();
    config.commandsWithoutSandbox = commandsWithoutSandbox();
    config.agentModels.clear();
    QSettings settings;
    settings.beginGroup(kAgents);
    const QStringList agents = settings.childGroups();
    for (const QString &agentId : agents)
        if (const QString model = settings.value(agentId + u"/model"_s).toString(); !model.isEmpty())
            config.agentModels.insert(agentId, model);
}

} // namespace Tandem
