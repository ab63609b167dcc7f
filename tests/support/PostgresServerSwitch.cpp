#include "PostgresServerSwitch.h"

#include "PostgresCluster.h"

#include <QDir>
#include <QProcess>

#include <unistd.h>

using namespace Qt::StringLiterals;

namespace Tandem::Test {

namespace {

bool pgCtl(const PostgresCluster &cluster, const QStringList &arguments, QString *error)
{
    const QString program = u"/usr/lib/postgresql/15/bin/pg_ctl"_s;
    const QStringList all = QStringList { u"-D"_s, QDir(cluster.socketFolder()).filePath(u"data"_s) } + arguments;
    QProcess process;
    process.setProcessChannelMode(QProcess::MergedChannels);
    // As in PostgresCluster: the server refuses to run as root.
    if (::geteuid() == 0)
        process.start(u"runuser"_s, QStringList { u"-u"_s, cluster.user(), u"--"_s, program } + all);
    else
        process.start(program, all);
    if (process.waitForFinished(120000) && process.exitStatus() == QProcess::NormalExit && process.exitCode() == 0)
        return true;
    *error = QString::fromLocal8Bit(process.readAll()).trimmed();
    return false;
}

} // namespace

bool PostgresServerSwitch::stop(const PostgresCluster &cluster, QString *error)
{
    return pgCtl(cluster, { u"-m"_s, u"immediate"_s, u"-w"_s, u"stop"_s }, error);
}

bool PostgresServerSwitch::start(const PostgresCluster &cluster, QString *error)
{
    return pgCtl(cluster,
        { u"-l"_s, QDir(cluster.socketFolder()).filePath(u"server.log"_s), u"-w"_s, u"-o"_s,
            u"-k %1 -h '' -F"_s.arg(cluster.socketFolder()), u"start"_s },
        error);
}

} // namespace Tandem::Test
