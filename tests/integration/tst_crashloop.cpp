// The crash loop (#17 part 1): dual-agent turns of the real `tandem run`, against the fake LLM server in its own
// process, each killed with SIGKILL at a random point (seeded; the seed is printed, TANDEM_CRASHLOOP_SEED repeats a
// run): before the send, in agent 1's stream, between the dividers, in agent 2's stream, or in the middle of
// `tandem export`. The kill point is found by reading what the child prints, never by sleeping blindly. After each kill
// the database is opened again: its pages are intact, every accepted user message is there, the next turn works, and
// after that turn's recovery the killed run and its partial reply are marked interrupted and no handoff is left
// pending without its divider.
#include "StoreInvariants.h"

#include <QDeadlineTimer>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QProcess>
#include <QRandomGenerator>
#include <QRegularExpression>
#include <QSet>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>

#include <csignal>
#include <functional>
#include <memory>

using namespace Qt::StringLiterals;
using namespace Tandem::Test;

namespace {

enum class KillPoint { BeforeSend, Agent1Stream, BetweenDividers, Agent2Stream, Export };
constexpr int kKillPoints = 5;

const char *pointName(KillPoint point)
{
    switch (point) {
    case KillPoint::BeforeSend:
        return "before the send";
    case KillPoint::Agent1Stream:
        return "agent 1's stream";
    case KillPoint::BetweenDividers:
        return "between the dividers";
    case KillPoint::Agent2Stream:
        return "agent 2's stream";
    case KillPoint::Export:
        return "mid-export";
    }
    return "?";
}

/// The text printed after the last "[<label>] " (what the child has shown of that reply so far), or null.
QString afterLabel(const QString &out, const QString &label)
{
    const qsizetype at = out.lastIndexOf(u'[' + label + u"] "_s);
    if (at < 0)
        return {};
    return out.mid(at + label.size() + 3).section(u'\n', 0, 0);
}

} // namespace

class TestCrashLoop : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void cleanupTestCase();
    void killedTurnsLoseNothing();

private:
    std::unique_ptr<QProcess> tandem(const QStringList &arguments);
    /// Reads the child's output until @p done holds for it; false if the child ended first or the time ran out.
    bool readUntil(QProcess &child, QString &out, const std::function<bool(const QString &)> &done);
    /// A whole turn that must work; returns its conversation id (0 on failure, with the reason in @p why).
    qint64 cleanTurn(qint64 conversationId, const QString &question, QString *why);
    /// Problems of the database as another program sees it now: its pages, and the accepted user messages.
    QStringList checkAfterKill();
    QStringList checkAfterRecovery(qint64 killedRunsAfter, KillPoint point, int *interrupted);
    QStringList query(const QString &sql);

    QProcess m_server;
    QUrl m_baseUrl;
    QTemporaryDir m_dir;
    QSet<QString> m_accepted;
    int m_messagesChecked = 0;
};

void TestCrashLoop::initTestCase()
{
    QVERIFY(m_dir.isValid());
    // A reply of six frames 25 ms apart: a kill that waits for some of a reply's text lands in its stream.
    m_server.start(QString::fromUtf8(TANDEM_HELPER_FAKELLM_PATH), { u"--dual"_s, u"--interval"_s, u"25"_s });
    QVERIFY(m_server.waitForStarted());
    QString line;
    QTRY_VERIFY_WITH_TIMEOUT((line += QString::fromUtf8(m_server.readAllStandardOutput())).contains(u'\n'), 20000);
    m_baseUrl = QUrl(line.section(u"listening on "_s, 1).trimmed());
    QVERIFY2(m_baseUrl.isValid() && m_baseUrl.port() > 0, qPrintable(line));
}

void TestCrashLoop::cleanupTestCase()
{
    m_server.kill();
    m_server.waitForFinished();
}

std::unique_ptr<QProcess> TestCrashLoop::tandem(const QStringList &arguments)
{
    auto child = std::make_unique<QProcess>();
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.insert(u"TANDEM_API_KEY"_s, u"sk-crashloop"_s);
    environment.insert(u"XDG_CONFIG_HOME"_s, m_dir.filePath(u"config"_s));
    environment.remove(u"DISPLAY"_s);
    environment.remove(u"WAYLAND_DISPLAY"_s);
    child->setProcessEnvironment(environment);
    child->start(QStringLiteral(TANDEM_EXECUTABLE), QStringList { u"--data-dir"_s, m_dir.path() } + arguments);
    return child;
}

