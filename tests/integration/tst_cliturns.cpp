// Headless turns as a careless user and a busy machine meet them, on the real `tandem` executable against the fake
// LLM server: Ctrl+C, SIGTERM and SIGHUP stop the reply cleanly (exit 6, the partial reply kept and marked cancelled)
// and a second Ctrl+C ends at once; turns of one conversation started at once do not interleave, and a turn that waits
// too long for another process says so (exit 8, busy); a database held by another program through the end of a run ends
// it as a storage failure, never as a success.
#include "FakeLlmServer.h"
#include "StoreInvariants.h"
#include "chat/LocalChatRepository.h"
#include "storage/Database.h"
#include "storage/UnitOfWork.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QNetworkAccessManager>
#include <QProcess>
#include <QSqlDatabase>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QTest>

#include <csignal>
#include <memory>

using namespace Qt::StringLiterals;
using namespace Tandem;
using namespace Tandem::Test;

class TestCliTurns : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void signalStopsTheReplyCleanly_data();
    void signalStopsTheReplyCleanly();
    void secondInterruptEndsAtOnce();
    void turnsOfOneConversationDoNotInterleave();
    void aTurnThatWaitsTooLongSaysSo();
    void lockHeldThroughTheEndIsAStorageFailure();

private:
    std::unique_ptr<QProcess> start(const QStringList &arguments);
    QString databasePath() const { return m_dir->filePath(u"tandem.sqlite"_s); }
    /// Another program's connection to the database, holding its write lock until it is rolled back.
    QSqlDatabase holdWriteLock(const QString &name);

    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<FakeLlmServer> m_server;
};

void TestCliTurns::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    m_server = std::make_unique<FakeLlmServer>();
    QVERIFY(m_server->isListening());
}

std::unique_ptr<QProcess> TestCliTurns::start(const QStringList &arguments)
{
    auto process = std::make_unique<QProcess>();
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.insert(u"TANDEM_API_KEY"_s, u"sk-turns"_s);
    environment.remove(u"DISPLAY"_s);
    environment.remove(u"WAYLAND_DISPLAY"_s);
    environment.insert(u"XDG_CONFIG_HOME"_s, m_dir->filePath(u"config"_s));
    process->setProcessEnvironment(environment);
    process->start(QStringLiteral(TANDEM_EXECUTABLE),
        QStringList { u"--data-dir"_s, m_dir->path(), u"run"_s, u"--provider"_s, m_server->baseUrl().toString() }
            + arguments);
    return process;
}

QSqlDatabase TestCliTurns::holdWriteLock(const QString &name)
{
    QSqlDatabase other = QSqlDatabase::addDatabase(u"QSQLITE"_s, name);
    other.setDatabaseName(databasePath());
    if (!other.open())
        return {};
    QSqlQuery begin(other);
    begin.exec(u"BEGIN IMMEDIATE"_s);
    return other;
}

void TestCliTurns::signalStopsTheReplyCleanly_data()
{
    QTest::addColumn<int>("signal");
    QTest::newRow("Ctrl+C") << SIGINT;
    QTest::newRow("SIGTERM") << SIGTERM;
    QTest::newRow("SIGHUP") << SIGHUP;
}

void TestCliTurns::signalStopsTheReplyCleanly()
{
    QFETCH(int, signal);
    m_server->enqueue(ScriptedReply::text({ u"Once upon "_s, u"a time"_s, u" there was"_s })
                          .withFault(ScriptedReply::Fault::Stall, 3));
    const auto run = start({ u"tell me a story"_s });
    QVERIFY(run->waitForStarted());
    QByteArray out;
    QTRY_VERIFY_WITH_TIMEOUT((out += run->readAllStandardOutput()).contains("a time"), 30000);

    ::kill(pid_t(run->processId()), signal);

    QTRY_VERIFY_WITH_TIMEOUT(run->state() == QProcess::NotRunning, 30000);
    QCOMPARE(run->exitStatus(), QProcess::NormalExit);
    QCOMPARE(run->exitCode(), 6);
    Database database;
    QVERIFY(database.open(databasePath()));
    const QList<Conversation> conversations = database.work().conversations().list();
    QCOMPARE(conversations.size(), 1);
    const QList<Message> rows = database.work().messages().page(conversations[0].id);
    QCOMPARE(rows.size(), 2);
    QCOMPARE(rows[1].status, Message::Status::Cancelled); // kept, and marked
    QVERIFY2(
        u"Once upon a time"_s.startsWith(rows[1].content) && !rows[1].content.isEmpty(), qPrintable(rows[1].content));
    QCOMPARE(database.work().runs().forConversation(conversations[0].id).at(0).status, RunRecord::Status::Cancelled);
    QVERIFY(StoreInvariants::problems(database.connection()).isEmpty());
}

