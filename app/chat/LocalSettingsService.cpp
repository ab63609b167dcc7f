#include "LocalSettingsService.h"

#include "agents/EngineConfig.h"
#include "chat/EngineSettings.h"
#include "domain/ProviderPresets.h"
#include "domain/UrlSecrets.h"
#include "llm/ClientFactory.h"
#include "llm/LlmClient.h"
#include "llm/LocalServerDetector.h"
#include "llm/ModelListJob.h"
#include "storage/SecretStore.h"
#include "storage/UnitOfWork.h"
#include "tools/ToolCatalog.h"
#include "tools/ToolRegistry.h"

#include <QRegularExpression>

using namespace Qt::StringLiterals;

namespace Tandem {

LocalSettingsService::LocalSettingsService(
    UnitOfWork *work, SecretStore *secrets, QNetworkAccessManager *network, QObject *parent)
    : SettingsService(parent)
    , m_work(work)
    , m_secrets(secrets)
    , m_network(network)
    , m_builtins(std::make_unique<const ToolRegistry>(ToolRegistry::withBuiltins()))
    , m_tools(m_builtins.get())
{ }

void LocalSettingsService::setToolCatalog(const ToolCatalog *catalog)
{
    m_tools = catalog ? &catalog->registry() : m_builtins.get();
    if (catalog)
        connect(catalog, &ToolCatalog::toolsChanged, this, &SettingsService::engineSettingsChanged);
}

LocalSettingsService::~LocalSettingsService() = default;

void LocalSettingsService::applyTo(EngineConfig &config) const
{
    EngineSettings::applyTo(config);
}

// --- providers --------------------------------------------------------------------------------------------------

QList<ProviderProfile> LocalSettingsService::providers()
{
    return m_work ? m_work->providers().list() : QList<ProviderProfile> {};
}

QString LocalSettingsService::uniqueId(const QString &name)
{
    QString base = name.toLower();
    base.replace(QRegularExpression(u"[^a-z0-9]+"_s), u"-"_s);
    base = base.remove(QRegularExpression(u"^-+|-+$"_s));
    if (base.isEmpty())
        base = u"provider"_s;
    QString id = base;
    for (int n = 2; m_work && m_work->providers().get(id); ++n)
        id = base + u'-' + QString::number(n);
    return id;
}

QString LocalSettingsService::saveProvider(ProviderProfile profile)
{
    if (!m_work)
        return {};
    if (profile.name.trimmed().isEmpty()) {
        m_error = tr("A provider needs a name.");
        return {};
    }
    if (!profile.baseUrl.isValid() || profile.baseUrl.scheme().isEmpty()) {
        m_error = tr("The base URL is not valid.");
        return {};
    }
    if (const QString problem = urlSecretProblem(profile.baseUrl); !problem.isEmpty()) {
        m_error = problem;
        return {};
    }
    if (profile.id.isEmpty())
        profile.id = uniqueId(profile.name);
    ProviderStore &store = m_work->providers();
    if (!store.save(profile)) {
        m_error = store.lastError();
        return {};
    }
    if (EngineSettings::defaultProviderId().isEmpty())
        setDefaultProviderId(profile.id);
    Q_EMIT providersChanged();
    return profile.id;
}

QString LocalSettingsService::addPreset(const ProviderProfile &preset)
{
    ProviderProfile profile = preset;
    profile.id = uniqueId(preset.id.isEmpty() ? preset.name : preset.id);
    // The template for "any other server" has no address of its own: a local one to edit, rather than none.
    if (!profile.baseUrl.isValid() || profile.baseUrl.isEmpty())
        profile.baseUrl = QUrl(u"http://127.0.0.1:8080/v1"_s);
    return saveProvider(profile);
}

bool LocalSettingsService::removeProvider(const QString &id)
{
    if (!m_work || !m_work->providers().remove(id)) {
        m_error = m_work ? m_work->providers().lastError() : QString();
        return false;
    }
    if (m_secrets)
        m_secrets->remove(id, [](const SecretStore::Result &) {});
    if (EngineSettings::defaultProviderId() == id) {
        EngineSettings::setDefaultProviderId(ProviderProfile::defaultAmong(providers(), {}));
        Q_EMIT engineSettingsChanged();
    }
    Q_EMIT providersChanged();
    return true;
}

bool LocalSettingsService::isConfigured(const ProviderProfile &profile)
{
    const auto normalized = [](const QUrl &url) {
        return url.adjusted(QUrl::StripTrailingSlash | QUrl::NormalizePathSegments);
    };
    const QList<ProviderProfile> stored = providers();
    for (const ProviderProfile &candidate : stored)
        if (normalized(candidate.baseUrl) == normalized(profile.baseUrl))
            return true;
    return false;
}

QList<ProviderProfile> LocalSettingsService::presets() const
{
    return ProviderPresets::all();
}

QString LocalSettingsService::defaultProviderId()
{
    return ProviderProfile::defaultAmong(providers(), EngineSettings::defaultProviderId());
}

void LocalSettingsService::setDefaultProviderId(const QString &id)
{
    if (id == EngineSettings::defaultProviderId())
        return;
    EngineSettings::setDefaultProviderId(id);
    Q_EMIT engineSettingsChanged();
}

// --- keys -------------------------------------------------------------------------------------------------------

void LocalSettingsService::storeKey(const QString &providerId, const QString &key)
{
    if (!m_secrets) {
        Q_EMIT keyStored(providerId, false, tr("No keychain is available."));
        return;
    }
    QPointer<LocalSettingsService> self(this);
    m_secrets->write(providerId, key, [self, providerId](const SecretStore::Result &result) {
        if (self)
            Q_EMIT self->keyStored(providerId, result.ok(), result.errorString);
    });
}

void LocalSettingsService::checkKey(const QString &providerId)
{
    if (!m_secrets) {
        Q_EMIT keyState(providerId, false);
        return;
    }
    QPointer<LocalSettingsService> self(this);
    m_secrets->read(providerId, [self, providerId](const SecretStore::Result &result) {
        if (self)
            Q_EMIT self->keyState(providerId, result.ok() && !result.secret.isEmpty());
    });
}

QString LocalSettingsService::keyPersistenceNotice() const
{
    return m_secrets ? m_secrets->persistenceNotice() : QString();
}

// --- the network ------------------------------------------------------------------------------------------------

void LocalSettingsService::testConnection(const ProviderProfile &profile, const QString &key)
{
    if (!key.isEmpty() || !m_secrets || profile.id.isEmpty()) {
        runTest(profile, key);
        return;
    }
    QPointer<LocalSettingsService> self(this);
    m_secrets->read(profile.id, [self, profile](const SecretStore::Result &result) {
        if (self)
            self->runTest(profile, result.ok() ? result.secret : QString());
    });
}

QString LocalSettingsService::urlSecretProblem(const QUrl &url)
{
    if (!url.userInfo().isEmpty())
        return tr("The base URL contains a user name or password. Remove it from the URL and enter the key in the API "
                  "key field: Tandem keeps it in the system keychain, not with the URL.");
    if (const QString parameter = UrlSecrets::secretParameter(url); !parameter.isEmpty())
        return tr("The base URL contains the secret parameter “%1”. Remove it from the URL and enter the key in the "
                  "API key field: Tandem keeps it in the system keychain, not with the URL.")
            .arg(parameter);
    return {};
}

void LocalSettingsService::runTest(const ProviderProfile &profile, const QString &key)
{
    if (const QString problem = urlSecretProblem(profile.baseUrl); !problem.isEmpty()) {
        Q_EMIT connectionTested(profile.id, false, problem, {});
        return;
    }
    if (!m_network) {
        Q_EMIT connectionTested(profile.id, false, tr("No network access."), {});
        return;
    }
    LlmClient *client = ClientFactory::create(m_network, profile, this);
    client->setApiKey(key);
    RetryPolicy policy = client->retryPolicy();
    policy.maxRetries = 0;
    policy.idleTimeoutMs = 10000;
    client->setRetryPolicy(policy);
    ModelListJob *job = client->listModels();
    const QString id = profile.id;
    connect(job, &ModelListJob::finished, this, [this, client, id](const QStringList &models) {
        Q_EMIT connectionTested(id, true, tr("Connected: %n model(s) available.", nullptr, int(models.size())), models);
        client->deleteLater();
    });
    connect(job, &ModelListJob::failed, this, [this, client, id](const LlmError &error) {
        Q_EMIT connectionTested(id, false, error.userMessage(), {});
        client->deleteLater();
    });
    connect(job, &ModelListJob::cancelled, client, &QObject::deleteLater);
}

void LocalSettingsService::detectLocalServers()
{
    if (!m_network) {
        Q_EMIT detectionFinished();
        return;
    }
    if (!m_detector) {
        m_detector = new LocalServerDetector(m_network, this);
        connect(m_detector, &LocalServerDetector::detected, this, &SettingsService::localServerDetected);
        connect(m_detector, &LocalServerDetector::finished, this, &SettingsService::detectionFinished);
    }
    if (!m_candidates.isEmpty())
        m_detector->setCandidates(m_candidates);
    m_detector->start();
}

void LocalSettingsService::setDetectionCandidates(const QList<ProviderProfile> &candidates)
{
    m_candidates = candidates;
}

// --- the engine's settings --------------------------------------------------------------------------------------

QString LocalSettingsService::defaultModel(const QString &agentId) const
{
    return EngineSettings::defaultModel(agentId);
}

void LocalSettingsService::setDefaultModel(const QString &agentId, const QString &model)
{
    if (model.trimmed() == defaultModel(agentId))
        return;
    EngineSettings::setDefaultModel(agentId, model);
    Q_EMIT engineSettingsChanged();
}

QString LocalSettingsService::workspaceFolder() const
{
    return EngineSettings::workspaceFolder();
}

void LocalSettingsService::setWorkspaceFolder(const QString &folder)
{
    if (folder.trimmed() == workspaceFolder())
        return;
    EngineSettings::setWorkspaceFolder(folder);
    Q_EMIT engineSettingsChanged();
}

GuardrailLimits LocalSettingsService::guardrailLimits() const
{
    return EngineSettings::guardrailLimits();
}

bool LocalSettingsService::setGuardrailLimits(const GuardrailLimits &limits)
{
    if (const QStringList problems = limits.validate(); !problems.isEmpty()) {
        m_error = problems.join(u' ');
        return false;
    }
    if (limits == guardrailLimits())
        return true;
    EngineSettings::setGuardrailLimits(limits);
    Q_EMIT engineSettingsChanged();
    return true;
}

QStringList LocalSettingsService::toolNames() const
{
    return m_tools->names();
}

QStringList LocalSettingsService::criticalTools() const
{
    const QHash<QString, bool> choices = EngineSettings::criticalTools();
    QStringList critical;
    const QStringList names = toolNames();
    for (const QString &name : names)
        if (choices.value(name, m_tools->isCritical(name)))
            critical << name;
    return critical;
}

QStringList LocalSettingsService::defaultCriticalTools() const
{
    QStringList critical;
    const QStringList names = toolNames();
    for (const QString &name : names)
        if (m_tools->isCritical(name))
            critical << name;
    return critical;
}

bool LocalSettingsService::setCriticalTools(const QStringList &names)
{
    for (const QString &name : names) {
        if (!m_tools->contains(name)) {
            m_error = tr("“%1” is no tool: choose among %2.").arg(name, toolNames().join(u", "_s));
            return false;
        }
    }
    QStringList wanted = names;
    QStringList current = criticalTools();
    wanted.sort();
    current.sort();
    if (wanted == current)
        return true;
    // Only the choices that differ from the tool's own are stored, so a tool added later keeps its own.
    QHash<QString, bool> choices;
    const QStringList all = toolNames();
    for (const QString &name : all)
        if (names.contains(name) != m_tools->isCritical(name))
            choices.insert(name, names.contains(name));
    EngineSettings::setCriticalTools(choices);
    Q_EMIT engineSettingsChanged();
    return true;
}

double LocalSettingsService::routerThreshold() const
{
    return EngineSettings::routerThreshold();
}

bool LocalSettingsService::setRouterThreshold(double threshold)
{
    if (!(threshold >= 0.0 && threshold <= 1.0)) {
        m_error = tr("The router's confidence threshold must be between 0 and 1.");
        return false;
    }
    if (qFuzzyCompare(threshold + 1.0, routerThreshold() + 1.0))
        return true;
    EngineSettings::setRouterThreshold(threshold);
    Q_EMIT engineSettingsChanged();
    return true;
}

int LocalSettingsService::historyTokenCap() const
{
    return EngineSettings::historyTokenCap();
}

bool LocalSettingsService::setHistoryTokenCap(int tokens)
{
    if (tokens < EngineSettings::kMinHistoryTokens || tokens > EngineSettings::kMaxHistoryTokens) {
        m_error = tr("The history a handoff carries must be between %L1 and %L2 tokens.")
                      .arg(EngineSettings::kMinHistoryTokens)
                      .arg(EngineSettings::kMaxHistoryTokens);
        return false;
    }
    if (tokens == historyTokenCap())
        return true;
    EngineSettings::setHistoryTokenCap(tokens);
    Q_EMIT engineSettingsChanged();
    return true;
}

bool LocalSettingsService::commandsWithoutSandbox() const
{
    return EngineSettings::commandsWithoutSandbox();
}

void LocalSettingsService::setCommandsWithoutSandbox(bool allowed)
{
    if (allowed == commandsWithoutSandbox())
        return;
    EngineSettings::setCommandsWithoutSandbox(allowed);
    Q_EMIT engineSettingsChanged();
}

} // namespace Tandem
