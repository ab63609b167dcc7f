// Tandem installed from its .deb (built by the fixture `package.build`) and used as a person would: the package is
// unpacked into a scratch root with `dpkg-deb -x` (no root rights, nothing of this machine changed), and the
// installed executable, with Qt from the system and no LD_LIBRARY_PATH, prints its version, runs a dual-agent turn
// against the fake LLM server and shows it; the installed bash completion completes commands, values and
// conversation ids. Removing the scratch root removes it all.
//
// With TANDEM_TEST_DPKG_INSTALL=1, as root, and no tandem installed, it is also installed for real with `dpkg -i`,
// used, and purged with `dpkg --purge`, and every file it installed must be gone again.

#include "ChildProcess.h"
#include "FakeLlmServer.h"

#include <QDir>
#include <QFile>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

#include <unistd.h>

using namespace Qt::StringLiterals;
using Tandem::Test::ChildProcess;
using Tandem::Test::FakeLlmServer;
using Tandem::Test::ScriptedReply;

class TestInstalledPackage : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void versionFromTheInstalledFiles();
    void needsNoLibraryPathIntoTheBuild();
    void headlessDualTurnFromTheInstalledFiles();
    void bashCompletion_data();
    void bashCompletion();
    void removingTheScratchRootRemovesEverything();
    void installAndPurgeWithDpkg();

private:
    /// The environment of a person's shell: a home of its own, no library path, no display.
    QProcessEnvironment environment() const;
    /// A dual-agent turn with @p tandem against a fresh fake server; returns what it printed.
    QString dualTurn(const QString &tandem, const QString &dataDir);

    QString m_deb;
    std::unique_ptr<QTemporaryDir> m_root;
    QTemporaryDir m_home;
};

void TestInstalledPackage::initTestCase()
{
    const QStringList debs
        = QDir(QStringLiteral(TANDEM_PACKAGE_DIR))
              .entryList({ u"tandem_%1_*.deb"_s.arg(QStringLiteral(TANDEM_VERSION)) }, QDir::Files, QDir::Name);
    QVERIFY2(debs.size() == 1, "package.build made no .deb (or several) in " TANDEM_PACKAGE_DIR);
    m_deb = QDir(QStringLiteral(TANDEM_PACKAGE_DIR)).filePath(debs.constFirst());
    m_root = std::make_unique<QTemporaryDir>();
    QVERIFY(m_root->isValid() && m_home.isValid());
    const ChildProcess::Result extract = ChildProcess::run(u"dpkg-deb"_s, { u"-x"_s, m_deb, m_root->path() });
    QVERIFY2(extract.succeeded(), qPrintable(extract.describe()));
}

QProcessEnvironment TestInstalledPackage::environment() const
{
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    for (const QString &name : { u"LD_LIBRARY_PATH"_s, u"QT_PLUGIN_PATH"_s, u"DISPLAY"_s, u"WAYLAND_DISPLAY"_s,
             u"QT_QPA_PLATFORM"_s, u"QT_LOGGING_RULES"_s, u"TANDEM_DATA_DIR"_s })
        environment.remove(name);
    environment.insert(u"HOME"_s, m_home.path());
    environment.insert(u"XDG_CONFIG_HOME"_s, m_home.filePath(u".config"_s));
    environment.insert(u"XDG_DATA_HOME"_s, m_home.filePath(u".local/share"_s));
    environment.insert(u"LC_ALL"_s, u"C.UTF-8"_s);
    environment.insert(u"TANDEM_API_KEY"_s, u"sk-installed-test"_s);
    return environment;
}

void TestInstalledPackage::versionFromTheInstalledFiles()
{
    const ChildProcess::Result version
        = ChildProcess::run(m_root->filePath(u"usr/bin/tandem"_s), { u"--version"_s }, environment());
    QVERIFY2(version.succeeded(), qPrintable(version.describe()));
    QCOMPARE(version.text(), u"tandem %1\n"_s.arg(QStringLiteral(TANDEM_VERSION)));
    QVERIFY2(version.err.isEmpty(), version.err.constData());
}

void TestInstalledPackage::needsNoLibraryPathIntoTheBuild()
{
    // The installed executable carries no RPATH/RUNPATH (CMake's build-tree one is dropped on install), and every
    // library it needs is found on the system.
    // The same for tandem-cli, which moreover needs no QtGui.
    for (const QString &name : { u"tandem"_s, u"tandem-cli"_s }) {
        const QString tandem = m_root->filePath(u"usr/bin/"_s + name);
        const ChildProcess::Result dynamic = ChildProcess::run(u"readelf"_s, { u"--dynamic"_s, tandem });
        QVERIFY2(dynamic.succeeded(), qPrintable(dynamic.describe()));
        QVERIFY2(!dynamic.text().contains(u"PATH)"_s), dynamic.out.constData()); // (RPATH), (RUNPATH)
        const ChildProcess::Result libraries = ChildProcess::run(u"ldd"_s, { tandem }, environment());
        QVERIFY2(libraries.succeeded(), qPrintable(libraries.describe()));
        QVERIFY2(!libraries.text().contains(u"not found"_s), libraries.out.constData());
        QVERIFY2(!libraries.text().contains(QStringLiteral(TANDEM_BUILD_DIR)), libraries.out.constData());
        if (name == u"tandem-cli")
            QVERIFY2(!libraries.text().contains(u"libQt6Gui"_s), libraries.out.constData());
    }
}

