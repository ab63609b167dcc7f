#include "Handover.h"

#include <QByteArrayList>

#include <climits>
#include <unistd.h>
#include <vector>

namespace Tandem {

QByteArray Handover::sibling(const char *program)
{
    // /proc/self/exe rather than argv[0]: a `tandem` found on PATH or started through a symbolic link still finds its
    // own sibling. Plain POSIX: this runs before any QCoreApplication exists.
    char self[PATH_MAX];
    const ssize_t length = ::readlink("/proc/self/exe", self, sizeof self - 1);
    if (length <= 0)
        return {};
    QByteArray path(self, length);
    path.truncate(path.lastIndexOf('/') + 1);
    path += program;
    return ::access(path.constData(), X_OK) == 0 ? path : QByteArray();
}

void Handover::exec(const char *program, char *const *argv)
{
    const QByteArray path = sibling(program);
    if (!path.isEmpty())
        ::execv(path.constData(), argv);
}

void Handover::exec(const char *program, const QStringList &arguments)
{
    QByteArrayList encoded;
    for (const QString &argument : arguments)
        encoded << argument.toLocal8Bit();
    std::vector<char *> argv;
    for (QByteArray &argument : encoded)
        argv.push_back(argument.data());
    argv.push_back(nullptr);
    exec(program, argv.data());
}

} // namespace Tandem
