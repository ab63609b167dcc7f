// Every command the README shows is run by a test, or is listed below as not run, with the reason. The commands
// are the lines of its ```sh blocks and the code spans of its text that name a program with arguments or a script.
// The `tandem` commands are run here, in the README's order, by the built executable against the fake LLM server:
// the servers they name (OpenAI, Ollama, llama.cpp) are replaced by its address, which is the only change.

#include "ChildProcess.h"
#include "FakeLlmServer.h"

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;
using Tandem::Test::ChildProcess;
using Tandem::Test::FakeLlmServer;

namespace {

/// A README command that no test runs as written, and why.
struct NotRun
{
    QString command;
    QString reason;
};

const QList<NotRun> kNotRun = {
    { u"scripts/run.sh"_s,
        u"installs packages, builds the optimised tree (minutes on 2 cores) and opens the window, which waits for a "
        u"person; the packages it installs are a subset of those scripts/test.sh installs"_s },
    { u"scripts/run.sh --data-dir /tmp/tandem-try"_s, u"as scripts/run.sh; --data-dir is run below with tandem"_s },
    { u"scripts/test.sh -R database"_s,
        u"scripts/test.sh itself is what CI runs (.ci/run); its arguments only select which tests ctest runs"_s },
    { u"cmake --preset release && cmake --build --preset release --target package"_s,
        u"builds a second, optimised tree (minutes on 2 cores); the fixture package.build runs the same CPack "
        u"configuration (cpack -G DEB, which the package target runs) on the ci tree"_s },
    { u"sudo apt install ./build/release/tandem_0.1.0_amd64.deb"_s,
        u"needs root and changes the machine; package.installedpackage unpacks the .deb with dpkg-deb -x every time, "
        u"and installs it with dpkg -i and purges it with TANDEM_TEST_DPKG_INSTALL=1"_s },
    { u"sudo apt remove tandem"_s, u"as the install above; package.installedpackage purges it with dpkg --purge"_s },
    { u"man tandem"_s,
        u"needs the package installed; package.debpackage renders the packaged page with man -l, and "
        u"package.installedpackage finds it with man -w tandem after dpkg -i"_s },
    { u"ollama pull llama3.2"_s,
        u"Ollama is not a Debian 12 package and pulling a model needs the internet; the fake server stands in for it"_s },
    { u"llama-server -m model.gguf --port 8080"_s,
        u"llama.cpp's server is not a Debian 12 package and needs a model file; the fake server stands in for it"_s },
    { u"cmake --preset dev && cmake --build --preset dev"_s,
        u"a second, debug tree; scripts/test.sh builds the same sources in the ci tree, warnings as errors"_s },
    { u"ctest --preset dev"_s, u"the dev tree's tests are the ones scripts/test.sh runs in the ci tree"_s },
    { u"cmake --build --preset dev --target format"_s,
        u"rewrites the sources; scripts/test.sh runs its check, the format-check target"_s },
    { u"cmake --build --preset dev --target update_translations"_s,
        u"rewrites translations/*.ts; unit.translations runs lupdate on copies as this target does and fails if "
        u"anything would change"_s },
    { u"cmake -S . -B build/bench -G Ninja -DCMAKE_BUILD_TYPE=Release"_s,
        u"benchmarks measure time and are never part of the tests; the ci tree builds them (TANDEM_BUILD_BENCH), so "
        u"they compile"_s },
    { u"cmake --build build/bench --target bench_openconversation bench_streamdelta bench_opendatabase bench_export "
      u"bench_rowsread bench_search"_s,
        u"as above"_s },
    { u"build/bench/bench/bench_openconversation"_s, u"as above"_s },
    { u"build/bench/bench/bench_streamdelta"_s, u"as above"_s },
    { u"cmake --preset bench"_s, u"as above: an optimised tree for the benchmarks"_s },
    { u"cmake --build --preset bench --target bench_cliprocess bench_dualturns bench_qtfloor bench_toolstall"_s,
        u"as above"_s },
    { u"npm ci --prefix bench/peers"_s,
        u"fetches the OpenAI Agents SDK for the benchmarks' peer; benchmarks are never part of the tests"_s },
    { u"build/bench/bench/bench_cliprocess"_s, u"as above"_s },
    { u"build/bench/bench/bench_dualturns"_s, u"as above"_s },
    { u"build/bench/bench/bench_qtfloor"_s, u"as above"_s },
    { u"build/bench/bench/bench_toolstall"_s, u"as above"_s },
    { u"cmake --build --preset bench --target bench_startup bench_bigconversation"_s, u"as above"_s },
    { u"build/bench/bench/bench_startup"_s, u"as above"_s },
    { u"build/bench/bench/bench_bigconversation"_s, u"as above"_s },
    { u"scripts/screenshots.sh"_s,
        u"rewrites docs/screenshots under Xvfb; the tandem_screenshots program it runs is built by every test run"_s },
    { u"scripts/fuzz.sh --runs 10000000"_s,
        u"the fuzzers' long runs take hours (docs/reliability.md has their figures); scripts/test.sh builds the same "
        u"fuzzers and runs each for a few seconds"_s },
};

/// README commands run by CI itself: .ci/run must run them.
const QStringList kRunByCi = { u"scripts/test.sh"_s, u".ci/run"_s };

/// The README's commands, in order, each once.
QStringList readmeCommands(const QString &readme)
{
    QStringList commands;
    QStringList prose;
    static const QRegularExpression fence(u"^\\s*```\\s*(\\w*)\\s*$"_s);
    bool inBlock = false;
    QString language;
    const QStringList lines = readme.split(u'\n');
    for (const QString &line : lines) {
        const QRegularExpressionMatch match = fence.match(line);
        if (match.hasMatch()) {
            inBlock = !inBlock;
            language = match.captured(1);
            prose << QString();
            continue;
        }
        if (!inBlock) {
            prose << line;
            continue;
        }
        const QString command = line.trimmed();
        if ((language == u"sh" || language == u"bash") && !command.isEmpty() && !command.startsWith(u'#'))
            commands << command;
    }
    // Code spans in the text: a program with arguments, or a script's path.
    static const QRegularExpression span(u"`([^`]+)`"_s);
    static const QRegularExpression program(
        u"^(tandem|sudo|apt|apt-get|dpkg|cmake|ctest|cpack|man|ollama|llama-server|[A-Z_]+=\\S*)$"_s);
    static const QRegularExpression script(u"^\\.?[\\w.-]+/\\S+$"_s);
    for (auto it = span.globalMatch(prose.join(u'\n')); it.hasNext();) {
        const QString text = it.next().captured(1).simplified();
        const QString first = text.section(u' ', 0, 0);
        const bool hasArguments = text.contains(u' ');
        if ((hasArguments && program.match(first).hasMatch())
            || (script.match(first).hasMatch()
                && (first.startsWith(u"scripts/"_s) || first.startsWith(u".ci/"_s) || first.startsWith(u"build/"_s))))
            commands << text;
    }
    commands.removeDuplicates();
    return commands;
}

bool isTandemCommand(const QString &command)
{
    static const QRegularExpression tandem(u"^(?:[A-Z_]+=\\S*\\s+)*tandem(?:\\s|$)"_s);
    return tandem.match(command).hasMatch();
}

} // namespace