QString TestInstalledPackage::dualTurn(const QString &tandem, const QString &dataDir)
{
    FakeLlmServer server;
    if (!server.isListening())
        return u"the fake server does not listen"_s;
    server.enqueue(ScriptedReply::text({ u"HANDOFF_AGENT2\n"_s, u"Shorten: the quick brown fox"_s }));
    server.enqueue(ScriptedReply::text({ u"Quick fox."_s }));
    const ChildProcess::Result run = ChildProcess::run(tandem,
        { u"--data-dir"_s, dataDir, u"run"_s, u"--mode"_s, u"dual"_s, u"--provider"_s, server.baseUrl().toString(),
            u"--model"_s, u"fake-model"_s, u"Please shorten: the quick brown fox"_s },
        environment());
    if (!run.succeeded() || !run.err.isEmpty())
        return run.describe();
    return run.text();
}

void TestInstalledPackage::headlessDualTurnFromTheInstalledFiles()
{
    QTemporaryDir data;
    const QString tandem = m_root->filePath(u"usr/bin/tandem"_s);
    const QString out = dualTurn(tandem, data.path());
    QVERIFY2(out.contains(u"── Handing the message to agent 2 ──\n── Message accepted by agent 2 ──\n"
                          u"[Agent 2] Quick fox."_s),
        qPrintable(out));
    QVERIFY(!out.contains(u"HANDOFF_AGENT2"_s));

    // Stored exactly as the window would: `show` prints the same turn back from the database.
    const ChildProcess::Result show
        = ChildProcess::run(tandem, { u"--data-dir"_s, data.path(), u"show"_s, u"1"_s }, environment());
    QVERIFY2(show.succeeded(), qPrintable(show.describe()));
    QCOMPARE(show.text(),
        u"# Please shorten: the quick brown fox (dual)\n> Please shorten: the quick brown fox\n"
        u"[Agent 1] Shorten: the quick brown fox\n── Handing the message to agent 2 ──\n"
        u"── Message accepted by agent 2 ──\n[Agent 2] Quick fox.\n"_s);
}

void TestInstalledPackage::bashCompletion_data()
{
    QTest::addColumn<QString>("line");
    QTest::addColumn<QStringList>("expected");
    QTest::newRow("command") << u"tandem ex"_s << QStringList { u"export"_s };
    QTest::newRow("every command") << u"tandem "_s
                                   << QStringList { u"agents"_s, u"board"_s, u"chat"_s, u"conversations"_s,
                                          u"eval-agents"_s, u"eval-routing"_s, u"export"_s, u"handoff"_s, u"handoffs"_s,
                                          u"help"_s, u"import"_s, u"mcp"_s, u"metrics"_s, u"run"_s, u"serve"_s,
                                          u"show"_s, u"story"_s, u"tokens"_s };
    QTest::newRow("tandem-cli") << u"tandem-cli ch"_s << QStringList { u"chat"_s };
    QTest::newRow("command after an option and its value") << u"tandem --max-turns 3 sh"_s << QStringList { u"show"_s };
    QTest::newRow("option") << u"tandem run --pro"_s << QStringList { u"--protocol"_s, u"--provider"_s };
    QTest::newRow("mode") << u"tandem run --mode "_s
                          << QStringList { u"dual"_s, u"pipeline"_s, u"router"_s, u"single"_s };
    QTest::newRow("help's command") << u"tandem help ha"_s << QStringList { u"handoff"_s, u"handoffs"_s };
    QTest::newRow("board action") << u"tandem handoff "_s
                                  << QStringList { u"accept"_s, u"cleanup"_s, u"create"_s, u"reject"_s, u"timeout"_s };
    QTest::newRow("agents' action") << u"tandem agents "_s << QStringList { u"export-prompts"_s };
    QTest::newRow("team board's action") << u"tandem board "_s << QStringList { u"password"_s };
    QTest::newRow("tokens' action") << u"tandem tokens "_s << QStringList { u"create"_s, u"list"_s, u"revoke"_s };
    QTest::newRow("format") << u"tandem export --all --format "_s
                            << QStringList { u"html"_s, u"json"_s, u"md"_s, u"pdf"_s, u"txt"_s };
    QTest::newRow("protocol") << u"tandem run --protocol r"_s << QStringList { u"responses"_s };
    QTest::newRow("conversation ids of --data-dir") << u"tandem --data-dir DATA show "_s << QStringList { u"1"_s };
    QTest::newRow("no second id") << u"tandem --data-dir DATA show 1 "_s << QStringList {};
}

