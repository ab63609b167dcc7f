#pragma once

#include "domain/Metrics.h"

namespace Tandem {

/// @brief The figures of the metrics view and of `tandem metrics`.
class MetricsApi
{
public:
    virtual ~MetricsApi() = default;

    /// @brief Per agent and in total: turns, handoffs, rejections, tokens, latency, routing (0: every conversation).
    virtual Metrics metrics(qint64 conversationId = 0) = 0;
};

} // namespace Tandem
