#pragma once

#include "StoreBase.h"
#include "domain/Agent.h"

#include <QList>

class QSqlQuery;

#include <optional>

namespace Tandem {

/// @brief Agent definitions, keyed by their slug.
class AgentStore : public StoreBase
{
public:
    using StoreBase::StoreBase;

    /// @brief Inserts or replaces @p agent.
    StoreResult save(const Agent &agent);
    std::optional<Agent> get(const QString &id);
    QList<Agent> list();
    StoreResult remove(const QString &id);

    /// @brief The `edge_options` column's text for @p options (JSON: target -> {transfer, timing, warm}).
    static QString edgeOptionsText(const QHash<QString, EdgeOptions> &options);
    /// @brief The columns agentFrom() reads, in its order, for a SELECT of the agents table.
    static QString columns();
    /// @brief The agent of the current row of @p query, selected with columns().
    static Agent agentFrom(const QSqlQuery &query);
};

} // namespace Tandem
