#include "ChildProcess.h"

#include <QDeadlineTimer>
#include <QProcess>
#include <QTest>

using namespace Qt::StringLiterals;

namespace Tandem::Test {

QString ChildProcess::Result::describe() const
{
    const QString outcome = finished ? u"exit code %1"_s.arg(exitCode) : u"did not finish"_s;
    return outcome + u"; stderr: "_s + QString::fromUtf8(err) + u"; stdout: "_s + QString::fromUtf8(out.left(2000));
}

ChildProcess::Result ChildProcess::run(
    const QString &program, const QStringList &arguments, const QProcessEnvironment &environment, int timeoutMs)
{
    QProcess process;
    process.setProcessEnvironment(environment.isEmpty() ? QProcessEnvironment::systemEnvironment() : environment);
    process.start(program, arguments);
    Result result;
    if (!process.waitForStarted()) {
        result.err = process.errorString().toUtf8();
        return result;
    }
    process.closeWriteChannel();
    const QDeadlineTimer deadline(timeoutMs);
    while (process.state() != QProcess::NotRunning && !deadline.hasExpired())
        QTest::qWait(20); // the event loop turns: an in-process server answers the child
    if (process.state() != QProcess::NotRunning) {
        process.kill();
        process.waitForFinished();
    }
    result.finished = process.exitStatus() == QProcess::NormalExit && !deadline.hasExpired();
    result.exitCode = process.exitCode();
    result.out = process.readAllStandardOutput();
    result.err = process.readAllStandardError();
    return result;
}

} // namespace Tandem::Test
