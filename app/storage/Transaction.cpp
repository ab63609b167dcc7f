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

bool Transaction::commit()
{
    if (!m_active)
        return false;
    m_active = false;
    return m_connection->commit();
}

void Transaction::rollback()
{
    if (!m_active)
        return;
    m_active = false;
    m_connection->rollback();
}

} // namespace Tandem
