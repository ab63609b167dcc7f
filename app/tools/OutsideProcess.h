#pragma once

#include <QByteArray>
#include <QCoreApplication>
#include <QHash>
#include <QObject>
#include <QString>
#include <QStringList>

class QProcess;

namespace Tandem {

/// @brief An outside agent's program (`runner: command`), run in the sandbox (Bubblewrap) in the workspace, its output
/// read as it comes.
///
/// Unlike a tool's SandboxedCommand it has no time limit of its own (the handoff's stale timeout ends it) and hands its
/// output over in pieces. Its environment is only PATH, HOME (the workspace), LANG, TMPDIR and the variables it is
/// given; they reach it through bwrap's own environment, never its command line, which every user of the machine can
/// read. It gets a process group of its own, so stop() ends everything it started.
class OutsideProcess final : public QObject
{
    Q_OBJECT

public:
    struct Options
    {
        QString workspaceRoot;
        bool network = false; ///< keep the network (the local API is on the host's loopback)
        bool withoutSandbox = false; ///< the person's setting: run directly where bwrap cannot
        QHash<QString, QString> environment; ///< added to the clean environment
    };

    explicit OutsideProcess(QObject *parent = nullptr);
    ~OutsideProcess() override;
    Q_DISABLE_COPY_MOVE(OutsideProcess)

    /// @brief Starts @p argv with @p input on its standard input; an empty string if it started, else why not
    /// (translated), and nothing runs.
    QString start(const QStringList &argv, const QByteArray &input, const Options &options);
    /// @brief Kills the process group; finished() follows with killed set.
    void stop();
    bool isRunning() const;

Q_SIGNALS:
    /// @brief What the program wrote (standard output and error, as they came).
    void output(const QByteArray &bytes);
    /// @brief The program ended: its exit code, or @p killed if a signal (a Stop, a time-out) ended it.
    void finished(int exitCode, bool killed);

private:
    void killGroup();

    QProcess *m_process = nullptr;
    qint64 m_pid = 0;
    bool m_killed = false;
    bool m_done = false;
};

} // namespace Tandem
