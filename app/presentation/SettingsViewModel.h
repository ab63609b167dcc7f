#pragma once

#include "domain/GuardrailLimits.h"
#include "domain/ProviderProfile.h"

#include <QList>
#include <QObject>
#include <QPointer>
#include <QStringList>

namespace Tandem {

class SettingsService;

/// @brief What the settings and first-run dialogs edit: provider profiles and their keys (kept by the injected
/// SettingsService; a key is never read back into a widget), connection tests and model lists, local servers, the
/// default model per agent, the workspace folder, the guardrail limits, the language and the theme.
class SettingsViewModel final : public QObject
{
    Q_OBJECT

public:
    /// @brief @p service is borrowed; without one only the language and the theme can be set.
    explicit SettingsViewModel(SettingsService *service, QObject *parent = nullptr);
    ~SettingsViewModel() override;
    Q_DISABLE_COPY_MOVE(SettingsViewModel)

    QList<ProviderProfile> providers() const;
    bool hasProviders() const { return !providers().isEmpty(); }
    /// @brief Saves @p profile (a new one gets an id from its name); returns the id, empty on failure.
    QString saveProvider(const ProviderProfile &profile);
    /// @brief Adds a copy of @p preset (one of presets()) under a new id; returns the id, empty on failure.
    QString addPreset(const ProviderProfile &preset);
    /// @brief Adds (or updates) the OpenAI provider as the first-run dialog offers it; returns its id.
    QString addOpenAi();
    /// @brief Removes the profile and its key.
    bool removeProvider(const QString &id);
    /// @brief Why the last save, removal or change of limits failed.
    QString lastError() const;
    /// @brief The providers Tandem knows out of the box, for the "Add" menu.
    QList<ProviderProfile> presets() const;

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
    /// @brief True if a stored provider already talks to @p profile's base URL.
    bool isConfigured(const ProviderProfile &profile) const;

    /// @brief The provider new conversations use; empty when there is none.
    QString defaultProviderId() const;
    void setDefaultProviderId(const QString &id);
    /// @brief The model @p agentId uses when its conversation names none; empty: the provider's default.
    QString defaultModel(const QString &agentId) const;
    void setDefaultModel(const QString &agentId, const QString &model);
    /// @brief The folder the file tools are confined to; empty: none chosen (the file tools then refuse).
    QString workspaceFolder() const;
    void setWorkspaceFolder(const QString &folder);

    /// @brief The limits the next run obeys.
    GuardrailLimits guardrailLimits() const;
    /// @brief Stores @p limits for the next run if each value is within its bounds; else false, and lastError() names
    /// every bad value in a sentence of its own.
    bool setGuardrailLimits(const GuardrailLimits &limits);
    /// @brief Sets one limit, the others kept; false (with lastError()) for a value out of its bounds.
    bool setGuardrailLimit(GuardrailLimits::Field field, qint64 value);
    /// @brief Back to the built-in limits.
    void resetGuardrailLimits();

    /// @brief Every tool an agent may be given, in the registry's order.
    QStringList toolNames() const;
    /// @brief The tools whose calls wait for the person's approval.
    QStringList criticalTools() const;
    /// @brief Makes exactly @p names need approval; false (with lastError()) for an unknown tool.
    bool setCriticalTools(const QStringList &names);
    /// @brief Back to the tools' own choice (write_file, delete_file, delete_task need approval).
    void resetCriticalTools();
    /// @brief Router mode: the orchestrator's classification decides at or above this confidence (0–1).
    double routerThreshold() const;
    /// @brief Stores @p threshold; false (with lastError()) outside 0–1.
    bool setRouterThreshold(double threshold);
    /// @brief How many tokens of the newest messages a full-history handoff sends.
    int historyTokenCap() const;
    /// @brief Stores @p tokens; false (with lastError()) out of bounds.
    bool setHistoryTokenCap(int tokens);
    /// @brief The bounds and the built-in value of historyTokenCap(), for the settings page.
    static int minHistoryTokens();
    static int maxHistoryTokens();
    static int defaultHistoryTokens();
    /// @brief "Run commands without a sandbox" (Settings → Guardrails), off by default.
    bool commandsWithoutSandbox() const;
    void setCommandsWithoutSandbox(bool allowed);

    /// @brief "en" or "ru".
    QString language() const;
    void setLanguage(const QString &language);
    /// @brief "system", "light" or "dark".
    QString theme() const;
    void setTheme(const QString &theme);

Q_SIGNALS:
    void providersChanged();
    /// The default provider, a default model per agent, the workspace folder or a guardrail limit changed.
    void engineSettingsChanged();
    void keyStored(const QString &providerId, bool ok, const QString &error);
    void keyState(const QString &providerId, bool stored);
    void connectionTested(const QString &providerId, bool ok, const QString &message, const QStringList &models);
    void localServerDetected(const Tandem::ProviderProfile &profile, const QStringList &models);
    void detectionFinished();
    void themeChanged(const QString &theme);
    void languageChanged(const QString &language);

private:
    QPointer<SettingsService> m_service;
    QString m_error; ///< this view model's own refusals (a limit out of bounds); else the service's
};

} // namespace Tandem
