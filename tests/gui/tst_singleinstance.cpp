// One window per profile (#17 part 4), with the real `tandem` executable twice, offscreen: a second start on the same
// data folder brings the first window to the front and ends (exit 0, one sentence) without opening the database; a
// start on another data folder opens its own window; a socket left by a window that was killed is taken over.
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <csignal>
#include <memory>

using namespace Qt::StringLiterals;

class TestSingleInstance : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void secondStartBringsTheFirstToTheFront();
    void aKilledWindowLeavesNothingInTheWay();

private:
    std::unique_ptr<QProcess> window(const QString &dataDir);
    /// Reads @p child's standard error into @p err until it contains @p text.
    static bool waitFor(QProcess &child, QString &err, const QString &text);

    QTemporaryDir m_home;
};

std::unique_ptr<QProcess> TestSingleInstance::window(const QString &dataDir)
{
    auto child = std::make_unique<QProcess>();
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.insert(u"QT_QPA_PLATFORM"_s, u"offscreen"_s);
    environment.insert(u"HOME"_s, m_home.path());
    environment.insert(u"XDG_CONFIG_HOME"_s, m_home.filePath(u"config"_s));
    environment.insert(u"QT_LOGGING_RULES"_s, u"tandem.app.info=true"_s);
    child->setProcessEnvironment(environment);
    child->start(QStringLiteral(TANDEM_EXECUTABLE), { u"--data-dir"_s, dataDir });
    return child;
}

bool TestSingleInstance::waitFor(QProcess &child, QString &err, const QString &text)
{
    return QTest::qWaitFor(
               [&] {
                   err += QString::fromUtf8(child.readAllStandardError());
                   return err.contains(text) || child.state() == QProcess::NotRunning;
               },
               30000)
        && err.contains(text);
}

void TestSingleInstance::secondStartBringsTheFirstToTheFront()
{
    const QString data = m_home.filePath(u"profile"_s);
    const auto first = window(data);
    QString firstErr;
    QVERIFY2(waitFor(*first, firstErr, u"single instance: listening"_s), qPrintable(firstErr));

    // The same folder, named another way.
    const auto second = window(data + u"/../profile/"_s);
    QVERIFY(second->waitForFinished(30000));
    QCOMPARE(second->exitStatus(), QProcess::NormalExit);
    QCOMPARE(second->exitCode(), 0);
    const QString secondErr = QString::fromUtf8(second->readAllStandardError());
    QVERIFY2(secondErr.contains(u"Tandem is already open on this profile; its window was brought to the front."_s),
        qPrintable(secondErr));
    QVERIFY2(!secondErr.contains(u"opened"_s), qPrintable(secondErr)); // it never opened the database
    QVERIFY2(waitFor(*first, firstErr, u"another start brought the window to the front"_s), qPrintable(firstErr));
    QCOMPARE(first->state(), QProcess::Running);

    // Another profile is another window.
    const auto other = window(m_home.filePath(u"other"_s));
    QString otherErr;
    QVERIFY2(waitFor(*other, otherErr, u"single instance: listening"_s), qPrintable(otherErr));
    QCOMPARE(other->state(), QProcess::Running);

    for (QProcess *child : { first.get(), other.get() }) {
        ::kill(pid_t(child->processId()), SIGTERM);
        QVERIFY(child->waitForFinished(30000));
        QCOMPARE(child->exitStatus(), QProcess::NormalExit);
    }
}

void TestSingleInstance::aKilledWindowLeavesNothingInTheWay()
{
    const QString data = m_home.filePath(u"crashed"_s);
    const auto first = window(data);
    QString err;
    QVERIFY2(waitFor(*first, err, u"single instance: listening"_s), qPrintable(err));
    first->kill(); // its socket file stays behind
    QVERIFY(first->waitForFinished(30000));

    const auto next = window(data);
    QString nextErr;
    QVERIFY2(waitFor(*next, nextErr, u"single instance: listening"_s), qPrintable(nextErr));
    QCOMPARE(next->state(), QProcess::Running);
    ::kill(pid_t(next->processId()), SIGTERM);
    QVERIFY(next->waitForFinished(30000));
}

QTEST_GUILESS_MAIN(TestSingleInstance)
#include "tst_singleinstance.moc"
