// tandem-cli, the headless binary: it links only the C and C++ runtime, answers --version without loading anything
// more, and loads its commands module (which links neither QtGui nor QtWidgets) for the rest; neither is loaded at run
// time (the dynamic loader's own log, LD_DEBUG=files, plugins included). `tandem <command>` hands over to it, and it
// hands export back to `tandem`.
#include "ChildProcess.h"
#include "FakeLlmServer.h"

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace Tandem::Test;

namespace {
struct Outcome
{
    int exitCode = -1;
    QString out;
    QString err;
};
} // namespace

class TestHeadlessBinary : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void linksNoGuiLibrary();
    void versionLoadsNoGuiLibrary();
    void missingModuleIsSaidClearly();
    void dualRunThroughTandemLoadsNoGuiLibrary();
    void helpAndNoCommand();
    void exportIsHandedToTandem();

private:
    /// Runs @p program with `--data-dir` and @p arguments; a lone `--version` goes alone, as a person types it.
    Outcome run(const QString &program, const QStringList &arguments, bool loaderLog = false);
    /// The libraries the loader log of @p err shows for the image that ran last (after a handover, the new one).
    static QStringList loadedLibraries(const QString &err);

    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<FakeLlmServer> m_server;
};

void TestHeadlessBinary::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    m_server = std::make_unique<FakeLlmServer>();
    QVERIFY(m_server->isListening());
}

Outcome TestHeadlessBinary::run(const QString &program, const QStringList &arguments, bool loaderLog)
{
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.remove(u"DISPLAY"_s);
    environment.remove(u"WAYLAND_DISPLAY"_s);
    environment.remove(u"QT_QPA_PLATFORM"_s);
    environment.insert(u"XDG_CONFIG_HOME"_s, m_dir->filePath(u"config"_s));
    if (loaderLog)
        environment.insert(u"LD_DEBUG"_s, u"files"_s);
    const bool alone = arguments == QStringList { u"--version"_s };
    const ChildProcess::Result result = ChildProcess::run(
        program, alone ? arguments : QStringList { u"--data-dir"_s, m_dir->path() } + arguments, environment, 30000);
    Outcome outcome;
    outcome.exitCode = result.finished ? result.exitCode : -2;
    outcome.out = QString::fromUtf8(result.out);
    outcome.err = QString::fromUtf8(result.err);
    return outcome;
}

QStringList TestHeadlessBinary::loadedLibraries(const QString &err)
{
    // ld.so logs "file=<library> [0];  needed by ..." (or "dynamically loaded by" for a plugin) for each library it
    // maps, then "transferring control: <program>". After execv() the next image's lines follow.
    // One image: all of it. A handover: what follows the first image's start belongs to the second.
    const QStringList parts = err.split(u"transferring control:"_s);
    const QString last = parts.size() > 2 ? parts.mid(1).join(QString()) : err;
    QStringList libraries;
    static const QRegularExpression file(uR"(file=(\S+) \[\d+\];\s+(needed|dynamically loaded) by)"_s);
    for (auto it = file.globalMatch(last); it.hasNext();)
        libraries << it.next().captured(1);
    return libraries;
}

void TestHeadlessBinary::linksNoGuiLibrary()
{
    const auto dynamicSection = [](const QString &file) {
        QProcess readelf;
        readelf.start(u"readelf"_s, { u"--dynamic"_s, file });
        return readelf.waitForFinished() ? QString::fromUtf8(readelf.readAllStandardOutput()) : QString();
    };
    const QString executable = dynamicSection(QStringLiteral(TANDEM_CLI_EXECUTABLE));
    QVERIFY2(executable.contains(u"libc.so"_s), qPrintable(executable));
    QVERIFY2(!executable.contains(u"libQt6"_s), qPrintable(executable)); // not even QtCore
    const QString module = dynamicSection(QStringLiteral(TANDEM_COMMANDS_MODULE));
    QVERIFY2(module.contains(u"libQt6Core.so"_s), qPrintable(module));
    QVERIFY2(!module.contains(u"libQt6Gui"_s), qPrintable(module));
    QVERIFY2(!module.contains(u"libQt6Widgets"_s), qPrintable(module));
}

void TestHeadlessBinary::versionLoadsNoGuiLibrary()
{
    const Outcome version = run(QStringLiteral(TANDEM_CLI_EXECUTABLE), { u"--version"_s }, true);
    QCOMPARE(version.exitCode, 0);
    QCOMPARE(version.out, u"tandem %1\n"_s.arg(QStringLiteral(TANDEM_VERSION)));
    const QStringList libraries = loadedLibraries(version.err);
    QVERIFY2(libraries.contains(u"libc.so.6"_s), qPrintable(libraries.join(u", "_s))); // the log was read
    for (const QString &library : libraries) // no Qt library at all, the commands module neither
        QVERIFY2(!library.contains(u"Qt6"_s) && !library.contains(u"tandem-commands"_s), qPrintable(library));
}

