// `tandem serve` where there is no keychain at all (the session bus points nowhere, as in
// integration.secretstore_nobackend): the local API's token lives in memory, and both the log and the command say so
// instead of claiming it was stored in the keychain; no file of its HOME holds the token.
#include "SecretTestUtil.h"

#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

#include <csignal>

using namespace Qt::StringLiterals;

class TestServeNoKeychain : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void tokenInMemoryIsSaidSo();
};

void TestServeNoKeychain::tokenInMemoryIsSaidSo()
{
    QTemporaryDir home;
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    for (const QString &name : { u"DISPLAY"_s, u"WAYLAND_DISPLAY"_s, u"QT_LOGGING_RULES"_s })
        environment.remove(name);
    environment.insert(u"DBUS_SESSION_BUS_ADDRESS"_s, u"unix:path=/nonexistent/tandem-no-bus"_s);
    environment.insert(u"HOME"_s, home.path());
    environment.insert(u"XDG_CONFIG_HOME"_s, home.filePath(u".config"_s));
    environment.insert(u"XDG_DATA_HOME"_s, home.filePath(u".local/share"_s));
    QProcess serve;
    serve.setProcessEnvironment(environment);
    serve.start(QStringLiteral(TANDEM_EXECUTABLE),
        { u"--data-dir"_s, home.filePath(u"data"_s), u"serve"_s, u"--port"_s, u"0"_s, u"--print-token"_s,
            u"--verbose"_s });
    QString out;
    static const QRegularExpression tokenLine(u"^Token: (\\S+)$"_s, QRegularExpression::MultilineOption);
    QVERIFY2(QTest::qWaitFor(
                 [&] {
                     out += QString::fromUtf8(serve.readAllStandardOutput());
                     return tokenLine.match(out).hasMatch() || serve.state() == QProcess::NotRunning;
                 },
                 30000),
        qPrintable(out));
    QString log;
    if (!tokenLine.match(out).hasMatch())
        log = QString::fromUtf8(serve.readAllStandardError());
    QVERIFY2(tokenLine.match(out).hasMatch(), qPrintable(out + log));
    QVERIFY2(out.contains(u"There is no keychain: the token is kept in memory until serve stops"_s), qPrintable(out));
    ::kill(pid_t(serve.processId()), SIGTERM);
    QVERIFY(serve.waitForFinished(30000));
    QCOMPARE(serve.exitCode(), 0);
    log = QString::fromUtf8(serve.readAllStandardError());
    QVERIFY2(log.contains(u"a new local API token is kept in memory for this run only: there is no keychain"_s),
        qPrintable(log));
    QVERIFY2(!log.contains(u"stored in the keychain"_s), qPrintable(log));
    const QByteArray token = tokenLine.match(out).captured(1).toUtf8();
    QStringList hits;
    QVERIFY2(!Tandem::Test::folderContains(home.path(), token, &hits), qPrintable(hits.join(u", "_s)));
}

QTEST_GUILESS_MAIN(TestServeNoKeychain)
#include "tst_servenokeychain.moc"