void TestInstalledPackage::bashCompletion()
{
    QFETCH(QString, line);
    QFETCH(QStringList, expected);
    QTemporaryDir data;
    if (line.contains(u"DATA"_s)) {
        const QString out = dualTurn(m_root->filePath(u"usr/bin/tandem"_s), data.path());
        QVERIFY2(out.contains(u"[Agent 2] Quick fox."_s), qPrintable(out));
        line.replace(u"DATA"_s, data.path());
    }
    // What bash does on Tab: the words of the line, the cursor at its end, then the completion function.
    const QString script = uR"(
        source /usr/share/bash-completion/bash_completion
        COMP_LINE=$LINE
        COMP_POINT=${#COMP_LINE}
        read -r -a COMP_WORDS <<<"$COMP_LINE"
        [[ $COMP_LINE == *" " ]] && COMP_WORDS+=("")
        COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
        source "$ROOT/usr/share/bash-completion/completions/${COMP_WORDS[0]}"
        _tandem "${COMP_WORDS[0]}" "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD - 1]}"
        printf '%s\n' "${COMPREPLY[@]}" | sort
    )"_s;
    QProcessEnvironment environment = this->environment();
    environment.insert(u"ROOT"_s, m_root->path());
    environment.insert(u"LINE"_s, line);
    environment.insert(u"PATH"_s, m_root->filePath(u"usr/bin"_s) + u':' + environment.value(u"PATH"_s));
    const ChildProcess::Result bash = ChildProcess::run(u"bash"_s, { u"--norc"_s, u"-c"_s, script }, environment);
    QVERIFY2(bash.succeeded(), qPrintable(bash.describe()));
    const QStringList completed = bash.text().split(u'\n', Qt::SkipEmptyParts);
    QCOMPARE(completed, expected);
}

void TestInstalledPackage::removingTheScratchRootRemovesEverything()
{
    // Everything the package brought is under the scratch root; running it wrote only to the data folders given
    // (and nothing to this home).
    const QString root = m_root->path();
    QVERIFY(m_root->remove());
    QVERIFY(!QFileInfo::exists(root));
    QVERIFY2(QDir(m_home.path()).entryList(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden).isEmpty(),
        qPrintable(
            QDir(m_home.path()).entryList(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden).join(u", "_s)));
}

void TestInstalledPackage::installAndPurgeWithDpkg()
{
    if (qEnvironmentVariable("TANDEM_TEST_DPKG_INSTALL") != u"1")
        QSKIP("installs into this machine: set TANDEM_TEST_DPKG_INSTALL=1 (as root) to run it");
    if (::geteuid() != 0)
        QSKIP("dpkg -i needs root");
    const ChildProcess::Result status = ChildProcess::run(u"dpkg-query"_s, { u"-W"_s, u"-f=${Status}"_s, u"tandem"_s });
    if (status.text().contains(u"installed"_s) && !status.text().contains(u"not-installed"_s))
        QSKIP("a tandem package is installed on this machine already; it is left alone");

    struct Purge
    {
        ~Purge() { ChildProcess::run(u"dpkg"_s, { u"--purge"_s, u"tandem"_s }); }
    } purgeOnAnyExit;

    const ChildProcess::Result install = ChildProcess::run(u"dpkg"_s, { u"-i"_s, m_deb });
    QVERIFY2(install.succeeded(), qPrintable(install.describe()));
    const ChildProcess::Result listed = ChildProcess::run(u"dpkg-query"_s, { u"-L"_s, u"tandem"_s });
    QVERIFY2(listed.succeeded(), qPrintable(listed.describe()));
    QStringList files;
    for (const QString &path : listed.text().split(u'\n', Qt::SkipEmptyParts))
        if (QFileInfo(path).isFile())
            files << path;
    QVERIFY(files.contains(u"/usr/bin/tandem"_s));
    QVERIFY(files.contains(u"/usr/share/applications/invalid.tandem.Tandem.desktop"_s));

    const ChildProcess::Result version = ChildProcess::run(u"/usr/bin/tandem"_s, { u"--version"_s }, environment());
    QCOMPARE(version.text(), u"tandem %1\n"_s.arg(QStringLiteral(TANDEM_VERSION)));
    QTemporaryDir data;
    const QString out = dualTurn(u"/usr/bin/tandem"_s, data.path());
    QVERIFY2(out.contains(u"[Agent 2] Quick fox."_s), qPrintable(out));
    const ChildProcess::Result man
        = ChildProcess::run(u"man"_s, { u"-w"_s, u"tandem"_s }, environment()); // found by name, in the index
    QCOMPARE(man.text().trimmed(), u"/usr/share/man/man1/tandem.1.gz"_s);

    const ChildProcess::Result purge = ChildProcess::run(u"dpkg"_s, { u"--purge"_s, u"tandem"_s });
    QVERIFY2(purge.succeeded(), qPrintable(purge.describe()));
    for (const QString &file : std::as_const(files))
        QVERIFY2(!QFileInfo::exists(file), qPrintable(file + u" is left behind"_s));
    const ChildProcess::Result after = ChildProcess::run(u"dpkg-query"_s, { u"-W"_s, u"-f=${Status}"_s, u"tandem"_s });
    QVERIFY2(!after.succeeded() || after.text().contains(u"not-installed"_s), qPrintable(after.describe()));
}

QTEST_GUILESS_MAIN(TestInstalledPackage)
#include "tst_installedpackage.moc"
