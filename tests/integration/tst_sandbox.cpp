// run_command and the git tools run in bubblewrap's sandbox: what a command may not reach, it cannot reach, whatever
// it tries; a command that never ends or forks without end is killed by the timeout; output over the cap is cut; and
// hostile arguments are refused before anything runs.
#include "storage/DataLocation.h"
#include "tools/Bubblewrap.h"
#include "tools/CommandLine.h"
#include "tools/SandboxedCommand.h"
#include "tools/ToolJob.h"
#include "tools/ToolRegistry.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QProcess>
#include <QSignalSpy>
#include <QTcpServer>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace Tandem;

namespace {

struct Outcome
{
    bool ok = false;
    QJsonObject output; ///< when ok
    QString error; ///< when not
};

bool writeAll(const QString &path, const QByteArray &bytes)
{
    QDir().mkpath(QFileInfo(path).path());
    QFile file(path);
    return file.open(QIODevice::WriteOnly) && file.write(bytes) == bytes.size();
}

// Processes whose command line holds @p marker, anywhere on this machine.
int processesWith(const QByteArray &marker)
{
    int count = 0;
    QDirIterator proc(u"/proc"_s, QDir::Dirs | QDir::NoDotAndDotDot);
    while (proc.hasNext()) {
        QFile cmdline(proc.next() + u"/cmdline"_s);
        if (cmdline.open(QIODevice::ReadOnly) && cmdline.readAll().contains(marker))
            ++count;
    }
    return count;
}

} // namespace

class TestSandbox : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void writingOutsideTheWorkspaceFails();
    void homeIsHidden();
    void databaseIsHidden();
    void noNetwork();
    void neverEndingCommandIsKilled();
    void forkBombIsKilled();
    void stopEndsTheProcessGroup();
    void outputOverTheCapIsCut();
    void resultSaysHowItEnded();
    void hostileArgumentsRefused_data();
    void hostileArgumentsRefused();
    void gitTools();

private:
    Outcome run(const QString &tool, const QJsonObject &arguments);
    Outcome command(const QStringList &argv, int timeoutSeconds = 30);
    void requireSandbox();

    ToolRegistry m_tools = ToolRegistry::withBuiltins();
    std::unique_ptr<QTemporaryDir> m_workspace;
    std::unique_ptr<QTemporaryDir> m_outside;
};

void TestSandbox::init()
{
    m_workspace = std::make_unique<QTemporaryDir>();
    m_outside = std::make_unique<QTemporaryDir>();
    QVERIFY(m_workspace->isValid() && m_outside->isValid());
}

void TestSandbox::requireSandbox()
{
    // Only where the namespaces cannot be made (some containers): the refusal is proven by tst_sandboxmissing.
    const QString reason = Bubblewrap::unavailableReason();
    if (!reason.isEmpty())
        QSKIP(qPrintable(u"bubblewrap cannot run here: "_s + reason));
}

