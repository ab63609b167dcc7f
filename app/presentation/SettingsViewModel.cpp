#include "SettingsViewModel.h"

#include "chat/EngineSettings.h"
#include "chat/LocalChatRepository.h"
#include "domain/UrlSecrets.h"
#include "llm/LlmClient.h"
#include "llm/LocalServerDetector.h"
#include "llm/ModelListJob.h"
#include "llm/ProviderPresets.h"
#include "storage/ProviderStore.h"
#include "storage/SecretStore.h"

#include <QRegularExpression>
#include <QSettings>

using namespace Qt::StringLiterals;

namespace Tandem {

SettingsViewModel::SettingsViewModel(
    ProviderStore *providers, SecretStore *secrets, QNetworkAccessManager *network, QObject *parent)
    : QObject(parent)
    , m_providers(providers)
    , m_secrets(secrets)
    , m_network(network)
{ }

SettingsViewModel::~SettingsViewModel() = default;

QList<ProviderProfile> SettingsViewModel::providers() const
{
    return m_providers ? m_providers->list() : QList<ProviderProfile> {};
}

QString SettingsViewModel::uniqueId(const QString &name) const
{
    QString base = name.toLower();
    base.replace(QRegularExpression(u"[^a-z0-9]+"_s), u"-"_s);
    base = base.remove(QRegularExpression(u"^-+|-+$"_s));
    if (base.isEmpty())
        base = u"provider"_s;
    QString id = base;
    for (int n = 2; m_providers && m_providers->get(id); ++n)
        id = base + u'-' + QString::number(n);
    return id;
}

QString SettingsViewModel::saveProvider(ProviderProfile profile)
{
    if (!m_providers)
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
    if (!m_providers->save(profile)) {
        m_error = m_providers->lastError();
        return {};
    }
    if (defaultProviderId().isEmpty())
        setDefaultProviderId(profile.id);
    Q_EMIT providersChanged();
    return profile.id;
}

bool SettingsViewModel::removeProvider(const QString &id)
{
    if (!m_providers || !m_providers->remove(id)) {
        m_error = m_providers ? m_providers->lastError() : QString();
        return false;
    }
    if (m_secrets)
        m_secrets->remove(id, [](const SecretStore::Result &) {});
    if (defaultProviderId() == id) {
        const QList<ProviderProfile> rest = providers();
        setDefaultProviderId(rest.isEmpty() ? QString() : rest.constFirst().id);
    }
    Q_EMIT providersChanged();
    return true;
}

void SettingsViewModel::storeKey(const QString &providerId, const QString &key)
{
    if (!m_secrets) {
        Q_EMIT keyStored(providerId, false, tr("No keychain is available."));
        return;
    }
    QPointer<SettingsViewModel> self(this);
    m_secrets->write(providerId, key, [self, providerId](const SecretStore::Result &result) {
        if (self)
            Q_EMIT self->keyStored(providerId, result.ok(), result.errorString);
    });
}

void SettingsViewModel::checkKey(const QString &providerId)
{
    if (!m_secrets) {
        Q_EMIT keyState(providerId, false);
        return;
    }
    QPointer<SettingsViewModel> self(this);
    m_secrets->read(providerId, [self, providerId](const SecretStore::Result &result) {
        if (self)
            Q_EMIT self->keyState(providerId, result.ok() && !result.secret.isEmpty());
    });
}

QString SettingsViewModel::keyPersistenceNotice() const
{
    return m_secrets ? m_secrets->persistenceNotice() : QString();
}

void SettingsViewModel::testConnection(const ProviderProfile &profile, const QString &key)
{
    if (!key.isEmpty() || !m_secrets || profile.id.isEmpty()) {
        runTest(profile, key);
        return;
    }
    QPointer<SettingsViewModel> self(this);
    m_secrets->read(profile.id, [self, profile](const SecretStore::Result &result) {
        if (self)
            self->runTest(profile, result.ok() ? result.secret : QString());
    });
}

QString SettingsViewModel::urlSecretProblem(const QUrl &url)
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

void SettingsViewModel::runTest(const ProviderProfile &profile, const QString &key)
{
    if (const QString problem = urlSecretProblem(profile.baseUrl); !problem.isEmpty()) {
        Q_EMIT connectionTested(profile.id, false, problem, {});
        return;
    }
    if (!m_network) {
        Q_EMIT connectionTested(profile.id, false, tr("No network access."), {});
        return;
    }
    LlmClient *client = ProviderPresets::createClient(m_network, profile, this);
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

void SettingsViewModel::detectLocalServers()
{
    if (!m_network) {
        Q_EMIT detectionFinished();
        return;
    }
    if (!m_detector) {
        m_detector = new LocalServerDetector(m_network, this);
        connect(m_detector, &LocalServerDetector::detected, this, &SettingsViewModel::localServerDetected);
        connect(m_detector, &LocalServerDetector::finished, this, &SettingsViewModel::detectionFinished);
    }
    if (!m_candidates.isEmpty())
        m_detector->setCandidates(m_candidates);
    m_detector->start();
}

void SettingsViewModel::setDetectionCandidates(const QList<ProviderProfile> &candidates)
{
    m_candidates = candidates;
}

bool SettingsViewModel::isConfigured(const ProviderProfile &profile) const
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

QString SettingsViewModel::defaultProviderId() const
{
    return EngineSettings::defaultProviderId();
}

void SettingsViewModel::setDefaultProviderId(const QString &id)
{
    if (id == defaultProviderId())
        return;
    EngineSettings::setDefaultProviderId(id);
    Q_EMIT engineSettingsChanged();
}

QString SettingsViewModel::defaultModel(const QString &agentId) const
{
    return EngineSettings::defaultModel(agentId);
}

void SettingsViewModel::setDefaultModel(const QString &agentId, const QString &model)
{
    if (model.trimmed() == defaultModel(agentId))
        return;
    EngineSettings::setDefaultModel(agentId, model);
    Q_EMIT engineSettingsChanged();
}

QString SettingsViewModel::workspaceFolder() const
{
    return EngineSettings::workspaceFolder();
}

void SettingsViewModel::setWorkspaceFolder(const QString &folder)
{
    if (folder.trimmed() == workspaceFolder())
        return;
    EngineSettings::setWorkspaceFolder(folder);
    Q_EMIT engineSettingsChanged();
}

void SettingsViewModel::applyTo(EngineConfig &config) const
{
    EngineSettings::applyTo(config);
}

void SettingsViewModel::bindRepository(LocalChatRepository *repository)
{
    const auto applyEngineSettings = [this, repository] {
        EngineConfig config = repository->engineConfig();
        applyTo(config);
        repository->setEngineConfig(config);
    };
    applyEngineSettings();
    connect(this, &SettingsViewModel::engineSettingsChanged, repository, applyEngineSettings);
    connect(this, &SettingsViewModel::keyStored, repository,
        [repository](const QString &providerId) { repository->providerChanged(providerId); });
    connect(this, &SettingsViewModel::providersChanged, repository, [this, repository] {
        const QList<ProviderProfile> profiles = providers();
        for (const ProviderProfile &profile : profiles)
            repository->providerChanged(profile.id);
    });
}

QString SettingsViewModel::language() const
{
    const QString stored = QSettings().value(u"ui/language"_s).toString();
    if (stored == u"en"_s || stored == u"ru"_s)
        return stored;
    return QLocale().language() == QLocale::Russian ? u"ru"_s : u"en"_s;
}

void SettingsViewModel::setLanguage(const QString &language)
{
    if (language == this->language() && QSettings().contains(u"ui/language"_s))
        return;
    QSettings().setValue(u"ui/language"_s, language);
    Q_EMIT languageChanged(language);
}

QString SettingsViewModel::theme() const
{
    const QString stored = QSettings().value(u"ui/theme"_s, u"system"_s).toString();
    return stored == u"light"_s || stored == u"dark"_s ? stored : u"system"_s;
}

void SettingsViewModel::setTheme(const QString &theme)
{
    if (theme == this->theme())
        return;
    QSettings().setValue(u"ui/theme"_s, theme);
    Q_EMIT themeChanged(theme);
}

} // namespace Tandem
