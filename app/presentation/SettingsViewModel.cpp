#include "SettingsViewModel.h"

#include "chat/EngineSettings.h"
#include "chat/SettingsService.h"
#include "chat/Translations.h"
#include "domain/ProviderPresets.h"
#include "domain/RoutingPolicy.h"

#include <QLocale>
#include <QSettings>

using namespace Qt::StringLiterals;

namespace Tandem {

SettingsViewModel::SettingsViewModel(SettingsService *service, QObject *parent)
    : QObject(parent)
    , m_service(service)
{
    if (!service)
        return;
    connect(service, &SettingsService::providersChanged, this, &SettingsViewModel::providersChanged);
    connect(service, &SettingsService::engineSettingsChanged, this, &SettingsViewModel::engineSettingsChanged);
    connect(service, &SettingsService::keyStored, this, &SettingsViewModel::keyStored);
    connect(service, &SettingsService::keyState, this, &SettingsViewModel::keyState);
    connect(service, &SettingsService::connectionTested, this, &SettingsViewModel::connectionTested);
    connect(service, &SettingsService::localServerDetected, this, &SettingsViewModel::localServerDetected);
    connect(service, &SettingsService::detectionFinished, this, &SettingsViewModel::detectionFinished);
}

SettingsViewModel::~SettingsViewModel() = default;

QList<ProviderProfile> SettingsViewModel::providers() const
{
    return m_service ? m_service->providers() : QList<ProviderProfile> {};
}

QString SettingsViewModel::saveProvider(const ProviderProfile &profile)
{
    m_error.clear();
    return m_service ? m_service->saveProvider(profile) : QString();
}

QString SettingsViewModel::addPreset(const ProviderProfile &preset)
{
    m_error.clear();
    return m_service ? m_service->addPreset(preset) : QString();
}

QString SettingsViewModel::addOpenAi()
{
    return saveProvider(ProviderPresets::openAi());
}

bool SettingsViewModel::removeProvider(const QString &id)
{
    m_error.clear();
    return m_service && m_service->removeProvider(id);
}

QString SettingsViewModel::lastError() const
{
    if (!m_error.isEmpty() || !m_service)
        return m_error;
    return m_service->lastError();
}

QList<ProviderProfile> SettingsViewModel::presets() const
{
    return m_service ? m_service->presets() : QList<ProviderProfile> {};
}

void SettingsViewModel::storeKey(const QString &providerId, const QString &key)
{
    if (m_service)
        m_service->storeKey(providerId, key);
    else
        Q_EMIT keyStored(providerId, false, tr("No keychain is available."));
}

void SettingsViewModel::checkKey(const QString &providerId)
{
    if (m_service)
        m_service->checkKey(providerId);
    else
        Q_EMIT keyState(providerId, false);
}

QString SettingsViewModel::keyPersistenceNotice() const
{
    return m_service ? m_service->keyPersistenceNotice() : QString();
}

void SettingsViewModel::testConnection(const ProviderProfile &profile, const QString &key)
{
    if (m_service)
        m_service->testConnection(profile, key);
    else
        Q_EMIT connectionTested(profile.id, false, tr("No network access."), {});
}

void SettingsViewModel::detectLocalServers()
{
    if (m_service)
        m_service->detectLocalServers();
    else
        Q_EMIT detectionFinished();
}

bool SettingsViewModel::isConfigured(const ProviderProfile &profile) const
{
    return m_service && m_service->isConfigured(profile);
}

QString SettingsViewModel::defaultProviderId() const
{
    return m_service ? m_service->defaultProviderId() : QString();
}

void SettingsViewModel::setDefaultProviderId(const QString &id)
{
    if (m_service)
        m_service->setDefaultProviderId(id);
}

QString SettingsViewModel::defaultModel(const QString &agentId) const
{
    return m_service ? m_service->defaultModel(agentId) : QString();
}

void SettingsViewModel::setDefaultModel(const QString &agentId, const QString &model)
{
    if (m_service)
        m_service->setDefaultModel(agentId, model);
}

QString SettingsViewModel::workspaceFolder() const
{
    return m_service ? m_service->workspaceFolder() : QString();
}

void SettingsViewModel::setWorkspaceFolder(const QString &folder)
{
    if (m_service)
        m_service->setWorkspaceFolder(folder);
}

GuardrailLimits SettingsViewModel::guardrailLimits() const
{
    return m_service ? m_service->guardrailLimits() : GuardrailLimits {};
}

bool SettingsViewModel::setGuardrailLimits(const GuardrailLimits &limits)
{
    // Checked here as well as in the service, so the page can say what is wrong before anything is stored.
    const QStringList problems = limits.validate();
    m_error = problems.join(u' ');
    if (!problems.isEmpty() || !m_service)
        return false;
    return m_service->setGuardrailLimits(limits);
}

bool SettingsViewModel::setGuardrailLimit(GuardrailLimits::Field field, qint64 value)
{
    GuardrailLimits limits = guardrailLimits();
    limits.setValue(field, value);
    if (const QString problem = GuardrailLimits::problem(field, value); !problem.isEmpty()) {
        m_error = problem;
        return false;
    }
    return setGuardrailLimits(limits);
}

void SettingsViewModel::resetGuardrailLimits()
{
    setGuardrailLimits(GuardrailLimits {});
}

QStringList SettingsViewModel::toolNames() const
{
    return m_service ? m_service->toolNames() : QStringList {};
}

double SettingsViewModel::routerThreshold() const
{
    return m_service ? m_service->routerThreshold() : RoutingPolicy::kDefaultThreshold;
}

bool SettingsViewModel::setRouterThreshold(double threshold)
{
    return m_service && m_service->setRouterThreshold(threshold);
}

int SettingsViewModel::historyTokenCap() const
{
    return m_service ? m_service->historyTokenCap() : defaultHistoryTokens();
}

int SettingsViewModel::minHistoryTokens()
{
    return EngineSettings::kMinHistoryTokens;
}

int SettingsViewModel::maxHistoryTokens()
{
    return EngineSettings::kMaxHistoryTokens;
}

int SettingsViewModel::defaultHistoryTokens()
{
    return EngineConfig {}.historyTokenCap;
}

bool SettingsViewModel::setHistoryTokenCap(int tokens)
{
    return m_service && m_service->setHistoryTokenCap(tokens);
}

bool SettingsViewModel::commandsWithoutSandbox() const
{
    return m_service && m_service->commandsWithoutSandbox();
}

void SettingsViewModel::setCommandsWithoutSandbox(bool allowed)
{
    if (m_service)
        m_service->setCommandsWithoutSandbox(allowed);
}

QStringList SettingsViewModel::criticalTools() const
{
    return m_service ? m_service->criticalTools() : QStringList {};
}

bool SettingsViewModel::setCriticalTools(const QStringList &names)
{
    m_error.clear();
    return m_service && m_service->setCriticalTools(names);
}

void SettingsViewModel::resetCriticalTools()
{
    if (m_service)
        m_service->setCriticalTools(m_service->defaultCriticalTools());
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
    // At once, without a restart: every widget gets a LanguageChange event and retranslates itself.
    Translations::install(language);
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
