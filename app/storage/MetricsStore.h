#pragma once

#include "StoreBase.h"
#include "domain/Metrics.h"
#include "domain/TokenUsage.h"

#include <QString>

namespace Tandem {

class RouterStore;

/// @brief The model_calls table (each model call's agent, tokens and duration) and the metrics read from it, the
/// runs, the handoffs and the routing decisions (how each agent performs).
class MetricsStore : public StoreBase
{
public:
    MetricsStore(SqlConnection &connection, RouterStore &router)
        : StoreBase(connection)
        , m_router(router)
    { }

    /// @brief Stores one model call of @p agentId in run @p runId.
    StoreResult recordModelCall(
        qint64 conversationId, qint64 runId, const QString &agentId, const TokenUsage &usage, qint64 latencyMs);
    /// @brief The metrics of @p conversationId, or of every conversation for 0.
    Metrics metrics(qint64 conversationId);

private:
    RouterStore &m_router;
};

} // namespace Tandem
