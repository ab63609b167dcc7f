#pragma once

#include "chat/SettingsService.h"

#include <QPointer>

#include <memory>

class QNetworkAccessManager;

namespace Tandem {

class LocalServerDetector;
class SecretStore;
class ToolCatalog;
class ToolRegistry;
class UnitOfWork;
struct EngineConfig;

/// @brief The SettingsService of this machine: profiles in the database's ProviderStore, keys in SecretStore, the
/// engine's choices in QSettings (EngineSettings), connection tests and detection over the app's network manager.
class LocalSettingsService final : public SettingsService
{
    Q_OBJECT

public:
    /// @brief All borrowed, each may be null: without @p work there are no providers, without @p secrets no keys,
    /// without @p network no connection test or detection (they answer at once that there is none).
    LocalSettingsService(
        UnitOfWork *work, SecretStore *secrets, QNetworkAccessManager *network, QObject *parent = nullptr);
    ~LocalSettingsService() override;
    Q_DISABLE_COPY_MOVE(LocalSettingsService)

    /// @brief Why @p url cannot be a provider's base URL because it carries a secret (user info, a key parameter);
    /// empty if it carries none. Such a URL is neither saved nor tested: the key belongs in the keychain.
    static QString urlSecretProblem(const QUrl &url);
    /// @brief Lists the tools of @p catalog, the process's (they follow its changes) instead of the built-in ones;
    /// borrowed, it outlives this service. Its toolsChanged() reaches the settings as engineSettingsChanged().
    void setToolCatalog(const ToolCatalog *catalog);
    /// @brief The servers detectLocalServers() probes; ProviderPresets::localServers() unless set (tests).
    void setDetectionCandidates(const QList<ProviderProfile> &candidates);
    /// @brief Writes what these settings decide for the engine (default provider, models per agent, workspace,
    /// guardrail limits) into @p config, leaving the rest as it is.
    void applyTo(EngineConfig &config) const;

    QList<ProviderProfile> providers() override;
    QString saveProvider(ProviderProfile profile) override;
    QString addPreset(const ProviderProfile &preset) override;
    bool removeProvider(const QString &id) override;
    QString lastError() const override { return m_error; }
    bool isConfigured(const ProviderProfile &profile) override;
    QList<ProviderProfile> presets() const override;
    QString defaultProviderId() override;
    void setDefaultProviderId(const QString &id) override;

    void storeKey(const QString &providerId, const QString &key) override;
    void checkKey(const QString &providerId) override;
    QString keyPersistenceNotice() const override;

    void testConnection(const ProviderProfile &profile, const QString &key = {}) override;
    void detectLocalServers() override;

    QString defaultModel(const QString &agentId) const override;
    void setDefaultModel(const QString &agentId, const QString &model) override;
    QString workspaceFolder() const override;
    void setWorkspaceFolder(const QString &folder) override;
    GuardrailLimits guardrailLimits() const override;
    bool setGuardrailLimits(const GuardrailLimits &limits) override;
    QStringList toolNames() const override;
    QStringList criticalTools() const override;
    QStringList defaultCriticalTools() const override;
    bool setCriticalTools(const QStringList &names) override;
    double routerThreshold() const override;
    bool setRouterThreshold(double threshold) override;
    int historyTokenCap() const override;
    bool setHistoryTokenCap(int tokens) override;
    bool commandsWithoutSandbox() const override;
    void setCommandsWithoutSandbox(bool allowed) override;

private:
    /// A slug for @p name that is not the id of another provider.
    QString uniqueId(const QString &name);
    void runTest(const ProviderProfile &profile, const QString &key);

    UnitOfWork *m_work;
    QPointer<SecretStore> m_secrets;
    QNetworkAccessManager *m_network;
    LocalServerDetector *m_detector = nullptr;
    QList<ProviderProfile> m_candidates;
    std::unique_ptr<const ToolRegistry> m_builtins; ///< the built-in tools, when no catalog is given
    const ToolRegistry *m_tools; ///< the tools, for their names and own criticality
    QString m_error;
};

} // namespace Tandem
