#include "DataLocation.h"

#include "Database.h"

#include <QDir>
#include <QStandardPaths>

namespace Tandem {

QString DataLocation::folder(const QString &commandLineOverride)
{
    if (!commandLineOverride.isEmpty())
        return QDir(commandLineOverride).absolutePath();
    const QString fromEnvironment = qEnvironmentVariable(kEnvironmentVariable);
    if (!fromEnvironment.isEmpty())
        return QDir(fromEnvironment).absolutePath();
    return QStandardPaths::writableLocation(QStandardPaths::AppDataLocation);
}

QString DataLocation::databasePath(const QString &commandLineOverride)
{
    return QDir(folder(commandLineOverride)).filePath(Database::kFileName.toString());
}

} // namespace Tandem
