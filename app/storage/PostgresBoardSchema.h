#pragma once

#include "Migration.h"

#include <QList>
#include <QSqlDatabase>
#include <QString>

namespace Tandem {

/// @brief The team board's own schema on PostgreSQL (storage-internal): numbered migrations recorded in a
/// schema_migrations table, separate from the SQLite file's (Schema), since the board is all a team shares.
class PostgresBoardSchema final
{
public:
    static QList<Migration> migrations();
    static int currentVersion();
    /// @brief Brings the board of @p db up to currentVersion(); each step in its own transaction, rolled back if a
    /// statement fails. False with *@p error set on failure, and for a board newer than this build knows.
    static bool migrate(QSqlDatabase db, QString *error);
};

} // namespace Tandem
