#pragma once

#include "agents/EngineConfig.h"

#include <QString>

namespace Tandem {

/// @brief What the person chose for the engine in the settings (QSettings, never a secret): the default provider,
/// a default model per agent and the workspace folder of the file tools. The window and the headless commands read
/// the same values, so a turn run from either is run alike.
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
    /// @brief Writes the stored choices into @p config, leaving everything else as it is.
    static void applyTo(EngineConfig &config);
};

} // namespace Tandem
