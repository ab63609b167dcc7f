#include "TransactionGuard.h"

#include "domain/Logging.h"

#include <QSqlError>

namespace Tandem {

TransactionGuard::TransactionGuard(QSqlDatabase db)
    : m_db(std::move(db))
    , m_active(m_db.transaction())
{
    if (!m_active)
        qCWarning(lcDb) << "could not begin a transaction:" << m_db.lastError().text();
}

TransactionGuard::~TransactionGuard()
{
    if (m_active)
        rollback();
}

bool TransactionGuard::commit()
{
    if (!m_active)
        return false;
    m_active = false;
    if (m_db.commit())
        return true;
    qCWarning(lcDb) << "commit failed:" << m_db.lastError().text();
    m_db.rollback();
    return false;
}

void TransactionGuard::rollback()
{
    if (!m_active)
        return;
    m_active = false;
    if (!m_db.rollback())
        qCWarning(lcDb) << "rollback failed:" << m_db.lastError().text();
}

} // namespace Tandem