bool TestCrashLoop::readUntil(QProcess &child, QString &out, const std::function<bool(const QString &)> &done)
{
    const QDeadlineTimer deadline(60000);
    while (!deadline.hasExpired()) {
        out += QString::fromUtf8(child.readAllStandardOutput());
        if (done(out))
            return true;
        if (child.state() == QProcess::NotRunning)
            return false;
        child.waitForReadyRead(50);
    }
    return false;
}

qint64 TestCrashLoop::cleanTurn(qint64 conversationId, const QString &question, QString *why)
{
    QStringList arguments { u"run"_s, u"--mode"_s, u"dual"_s, u"--provider"_s, m_baseUrl.toString() };
    if (conversationId > 0)
        arguments << u"--conversation"_s << QString::number(conversationId);
    const auto child = tandem(arguments << question);
    if (!child->waitForFinished(60000) || child->exitCode() != 0) {
        *why = u"exit %1: %2"_s.arg(child->exitCode()).arg(QString::fromUtf8(child->readAllStandardError()));
        for (const QString &folder : { u"tandem.sqlite.locks"_s, u"tandem.sqlite.owners"_s }) {
            const QFileInfoList files = QDir(m_dir.filePath(folder)).entryInfoList(QDir::Files);
            for (const QFileInfo &file : files) {
                QFile f(file.filePath());
                f.open(QIODevice::ReadOnly);
                *why += u"\n%1 (%2 bytes): %3"_s.arg(file.fileName())
                            .arg(file.size())
                            .arg(QString::fromUtf8(f.readAll()).simplified());
            }
        }
        return 0;
    }
    const QString out = QString::fromUtf8(child->readAllStandardOutput());
    if (!out.contains(u"[Agent 2] Answer: P: "_s + question)) {
        *why = u"agent 2 did not answer: "_s + out;
        return 0;
    }
    m_accepted.insert(question);
    return out.section(u"Conversation "_s, 1).section(u'\n', 0, 0).toLongLong();
}

QStringList TestCrashLoop::query(const QString &sql)
{
    QStringList rows;
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(u"QSQLITE"_s, u"checker"_s);
        db.setDatabaseName(m_dir.filePath(u"tandem.sqlite"_s));
        if (!db.open())
            return { u"cannot open: "_s + db.lastError().text() };
        QSqlQuery q(db);
        if (!q.exec(sql))
            rows << u"query failed: "_s + q.lastError().text();
        while (q.next())
            rows << q.value(0).toString();
        db.close();
    }
    QSqlDatabase::removeDatabase(u"checker"_s);
    return rows;
}

QStringList TestCrashLoop::checkAfterKill()
{
    QStringList problems;
    const QStringList integrity = query(u"PRAGMA integrity_check"_s);
    if (integrity != QStringList { u"ok"_s })
        problems << u"integrity_check: "_s + integrity.join(u"; "_s);
    const QStringList stored = query(u"SELECT content FROM messages WHERE role = 'user'"_s);
    const QSet<QString> present(stored.cbegin(), stored.cend());
    for (const QString &message : std::as_const(m_accepted)) {
        ++m_messagesChecked;
        if (!present.contains(message))
            problems << u"lost the user message \"%1\""_s.arg(message);
    }
    // A message the killed process stored counts as accepted from now on: it must never go.
    for (const QString &message : present)
        m_accepted.insert(message);
    return problems;
}

