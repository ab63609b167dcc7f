#pragma once

#include "agents/EngineConfig.h"
#include "domain/ProviderProfile.h"

#include <QList>
#include <QObject>
#include <QPointer>
#include <QStringList>

class QNetworkAccessManager;

namespace Tandem {

class LocalChatRepository;
class LocalServerDetector;
class ProviderStore;
class SecretStore;

/// @brief What the settings and first-run dialogs edit: provider profiles (in ProviderStore), their keys (in
/// SecretStore only, never read back into a widget), connection tests and model lists, the default model per
/// agent, the language and the theme (QSettings; no secret goes there).
class SettingsViewModel final : public QObject
{
    Q_OBJECT

public:
    /// @brief All three are borrowed; @p network is used for connection tests and local server detection.
    SettingsViewModel(
        ProviderStore *providers, SecretStore *secrets, QNetworkAccessManager *network, QObject *parent = nullptr);
    ~SettingsViewModel() override;
    Q_DISABLE_COPY_MOVE(SettingsViewModel)

    QList<ProviderProfile> providers() const;
    bool hasProviders() const { return !providers().isEmpty(); }
    /// @brief Saves @p profile (a new one gets an id from its name); returns the id, empty on failure. A base URL
    /// with a secret in it (user info, a key parameter) is refused: the key belongs in the keychain.
    QString saveProvider(ProviderProfile profile);
    /// @brief Removes the profile and its key.
    bool removeProvider(const QString &id);
    QString lastError() const { return m_error; }

    /// @brief Stores @p key for @p providerId in the keychain; keyStored() tells how it went.
    void storeKey(const QString &providerId, const QString &key);
    /// @brief Asks whether a key is stored for @p providerId; keyState() answers (the key itself stays inside).
    void checkKey(const QString &providerId);
    /// @brief "Keys are kept only until Tandem quits" when there is no keychain; empty otherwise.
    QString keyPersistenceNotice() const;

    /// @brief Lists the models of @p profile with @p key (empty: the stored key, if any); connectionTested() answers.
    void testConnection(const ProviderProfile &profile, const QString &key = {});
    /// @brief Probes the local model servers; localServerDetected() for each, then detectionFinished().
    void detectLocalServers();
    /// @brief The servers detectLocalServers() probes; ProviderPresets::localServers() unless set (tests).
    void setDetectionCandidates(const QList<ProviderProfile> &candidates);
    /// @brief True if a stored provider already talks to @p profile's base URL.
    bool isConfigured(const ProviderProfile &profile) const;

    QString defaultProviderId() const;
    void setDefaultProviderId(const QString &id);
    /// @brief The model @p agentId uses when its conversation names none; empty: the provider's default.
    QString defaultModel(const QString &agentId) const;
    void setDefaultModel(const QString &agentId, const QString &model);
    /// @brief The folder the file tools are confined to; empty: none chosen (the file tools then refuse).
    QString workspaceFolder() const;
    void setWorkspaceFolder(const QString &folder);
    /// @brief Writes what these settings decide for the engine (default provider, models per agent, workspace)
    /// into @p config, leaving the rest as it is.
    void applyTo(EngineConfig &config) const;
    /// @brief Keeps @p repository in step with these settings: their engine choices now and whenever they change,
    /// and a stored key or changed profile is read again by the next request. @p repository must outlive the
    /// connections (they end with either object).
    void bindRepository(LocalChatRepository *repository);

    /// @brief "en" or "ru".
    QString language() const;
    void setLanguage(const QString &language);
    /// @brief "system", "light" or "dark".
    QString theme() const;
    void setTheme(const QString &theme);

    /// @brief A slug for @p name that is not the id of another provider.
    QString uniqueId(const QString &name) const;
    /// @brief Why @p url cannot be a provider's base URL because it carries a secret; empty if it carries none.
    static QString urlSecretProblem(const QUrl &url);

Q_SIGNALS:
    void providersChanged();
    /// The default provider, a default model per agent or the workspace folder changed: see applyTo().
    void engineSettingsChanged();
    void keyStored(const QString &providerId, bool ok, const QString &error);
    void keyState(const QString &providerId, bool stored);
    void connectionTested(const QString &providerId, bool ok, const QString &message, const QStringList &models);
    void localServerDetected(const Tandem::ProviderProfile &profile, const QStringList &models);
    void detectionFinished();
    void themeChanged(const QString &theme);
    void languageChanged(const QString &language);

private:
    void runTest(const ProviderProfile &profile, const QString &key);

    ProviderStore *m_providers;
    QPointer<SecretStore> m_secrets;
    QNetworkAccessManager *m_network;
    LocalServerDetector *m_detector = nullptr;
    QList<ProviderProfile> m_candidates;
    mutable QString m_error;
};

} // namespace Tandem