class TestReadme : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void everyCommandIsRunOrExplained();
    void tandemCommandsRunAsWritten();

private:
    QStringList m_commands;
};

void TestReadme::initTestCase()
{
    QFile readme(QStringLiteral(TANDEM_SOURCE_DIR "/README.md"));
    QVERIFY(readme.open(QIODevice::ReadOnly));
    m_commands = readmeCommands(QString::fromUtf8(readme.readAll()));
    QVERIFY2(m_commands.size() > 20, qPrintable(m_commands.join(u'\n')));
}

void TestReadme::everyCommandIsRunOrExplained()
{
    QFile ci(QStringLiteral(TANDEM_SOURCE_DIR "/.ci/run"));
    QVERIFY(ci.open(QIODevice::ReadOnly));
    QVERIFY2(
        QString::fromUtf8(ci.readAll()).contains(u"exec scripts/test.sh"_s), ".ci/run no longer runs scripts/test.sh");

    QStringList listed;
    for (const NotRun &entry : kNotRun) {
        QVERIFY2(!entry.reason.isEmpty(), qPrintable(entry.command));
        listed << entry.command;
    }
    QStringList unexplained;
    for (const QString &command : std::as_const(m_commands))
        if (!isTandemCommand(command) && !kRunByCi.contains(command) && !listed.contains(command))
            unexplained << command;
    QVERIFY2(unexplained.isEmpty(),
        qPrintable(u"README commands that no test runs and tst_readme.cpp does not list as not run:\n"_s
            + unexplained.join(u'\n')));
    QStringList stale;
    for (const QString &command : std::as_const(listed) + kRunByCi)
        if (!m_commands.contains(command))
            stale << command;
    QVERIFY2(stale.isEmpty(), qPrintable(u"listed here but no longer in the README:\n"_s + stale.join(u'\n')));
}

