// The real `tandem` executable asked for --version or --help where there is no display at all (no DISPLAY, no
// WAYLAND_DISPLAY, no QT_QPA_PLATFORM: a server, a CI job, an SSH session): it answers and exits 0 instead of
// aborting for want of a platform plugin, and touches no data.
#include <QDir>
#include <QDirIterator>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;

namespace {

constexpr int Timeout = 60'000; // generous: two cores are shared with builds

} // namespace

class TestNoDisplay : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void versionAndHelp_data();
    void versionAndHelp();
};

void TestNoDisplay::versionAndHelp_data()
{
    QTest::addColumn<QString>("argument");
    QTest::addColumn<QStringList>("expected"); // what stdout must contain
    const QString version = QStringLiteral(TANDEM_VERSION);
    QTest::newRow("--version") << u"--version"_s << QStringList { version };
    QTest::newRow("-v") << u"-v"_s << QStringList { version };
    QTest::newRow("--help") << u"--help"_s << QStringList { u"--data-dir"_s, u"--version"_s, u"--help"_s };
    QTest::newRow("-h") << u"-h"_s << QStringList { u"--data-dir"_s };
    QTest::newRow("--help-all") << u"--help-all"_s << QStringList { u"--data-dir"_s };
}

void TestNoDisplay::versionAndHelp()
{
    QFETCH(QString, argument);
    QFETCH(QStringList, expected);

    // Its own HOME and data folder, so nothing of the person running the tests is read, and a stray write shows.
    QTemporaryDir home;
    QVERIFY2(home.isValid(), qPrintable(home.errorString()));
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    for (const QString &name : { u"DISPLAY"_s, u"WAYLAND_DISPLAY"_s, u"QT_QPA_PLATFORM"_s })
        environment.remove(name);
    environment.insert(u"HOME"_s, home.path());
    environment.insert(u"XDG_CONFIG_HOME"_s, home.filePath(u".config"_s));
    environment.insert(u"XDG_DATA_HOME"_s, home.filePath(u".local/share"_s));
    environment.insert(u"XDG_CACHE_HOME"_s, home.filePath(u".cache"_s));
    environment.insert(u"TANDEM_DATA_DIR"_s, home.filePath(u"data"_s));

    QProcess tandem;
    tandem.setProcessEnvironment(environment);
    tandem.start(QStringLiteral(TANDEM_EXECUTABLE), { argument });
    QVERIFY2(tandem.waitForStarted(Timeout), qPrintable(tandem.errorString()));
    QVERIFY2(tandem.waitForFinished(Timeout), "tandem did not exit");
    const QString out = QString::fromLocal8Bit(tandem.readAllStandardOutput());
    const QString err = QString::fromLocal8Bit(tandem.readAllStandardError());
    QVERIFY2(tandem.exitStatus() == QProcess::NormalExit, qPrintable(u"crashed; stderr:\n"_s + err));
    QVERIFY2(tandem.exitCode() == 0, qPrintable(u"exit code %1; stderr:\n%2"_s.arg(tandem.exitCode()).arg(err)));
    for (const QString &text : std::as_const(expected))
        QVERIFY2(out.contains(text), qPrintable(u"“%1” is not in:\n%2"_s.arg(text, out)));
    QVERIFY2(!err.contains(u"platform plugin"_s, Qt::CaseInsensitive), qPrintable(err));

    // Answering --version or --help creates no database, here or anywhere in its HOME.
    QVERIFY(!QDir(home.filePath(u"data"_s)).exists());
    QDirIterator files(home.path(), { u"*.sqlite*"_s }, QDir::Files | QDir::Hidden, QDirIterator::Subdirectories);
    QVERIFY2(!files.hasNext(), qPrintable(files.hasNext() ? files.next() : QString()));
}

QTEST_GUILESS_MAIN(TestNoDisplay)
#include "tst_nodisplay.moc"