QStringList TestCrashLoop::checkAfterRecovery(qint64 killedRunsAfter, KillPoint point, int *interrupted)
{
    QStringList problems;
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(u"QSQLITE"_s, u"invariants"_s);
        db.setDatabaseName(m_dir.filePath(u"tandem.sqlite"_s));
        if (db.open())
            problems << StoreInvariants::problems(db);
        else
            problems << db.lastError().text();
        db.close();
    }
    QSqlDatabase::removeDatabase(u"invariants"_s);
    problems << query(u"SELECT 'pending handoff ' || h.id || ' without its divider' FROM handoffs h "
                      u"WHERE h.status = 'pending' AND NOT EXISTS (SELECT 1 FROM messages m WHERE m.handoff_id = h.id "
                      u"AND m.kind = 'divider')"_s);
    problems << query(u"SELECT 'message ' || id || ' is still streaming' FROM messages WHERE status = 'streaming'"_s);
    if (point == KillPoint::Export)
        return problems; // an export starts no run
    // The killed run: the first run after the ones before it (the clean turn's came later).
    const QStringList killed
        = query(u"SELECT id || ' ' || status FROM runs WHERE id > %1 ORDER BY id LIMIT 1"_s.arg(killedRunsAfter));
    if (killed.isEmpty()) {
        if (point != KillPoint::BeforeSend)
            problems << u"the killed turn left no run"_s;
        return problems;
    }
    const qint64 run = killed[0].section(u' ', 0, 0).toLongLong();
    const QString status = killed[0].section(u' ', 1);
    const QStringList partial = query(u"SELECT id FROM messages WHERE run_id = %1 AND kind = 'text' "
                                      u"AND role = 'assistant' AND status = 'interrupted'"_s.arg(run));
    *interrupted += int(partial.size());
    if (status != u"interrupted" && !(point == KillPoint::BeforeSend && status == u"completed"))
        problems << u"the killed run %1 is %2, not interrupted"_s.arg(run).arg(status);
    if ((point == KillPoint::Agent1Stream || point == KillPoint::Agent2Stream) && partial.size() != 1)
        problems << u"the killed run %1 has %2 replies marked interrupted, not 1"_s.arg(run).arg(partial.size());
    return problems;
}