void TestReadme::tandemCommandsRunAsWritten()
{
    FakeLlmServer server;
    QVERIFY(server.isListening());
    server.setResponder(FakeLlmServer::echoResponder());
    const QString fake = server.baseUrl().toString();
    QTemporaryDir work; // the current folder: export writes backup.json here, import reads it
    QTemporaryDir data;
    QTemporaryDir home;
    // eval-routing reads the repository's case file by its path relative to the checkout.
    QVERIFY(QDir(work.path()).mkpath(u"tests/data/routing"_s));
    QVERIFY(QFile::copy(QStringLiteral(TANDEM_SOURCE_DIR "/tests/data/routing/cases.jsonl"),
        work.filePath(u"tests/data/routing/cases.jsonl"_s)));
    static const QRegularExpression serverUrl(u"https?://(?:api\\.openai\\.com|127\\.0\\.0\\.1:\\d+)/v1"_s);
    static const QRegularExpression assignment(u"^([A-Z_]+)=(.*)$"_s);

    int ran = 0;
    for (const QString &command : std::as_const(m_commands)) {
        if (!isTandemCommand(command))
            continue;
        QString line = command;
        line.replace(serverUrl, fake);
        QStringList words = QProcess::splitCommand(line);
        QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
        for (const QString &name : { u"DISPLAY"_s, u"WAYLAND_DISPLAY"_s, u"QT_LOGGING_RULES"_s, u"TANDEM_API_KEY"_s })
            environment.remove(name);
        environment.insert(u"HOME"_s, home.path());
        environment.insert(u"XDG_CONFIG_HOME"_s, home.filePath(u".config"_s));
        environment.insert(u"TANDEM_DATA_DIR"_s, data.path()); // where the README's default location would be
        while (!words.isEmpty() && assignment.match(words.constFirst()).hasMatch()) {
            const QRegularExpressionMatch match = assignment.match(words.takeFirst());
            environment.insert(match.captured(1), match.captured(2));
        }
        QCOMPARE(words.value(0), u"tandem"_s);
        words.removeFirst();
        QProcess process;
        process.setWorkingDirectory(work.path());
        process.setProcessEnvironment(environment);
        process.start(QStringLiteral(TANDEM_EXECUTABLE), words);
        QVERIFY2(process.waitForStarted(), qPrintable(command));
        // `tandem chat` reads its messages from standard input, one a line; the others read none.
        if (words.contains(u"chat"_s))
            process.write("What is a haiku?\nWrite one about rain.\n");
        process.closeWriteChannel();
        // `tandem serve` runs until it is stopped: once it printed its address, it gets SIGTERM, as from a terminal.
        const bool runsUntilStopped = words.value(0) == u"serve";
        for (int i = 0; i < 1500 && process.state() != QProcess::NotRunning; ++i) {
            QTest::qWait(20); // the fake server answers from this event loop
            if (runsUntilStopped && process.bytesAvailable() > 0 && process.peek(4096).contains('\n'))
                process.terminate();
        }
        QVERIFY2(process.state() == QProcess::NotRunning, qPrintable(command + u": did not finish"_s));
        const QString out = QString::fromUtf8(process.readAllStandardOutput());
        const QString err = QString::fromUtf8(process.readAllStandardError());
        QVERIFY2(process.exitStatus() == QProcess::NormalExit && process.exitCode() == 0,
            qPrintable(u"%1: exit code %2\n%3"_s.arg(command).arg(process.exitCode()).arg(err)));
        QVERIFY2(!out.isEmpty() || command.contains(u" export "_s), qPrintable(command + u": printed nothing"_s));
        ++ran;
    }
    QVERIFY2(ran >= 10, qPrintable(u"only %1 tandem commands in the README"_s.arg(ran)));
    QVERIFY(QFile::exists(work.filePath(u"backup.json"_s)));
}

QTEST_GUILESS_MAIN(TestReadme)
#include "tst_readme.moc"
