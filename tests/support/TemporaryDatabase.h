#pragma once

#include "storage/Database.h"
#include "storage/UnitOfWork.h"

#include <QSqlDatabase>
#include <QTemporaryDir>

namespace Tandem::Test {

/// @brief A real database file in a fresh temporary folder, opened and migrated; removed with the object.
class TemporaryDatabase final
{
public:
    TemporaryDatabase();
    Q_DISABLE_COPY_MOVE(TemporaryDatabase)

    /// @brief True if the folder exists and the database opened; errorString() otherwise.
    bool isReady() const { return m_ready; }
    QString errorString() const { return m_database.errorString(); }
    QString filePath() const;
    QString folder() const { return m_dir.path(); }
    Database &database() { return m_database; }
    QSqlDatabase connection() const { return m_database.connection(); }
    /// @brief The stores of the open database.
    UnitOfWork &work() { return m_database.work(); }
    /// @brief Closes and opens the same file again, as a restarted app would.
    bool reopen();

private:
    QTemporaryDir m_dir;
    Database m_database;
    bool m_ready = false;
};

} // namespace Tandem::Test
