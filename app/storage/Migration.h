#pragma once

#include <QString>
#include <QStringList>

namespace Tandem {

/// @brief One numbered schema step: the statements that take the database from version - 1 to version.
struct Migration
{
    int version = 0;
    QString description;
    QStringList statements;
    /// The SQLite module the statements need (a virtual table kind such as "fts5"), empty for none. Where this
    /// SQLite lacks it, the version is recorded without the statements (and the triggers they made earlier are
    /// dropped, so that writes still work); an open that has the module runs them again.
    QString module = {};
};

} // namespace Tandem
