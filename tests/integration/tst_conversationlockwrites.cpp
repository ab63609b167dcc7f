// What taking a conversation's lock writes (storage/ConversationLock): the holder's process id, exactly, over what
// another holder left; and nothing at all when the file names this process already, as it does from the second run of
// a conversation on (the write, cut to zero first, cost each run a disk write on ext4). Real files.
#include "storage/ConversationLock.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <sys/stat.h>

#include <unistd.h>

using namespace Qt::StringLiterals;
using namespace Tandem;

class TestConversationLockWrites : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void takingItAgainWritesNothing();
    void anotherHoldersIdIsReplacedWhole();

private:
    static QByteArray ownId() { return QByteArray::number(qint64(::getpid())) + '\n'; }
};

void TestConversationLockWrites::takingItAgainWritesNothing()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(u"conversation-3.lock"_s);
    QVERIFY(ConversationLock::tryLock(path));
    struct stat before
    { };
    QCOMPARE(::stat(QFile::encodeName(path).constData(), &before), 0);
    // The file's change time moves with any write or truncation, to the nanosecond here.
    ::usleep(20000);
    {
        const std::unique_ptr<ConversationLock> again = ConversationLock::tryLock(path);
        QVERIFY(again);
        QCOMPARE(ConversationLock::holder(path), qint64(::getpid()));
    }
    struct stat after
    { };
    QCOMPARE(::stat(QFile::encodeName(path).constData(), &after), 0);
    QCOMPARE(after.st_ctim.tv_sec, before.st_ctim.tv_sec);
    QCOMPARE(after.st_ctim.tv_nsec, before.st_ctim.tv_nsec);
    QFile file(path);
    QVERIFY(file.open(QIODevice::ReadOnly));
    QCOMPARE(file.readAll(), ownId());
}

void TestConversationLockWrites::anotherHoldersIdIsReplacedWhole()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(u"conversation-4.lock"_s);
    {
        // A holder gone, whose id was longer than this process's.
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write("123456789012345\n");
    }
    {
        const std::unique_ptr<ConversationLock> lock = ConversationLock::tryLock(path);
        QVERIFY(lock);
        QCOMPARE(ConversationLock::holder(path), qint64(::getpid()));
    }
    QFile file(path);
    QVERIFY(file.open(QIODevice::ReadOnly));
    QCOMPARE(file.readAll(), ownId());
}

QTEST_GUILESS_MAIN(TestConversationLockWrites)
#include "tst_conversationlockwrites.moc"