Outcome TestSandbox::run(const QString &tool, const QJsonObject &arguments)
{
    ToolContext context;
    context.workspaceRoot = m_workspace->path();
    ToolJob *job
        = m_tools.start(tool, QString::fromUtf8(QJsonDocument(arguments).toJson(QJsonDocument::Compact)), context);
    Outcome outcome;
    bool ended = false;
    QObject::connect(job, &ToolJob::finished, [&](const ToolResult &result) {
        outcome = { true, QJsonDocument::fromJson(result.output.toUtf8()).object(), {} };
        ended = true;
    });
    QObject::connect(job, &ToolJob::failed, [&](const ToolError &error) {
        outcome = { false, {}, error.message };
        ended = true;
    });
    if (!QTest::qWaitFor([&] { return ended; }, 120'000))
        qWarning("the tool job did not end");
    return outcome;
}

Outcome TestSandbox::command(const QStringList &argv, int timeoutSeconds)
{
    return run(u"run_command"_s,
        QJsonObject { { u"argv"_s, QJsonArray::fromStringList(argv) }, { u"timeout_seconds"_s, timeoutSeconds } });
}

void TestSandbox::writingOutsideTheWorkspaceFails()
{
    requireSandbox();
    const QString target = m_outside->filePath(u"escaped.txt"_s);
    const Outcome outcome = command({ u"sh"_s, u"-c"_s, u"echo x > "_s + target });
    QVERIFY2(outcome.ok, qPrintable(outcome.error));
    QVERIFY(outcome.output.value(u"exit_code").toInt() != 0);
    QVERIFY(!QFileInfo::exists(target));
    // The same command writes inside the workspace: the sandbox, not the command, made the difference.
    const Outcome inside = command({ u"sh"_s, u"-c"_s, u"echo x > "_s + m_workspace->filePath(u"made.txt"_s) });
    QCOMPARE(inside.output.value(u"exit_code").toInt(), 0);
    QVERIFY(QFileInfo::exists(m_workspace->filePath(u"made.txt"_s)));
}

void TestSandbox::homeIsHidden()
{
    requireSandbox();
    const QString key = QDir::homePath() + u"/.ssh/id_sandbox_test"_s;
    QVERIFY(writeAll(key, "PRIVATE KEY"));
    const Outcome outcome = command({ u"sh"_s, u"-c"_s, u"cat "_s + key + u"; ls "_s + QDir::homePath() });
    QVERIFY2(outcome.ok, qPrintable(outcome.error));
    QVERIFY(!outcome.output.value(u"stdout").toString().contains(u"PRIVATE KEY"_s));
    QVERIFY(!outcome.output.value(u"stdout").toString().contains(u".ssh"_s));
    QVERIFY(outcome.output.value(u"exit_code").toInt() != 0);
    QFile::remove(key);
}

void TestSandbox::databaseIsHidden()
{
    requireSandbox();
    const QString database = DataLocation::databasePath();
    QVERIFY(!database.startsWith(m_workspace->path()));
    const bool existed = QFileInfo::exists(database);
    if (!existed)
        QVERIFY(writeAll(database, "SQLite format 3"));
    const Outcome outcome = command({ u"sh"_s, u"-c"_s, u"cat '"_s + database + u"' && echo REACHED"_s });
    QVERIFY2(outcome.ok, qPrintable(outcome.error));
    QVERIFY(!outcome.output.value(u"stdout").toString().contains(u"REACHED"_s));
    QVERIFY(outcome.output.value(u"exit_code").toInt() != 0);
    if (!existed)
        QFile::remove(database);
}

void TestSandbox::noNetwork()
{
    requireSandbox();
    QTcpServer server;
    QVERIFY(server.listen(QHostAddress::LocalHost));
    const QString script = u"exec 3<>/dev/tcp/127.0.0.1/%1 && echo CONNECTED"_s.arg(server.serverPort());
    const Outcome outcome = command({ u"bash"_s, u"-c"_s, script });
    QVERIFY2(outcome.ok, qPrintable(outcome.error));
    QVERIFY(!outcome.output.value(u"stdout").toString().contains(u"CONNECTED"_s));
    QVERIFY(outcome.output.value(u"exit_code").toInt() != 0);
    QTest::qWait(100);
    QVERIFY(!server.hasPendingConnections());
}

void TestSandbox::neverEndingCommandIsKilled()
{
    requireSandbox();
    const Outcome outcome = command({ u"sleep"_s, u"1000.25"_s }, 1);
    QVERIFY2(outcome.ok, qPrintable(outcome.error));
    QCOMPARE(outcome.output.value(u"timed_out").toBool(), true);
    QCOMPARE(outcome.output.value(u"signal").toString(), u"SIGKILL"_s);
    QVERIFY(!outcome.output.contains(u"exit_code"_s));
    QTRY_COMPARE_WITH_TIMEOUT(processesWith("1000.25"), 0, 10'000);
}

void TestSandbox::forkBombIsKilled()
{
    requireSandbox();
    // Forks without end, each child living on (kept gentle for the shared test machine: one fork at a time).
    const Outcome outcome = command({ u"bash"_s, u"-c"_s, u"while :; do sleep 1000.75 & done"_s }, 1);
    QVERIFY2(outcome.ok, qPrintable(outcome.error));
    QCOMPARE(outcome.output.value(u"timed_out").toBool(), true);
    QTRY_COMPARE_WITH_TIMEOUT(processesWith("1000.75"), 0, 10'000);
}

void TestSandbox::stopEndsTheProcessGroup()
{
    requireSandbox();
    ToolContext context;
    context.workspaceRoot = m_workspace->path();
    const QJsonObject arguments { { u"argv"_s,
        QJsonArray { u"sh"_s, u"-c"_s, u"sleep 1000.5 & sleep 1000.5 & wait"_s } } };
    ToolJob *job = m_tools.start(
        u"run_command"_s, QString::fromUtf8(QJsonDocument(arguments).toJson(QJsonDocument::Compact)), context);
    QSignalSpy cancelled(job, &ToolJob::cancelled);
    QTRY_VERIFY_WITH_TIMEOUT(processesWith("1000.5") >= 2, 10'000); // the shell and its two sleeps, bwrap too
    job->abort();
    QVERIFY(cancelled.wait(10'000));
    QTRY_COMPARE_WITH_TIMEOUT(processesWith("1000.5"), 0, 10'000);
}

void TestSandbox::outputOverTheCapIsCut()
{
    requireSandbox();
    const qsizetype total = 3 * SandboxedCommand::kMaxStreamBytes + 5;
    const Outcome outcome = command({ u"sh"_s, u"-c"_s,
        u"head -c %1 /dev/zero | tr '\\000' a; printf END; head -c 100 /dev/zero | tr '\\000' e >&2"_s.arg(total) });
    QVERIFY2(outcome.ok, qPrintable(outcome.error));
    const QString out = outcome.output.value(u"stdout").toString();
    QCOMPARE(out.size(), SandboxedCommand::kMaxStreamBytes);
    QVERIFY(out.endsWith(u"aaaEND"_s)); // the tail is kept
    QVERIFY(outcome.output.value(u"stdout_cut").toString().contains(QString::number(total + 3 - out.size())));
    QCOMPARE(outcome.output.value(u"stderr").toString(), QString(100, u'e'));
    QVERIFY(!outcome.output.contains(u"stderr_cut"_s));
}

void TestSandbox::resultSaysHowItEnded()
{
    requireSandbox();
    const Outcome outcome = run(u"run_command"_s,
        QJsonObject { { u"argv"_s, QJsonArray { u"sh"_s, u"-c"_s, u"cat; echo oops >&2; exit 3"_s } },
            { u"stdin"_s, u"fed in"_s } });
    QVERIFY2(outcome.ok, qPrintable(outcome.error));
    QCOMPARE(outcome.output.value(u"exit_code").toInt(), 3);
    QCOMPARE(outcome.output.value(u"stdout").toString(), u"fed in"_s);
    QCOMPARE(outcome.output.value(u"stderr").toString(), u"oops\n"_s);
    QCOMPARE(outcome.output.value(u"timed_out").toBool(), false);
    QVERIFY(outcome.output.contains(u"duration_ms"_s));
    // No shell unless argv names one: the words reach the program as they are.
    const Outcome literal = command({ u"echo"_s, u"$HOME;"_s, u"*"_s });
    QCOMPARE(literal.output.value(u"stdout").toString(), u"$HOME; *\n"_s);
}

void TestSandbox::hostileArgumentsRefused_data()
{
    QTest::addColumn<QJsonObject>("arguments");
    QTest::addColumn<QString>("message");
    const auto touching = [](const QString &path) {
        return QJsonArray { u"touch"_s, path };
    };
    QTest::newRow("dotdot") << QJsonObject { { u"argv"_s, touching(u"../escaped"_s) } }
                            << u"leads outside the workspace"_s;
    QTest::newRow("option-dotdot") << QJsonObject {
        { u"argv"_s, QJsonArray { u"cp"_s, u"--target-directory=../"_s, u"a"_s } }
    } << u"leads outside the workspace"_s;
    QTest::newRow("absolute") << QJsonObject { { u"argv"_s, touching(u"@outside@/escaped"_s) } }
                              << u"names a path outside the workspace"_s;
    QTest::newRow("home") << QJsonObject { { u"argv"_s, touching(u"~/escaped"_s) } } << u"home folder"_s;
    QTest::newRow("symlink") << QJsonObject { { u"argv"_s, touching(u"link/escaped"_s) } }
                             << u"leads outside the workspace"_s;
    QTest::newRow("cwd-dotdot") << QJsonObject { { u"argv"_s, touching(u"escaped"_s) }, { u"cwd"_s, u".."_s } }
                                << u".."_s;
    QTest::newRow("cwd-absolute") << QJsonObject { { u"argv"_s, touching(u"escaped"_s) }, { u"cwd"_s, u"@outside@"_s } }
                                  << u"absolute"_s;
    QTest::newRow("cwd-symlink") << QJsonObject { { u"argv"_s, touching(u"escaped"_s) }, { u"cwd"_s, u"link"_s } }
                                 << u"symbolic link"_s;
    QTest::newRow("nul") << QJsonObject { { u"argv"_s, touching(u"escaped\u0000x"_s) } } << u"NUL"_s;
    QTest::newRow("huge-argv") << QJsonObject { { u"argv"_s, touching(QString(10 * 1024 * 1024, u'a')) } }
                               << u"at most"_s;
    QTest::newRow("empty-argv") << QJsonObject { { u"argv"_s, QJsonArray {} } } << u"empty"_s;
    QTest::newRow("git-diff-dotdot") << QJsonObject { { u"paths"_s, QJsonArray { u"../escaped"_s } } }
                                     << u"leads outside the workspace"_s;
}

void TestSandbox::hostileArgumentsRefused()
{
    QFETCH(QJsonObject, arguments);
    QFETCH(QString, message);
    QVERIFY(QFile::link(m_outside->path(), m_workspace->filePath(u"link"_s)));
    // The outside folder is the workspace's sibling: "../escaped" and "link/escaped" would land in it.
    QVERIFY(QDir(m_workspace->path()).mkdir(u"inner"_s));
    QJsonDocument document(arguments);
    const QByteArray json = document.toJson(QJsonDocument::Compact).replace("@outside@", m_outside->path().toUtf8());
    arguments = QJsonDocument::fromJson(json).object();
    const bool diff = arguments.contains(u"paths"_s);
    const Outcome outcome = run(diff ? u"git_diff"_s : u"run_command"_s, arguments);
    QVERIFY(!outcome.ok);
    QVERIFY2(outcome.error.contains(message), qPrintable(outcome.error));
    QVERIFY(QDir(m_outside->path()).isEmpty());
    QVERIFY(!QFileInfo::exists(QFileInfo(m_workspace->path()).path() + u"/escaped"_s));
    QCOMPARE(QDir(m_workspace->path()).entryList(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::System).size(), 2);
}

void TestSandbox::gitTools()
{
    requireSandbox();
    const auto git = [this](const QStringList &arguments) {
        QProcess process;
        process.setWorkingDirectory(m_workspace->path());
        process.start(u"git"_s, arguments);
        return process.waitForFinished(10'000) && process.exitCode() == 0;
    };
    QVERIFY(git({ u"init"_s, u"-q"_s, u"-b"_s, u"main"_s }));
    QVERIFY(git({ u"config"_s, u"user.name"_s, u"Test Person"_s }));
    QVERIFY(git({ u"config"_s, u"user.email"_s, u"person@example.org"_s }));
    QVERIFY(writeAll(m_workspace->filePath(u"a.txt"_s), "one\n"));
    QVERIFY(writeAll(m_workspace->filePath(u"b.txt"_s), "two\n"));

    Outcome status = run(u"git_status"_s, {});
    QVERIFY2(status.ok, qPrintable(status.error));
    QVERIFY(status.output.value(u"stdout").toString().contains(u"?? a.txt"_s));

    const Outcome commit = run(u"git_commit"_s,
        QJsonObject { { u"message"_s, u"Add a/b: the first file"_s }, { u"files"_s, QJsonArray { u"a.txt"_s } } });
    QVERIFY2(commit.ok, qPrintable(commit.error));
    QCOMPARE(commit.output.value(u"exit_code").toInt(), 0);
    status = run(u"git_status"_s, {});
    QVERIFY(!status.output.value(u"stdout").toString().contains(u"a.txt"_s)); // committed
    QVERIFY(status.output.value(u"stdout").toString().contains(u"?? b.txt"_s)); // not asked for

    QVERIFY(writeAll(m_workspace->filePath(u"a.txt"_s), "one\nmore\n"));
    const Outcome diff = run(u"git_diff"_s, {});
    QVERIFY2(diff.ok, qPrintable(diff.error));
    QVERIFY(diff.output.value(u"stdout").toString().contains(u"+more"_s));

    // A push to a remote outside the workspace cannot reach it: only the workspace is there in the sandbox.
    QVERIFY(git({ u"init"_s, u"-q"_s, u"--bare"_s, m_outside->filePath(u"remote.git"_s) }));
    QVERIFY(git({ u"remote"_s, u"add"_s, u"origin"_s, m_outside->filePath(u"remote.git"_s) }));
    const Outcome push = run(u"git_push"_s, QJsonObject { { u"branch"_s, u"main"_s } });
    QVERIFY2(push.ok, qPrintable(push.error));
    QVERIFY(push.output.value(u"exit_code").toInt() != 0);
}

QTEST_GUILESS_MAIN(TestSandbox)
#include "tst_sandbox.moc"
