// The fault matrix from the command line (#17 part 2): every fault the fake LLM server injects, on both protocols, for
// agent 1 and for agent 2 of a dual turn of the real `tandem run`. Each ends with the documented exit code and one
// clear sentence on standard error; the conversation stays intact (the user's message, agent 1's handoff when agent 2
// failed, nothing left streaming or running) and its next turn works. Each row prints its outcome, the table of
// docs/reliability.md.
#include "ChildProcess.h"
#include "FakeLlmServer.h"
#include "FaultCatalog.h"
#include "StoreInvariants.h"

#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace Tandem::Test;

namespace {

ScriptedReply normalReply(const QString &lastUser)
{
    const QString text = lastUser.startsWith(u'Q') ? u"HANDOFF_AGENT2\nP: "_s + lastUser : u"Answer: "_s + lastUser;
    return ScriptedReply::text({ text.left(text.size() / 2), text.mid(text.size() / 2) });
}

} // namespace

class TestCliFaults : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void faults_data();
    void faults();

private:
    ChildProcess::Result tandem(const QTemporaryDir &dir, const FakeLlmServer &server, const QStringList &arguments);
};

ChildProcess::Result TestCliFaults::tandem(
    const QTemporaryDir &dir, const FakeLlmServer &server, const QStringList &arguments)
{
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.insert(u"TANDEM_API_KEY"_s, u"sk-faults"_s);
    environment.insert(u"XDG_CONFIG_HOME"_s, dir.filePath(u"config"_s));
    environment.remove(u"DISPLAY"_s);
    environment.remove(u"WAYLAND_DISPLAY"_s);
    return ChildProcess::run(QStringLiteral(TANDEM_EXECUTABLE),
        QStringList { u"--data-dir"_s, dir.path(), u"run"_s, u"--mode"_s, u"dual"_s, u"--provider"_s,
            server.baseUrl().toString() }
            + arguments,
        environment, 60000);
}

void TestCliFaults::faults_data()
{
    QTest::addColumn<QString>("fault");
    QTest::addColumn<bool>("responses");
    QTest::addColumn<int>("agent");
    QTest::addColumn<int>("exitCode");
    QTest::addColumn<QString>("says");

    struct Row
    {
        const char *fault;
        int exitCode;
        const char *says; // a phrase of the sentence on standard error
    };
    const Row rows[] = {
        { "401", 3, "The provider refused the API key." },
        { "404", 3, "The provider does not know this address or model." },
        { "429 Retry-After", 3, "The provider is limiting requests. Try again in 1 second." },
        { "500", 3, "The provider had a problem answering." },
        { "503", 3, "The provider had a problem answering." },
        { "reset mid-stream", 3, "The connection to the provider was cut before the answer was complete." },
        { "malformed frame", 3, "The provider's answer could not be understood." },
        { "truncated stream", 3, "The connection to the provider was cut before the answer was complete." },
        { "stall", 4, "Stopped: the answer took longer than 2 seconds." },
        { "non-JSON 200 body", 3, "The provider's answer could not be understood." },
        { "5 MB line", 3, "The provider's answer could not be understood." },
    };
    for (const Row &row : rows)
        for (const bool responses : { false, true })
            for (const int agent : { 1, 2 })
                QTest::addRow("%s, %s, agent %d", row.fault, responses ? "responses" : "chat", agent)
                    << QString::fromLatin1(row.fault) << responses << agent << row.exitCode
                    << QString::fromLatin1(row.says);
}

void TestCliFaults::faults()
{
    QFETCH(QString, fault);
    QFETCH(bool, responses);
    QFETCH(int, agent);
    QFETCH(int, exitCode);
    QFETCH(QString, says);

    const ScriptedReply faulty = FaultCatalog::inject(fault, normalReply(u"x"_s), responses);

    QTemporaryDir dir;
    FakeLlmServer server;
    QVERIFY(server.isListening());
    bool faulting = true;
    server.setResponder([&](const RecordedRequest &request) {
        // The next turn's message follows the failed one with no reply between them: Tandem sends both as one user
        // turn (strict chat templates refuse two in a row), the newest as its last paragraph.
        const QString last = request.lastUserText().section(u"\n\n"_s, -1);
        const bool forAgent1 = last.startsWith(u'Q');
        if (faulting && forAgent1 == (agent == 1))
            return faulty;
        return normalReply(last);
    });

    QStringList options;
    if (responses)
        options << u"--protocol"_s << u"responses"_s;
    if (fault == u"stall")
        options << u"--run-timeout"_s << u"2"_s; // the idle timeout (60 s) is not waited for here
    const ChildProcess::Result result = tandem(dir, server, options + QStringList { u"Q1 tell me"_s });
    const QString err = QString::fromUtf8(result.err).trimmed();
    qInfo().noquote() << u"| %1 | %2 | agent %3 | %4 | %5 |"_s.arg(fault, responses ? u"Responses"_s : u"Chat"_s)
                             .arg(agent)
                             .arg(result.exitCode)
                             .arg(err.section(u'\n', 0, 0));
    QVERIFY2(result.finished, qPrintable(result.describe()));
    QVERIFY2(result.exitCode == exitCode, qPrintable(result.describe()));
    QVERIFY2(err.contains(says, Qt::CaseInsensitive), qPrintable(err));
    QVERIFY2(err.count(u'\n') <= 1, qPrintable(err)); // one sentence (and at most one more line)

    // The conversation is intact, and its next turn works.
    const qint64 id = result.text().section(u"Conversation "_s, 1).section(u'\n', 0, 0).toLongLong();
    QVERIFY(id > 0);
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(u"QSQLITE"_s, u"check"_s);
        db.setDatabaseName(dir.filePath(u"tandem.sqlite"_s));
        QVERIFY(db.open());
        const QStringList problems = StoreInvariants::problems(db);
        QVERIFY2(problems.isEmpty(), qPrintable(problems.join(u"; "_s)));
        QSqlQuery query(db);
        QVERIFY(query.exec(u"SELECT COUNT(*) FROM messages WHERE role = 'user' AND content = 'Q1 tell me'"_s));
        QVERIFY(query.next());
        QCOMPARE(query.value(0).toInt(), 1);
        if (agent == 2) {
            QVERIFY(query.exec(u"SELECT COUNT(*) FROM messages WHERE agent_id = 'agent1' AND kind = 'text' AND "
                               u"status = 'complete' AND content LIKE '%P: Q1 tell me'"_s));
            QVERIFY(query.next());
            QCOMPARE(query.value(0).toInt(), 1);
        }
        db.close();
    }
    QSqlDatabase::removeDatabase(u"check"_s);
    faulting = false;
    const ChildProcess::Result next
        = tandem(dir, server, options + QStringList { u"--conversation"_s, QString::number(id), u"Q2 and now?"_s });
    QVERIFY2(next.succeeded(), qPrintable(next.describe()));
    QVERIFY2(next.text().contains(u"[Agent 2] Answer: P: Q2 and now?"_s), qPrintable(next.text()));
}

QTEST_GUILESS_MAIN(TestCliFaults)
#include "tst_clifaults.moc"
