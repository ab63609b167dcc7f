#include "Bubblewrap.h"

#include <QDir>
#include <QFileInfo>
#include <QProcess>
#include <QStandardPaths>

using namespace Qt::StringLiterals;

namespace Tandem {

namespace {

// The system's read-only parts; on a merged-/usr Debian /bin, /lib… are links into /usr and are made links again.
const QStringList kSystemFolders { u"/usr"_s, u"/etc"_s, u"/bin"_s, u"/sbin"_s, u"/lib"_s, u"/lib32"_s, u"/lib64"_s,
    u"/libx32"_s };

QStringList namespaceOptions()
{
    return { u"--unshare-user"_s, u"--unshare-pid"_s, u"--unshare-ipc"_s, u"--unshare-uts"_s, u"--unshare-cgroup-try"_s,
        u"--die-with-parent"_s, u"--new-session"_s };
}

} // namespace

QString Bubblewrap::program()
{
    return QStandardPaths::findExecutable(u"bwrap"_s);
}

QString Bubblewrap::unavailableReason()
{
    static const QString reason = probe();
    return reason;
}

QString Bubblewrap::probe()
{
    const QString bwrap = program();
    if (bwrap.isEmpty())
        return tr("bubblewrap (bwrap) is not installed; install the package \"bubblewrap\".");
    QProcess process;
    QStringList arguments { u"--ro-bind"_s, u"/"_s, u"/"_s, u"--unshare-net"_s };
    arguments << namespaceOptions() << u"true"_s;
    process.start(bwrap, arguments);
    if (!process.waitForFinished(10000) || process.exitStatus() != QProcess::NormalExit || process.exitCode() != 0) {
        process.kill();
        process.waitForFinished(1000);
        const QString detail = QString::fromUtf8(process.readAllStandardError()).trimmed();
        return tr("bubblewrap cannot create its namespaces here (%1).")
            .arg(detail.isEmpty() ? tr("no message") : detail);
    }
    return {};
}

QStringList Bubblewrap::arguments(
    const QString &workspaceRoot, const QString &workingFolder, bool network, const QStringList &argv)
{
    QStringList arguments;
    for (const QString &folder : kSystemFolders) {
        const QFileInfo info(folder);
        if (info.isSymLink())
            arguments << u"--symlink"_s << info.symLinkTarget() << folder;
        else if (info.isDir())
            arguments << u"--ro-bind"_s << folder << folder;
    }
    const QString root = QFileInfo(workspaceRoot).canonicalFilePath();
    // /tmp first, the workspace after: a workspace under /tmp stays visible on top of the private /tmp.
    arguments << u"--proc"_s << u"/proc"_s << u"--dev"_s << u"/dev"_s << u"--tmpfs"_s << u"/tmp"_s;
    arguments << u"--bind"_s << root << root << u"--chdir"_s << workingFolder;
    arguments << namespaceOptions();
    if (!network)
        arguments << u"--unshare-net"_s;
    // A clean environment: nothing of Tandem's (keys, the session bus) reaches the command.
    arguments << u"--clearenv"_s << u"--setenv"_s << u"PATH"_s << u"/usr/local/bin:/usr/bin:/bin"_s << u"--setenv"_s
              << u"HOME"_s << root << u"--setenv"_s << u"LANG"_s << u"C.UTF-8"_s << u"--setenv"_s << u"TMPDIR"_s
              << u"/tmp"_s << u"--"_s;
    arguments << argv;
    return arguments;
}

} // namespace Tandem
