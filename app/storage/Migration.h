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
};

} // namespace Tandem
