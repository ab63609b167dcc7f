// ConversationLock on real files: one holder at a time (a second take fails, in this process too), the holder's
// process id for the others, free again once released or once its process is gone, and the file left in place.
#include "storage/ConversationLock.h"

#include <QCoreApplication>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace Tandem;

class TestConversationLock : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void oneHolderAtATime();
    void anEndedProcessHoldsNothing();
};

void TestConversationLock::oneHolderAtATime()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(u"conversation-7.lock"_s);
    QCOMPARE(ConversationLock::holder(path), 0); // no file yet
    {
        const std::unique_ptr<ConversationLock> first = ConversationLock::tryLock(path);
        QVERIFY(first);
        QVERIFY(!ConversationLock::tryLock(path)); // a second turn of the conversation, even in this process
        QCOMPARE(ConversationLock::holder(path), QCoreApplication::applicationPid());
    }
    QCOMPARE(ConversationLock::holder(path), 0);
    QVERIFY(QFile::exists(path)); // kept: removing it could let two holders lock two files of one name
    QVERIFY(ConversationLock::tryLock(path));
}

void TestConversationLock::anEndedProcessHoldsNothing()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(u"conversation-8.lock"_s);
    // flock(1) holds the lock (and execs sleep, keeping it), then the process is killed without releasing anything.
    QProcess holder;
    holder.start(u"flock"_s, { u"--exclusive"_s, u"--no-fork"_s, path, u"sleep"_s, u"60"_s });
    QVERIFY(holder.waitForStarted());
    QTRY_VERIFY_WITH_TIMEOUT(!ConversationLock::tryLock(path), 10000);
    QVERIFY(ConversationLock::holder(path) != 0);
    holder.kill();
    QVERIFY(holder.waitForFinished());
    QTRY_COMPARE_WITH_TIMEOUT(ConversationLock::holder(path), 0, 10000);
    QVERIFY(ConversationLock::tryLock(path));
}

QTEST_GUILESS_MAIN(TestConversationLock)
#include "tst_conversationlock.moc"
