#pragma once

#include <QtGlobal>

namespace Tandem {

/// @brief Token counts reported by a provider for one model call, or summed over several.
struct TokenUsage
{
    qint64 inputTokens = 0;
    qint64 outputTokens = 0;
    qint64 cachedTokens = 0; ///< part of inputTokens served from the provider's prompt cache
    qint64 reasoningTokens = 0; ///< part of outputTokens spent on hidden reasoning

    /// @brief Input plus output, the figure budgets are counted in.
    qint64 total() const { return inputTokens + outputTokens; }
    bool isEmpty() const { return inputTokens == 0 && outputTokens == 0; }

    TokenUsage &operator+=(const TokenUsage &other)
    {
        inputTokens += other.inputTokens;
        outputTokens += other.outputTokens;
        cachedTokens += other.cachedTokens;
        reasoningTokens += other.reasoningTokens;
        return *this;
    }
    friend bool operator==(const TokenUsage &, const TokenUsage &) = default;
};

} // namespace Tandem
