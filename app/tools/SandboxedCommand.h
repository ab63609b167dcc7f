#pragma once

#include "tools/CommandLine.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QObject>
#include <QPointer>

class QProcess;
class QTimer;

namespace Tandem {

class ToolJob;

/// @brief One command run in the sandbox (Bubblewrap) for a tool, ending its ToolJob.
///
/// The process gets a process group of its own, so a timeout or a Stop kills all it started. Each stream keeps its
/// last kMaxStreamBytes and says how much was cut. The output is one JSON object: exit_code, signal (when a signal
/// ended it), timed_out, duration_ms, stdout, stderr, and stdout_cut / stderr_cut (bytes dropped from the front).
/// Where the sandbox cannot run, nothing runs and the job fails with the reason, unless the person allowed commands
/// without a sandbox.
class SandboxedCommand final : public QObject
{
    Q_OBJECT

public:
    static constexpr qsizetype kMaxStreamBytes = 1024 * 1024;
    static constexpr int kDefaultTimeoutSeconds = 120;

    struct Options
    {
        QString workspaceRoot;
        int timeoutSeconds = kDefaultTimeoutSeconds;
        bool network = false; ///< keep the network (git_push, an agent with `network: true` the person allowed)
        bool withoutSandbox = false; ///< the person's setting: run directly where bwrap cannot
    };

    /// @brief Starts @p command; the job ends with its result. The job owns what runs.
    static ToolJob *start(const CommandLine &command, const Options &options);

private:
    SandboxedCommand(ToolJob *job, const Options &options);

    void launch(const CommandLine &command, const QString &program, const QStringList &arguments);
    void read(bool errorStream);
    void killGroup();
    void finish();

    struct Stream
    {
        QByteArray tail;
        qint64 cut = 0;
    };

    QPointer<ToolJob> m_job;
    Options m_options;
    QProcess *m_process = nullptr;
    QTimer *m_timer = nullptr;
    QElapsedTimer m_elapsed;
    Stream m_out;
    Stream m_err;
    qint64 m_pid = 0;
    bool m_timedOut = false;
    bool m_killed = false;
    bool m_unsandboxed = false; ///< bwrap could not run, and the person let the command run without it
};

} // namespace Tandem
