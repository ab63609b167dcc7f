#include "RosterCache.h"

#include "storage/AgentStore.h"
#include "storage/ChangeFeed.h"
#include "storage/ConnectionChanges.h"
#include "storage/UnitOfWork.h"

namespace Tandem {

RosterCache::RosterCache(UnitOfWork &work)
    : m_work(work)
    , m_feed(work.changeFeed())
    , m_rollbacks(ConnectionChanges::rollbacks(work))
    , m_writes(ConnectionChanges::agentWrites(work))
{ }

RosterCache::~RosterCache() = default;

QList<Agent> RosterCache::agents()
{
    if (!stillValid())
        m_agents.reset();
    if (!m_agents) {
        m_agents = m_work.agents().list();
        ++m_reads;
    }
    return *m_agents;
}

bool RosterCache::stillValid()
{
    // Every check runs each time, so that each counter is brought up to date even when an earlier one already failed.
    const bool elsewhere = m_feed && m_feed->changedElsewhere();
    const quint64 rollbacks = ConnectionChanges::rollbacks(m_work);
    const quint64 writes = ConnectionChanges::agentWrites(m_work);
    const bool changedHere = rollbacks != m_rollbacks || writes != m_writes;
    m_rollbacks = rollbacks;
    m_writes = writes;
    return !elsewhere && !changedHere;
}

} // namespace Tandem
