#pragma once

#include "domain/Agent.h"

#include <QList>

#include <memory>
#include <optional>

namespace Tandem {

class ChangeFeed;
class UnitOfWork;

/// @brief The agents table kept in memory for the engine, so that a new run does not read and parse every agent row
/// again (issue #29): what AgentStore::list() gives, read once and again only after something changed it.
///
/// Kept in step with the database like ThreadCache: a write to the agents table on this connection (a save, a
/// removal, an import, a provider's removal: ConnectionChanges::agentWrites), a rollback of this connection (which may
/// undo a write already read), and any commit of another connection or process (PRAGMA data_version, through a
/// ChangeFeed) drop the copy, and the next call reads the table again.
class RosterCache final
{
public:
    explicit RosterCache(UnitOfWork &work);
    ~RosterCache();
    Q_DISABLE_COPY_MOVE(RosterCache)

    /// @brief Every agent, in AgentStore::list()'s order.
    QList<Agent> agents();
    /// @brief Drops the copy: the next call reads the table.
    void clear() { m_agents.reset(); }

    /// @brief Times the table was read since the cache was made, for the tests.
    int reads() const { return m_reads; }

private:
    bool stillValid();

    UnitOfWork &m_work;
    std::unique_ptr<ChangeFeed> m_feed;
    quint64 m_rollbacks = 0;
    quint64 m_writes = 0;
    std::optional<QList<Agent>> m_agents;
    int m_reads = 0;
};

} // namespace Tandem
