#pragma once

#include "AgentStore.h"
#include "AgentThreadStore.h"
#include "ApprovalStore.h"
#include "BranchStore.h"
#include "ConversationStore.h"
#include "HandoffStore.h"
#include "MessageStore.h"
#include "MetricsStore.h"
#include "ProviderStore.h"
#include "RouterStore.h"
#include "RunStore.h"
#include "SearchStore.h"
#include "TaskStore.h"
#include "VariableStore.h"

#include <QString>

#include <memory>

namespace Tandem {

class ChangeFeed;
class SqlConnection;

/// @brief The one object through which the engine and the façade reach the database: every store of one connection
/// (each with its prepared statements cached), and the connection a Transaction
/// (a step that writes several rows) runs on.
///
/// It lives as long as its Database is open, on the thread that opened it.
class UnitOfWork final
{
public:
    explicit UnitOfWork(SqlConnection &connection);
    ~UnitOfWork();
    Q_DISABLE_COPY_MOVE(UnitOfWork)

    AgentStore &agents() { return m_agents; }
    AgentThreadStore &threads() { return m_threads; }
    ApprovalStore &approvals() { return m_approvals; }
    /// @brief The tree of each conversation's messages: siblings, the current branch and its leaf.
    BranchStore &branches() { return m_branches; }
    ConversationStore &conversations() { return m_conversations; }
    /// @brief The handoff board through its interface: what the engine and the façade are to use, so that the board
    /// can move to a shared database.
    BoardStore &board() { return m_handoffs; }
    /// @brief The same board as this SQLite file keeps it (HandoffStore).
    HandoffStore &handoffs() { return m_handoffs; }
    MessageStore &messages() { return m_messages; }
    MetricsStore &metrics() { return m_metrics; }
    ProviderStore &providers() { return m_providers; }
    RouterStore &router() { return m_router; }
    RunStore &runs() { return m_runs; }
    SearchStore &search() { return m_search; }
    TaskStore &tasks() { return m_tasks; }
    VariableStore &variables() { return m_variables; }

    /// @brief The connection the stores share (storage-internal; Transaction takes it).
    SqlConnection &connection() { return m_connection; }
    /// @brief True while a transaction of this connection is open.
    bool inTransaction() const;
    /// @brief The database file; empty for an in-memory database.
    QString filePath() const;
    /// @brief A number that changes whenever another connection (another process) commits to the database.
    qint64 dataVersion();
    /// @brief A new ChangeFeed of this connection: what another connection commits from now on.
    std::unique_ptr<ChangeFeed> changeFeed();
    /// @brief Rows read by every store of this connection so far (for benchmarks of what one step reads).
    quint64 rowsRead() const;

private:
    SqlConnection &m_connection;
    AgentStore m_agents;
    AgentThreadStore m_threads;
    ApprovalStore m_approvals;
    BranchStore m_branches;
    ConversationStore m_conversations;
    HandoffStore m_handoffs;
    MessageStore m_messages;
    ProviderStore m_providers;
    RouterStore m_router;
    MetricsStore m_metrics;
    RunStore m_runs;
    SearchStore m_search;
    TaskStore m_tasks;
    VariableStore m_variables;
};

} // namespace Tandem
