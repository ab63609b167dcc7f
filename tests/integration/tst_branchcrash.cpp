// A kill -9 while a conversation's branch moves (issue #30): a child process switching branches through the façade,
// and one editing a message whose run streams from the fake server in its own process, each killed with SIGKILL at
// a random point (the seed is printed). After each kill the file opens, nothing is lost, and the current branch is
// exactly one path of the tree, from a first row to a leaf.
#include "TemporaryDatabase.h"
#include "storage/BranchStore.h"
#include "storage/ConversationStore.h"
#include "storage/MessageStore.h"
#include "storage/ProviderStore.h"
#include "storage/SqlConnection.h"
#include "storage/UnitOfWork.h"

#include <QProcess>
#include <QRandomGenerator>
#include <QSet>
#include <QSqlQuery>
#include <QTest>

#include <csignal>

using namespace Qt::StringLiterals;
using namespace Tandem;

namespace {

qint64 append(UnitOfWork &work, qint64 conversationId, Message::Role role, const QString &text)
{
    Message message;
    message.conversationId = conversationId;
    message.role = role;
    message.agentId = role == Message::Role::User ? QString() : u"assistant"_s;
    message.content = text;
    return work.messages().append(message) ? message.id : 0;
}

qint64 scalar(UnitOfWork &work, const QString &sql)
{
    QSqlQuery q(work.connection().database());
    return q.exec(sql) && q.next() ? q.value(0).toLongLong() : -1;
}

// The flagged rows are the path from the current leaf up to a first row, and nothing else.
bool branchIsOnePath(UnitOfWork &work, qint64 conversationId, QString *why)
{
    QSet<qint64> path;
    for (qint64 id = work.branches().currentLeaf(conversationId); id != 0; id = work.branches().parentOf(id))
        path.insert(id);
    QSet<qint64> flagged;
    QSqlQuery q(work.connection().database());
    if (!q.exec(u"SELECT id FROM messages WHERE conversation_id = %1 AND on_branch = 1"_s.arg(conversationId)))
        return false;
    while (q.next())
        flagged.insert(q.value(0).toLongLong());
    if (flagged != path)
        *why = u"%1 rows flagged, the path to the leaf has %2"_s.arg(flagged.size()).arg(path.size());
    return flagged == path && !path.isEmpty();
}

// Reads the child's output until @p line was printed @p times.
bool readLine(QProcess &child, const QString &line, QString *out, int times = 1)
{
    const QDeadlineTimer deadline(30000);
    while (!deadline.hasExpired()) {
        *out += QString::fromUtf8(child.readAllStandardOutput());
        if (out->count(line) >= times)
            return true;
        if (child.state() == QProcess::NotRunning)
            return false;
        child.waitForReadyRead(20);
    }
    return false;
}

} // namespace

class TestBranchCrash : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void killDuringSwitch();
    void killDuringAnEditsRun();

private:
    quint32 m_seed = 0;
};

void TestBranchCrash::initTestCase()
{
    m_seed = qEnvironmentVariableIsSet("TANDEM_BRANCHCRASH_SEED")
        ? quint32(qEnvironmentVariableIntValue("TANDEM_BRANCHCRASH_SEED"))
        : QRandomGenerator::global()->generate();
    qInfo("seed %u (TANDEM_BRANCHCRASH_SEED repeats it)", m_seed);
}

void TestBranchCrash::killDuringSwitch()
{
    QRandomGenerator random(m_seed);
    Test::TemporaryDatabase temp;
    QVERIFY(temp.isReady());
    UnitOfWork &work = temp.work();
    Conversation conversation;
    QVERIFY(work.conversations().create(conversation));
    const qint64 c = conversation.id;
    append(work, c, Message::Role::User, u"u1"_s);
    const qint64 a1 = append(work, c, Message::Role::Assistant, u"a1"_s);
    const qint64 u2 = append(work, c, Message::Role::User, u"u2"_s);
    append(work, c, Message::Role::Assistant, u"a2"_s);
    QVERIFY(work.branches().moveLeaf(c, a1));
    const qint64 u2b = append(work, c, Message::Role::User, u"u2b"_s);
    append(work, c, Message::Role::Assistant, u"a2b"_s);
    const QString path = temp.filePath();
    temp.database().close();

    for (int round = 0; round < 6; ++round) {
        QProcess child;
        child.start(QString::fromUtf8(TANDEM_HELPER_BRANCHMOVER_PATH),
            { path, QString::number(c), u"switch"_s, QString::number(u2), QString::number(u2b) });
        QVERIFY(child.waitForStarted());
        const int switches = 1 + int(random.bounded(40));
        QString out;
        QVERIFY2(readLine(child, u"switched\n"_s, &out, switches),
            qPrintable(QString::fromUtf8(child.readAllStandardError())));
        ::kill(pid_t(child.processId()), SIGKILL);
        QVERIFY(child.waitForFinished());

        QVERIFY(temp.reopen());
        UnitOfWork &after = temp.work();
        QCOMPARE(scalar(after, u"SELECT COUNT(*) FROM messages"_s), 6);
        QString why;
        QVERIFY2(branchIsOnePath(after, c, &why), qPrintable(u"round %1: %2"_s.arg(round).arg(why)));
        QCOMPARE(after.branches().leaves(c).size(), 2);
        QCOMPARE(after.messages().count(c), 4);
        temp.database().close();
    }
}

