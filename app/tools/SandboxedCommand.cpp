#include "SandboxedCommand.h"

#include "domain/Logging.h"
#include "tools/Bubblewrap.h"
#include "tools/ToolJob.h"

#include <QJsonObject>
#include <QProcess>
#include <QTimer>

#include <sys/resource.h>

#include <csignal>
#include <unistd.h>

using namespace Qt::StringLiterals;

namespace Tandem {

namespace {

// Enough for a build's compilers and tests, too few for a fork bomb to starve the desktop before the timeout (for
// people who are not root: the kernel does not count root's processes against it).
constexpr rlim_t kMaxProcesses = 4096;

} // namespace

SandboxedCommand::SandboxedCommand(ToolJob *job, const Options &options)
    : QObject(job)
    , m_job(job)
    , m_options(options)
{ }

ToolJob *SandboxedCommand::start(const CommandLine &command, const Options &options)
{
    const QString reason = Bubblewrap::unavailableReason();
    if (!reason.isEmpty() && !options.withoutSandbox)
        return ToolJob::failing({ ToolError::Type::Failed,
            tr("The command was not run: %1 Commands run only in the sandbox unless \"Run commands without a "
               "sandbox\" is turned on in Settings → Guardrails.")
                .arg(reason) });
    auto *job = new ToolJob;
    auto *runner = new SandboxedCommand(job, options);
    if (reason.isEmpty())
        runner->launch(command, Bubblewrap::program(),
            Bubblewrap::arguments(options.workspaceRoot, command.workingFolder, options.network, command.argv));
    else {
        runner->m_unsandboxed = true;
        runner->launch(command, command.argv.constFirst(), command.argv.mid(1));
    }
    return job;
}

void SandboxedCommand::launch(const CommandLine &command, const QString &program, const QStringList &arguments)
{
    m_process = new QProcess(this);
    m_process->setWorkingDirectory(command.workingFolder);
    m_process->setChildProcessModifier([] {
        // A group of its own: a timeout or a Stop reaches every process the command started.
        ::setpgid(0, 0);
        const rlimit processes { kMaxProcesses, kMaxProcesses };
        ::setrlimit(RLIMIT_NPROC, &processes);
    });
    connect(m_process, &QProcess::readyReadStandardOutput, this, [this] { read(false); });
    connect(m_process, &QProcess::readyReadStandardError, this, [this] { read(true); });
    connect(m_process, &QProcess::finished, this, [this] { finish(); });
    connect(m_process, &QProcess::errorOccurred, this, [this](QProcess::ProcessError error) {
        if (error == QProcess::FailedToStart && m_job)
            m_job->fail(
                { ToolError::Type::Failed, tr("The command could not start: %1").arg(m_process->errorString()) });
    });
    m_timer = new QTimer(this);
    m_timer->setSingleShot(true);
    connect(m_timer, &QTimer::timeout, this, [this] {
        m_timedOut = true;
        killGroup();
    });
    m_job->setAbortHandler([this] { killGroup(); });

    qCDebug(lcAgents) << "running" << CommandLine::display(command.argv) << "in" << command.relativeFolder;
    m_elapsed.start();
    m_process->start(program, arguments);
    if (!m_process->waitForStarted(10000))
        return; // errorOccurred failed the job
    m_pid = m_process->processId();
    m_timer->start(m_options.timeoutSeconds * 1000);
    if (!command.stdinBytes.isEmpty())
        m_process->write(command.stdinBytes);
    m_process->closeWriteChannel();
}

void SandboxedCommand::read(bool errorStream)
{
    Stream &stream = errorStream ? m_err : m_out;
    stream.tail += errorStream ? m_process->readAllStandardError() : m_process->readAllStandardOutput();
    // Trimmed in big steps rather than on each read: only the tail is kept.
    if (stream.tail.size() > 2 * kMaxStreamBytes) {
        const qsizetype drop = stream.tail.size() - kMaxStreamBytes;
        stream.cut += drop;
        stream.tail.remove(0, drop);
    }
}

void SandboxedCommand::killGroup()
{
    if (m_pid <= 0 || m_killed)
        return;
    m_killed = true;
    ::kill(static_cast<pid_t>(-m_pid), SIGKILL);
}

void SandboxedCommand::finish()
{
    m_timer->stop();
    read(false);
    read(true);
    // The command's leftovers in its group (a background job) end with it.
    if (!m_killed && m_pid > 0)
        ::kill(static_cast<pid_t>(-m_pid), SIGKILL);
    for (Stream *stream : { &m_out, &m_err }) {
        if (stream->tail.size() > kMaxStreamBytes) {
            const qsizetype drop = stream->tail.size() - kMaxStreamBytes;
            stream->cut += drop;
            stream->tail.remove(0, drop);
        }
    }
    QJsonObject output {
        { u"duration_ms"_s, m_elapsed.elapsed() },
        { u"timed_out"_s, m_timedOut },
        { u"stdout"_s, QString::fromUtf8(m_out.tail) },
        { u"stderr"_s, QString::fromUtf8(m_err.tail) },
    };
    if (m_out.cut > 0)
        output.insert(u"stdout_cut"_s,
            tr("the first %1 bytes were cut; the last %2 are kept").arg(m_out.cut).arg(kMaxStreamBytes));
    if (m_err.cut > 0)
        output.insert(u"stderr_cut"_s,
            tr("the first %1 bytes were cut; the last %2 are kept").arg(m_err.cut).arg(kMaxStreamBytes));
    const int code = m_process->exitCode();
    if (m_process->exitStatus() == QProcess::CrashExit || m_killed) {
        output.insert(u"signal"_s, m_killed ? u"SIGKILL"_s : u"unknown"_s);
    } else {
        output.insert(u"exit_code"_s, code);
        // bwrap reports a command a signal ended as 128 + the signal's number, as shells do.
        if (code > 128 && code < 128 + 65)
            output.insert(u"signal"_s, code - 128);
    }
    // The model and the person reading the result learn that nothing confined this command.
    if (m_unsandboxed)
        output.insert(u"sandbox"_s,
            tr("none: the sandbox cannot run here, and \"Run commands without a sandbox\" is on, so the command ran "
               "without a sandbox, with the person's own rights, files and network."));
    if (m_timedOut)
        output.insert(u"note"_s,
            tr("The command did not end within %n second(s) and was killed.", nullptr, m_options.timeoutSeconds));
    if (m_job)
        m_job->complete(ToolResult::success(output));
}

} // namespace Tandem
