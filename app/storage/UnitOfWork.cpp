#include "UnitOfWork.h"

#include "DataVersionFeed.h"
#include "SqlConnection.h"

namespace Tandem {

UnitOfWork::UnitOfWork(SqlConnection &connection)
    : m_connection(connection)
    , m_agents(connection)
    , m_threads(connection)
    , m_approvals(connection)
    , m_branches(connection)
    , m_conversations(connection)
    , m_handoffs(connection)
    , m_messages(connection)
    , m_providers(connection)
    , m_router(connection)
    , m_metrics(connection, m_router)
    , m_runs(connection)
    , m_search(connection, m_conversations)
    , m_tasks(connection)
    , m_variables(connection)
{ }

UnitOfWork::~UnitOfWork() = default;

bool UnitOfWork::inTransaction() const
{
    return m_connection.depth() > 0;
}

QString UnitOfWork::filePath() const
{
    const QString name = m_connection.database().databaseName();
    return name == u":memory:" ? QString() : name;
}

std::unique_ptr<ChangeFeed> UnitOfWork::changeFeed()
{
    return std::make_unique<DataVersionFeed>(m_connection);
}

qint64 UnitOfWork::dataVersion()
{
    return m_connection.dataVersion();
}

quint64 UnitOfWork::rowsRead() const
{
    return m_connection.rowsRead();
}

} // namespace Tandem
