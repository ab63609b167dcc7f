#include "PrivateFiles.h"

#include "domain/Logging.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>

namespace Tandem {

namespace {
constexpr QFileDevice::Permissions kOwnerOnly = QFileDevice::ReadOwner | QFileDevice::WriteOwner;
constexpr QFileDevice::Permissions kOthers = QFileDevice::ReadGroup | QFileDevice::WriteGroup | QFileDevice::ExeGroup
    | QFileDevice::ReadOther | QFileDevice::WriteOther | QFileDevice::ExeOther;
} // namespace

bool PrivateFiles::ensureFolder(const QString &folder)
{
    const QFileInfo info(folder);
    if (info.isDir())
        return true;
    const QString path = info.absoluteFilePath();
    if (!QDir().mkpath(info.absolutePath()))
        return false;
    // Created with the final mode, so it is never readable by others, not even for a moment.
    return QDir().mkdir(path, QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner)
        || QFileInfo(path).isDir();
}

bool PrivateFiles::ensureFile(const QString &filePath)
{
    if (QFileInfo::exists(filePath))
        return restrict(filePath);
    if (!ensureFolder(QFileInfo(filePath).absolutePath()))
        return false;
    QFile file(filePath);
    if (file.open(QIODevice::WriteOnly | QIODevice::NewOnly, kOwnerOnly))
        return true;
    return QFileInfo::exists(filePath) &&restrict(filePath); // another process created it meanwhile
}

bool PrivateFiles::restrict(const QString &filePath)
{
    const QFileInfo info(filePath);
    if (!info.exists())
        return true;
    const QFileDevice::Permissions permissions = info.permissions();
    if (!(permissions & kOthers))
        return true;
    if (QFile::setPermissions(filePath, permissions & ~kOthers))
        return true;
    qCWarning(lcDb) << "cannot make" << filePath << "private to its owner";
    return false;
}

} // namespace Tandem