void TestCrashLoop::killedTurnsLoseNothing()
{
    const quint32 seed = qEnvironmentVariableIsSet("TANDEM_CRASHLOOP_SEED")
        ? quint32(qEnvironmentVariableIntValue("TANDEM_CRASHLOOP_SEED"))
        : QRandomGenerator::global()->generate();
    const int turns = qEnvironmentVariableIsSet("TANDEM_CRASHLOOP_TURNS")
        ? qEnvironmentVariableIntValue("TANDEM_CRASHLOOP_TURNS")
        : 100;
    qInfo("crash loop seed %u (TANDEM_CRASHLOOP_SEED=%u repeats this run), %d turns", seed, seed, turns);
    QRandomGenerator random(seed);
    QElapsedTimer clock;
    clock.start();

    int kills = 0;
    int interrupted = 0;
    int perPoint[kKillPoints] = {};
    qint64 conversation = 0;
    for (int turn = 1; turn <= turns; ++turn) {
        QString why;
        if (conversation == 0 || turn % 10 == 1) { // a new conversation now and then
            conversation = cleanTurn(0, u"Q%1 start a conversation"_s.arg(turn), &why);
            QVERIFY2(conversation > 0, qPrintable(why));
        }
        const auto point = KillPoint(random.bounded(kKillPoints));
        const QString context
            = u"turn %1 (seed %2), killed %3"_s.arg(turn).arg(seed).arg(QString::fromLatin1(pointName(point)));
        const qint64 runsBefore = query(u"SELECT COALESCE(MAX(id), 0) FROM runs"_s).value(0).toLongLong();
        const QString question = u"Q%1 of conversation %2, which the kill may cut short"_s.arg(turn).arg(conversation);
        std::unique_ptr<QProcess> child;
        QString out;
        bool reached = false;
        const QString exportFolder = m_dir.filePath(u"export-%1/"_s.arg(turn));
        if (point == KillPoint::Export) {
            // PDF, one file per conversation, each written to a temporary file and renamed: the kill lands once
            // some of the files are there, not all.
            const int conversations = query(u"SELECT COUNT(*) FROM conversations"_s).value(0).toInt();
            const int written = 1 + int(random.bounded(qMax(1, conversations - 1)));
            child = tandem({ u"export"_s, u"--all"_s, u"--format"_s, u"pdf"_s, u"-o"_s, exportFolder });
            QVERIFY(child->waitForStarted());
            while (child->state() != QProcess::NotRunning
                && QDir(exportFolder).entryList({ u"*.pdf"_s }, QDir::Files).size() < written)
                QThread::usleep(200);
            reached = child->state() == QProcess::Running;
        } else {
            child = tandem({ u"run"_s, u"--mode"_s, u"dual"_s, u"--provider"_s, m_baseUrl.toString(),
                u"--conversation"_s, QString::number(conversation), question });
            const int shown = 1 + int(random.bounded(40)); // characters of the reply shown before the kill
            std::function<bool(const QString &)> done;
            switch (point) {
            case KillPoint::BeforeSend:
                done = [](const QString &text) {
                    return text.contains(u"Conversation "_s);
                };
                break;
            case KillPoint::Agent1Stream:
                done = [shown](const QString &text) {
                    return afterLabel(text, u"Agent 1"_s).size() >= shown;
                };
                break;
            case KillPoint::BetweenDividers:
                done = [](const QString &text) {
                    return text.contains(u"Handing the message to agent 2"_s);
                };
                break;
            case KillPoint::Agent2Stream:
                done = [shown](const QString &text) {
                    return afterLabel(text, u"Agent 2"_s).size() >= shown;
                };
                break;
            case KillPoint::Export:
                break;
            }
            reached = readUntil(*child, out, done);
            QVERIFY2(reached,
                qPrintable(context + u": the kill point never came: "_s + out
                    + QString::fromUtf8(child->readAllStandardError())));
            if (out.contains(u"[Agent 1]"_s))
                m_accepted.insert(question); // agent 1 answers only a stored message
        }
        if (reached) {
            ::kill(pid_t(child->processId()), SIGKILL);
            ++kills;
            ++perPoint[int(point)];
        }
        QVERIFY(child->waitForFinished(30000));
        if (reached && child->exitStatus() != QProcess::CrashExit) {
            QVERIFY2(point == KillPoint::Export, qPrintable(context + u": it ended before its kill"_s));
            --kills; // the export ended just before the signal came
            --perPoint[int(point)];
        }

        QStringList problems = checkAfterKill();
        QVERIFY2(problems.isEmpty(), qPrintable(context + u": "_s + problems.join(u"; "_s)));
        if (point == KillPoint::Export) {
            // What the killed export left is whole files (and temporary ones), never a cut one under its name.
            const QStringList files = QDir(exportFolder).entryList({ u"*.pdf"_s }, QDir::Files);
            for (const QString &name : files) {
                QFile file(exportFolder + name);
                QVERIFY(file.open(QIODevice::ReadOnly));
                const QByteArray bytes = file.readAll();
                QVERIFY2(bytes.startsWith("%PDF") && bytes.trimmed().endsWith("%%EOF"),
                    qPrintable(context + u": a cut export file "_s + name));
            }
        }

        // The next turn works, and its process recovers what the killed one left.
        QVERIFY2(cleanTurn(conversation, u"Q%1 after the kill"_s.arg(turn), &why) == conversation,
            qPrintable(context + u": the next turn failed: "_s + why));
        problems = checkAfterRecovery(runsBefore, point, &interrupted);
        QVERIFY2(problems.isEmpty(), qPrintable(context + u": "_s + problems.join(u"; "_s)));
    }
    const QStringList finalCheck = checkAfterKill();
    QVERIFY2(finalCheck.isEmpty(), qPrintable(finalCheck.join(u"; "_s)));
    qInfo(
        "crash loop: %d kills (before the send %d, agent 1's stream %d, between the dividers %d, agent 2's stream %d, "
        "mid-export %d), %d replies marked interrupted, %d messages checked, lost = 0, in %lld s (seed %u)",
        kills, perPoint[0], perPoint[1], perPoint[2], perPoint[3], perPoint[4], interrupted, m_messagesChecked,
        clock.elapsed() / 1000, seed);
    QVERIFY(kills >= turns * 9 / 10); // an export that ended before its kill is the only one not killed
}

QTEST_GUILESS_MAIN(TestCrashLoop)
#include "tst_crashloop.moc"
