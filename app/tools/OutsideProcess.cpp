#include "OutsideProcess.h"

#include "domain/Logging.h"
#include "tools/Bubblewrap.h"

#include <QDir>
#include <QProcess>
#include <QProcessEnvironment>

#include <csignal>
#include <unistd.h>

using namespace Qt::StringLiterals;

namespace Tandem {

OutsideProcess::OutsideProcess(QObject *parent)
    : QObject(parent)
{ }

OutsideProcess::~OutsideProcess()
{
    // Nobody hears its end any more: the owner is going.
    if (m_process)
        m_process->disconnect(this);
    killGroup();
    if (m_process)
        m_process->waitForFinished(3000);
}

QString OutsideProcess::start(const QStringList &argv, const QByteArray &input, const Options &options)
{
    if (argv.isEmpty())
        return tr("The agent's command line is empty.");
    if (options.workspaceRoot.isEmpty() || !QDir(options.workspaceRoot).exists())
        return tr("No workspace folder is chosen: an outside agent runs in the workspace (Settings → Guardrails).");
    const QString reason = Bubblewrap::unavailableReason();
    if (!reason.isEmpty() && !options.withoutSandbox)
        return tr("The agent's command was not run: %1 Commands run only in the sandbox unless \"Run commands without "
                  "a sandbox\" is turned on in Settings → Guardrails.")
            .arg(reason);
    const QString root = QDir(options.workspaceRoot).canonicalPath();
    QProcessEnvironment environment;
    environment.insert(u"PATH"_s, u"/usr/local/bin:/usr/bin:/bin"_s);
    environment.insert(u"HOME"_s, root);
    environment.insert(u"LANG"_s, u"C.UTF-8"_s);
    environment.insert(u"TMPDIR"_s, u"/tmp"_s);
    for (auto it = options.environment.cbegin(); it != options.environment.cend(); ++it)
        environment.insert(it.key(), it.value());
    QString program = argv.constFirst();
    QStringList arguments = argv.mid(1);
    if (reason.isEmpty()) {
        program = Bubblewrap::program();
        arguments = Bubblewrap::arguments(root, root, options.network, argv);
        // bwrap's environment is already the clean one above: --clearenv would drop the variables, and passing them
        // with --setenv would put the token on bwrap's command line.
        arguments.removeOne(u"--clearenv"_s);
    }

    m_process = new QProcess(this);
    m_process->setProcessEnvironment(environment);
    m_process->setWorkingDirectory(root);
    m_process->setProcessChannelMode(QProcess::MergedChannels);
    m_process->setChildProcessModifier([] {
        // A group of its own: a Stop or a time-out reaches every process the command started.
        ::setpgid(0, 0);
    });
    connect(m_process, &QProcess::readyReadStandardOutput, this,
        [this] { Q_EMIT output(m_process->readAllStandardOutput()); });
    connect(m_process, &QProcess::finished, this, [this](int exitCode, QProcess::ExitStatus status) {
        if (m_done)
            return;
        m_done = true;
        if (const QByteArray rest = m_process->readAllStandardOutput(); !rest.isEmpty())
            Q_EMIT output(rest);
        // What it left running in its group (a background job) ends with it.
        const bool killed = m_killed || status == QProcess::CrashExit;
        killGroup();
        Q_EMIT finished(exitCode, killed);
    });
    qCInfo(lcAgents) << "starting an outside agent:" << argv.constFirst();
    m_process->start(program, arguments);
    if (!m_process->waitForStarted(10000)) {
        const QString error = m_process->errorString();
        m_done = true;
        delete m_process;
        m_process = nullptr;
        return tr("The agent's command could not start: %1").arg(error);
    }
    m_pid = m_process->processId();
    m_process->write(input);
    m_process->closeWriteChannel();
    return {};
}

void OutsideProcess::stop()
{
    killGroup();
}

bool OutsideProcess::isRunning() const
{
    return m_process && !m_done;
}

void OutsideProcess::killGroup()
{
    if (m_pid <= 0 || m_killed)
        return;
    m_killed = true;
    ::kill(static_cast<pid_t>(-m_pid), SIGKILL);
}

} // namespace Tandem
