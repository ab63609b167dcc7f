#pragma once

#include "StoreBase.h"
#include "domain/Agent.h"

#include <QList>

#include <optional>

namespace Tandem {

/// @brief Agent definitions, keyed by their slug.
class AgentStore : public StoreBase
{
public:
    using StoreBase::StoreBase;

    /// @brief Inserts or replaces @p agent.
    bool save(const Agent &agent);
    std::optional<Agent> get(const QString &id);
    QList<Agent> list();
    bool remove(const QString &id);
};

} // namespace Tandem
