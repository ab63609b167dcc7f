#include "SecretTestUtil.h"

#include <QDirIterator>
#include <QFile>

namespace Tandem::Test {

bool folderContains(const QString &folder, const QByteArray &needle, QStringList *hits)
{
    bool found = false;
    QDirIterator it(folder, QDir::Files | QDir::Hidden | QDir::NoSymLinks, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QString path = it.next();
        QFile file(path);
        if (file.size() > 64 * 1024 * 1024 || !file.open(QIODevice::ReadOnly))
            continue;
        if (file.readAll().contains(needle)) {
            found = true;
            if (hits)
                hits->append(path);
        }
    }
    return found;
}

} // namespace Tandem::Test
