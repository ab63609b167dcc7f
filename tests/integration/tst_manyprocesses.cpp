// One profile, many processes (#17 part 4): 8 `tandem run` turns at once on one data folder (each its own new
// conversation), and 4 at once on one conversation, against the fake LLM server in its own process. Nothing is lost:
// every turn that succeeded has its question and both agents' replies stored, the database is intact; a turn that was
// refused says why in one clear sentence with a documented exit code, and stored nothing half-way.
#include "StoreInvariants.h"

#include <QProcess>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QTest>

#include <memory>
#include <vector>

using namespace Qt::StringLiterals;
using namespace Tandem::Test;

class TestManyProcesses : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void cleanupTestCase();
    void eightTurnsOnOneDataFolder();
    void fourTurnsOnOneConversation();

private:
    std::unique_ptr<QProcess> tandem(const QStringList &arguments);
    /// Waits for every turn; returns how many succeeded, failing the test on an unclear refusal.
    int finish(std::vector<std::unique_ptr<QProcess>> &turns, const QStringList &questions, QStringList *stored);
    QStringList column(const QString &sql);

    QProcess m_server;
    QUrl m_baseUrl;
    QTemporaryDir m_dir;
};

void TestManyProcesses::initTestCase()
{
    m_server.start(QString::fromUtf8(TANDEM_HELPER_FAKELLM_PATH), { u"--dual"_s, u"--interval"_s, u"20"_s });
    QVERIFY(m_server.waitForStarted());
    QString line;
    QTRY_VERIFY_WITH_TIMEOUT((line += QString::fromUtf8(m_server.readAllStandardOutput())).contains(u'\n'), 20000);
    m_baseUrl = QUrl(line.section(u"listening on "_s, 1).trimmed());
    QVERIFY(m_baseUrl.port() > 0);
}

void TestManyProcesses::cleanupTestCase()
{
    m_server.kill();
    m_server.waitForFinished();
}

std::unique_ptr<QProcess> TestManyProcesses::tandem(const QStringList &arguments)
{
    auto child = std::make_unique<QProcess>();
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.insert(u"TANDEM_API_KEY"_s, u"sk-many"_s);
    environment.insert(u"XDG_CONFIG_HOME"_s, m_dir.filePath(u"config"_s));
    environment.remove(u"DISPLAY"_s);
    environment.remove(u"WAYLAND_DISPLAY"_s);
    child->setProcessEnvironment(environment);
    child->start(QStringLiteral(TANDEM_EXECUTABLE),
        QStringList {
            u"--data-dir"_s, m_dir.path(), u"run"_s, u"--mode"_s, u"dual"_s, u"--provider"_s, m_baseUrl.toString() }
            + arguments);
    return child;
}

QStringList TestManyProcesses::column(const QString &sql)
{
    QStringList values;
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(u"QSQLITE"_s, u"check"_s);
        db.setDatabaseName(m_dir.filePath(u"tandem.sqlite"_s));
        if (db.open()) {
            QSqlQuery query(db);
            if (!query.exec(sql))
                values << u"failed: "_s + query.lastError().text();
            while (query.next())
                values << query.value(0).toString();
            const QStringList problems = StoreInvariants::problems(db);
            for (const QString &problem : problems)
                values << u"PROBLEM "_s + problem;
        }
        db.close();
    }
    QSqlDatabase::removeDatabase(u"check"_s);
    return values;
}

int TestManyProcesses::finish(
    std::vector<std::unique_ptr<QProcess>> &turns, const QStringList &questions, QStringList *succeeded)
{
    int ok = 0;
    for (size_t i = 0; i < turns.size(); ++i) {
        QProcess &turn = *turns[i];
        if (!turn.waitForFinished(120000)) {
            turn.kill();
            QTest::qFail("a turn hung", __FILE__, __LINE__);
            return -1;
        }
        const QString err = QString::fromUtf8(turn.readAllStandardError()).trimmed();
        const QString out = QString::fromUtf8(turn.readAllStandardOutput());
        if (turn.exitStatus() == QProcess::NormalExit && turn.exitCode() == 0) {
            if (!out.contains(u"[Agent 2] Answer: P: "_s + questions.at(int(i)))) {
                QTest::qFail(qPrintable(u"turn %1 succeeded without agent 2's answer: %2"_s.arg(i).arg(out)), __FILE__,
                    __LINE__);
                return -1;
            }
            *succeeded << questions.at(int(i));
            ++ok;
            continue;
        }
        // A refusal is one sentence with the storage exit code (the database locked, the conversation busy).
        qInfo().noquote() << u"turn %1 refused (exit %2): %3"_s.arg(i).arg(turn.exitCode()).arg(err);
        if (turn.exitStatus() != QProcess::NormalExit || turn.exitCode() != 1 || err.isEmpty() || err.contains(u'\n')) {
            QTest::qFail(qPrintable(u"turn %1 refused unclearly (exit %2): %3"_s.arg(i).arg(turn.exitCode()).arg(err)),
                __FILE__, __LINE__);
            return -1;
        }
    }
    return ok;
}

