#pragma once

#include <QString>

#include <array>

namespace Tandem {

/// @brief The colour of each agent wherever it is drawn (the chat, the HTML and PDF exports): agent 1 and agent 2
/// keep the first two hues, any other agent gets one from its id, the same in every run and on every machine.
struct AgentPalette
{
    /// Mid-tone hues that read on light and dark backgrounds; red is kept for errors.
    static constexpr std::array<quint32, 8> kColors
        = { 0x3b82f6, 0x9b5de5, 0x10a37f, 0xe08a00, 0x0ea5b7, 0xd63d8a, 0x6d8f1b, 0x5b6ee1 };

    /// @brief 0xRRGGBB of @p agentId.
    static quint32 rgb(const QString &agentId)
    {
        if (agentId == u"agent1")
            return kColors[0];
        if (agentId == u"agent2")
            return kColors[1];
        // FNV-1a over the id's UTF-16 units: qHash with a seed is randomised per process, so an agent changed
        // colour from one start (and one export) to the next.
        quint32 hash = 2166136261u;
        for (const QChar c : agentId) {
            hash ^= c.unicode();
            hash *= 16777619u;
        }
        return kColors[hash % kColors.size()];
    }
};

} // namespace Tandem
