#include "FuzzEntry.h"

#include <QCoreApplication>

#include <cstdio>
#include <cstdlib>

namespace Tandem {

namespace {
void dropMessage(QtMsgType type, const QMessageLogContext &, const QString &message)
{
    if (type == QtFatalMsg)
        std::fprintf(stderr, "%s\n", qPrintable(message));
}
} // namespace

int FuzzEntry::initialize(int *argc, char ***argv)
{
    qInstallMessageHandler(dropMessage);
    // Kept for the life of the process: jobs are QObjects and defer their deletion to an application's queue.
    static QCoreApplication app(*argc, *argv);
    return 0;
}

int FuzzEntry::run(FuzzTargets::Target target, const std::uint8_t *data, std::size_t size)
{
    const QString broken = target(QByteArrayView(reinterpret_cast<const char *>(data), static_cast<qsizetype>(size)));
    if (!broken.isEmpty()) {
        std::fprintf(stderr, "broken promise: %s\n", qPrintable(broken));
        std::abort();
    }
    return 0;
}

} // namespace Tandem
