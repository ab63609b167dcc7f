#pragma once

#include "agents/EngineConfig.h"
#include "domain/GuardrailLimits.h"

#include <QHash>
#include <QString>

namespace Tandem {

/// @brief What the person chose for the engine in the settings (QSettings, never a secret): the default provider,
/// a default model per agent, the workspace folder of the file tools and the guardrail limits. The window and the
/// headless commands read the same values, so a turn run from either is run alike.
class EngineSettings
{
public:
    static QString defaultProviderId();
    static void setDefaultProviderId(const QString &id);
    /// @brief The model @p agentId uses when neither it nor its conversation names one; empty: the provider's.
    static QString defaultModel(const QString &agentId);
    /// @brief Stores @p model (trimmed) for @p agentId; an empty one removes the choice.
    static void setDefaultModel(const QString &agentId, const QString &model);
    static QString workspaceFolder();
    /// @brief Stores @p folder (trimmed); an empty one removes the choice.
    static void setWorkspaceFolder(const QString &folder);
    /// @brief The built-in limits with the stored choices over them; a stored value out of bounds is ignored.
    static GuardrailLimits guardrailLimits();
    /// @brief Stores each limit of @p limits that differs from the built-in one (and forgets the others); the caller
    /// validates first.
    static void setGuardrailLimits(const GuardrailLimits &limits);
    /// @brief The person's choice per tool name (true: needs approval); a tool not listed is as critical as it says.
    static QHash<QString, bool> criticalTools();
    /// @brief Stores @p choices, replacing every earlier one (empty: each tool as critical as it says).
    static void setCriticalTools(const QHash<QString, bool> &choices);
    /// @brief "Run commands without a sandbox" (off by default): where bwrap cannot run, commands run directly.
    static bool commandsWithoutSandbox();
    static void setCommandsWithoutSandbox(bool allowed);
    /// @brief Router mode's confidence threshold (0–1, default 0.6); a stored value out of bounds is ignored.
    static double routerThreshold();
    /// @brief Stores @p threshold (the caller validates); the default removes the choice.
    static void setRouterThreshold(double threshold);
    /// @brief How many tokens of the newest messages a full-history handoff sends (default 8,000); a stored value out
    /// of bounds (kMinHistoryTokens–kMaxHistoryTokens) is ignored.
    static int historyTokenCap();
    /// @brief Stores @p tokens (the caller validates); the default removes the choice.
    static void setHistoryTokenCap(int tokens);
    static constexpr int kMinHistoryTokens = 100;
    static constexpr int kMaxHistoryTokens = 1'000'000;
    /// @brief Writes the stored choices into @p config (its limits: the built-in ones with the stored ones over them),
    /// leaving everything else as it is.
    static void applyTo(EngineConfig &config);
};

} // namespace Tandem