void TestManyProcesses::eightTurnsOnOneDataFolder()
{
    QStringList questions;
    std::vector<std::unique_ptr<QProcess>> turns;
    for (int i = 0; i < 8; ++i) {
        questions << u"Q%1 of eight at once"_s.arg(i);
        turns.push_back(tandem({ questions.constLast() }));
    }
    QStringList succeeded;
    const int ok = finish(turns, questions, &succeeded);
    QVERIFY(ok >= 0);
    qInfo("8 turns at once on one data folder: %d succeeded, %d refused", ok, 8 - ok);
    // Busy timeout and WAL: eight writers wait for each other instead of failing.
    QCOMPARE(ok, 8);
    const QStringList stored = column(u"SELECT content FROM messages WHERE role = 'user' ORDER BY id"_s);
    QVERIFY2(!stored.join(u'\n').contains(u"PROBLEM"_s), qPrintable(stored.join(u'\n')));
    for (const QString &question : std::as_const(succeeded)) {
        QCOMPARE(stored.count(question), 1);
        QCOMPARE(column(u"SELECT COUNT(*) FROM messages WHERE agent_id = 'agent2' AND status = 'complete' AND "
                        u"content = 'Answer: P: %1'"_s.arg(question))
                     .value(0),
            u"1"_s);
    }
    QCOMPARE(column(u"SELECT COUNT(*) FROM conversations"_s).value(0), u"8"_s);
}

void TestManyProcesses::fourTurnsOnOneConversation()
{
    auto first = tandem({ u"Q0 makes the conversation"_s });
    QVERIFY(first->waitForFinished(60000));
    QCOMPARE(first->exitCode(), 0);
    const QString id
        = QString::fromUtf8(first->readAllStandardOutput()).section(u"Conversation "_s, 1).section(u'\n', 0, 0);
    QVERIFY(id.toLongLong() > 0);

    QStringList questions;
    std::vector<std::unique_ptr<QProcess>> turns;
    for (int i = 1; i <= 4; ++i) {
        questions << u"Q%1 of four on one conversation"_s.arg(i);
        turns.push_back(tandem({ u"--conversation"_s, id, questions.constLast() }));
    }
    QStringList succeeded;
    const int ok = finish(turns, questions, &succeeded);
    QVERIFY(ok >= 0);
    qInfo("4 turns at once on one conversation: %d succeeded, %d refused", ok, 4 - ok);
    QCOMPARE(ok, 4); // each waits for the one before it (--wait, 60 s by default)
    // One turn after another: each question is followed by its own handoff and answer, never another's.
    const QStringList rows = column(u"SELECT COALESCE(agent_id, 'user') || ': ' || content FROM messages WHERE "
                                    u"conversation_id = %1 AND kind = 'text' "
                                    u"ORDER BY id"_s.arg(id));
    QVERIFY2(!rows.join(u'\n').contains(u"PROBLEM"_s), qPrintable(rows.join(u'\n')));
    QCOMPARE(rows.size(), 5 * 3);
    for (int turn = 0; turn < 5; ++turn) {
        const QString question = rows.at(turn * 3).section(u": "_s, 1);
        QVERIFY2(rows.at(turn * 3).startsWith(u"user: Q"_s), qPrintable(rows.join(u'\n')));
        QVERIFY2(rows.at(turn * 3 + 1).endsWith(u"P: "_s + question), qPrintable(rows.join(u'\n')));
        QCOMPARE(rows.at(turn * 3 + 2), u"agent2: Answer: P: "_s + question);
    }
}

QTEST_GUILESS_MAIN(TestManyProcesses)
#include "tst_manyprocesses.moc"
