#include "PostgresCluster.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QProcess>

#include <pwd.h>
#include <unistd.h>

using namespace Qt::StringLiterals;

namespace Tandem::Test {

namespace {
const QString kBinaries = u"/usr/lib/postgresql/15/bin"_s;
constexpr int kCommandMs = 120000;
} // namespace

PostgresCluster::PostgresCluster()
    : m_asRoot(::geteuid() == 0)
{
    if (m_asRoot) {
        m_user = u"postgres"_s;
    } else if (const passwd *me = ::getpwuid(::geteuid())) {
        m_user = QString::fromLocal8Bit(me->pw_name);
    }
}

PostgresCluster::~PostgresCluster()
{
    if (m_started)
        run(binary(u"pg_ctl"_s), { u"-D"_s, m_dir.filePath(u"data"_s), u"-m"_s, u"fast"_s, u"-w"_s, u"stop"_s });
}

QString PostgresCluster::binary(const QString &name) const
{
    return kBinaries + u'/' + name;
}

QString PostgresCluster::url() const
{
    return urlFor(m_user, database());
}

QString PostgresCluster::urlFor(const QString &user, const QString &database) const
{
    return u"postgresql://%1@localhost/%2?host=%3"_s.arg(user, database, socketFolder());
}

bool PostgresCluster::addPasswordUser(const QString &user, const QString &password, const QString &database)
{
    QString literal = password;
    literal.replace(u'\'', u"''"_s);
    if (!run(binary(u"psql"_s),
            { u"-h"_s, socketFolder(), u"-U"_s, m_user, u"-d"_s, this->database(), u"-v"_s, u"ON_ERROR_STOP=1"_s,
                u"-c"_s, u"CREATE ROLE \"%1\" LOGIN PASSWORD '%2'"_s.arg(user, literal) })
        || !run(binary(u"createdb"_s), { u"-h"_s, socketFolder(), u"-U"_s, m_user, u"-O"_s, user, database }))
        return false;
    // The first matching line decides: this role's goes before the trusted ones.
    QFile hba(m_dir.filePath(u"data/pg_hba.conf"_s));
    if (!hba.open(QIODevice::ReadOnly)) {
        m_error = hba.errorString();
        return false;
    }
    const QByteArray rest = hba.readAll();
    hba.close();
    if (!hba.open(QIODevice::WriteOnly | QIODevice::Truncate)) {
        m_error = hba.errorString();
        return false;
    }
    hba.write("local all " + user.toUtf8() + " scram-sha-256\n" + rest);
    hba.close();
    return run(binary(u"pg_ctl"_s), { u"-D"_s, m_dir.filePath(u"data"_s), u"reload"_s });
}

bool PostgresCluster::run(const QString &program, const QStringList &arguments)
{
    QProcess process;
    process.setProcessChannelMode(QProcess::MergedChannels);
    // The server refuses to run as root: as root, every command runs as the postgres user.
    if (m_asRoot)
        process.start(u"runuser"_s, QStringList { u"-u"_s, m_user, u"--"_s, program } + arguments);
    else
        process.start(program, arguments);
    if (!process.waitForFinished(kCommandMs) || process.exitStatus() != QProcess::NormalExit
        || process.exitCode() != 0) {
        process.kill();
        m_error = u"%1 failed: %2"_s.arg(
            QFileInfo(program).fileName(), QString::fromLocal8Bit(process.readAll()).trimmed().right(2000));
        return false;
    }
    return true;
}

bool PostgresCluster::start()
{
    if (!QFileInfo::exists(binary(u"initdb"_s)) || !QFileInfo::exists(binary(u"pg_ctl"_s))) {
        m_error = u"PostgreSQL 15 is not installed (no %1): install %2 (scripts/install-deps.sh test)"_s.arg(
            binary(u"initdb"_s), packages());
        return false;
    }
    if (!m_dir.isValid() || m_user.isEmpty()) {
        m_error = u"no temporary folder or no user for the cluster"_s;
        return false;
    }
    if (m_asRoot) {
        const passwd *postgres = ::getpwnam("postgres");
        if (!postgres
            || ::chown(QFile::encodeName(m_dir.path()).constData(), postgres->pw_uid, postgres->pw_gid) != 0) {
            m_error = u"running as root, the cluster needs the postgres user (package postgresql-15) to own %1"_s.arg(
                m_dir.path());
            return false;
        }
    }
    const QString data = m_dir.filePath(u"data"_s);
    if (!run(binary(u"initdb"_s),
            { u"-D"_s, data, u"-U"_s, m_user, u"-A"_s, u"trust"_s, u"-E"_s, u"UTF8"_s, u"--locale=C"_s,
                u"--no-sync"_s }))
        return false;
    // Only the socket in the folder: no TCP port another test or program could collide with; no fsync for speed.
    if (!run(binary(u"pg_ctl"_s),
            { u"-D"_s, data, u"-l"_s, m_dir.filePath(u"server.log"_s), u"-w"_s, u"-o"_s,
                u"-k %1 -h '' -F"_s.arg(socketFolder()), u"start"_s }))
        return false;
    m_started = true;
    return run(binary(u"createdb"_s), { u"-h"_s, socketFolder(), u"-U"_s, m_user, database() });
}

} // namespace Tandem::Test
