#pragma once

#include "StoreResult.h"

#include <QtGlobal>

namespace Tandem {

class SqlConnection;
class UnitOfWork;

/// @brief One step's writes, all or nothing: begins on construction (a savepoint when another transaction of the
/// same connection is open), rolls back on destruction unless commit() succeeded.
class Transaction final
{
public:
    explicit Transaction(SqlConnection &connection);
    explicit Transaction(UnitOfWork &work);
    ~Transaction();
    Q_DISABLE_COPY_MOVE(Transaction)

    /// @brief False if the transaction could not begin (the database is locked, or broken).
    bool isActive() const { return m_active; }
    /// @brief Commits; on failure, rolled back and the failure typed.
    StoreResult commit();
    void rollback();

private:
    SqlConnection *m_connection;
    bool m_active = false;
};

} // namespace Tandem
