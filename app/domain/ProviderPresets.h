#pragma once

#include "ProviderProfile.h"

#include <QCoreApplication>
#include <QList>

namespace Tandem {

/// @brief The providers Tandem knows out of the box: plain profiles, the settings' "Add" menu and what local server
/// detection probes.
class ProviderPresets
{
    Q_DECLARE_TR_FUNCTIONS(ProviderPresets)

public:
    /// @brief OpenAI (`https://api.openai.com/v1`, Responses API).
    static ProviderProfile openAi();
    /// @brief Ollama (`http://127.0.0.1:11434/v1`).
    static ProviderProfile ollama();
    /// @brief llama.cpp's llama-server (`http://127.0.0.1:8080/v1`).
    static ProviderProfile llamaCpp();
    /// @brief LM Studio (`http://127.0.0.1:1234/v1`).
    static ProviderProfile lmStudio();
    /// @brief vLLM (`http://127.0.0.1:8000/v1`).
    static ProviderProfile vllm();
    /// @brief OpenRouter (`https://openrouter.ai/api/v1`, Chat Completions).
    static ProviderProfile openRouter();
    /// @brief A template for any other OpenAI-compatible server; its base URL is for the person to fill in.
    static ProviderProfile custom();

    /// @brief Every preset above, in the order a settings page lists them.
    static QList<ProviderProfile> all();
    /// @brief The presets of servers that run on this machine (what LocalServerDetector probes).
    static QList<ProviderProfile> localServers();
};

} // namespace Tandem
