#include "Transaction.h"

#include "SqlConnection.h"
#include "UnitOfWork.h"

namespace Tandem {

Transaction::Transaction(SqlConnection &connection)
    : m_connection(&connection)
    , m_active(connection.begin())
{ }

Transaction::Transaction(UnitOfWork &work)
    : Transaction(work.connection())
{ }

Transaction::~Transaction()
{
    rollback();
}

StoreResult Transaction::commit()
{
    // Not begun: the failure that kept it from beginning (the lock held past the busy timeout, a broken file).
    if (!m_active)
        return m_connection->lastFailure();
    m_active = false;
    if (!m_connection->commit())
        return m_connection->lastFailure();
    return {};
}

void Transaction::rollback()
{
    if (!m_active)
        return;
    m_active = false;
    m_connection->rollback();
}

} // namespace Tandem