void TestCliTurns::secondInterruptEndsAtOnce()
{
    m_server->enqueue(ScriptedReply::text({ u"Once upon "_s, u"a time"_s }).withFault(ScriptedReply::Fault::Stall, 2));
    const auto run = start({ u"tell me a story"_s });
    QVERIFY(run->waitForStarted());
    QByteArray out;
    QTRY_VERIFY_WITH_TIMEOUT((out += run->readAllStandardOutput()).contains("Once upon"), 30000);
    // Another program holds the database: the first Ctrl+C's clean stop must wait for it (up to its busy timeout and a
    // retry); the second one does not wait.
    {
        QSqlDatabase blocker = holdWriteLock(u"blocker"_s);
        QVERIFY(blocker.isOpen());
        ::kill(pid_t(run->processId()), SIGINT);
        QTest::qWait(500);
        QCOMPARE(run->state(), QProcess::Running); // still waiting for the database
        ::kill(pid_t(run->processId()), SIGINT);
        QTRY_VERIFY_WITH_TIMEOUT(run->state() == QProcess::NotRunning, 4000); // well before the lock is given up
        QCOMPARE(run->exitCode(), 6);
        QSqlQuery(blocker).exec(u"ROLLBACK"_s);
        blocker.close();
    }
    QSqlDatabase::removeDatabase(u"blocker"_s);
    // What the killed process left is recovered by whoever opens the database next.
    Database database;
    QVERIFY(database.open(databasePath()));
    QNetworkAccessManager network;
    LocalChatRepository next(database.work(), &network, nullptr, nullptr);
    QVERIFY(StoreInvariants::problems(database.connection()).isEmpty());
}

void TestCliTurns::turnsOfOneConversationDoNotInterleave()
{
    // A first turn makes the conversation; then four turns of it start at once, from four processes.
    m_server->enqueue(ScriptedReply::text({ u"HANDOFF_AGENT2\nFirst."_s }));
    m_server->enqueue(ScriptedReply::text({ u"Answer 0."_s }));
    for (int i = 1; i <= 4; ++i) {
        ScriptedReply handoff = ScriptedReply::text({ u"HANDOFF_AGENT2\n"_s, u"Payload %1."_s.arg(i) });
        handoff.frameIntervalMs = 60; // slow enough that unlocked turns would overlap
        m_server->enqueue(handoff);
        ScriptedReply answer = ScriptedReply::text({ u"Answer "_s, u"%1."_s.arg(i) });
        answer.frameIntervalMs = 60;
        m_server->enqueue(answer);
    }
    const auto first = start({ u"--mode"_s, u"dual"_s, u"Start"_s });
    QTRY_VERIFY_WITH_TIMEOUT(first->state() == QProcess::NotRunning, 30000);
    QCOMPARE(first->exitCode(), 0);
    Database database;
    QVERIFY(database.open(databasePath()));
    const qint64 id = database.work().conversations().list().constFirst().id;

    std::vector<std::unique_ptr<QProcess>> turns;
    for (int i = 1; i <= 4; ++i)
        turns.push_back(start({ u"--conversation"_s, QString::number(id), u"Question %1"_s.arg(i) }));
    for (const auto &turn : turns) {
        QTRY_VERIFY_WITH_TIMEOUT(turn->state() == QProcess::NotRunning, 60000);
        QVERIFY2(turn->exitCode() == 0, turn->readAllStandardError().constData());
    }

    // Each run's rows are together: no user message arrives inside another turn.
    const QList<Message> rows = database.work().messages().page(id, 0, 1000);
    QCOMPARE(rows.size(), 5 * 5);
    QList<qint64> order;
    for (const Message &row : rows)
        if (order.isEmpty() || order.constLast() != row.runId)
            order << row.runId;
    QCOMPARE(order.size(), 5);
    // Agent 1 got one more question each turn, agent 2 one more payload: never two at once.
    QList<int> questions;
    QList<int> payloads;
    const QList<RecordedRequest> requests = m_server->requests();
    for (const RecordedRequest &request : requests) {
        int asked = 0;
        int handed = 0;
        bool agent1 = false;
        const QJsonArray messages = request.json.value(u"messages"_s).toArray();
        for (const QJsonValue &value : messages) {
            const QJsonObject message = value.toObject();
            const QString text = message.value(u"content"_s).toString();
            if (message.value(u"role"_s).toString() != u"user")
                continue;
            agent1 = agent1 || text == u"Start" || text.startsWith(u"Question"_s);
            asked += text.startsWith(u"Question"_s) ? 1 : 0;
            handed += text == u"First." || text.startsWith(u"Payload"_s) ? 1 : 0;
        }
        if (agent1)
            questions << asked;
        else
            payloads << handed;
    }
    QCOMPARE(questions, (QList<int> { 0, 1, 2, 3, 4 }));
    QCOMPARE(payloads, (QList<int> { 1, 2, 3, 4, 5 }));
    QVERIFY(StoreInvariants::problems(database.connection()).isEmpty());
}

