// Termination signals end Tandem cleanly. The window (the real `tandem` executable on the offscreen platform) quits on
// SIGTERM, SIGINT or SIGHUP like a close: exit 0, the database closed with its WAL checkpointed, its locks released.
#include <QDir>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <csignal>

using namespace Qt::StringLiterals;

namespace {
constexpr int Timeout = 60'000; // generous: two cores are shared with builds
}

class TestSignals : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void windowQuitsCleanly_data();
    void windowQuitsCleanly();
};

void TestSignals::windowQuitsCleanly_data()
{
    QTest::addColumn<int>("signal");
    QTest::newRow("SIGTERM") << SIGTERM;
    QTest::newRow("SIGINT") << SIGINT;
    QTest::newRow("SIGHUP") << SIGHUP;
}

void TestSignals::windowQuitsCleanly()
{
    QFETCH(int, signal);
    QTemporaryDir home;
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.insert(u"HOME"_s, home.path());
    environment.insert(u"XDG_CONFIG_HOME"_s, home.filePath(u".config"_s));
    environment.insert(u"XDG_DATA_HOME"_s, home.filePath(u".local/share"_s));
    environment.insert(u"QT_QPA_PLATFORM"_s, u"offscreen"_s);
    const QString data = home.filePath(u"data"_s);
    QProcess tandem;
    tandem.setProcessEnvironment(environment);
    tandem.start(QStringLiteral(TANDEM_EXECUTABLE), { u"--data-dir"_s, data });
    QVERIFY2(tandem.waitForStarted(Timeout), qPrintable(tandem.errorString()));
    const QString database = QDir(data).filePath(u"tandem.sqlite"_s);
    // Running: the database is open (its WAL exists) and this process's lock is held.
    QTRY_VERIFY_WITH_TIMEOUT(QFile::exists(database + u"-wal"_s) && QFile::exists(database + u".lock"_s), Timeout);
    QTest::qWait(300); // the window is up

    ::kill(pid_t(tandem.processId()), signal);

    QVERIFY2(tandem.waitForFinished(Timeout), "tandem did not quit");
    QCOMPARE(tandem.exitStatus(), QProcess::NormalExit);
    QCOMPARE(tandem.exitCode(), 0);
    QVERIFY(!QFile::exists(database + u"-wal"_s)); // checkpointed and closed
    QVERIFY(!QFile::exists(database + u".lock"_s));
    QVERIFY(QDir(database + u".owners"_s).isEmpty());
}

QTEST_GUILESS_MAIN(TestSignals)
#include "tst_signals.moc"
