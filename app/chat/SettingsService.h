#pragma once

#include "domain/GuardrailLimits.h"
#include "domain/ProviderProfile.h"

#include <QList>
#include <QObject>
#include <QString>
#include <QStringList>

namespace Tandem {

/// @brief The façade the settings call, beside ChatRepository: provider profiles, their API keys, connection tests
/// and model lists, local server detection, the presets, and what the person chose for the engine (the default
/// provider, a default model per agent, the workspace folder, the guardrail limits).
///
/// Keys go in and are never read back out: only whether one is stored. Answers that need the network or the
/// keychain come later, as signals, on the thread that owns the service.
class SettingsService : public QObject
{
    Q_OBJECT

public:
    ~SettingsService() override;

    // --- providers -----------------------------------------------------------------------------------------
    virtual QList<ProviderProfile> providers() = 0;
    /// @brief Saves @p profile (a new one gets an id from its name); returns the id, empty on failure (lastError()).
    virtual QString saveProvider(ProviderProfile profile) = 0;
    /// @brief Saves a copy of @p preset under an id no other provider has; returns the id, empty on failure.
    virtual QString addPreset(const ProviderProfile &preset) = 0;
    /// @brief Removes the profile and its key.
    virtual bool removeProvider(const QString &id) = 0;
    /// @brief Why the last save or removal failed, one sentence.
    virtual QString lastError() const = 0;
    /// @brief True if a stored provider already talks to @p profile's base URL.
    virtual bool isConfigured(const ProviderProfile &profile) = 0;
    /// @brief The providers Tandem knows out of the box, in the order the "Add" menu lists them.
    virtual QList<ProviderProfile> presets() const = 0;
    /// @brief The provider new conversations use (the chosen one, else the first stored); empty when none is stored.
    virtual QString defaultProviderId() = 0;
    virtual void setDefaultProviderId(const QString &id) = 0;

    // --- keys ----------------------------------------------------------------------------------------------
    /// @brief Stores @p key for @p providerId in the keychain; keyStored() tells how it went.
    virtual void storeKey(const QString &providerId, const QString &key) = 0;
    /// @brief Asks whether a key is stored for @p providerId; keyState() answers (the key itself stays inside).
    virtual void checkKey(const QString &providerId) = 0;
    /// @brief "Keys are kept only until Tandem quits" when there is no keychain; empty otherwise.
    virtual QString keyPersistenceNotice() const = 0;

    // --- the network ---------------------------------------------------------------------------------------
    /// @brief Lists the models of @p profile with @p key (empty: the stored key, if any); connectionTested() answers.
    virtual void testConnection(const ProviderProfile &profile, const QString &key = {}) = 0;
    /// @brief Probes the model servers of this computer; localServerDetected() for each, then detectionFinished().
    virtual void detectLocalServers() = 0;

    // --- the engine's settings -----------------------------------------------------------------------------
    /// @brief The model @p agentId uses when neither it nor its conversation names one; empty: the provider's.
    virtual QString defaultModel(const QString &agentId) const = 0;
    virtual void setDefaultModel(const QString &agentId, const QString &model) = 0;
    /// @brief The folder the file tools are confined to; empty: none chosen (the file tools then refuse).
    virtual QString workspaceFolder() const = 0;
    virtual void setWorkspaceFolder(const QString &folder) = 0;
    virtual GuardrailLimits guardrailLimits() const = 0;
    /// @brief Stores @p limits if every value is within its bounds; otherwise stores nothing, returns false and
    /// lastError() names each bad value.
    virtual bool setGuardrailLimits(const GuardrailLimits &limits) = 0;
    /// @brief Every tool an agent may be given, in the order the registry lists them.
    virtual QStringList toolNames() const = 0;
    /// @brief The tools whose calls wait for the person's approval now: the person's choice, else the tool's own.
    virtual QStringList criticalTools() const = 0;
    /// @brief The tools that need approval out of the box (write_file, delete_file, delete_task).
    virtual QStringList defaultCriticalTools() const = 0;
    /// @brief Makes exactly @p names need approval; false (nothing stored, lastError() naming it) for an unknown tool.
    virtual bool setCriticalTools(const QStringList &names) = 0;
    /// @brief Router mode's confidence threshold: the orchestrator's classification decides at or above it.
    virtual double routerThreshold() const = 0;
    /// @brief Stores @p threshold if it is within 0–1; otherwise returns false and lastError() says why.
    virtual bool setRouterThreshold(double threshold) = 0;
    /// @brief How many tokens of the newest messages a full-history handoff sends (seed 003's context transfer).
    virtual int historyTokenCap() const = 0;
    /// @brief Stores @p tokens if it is within EngineSettings' bounds; otherwise returns false and lastError() says
    /// why.
    virtual bool setHistoryTokenCap(int tokens) = 0;
    /// @brief "Run commands without a sandbox": where bwrap cannot run, commands run directly (off by default).
    virtual bool commandsWithoutSandbox() const = 0;
    virtual void setCommandsWithoutSandbox(bool allowed) = 0;

Q_SIGNALS:
    void providersChanged();
    /// The default provider, a default model, the workspace folder, a guardrail limit or a critical tool changed.
    void engineSettingsChanged();
    void keyStored(const QString &providerId, bool ok, const QString &error);
    void keyState(const QString &providerId, bool stored);
    void connectionTested(const QString &providerId, bool ok, const QString &message, const QStringList &models);
    void localServerDetected(const Tandem::ProviderProfile &profile, const QStringList &models);
    void detectionFinished();

protected:
    explicit SettingsService(QObject *parent = nullptr);
};

} // namespace Tandem