void TestBranchCrash::killDuringAnEditsRun()
{
    QRandomGenerator random(m_seed + 1);
    QProcess server;
    // Replies of six frames 25 ms apart: a kill soon after the edit lands in the run's request or its stream.
    server.start(QString::fromUtf8(TANDEM_HELPER_FAKELLM_PATH), { u"--interval"_s, u"25"_s });
    QVERIFY(server.waitForStarted());
    QString line;
    QTRY_VERIFY_WITH_TIMEOUT((line += QString::fromUtf8(server.readAllStandardOutput())).contains(u'\n'), 20000);
    const QUrl baseUrl(line.section(u"listening on "_s, 1).trimmed());
    QVERIFY2(baseUrl.isValid() && baseUrl.port() > 0, qPrintable(line));

    for (int round = 0; round < 4; ++round) {
        Test::TemporaryDatabase temp;
        QVERIFY(temp.isReady());
        UnitOfWork &work = temp.work();
        ProviderProfile profile;
        profile.id = u"fake"_s;
        profile.name = u"Fake"_s;
        profile.baseUrl = baseUrl;
        profile.defaultModel = u"fake-model"_s;
        QVERIFY(work.providers().save(profile));
        Conversation conversation;
        QVERIFY(work.conversations().create(conversation));
        const qint64 c = conversation.id;
        QVERIFY(work.conversations().setProvider(c, u"fake"_s, u"fake-model"_s));
        append(work, c, Message::Role::User, u"u1"_s);
        const qint64 a1 = append(work, c, Message::Role::Assistant, u"a1"_s);
        const qint64 u2 = append(work, c, Message::Role::User, u"u2"_s);
        append(work, c, Message::Role::Assistant, u"a2"_s);
        const QString path = temp.filePath();
        temp.database().close();

        QProcess child;
        child.start(QString::fromUtf8(TANDEM_HELPER_BRANCHMOVER_PATH),
            { path, QString::number(c), u"edit"_s, QString::number(u2), baseUrl.toString() });
        QVERIFY(child.waitForStarted());
        QString out;
        QVERIFY2(readLine(child, u"sent "_s, &out), qPrintable(QString::fromUtf8(child.readAllStandardError())));
        QTest::qWait(int(random.bounded(150)));
        ::kill(pid_t(child.processId()), SIGKILL);
        QVERIFY(child.waitForFinished());

        QVERIFY(temp.reopen());
        UnitOfWork &after = temp.work();
        // Nothing lost: the four rows and the new version, stored with the edit's step before the run went out.
        QVERIFY(scalar(after, u"SELECT COUNT(*) FROM messages"_s) >= 5);
        const QList<qint64> versions = after.branches().siblings(u2);
        QCOMPARE(versions.size(), 2);
        QCOMPARE(after.messages().get(versions[1])->content, u"edited version"_s);
        QCOMPARE(after.branches().parentOf(versions[1]), a1);
        QVERIFY(after.branches().isOnBranch(versions[1]));
        QVERIFY(!after.branches().isOnBranch(u2));
        QString why;
        QVERIFY2(branchIsOnePath(after, c, &why), qPrintable(u"round %1: %2"_s.arg(round).arg(why)));
        // The old branch is whole.
        QVERIFY(after.branches().moveLeaf(c, after.branches().deepestLeaf(u2)));
        QCOMPARE(after.messages().count(c), 4);
    }
    server.kill();
    server.waitForFinished();
}

QTEST_GUILESS_MAIN(TestBranchCrash)
#include "tst_branchcrash.moc"
