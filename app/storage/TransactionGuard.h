#pragma once

#include <QSqlDatabase>

namespace Tandem {

/// @brief RAII transaction: begins on construction, rolls back on destruction unless commit() succeeded.
class TransactionGuard final
{
public:
    explicit TransactionGuard(QSqlDatabase db);
    ~TransactionGuard();
    Q_DISABLE_COPY_MOVE(TransactionGuard)

    /// @brief False if the transaction could not begin; nothing then is written atomically.
    bool isActive() const { return m_active; }
    /// @brief Commits; false (and rolled back) on failure.
    bool commit();
    void rollback();

private:
    QSqlDatabase m_db;
    bool m_active = false;
};

} // namespace Tandem