void TestCliTurns::aTurnThatWaitsTooLongSaysSo()
{
    m_server->enqueue(ScriptedReply::text({ u"Thinking"_s, u" hard"_s }).withFault(ScriptedReply::Fault::Stall, 2));
    const auto busy = start({ u"Take your time"_s });
    QByteArray out;
    QTRY_VERIFY_WITH_TIMEOUT((out += busy->readAllStandardOutput()).contains("Thinking"), 30000);
    const qint64 id = QString::fromUtf8(out).section(u"Conversation "_s, 1).section(u'\n', 0, 0).toLongLong();
    QVERIFY(id > 0);

    const auto impatient = start({ u"--conversation"_s, QString::number(id), u"--wait"_s, u"1"_s, u"Me too"_s });
    QTRY_VERIFY_WITH_TIMEOUT(impatient->state() == QProcess::NotRunning, 30000);
    QCOMPARE(impatient->exitCode(), 8); // busy: its own code, not the storage error's 1
    const QString err = QString::fromUtf8(impatient->readAllStandardError());
    QVERIFY2(err.contains(u"is answering in another Tandem process"_s) && err.contains(u"gave up waiting"_s),
        qPrintable(err));

    ::kill(pid_t(busy->processId()), SIGTERM);
    QTRY_VERIFY_WITH_TIMEOUT(busy->state() == QProcess::NotRunning, 30000);
    Database database;
    QVERIFY(database.open(databasePath()));
    const QList<Message> rows = database.work().messages().page(id);
    for (const Message &row : rows)
        QVERIFY(row.content != u"Me too"_s); // the one that gave up stored nothing
}

void TestCliTurns::lockHeldThroughTheEndIsAStorageFailure()
{
    ScriptedReply slow = ScriptedReply::text({ u"One "_s, u"two "_s, u"three."_s });
    slow.frameIntervalMs = 700;
    m_server->enqueue(slow);
    const auto run = start({ u"Count"_s });
    QByteArray out;
    QTRY_VERIFY_WITH_TIMEOUT((out += run->readAllStandardOutput()).contains("One"), 30000);
    {
        // Another program takes the database and keeps it past the end of the run (busy timeout and retry included).
        QSqlDatabase blocker = holdWriteLock(u"holder"_s);
        QVERIFY(blocker.isOpen());
        QTRY_VERIFY_WITH_TIMEOUT(run->state() == QProcess::NotRunning, 40000);
        QSqlQuery(blocker).exec(u"ROLLBACK"_s);
        blocker.close();
    }
    QSqlDatabase::removeDatabase(u"holder"_s);
    QCOMPARE(run->exitCode(), 1);
    const QString err = QString::fromUtf8(run->readAllStandardError());
    QVERIFY2(err.contains(u"locked"_s), qPrintable(err));
    Database database;
    QVERIFY(database.open(databasePath()));
    const qint64 id = database.work().conversations().list().constFirst().id;
    QVERIFY(database.work().runs().forConversation(id).at(0).status != RunRecord::Status::Completed);
}

QTEST_GUILESS_MAIN(TestCliTurns)
#include "tst_cliturns.moc"