void TestHeadlessBinary::missingModuleIsSaidClearly()
{
    // A broken installation (the module deleted): a clear message and exit code 1, not a crash.
    QTemporaryDir copy;
    const QString cli = copy.filePath(u"tandem-cli"_s);
    QVERIFY(QFile::copy(QStringLiteral(TANDEM_CLI_EXECUTABLE), cli));
    QVERIFY(QFile::setPermissions(cli, QFile::ReadOwner | QFile::ExeOwner));
    QCOMPARE(run(cli, { u"--version"_s }).exitCode, 0);
    const Outcome listed = run(cli, { u"conversations"_s });
    QCOMPARE(listed.exitCode, 1);
    QVERIFY2(listed.err.contains(u"the commands cannot be loaded"_s) && listed.err.contains(u"reinstall Tandem"_s),
        qPrintable(listed.err));
}

void TestHeadlessBinary::dualRunThroughTandemLoadsNoGuiLibrary()
{
    m_server->enqueue(ScriptedReply::text({ u"HANDOFF_AGENT2\nWrite a haiku."_s }));
    m_server->enqueue(ScriptedReply::text({ u"Rain on the roof."_s }));
    const Outcome turn = run(QStringLiteral(TANDEM_EXECUTABLE),
        { u"run"_s, u"--mode"_s, u"dual"_s, u"--provider"_s, m_server->baseUrl().toString(), u"A poem please"_s },
        true);
    QVERIFY2(turn.exitCode == 0, qPrintable(turn.err.right(2000)));
    QVERIFY2(turn.out.contains(u"[Agent 2] Rain on the roof."_s), qPrintable(turn.out));
    // `tandem` started (it links QtWidgets), then handed over: tandem-cli ran the turn.
    QCOMPARE(turn.err.count(u"initialize program:"_s), 2);
    const QStringList libraries = loadedLibraries(turn.err);
    QVERIFY2(libraries.contains(u"libQt6Network.so.6"_s), qPrintable(libraries.join(u", "_s)));
    QVERIFY2(std::any_of(libraries.cbegin(), libraries.cend(),
                 [](const QString &library) { return library.endsWith(u"/tandem-commands.so"_s); }),
        qPrintable(libraries.join(u", "_s)));
    QVERIFY2(std::any_of(libraries.cbegin(), libraries.cend(),
                 [](const QString &library) { return library.contains(u"sqldrivers"_s); }),
        qPrintable(libraries.join(u", "_s))); // the SQLite plugin: the log shows dlopen()ed libraries too
    for (const QString &library : libraries)
        QVERIFY2(!library.contains(u"Qt6Gui"_s) && !library.contains(u"Qt6Widgets"_s), qPrintable(library));
}

void TestHeadlessBinary::helpAndNoCommand()
{
    const Outcome help = run(QStringLiteral(TANDEM_CLI_EXECUTABLE), { u"--help"_s });
    QCOMPARE(help.exitCode, 0);
    QVERIFY2(help.out.contains(u"conversations list the stored conversations"_s), qPrintable(help.out));
    const Outcome bare = run(QStringLiteral(TANDEM_CLI_EXECUTABLE), {});
    QCOMPARE(bare.exitCode, 2);
    QVERIFY2(bare.err.contains(u"conversations list the stored conversations"_s), qPrintable(bare.err));
}

void TestHeadlessBinary::exportIsHandedToTandem()
{
    m_server->enqueue(ScriptedReply::text({ u"Hello."_s }));
    const Outcome turn = run(QStringLiteral(TANDEM_CLI_EXECUTABLE),
        { u"run"_s, u"--provider"_s, m_server->baseUrl().toString(), u"Say hello"_s });
    QVERIFY2(turn.exitCode == 0, qPrintable(turn.err));
    const QString file = m_dir->filePath(u"out.md"_s);
    const Outcome exported = run(QStringLiteral(TANDEM_CLI_EXECUTABLE),
        { u"export"_s, u"--conversation"_s, u"1"_s, u"--format"_s, u"md"_s, u"-o"_s, file }, true);
    QVERIFY2(exported.exitCode == 0, qPrintable(exported.err.right(2000)));
    QCOMPARE(exported.err.count(u"initialize program:"_s), 2); // tandem-cli, then tandem
    QFile written(file);
    QVERIFY(written.open(QIODevice::ReadOnly));
    QVERIFY(written.readAll().contains("Hello."));
}

QTEST_GUILESS_MAIN(TestHeadlessBinary)
#include "tst_headlessbinary.moc"
