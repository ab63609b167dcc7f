#include "TandemProcess.h"

#include <QDir>
#include <QProcess>
#include <QTest>

using namespace Qt::StringLiterals;

namespace Tandem::Test {

TandemProcess::TandemProcess(const QString &executable, const QString &dataFolder, int timeoutMs)
    : m_executable(executable)
    , m_dataFolder(dataFolder)
    , m_timeoutMs(timeoutMs)
{ }

TandemProcess::Outcome TandemProcess::run(const QStringList &arguments) const
{
    QProcess process;
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.remove(u"DISPLAY"_s);
    environment.remove(u"WAYLAND_DISPLAY"_s);
    environment.insert(u"XDG_CONFIG_HOME"_s, QDir(m_dataFolder).filePath(u"config"_s));
    process.setProcessEnvironment(environment);
    process.start(m_executable, QStringList { u"--data-dir"_s, m_dataFolder } + arguments);
    process.closeWriteChannel();
    Outcome outcome;
    // The fake server answers from this event loop.
    if (!QTest::qWaitFor([&] { return process.state() == QProcess::NotRunning; }, m_timeoutMs))
        return outcome;
    outcome.exitCode = process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -2;
    outcome.out = QString::fromUtf8(process.readAllStandardOutput());
    outcome.err = QString::fromUtf8(process.readAllStandardError());
    return outcome;
}

} // namespace Tandem::Test
