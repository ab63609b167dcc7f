// `tandem eval-agents` (#28 item 7) on the real `tandem-cli` executable against the fake LLM server: every shipped case
// file (resources/evals, one per router agent) through the orchestrator and straight to its agent, a failing case and
// the exit code under --min-pass, and the usage errors. The server's script plays a model that does what each case
// expects, and only when the case's message is in the request it answers (the classifier's and every agent request);
// the tools, the pending confirmations and the approvals are Tandem's own, so a case that asks for what the real tools
// do not do fails here.
#include "ChildProcess.h"
#include "FakeLlmServer.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>

using namespace Qt::StringLiterals;
using namespace Tandem;
using namespace Tandem::Test;

namespace {
struct Outcome
{
    int exitCode = -1;
    QString out;
    QString err;
};

const QString kEvals = QStringLiteral(TANDEM_SOURCE_DIR "/resources/evals");

QString compact(const QJsonObject &object)
{
    return QString::fromUtf8(QJsonDocument(object).toJson(QJsonDocument::Compact));
}

QList<QJsonObject> casesOf(const QString &path)
{
    QList<QJsonObject> cases;
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return cases;
    while (!file.atEnd()) {
        const QByteArray line = file.readLine().trimmed();
        if (!line.isEmpty() && !line.startsWith('#'))
            cases << QJsonDocument::fromJson(line).object();
    }
    return cases;
}

QStringList strings(const QJsonValue &value)
{
    QStringList result;
    for (const QJsonValue &each : value.toArray())
        result << each.toString();
    return result;
}
} // namespace

class TestCliEvalAgents : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void cleanup();
    void shippedCasesPass_data();
    void shippedCasesPass();
    void aFailingCaseIsShownAndCounted();
    void usageErrors();

private:
    Outcome tandem(const QStringList &arguments);
    /// The model the script plays: the case whose message the request holds, done as the case expects.
    ScriptedReply answer(const RecordedRequest &request);

    QTemporaryDir m_dir;
    FakeLlmServer m_server;
    QList<QJsonObject> m_scripts; ///< the cases the script knows, from the case files (or the test)
};

void TestCliEvalAgents::initTestCase()
{
    QVERIFY(m_server.isListening());
    m_server.setResponder([this](const RecordedRequest &request) { return answer(request); });
}

void TestCliEvalAgents::cleanup()
{
    // What the fake server refused: a request without the case's message among its user messages.
    const QStringList violations = m_server.takeViolations();
    QVERIFY2(violations.isEmpty(), qPrintable(violations.join(u'\n')));
}

Outcome TestCliEvalAgents::tandem(const QStringList &arguments)
{
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.remove(u"DISPLAY"_s);
    environment.insert(u"XDG_CONFIG_HOME"_s, m_dir.filePath(u"config"_s));
    environment.remove(u"QT_LOGGING_RULES"_s);
    const ChildProcess::Result result = ChildProcess::run(QStringLiteral(TANDEM_CLI_EXECUTABLE),
        QStringList { u"--data-dir"_s, m_dir.path() } + arguments, environment, 120000);
    return { result.finished ? result.exitCode : -2, QString::fromUtf8(result.out), QString::fromUtf8(result.err) };
}

ScriptedReply TestCliEvalAgents::answer(const RecordedRequest &request)
{
    const QString user = request.lastUserText();
    const QJsonObject *found = nullptr;
    for (const QJsonObject &each : std::as_const(m_scripts)) {
        const QString message = each.value(u"message").toString();
        if (user.contains(message)
            && (!found || message.size() > found->value(u"message").toString().size())) // "Создай задачу …"
            found = &each;
    }
    if (!found)
        return ScriptedReply::httpError(400);
    const QString message = found->value(u"message").toString();
    if (request.json.contains(u"response_format"_s)) {
        const QString agent = found->value(u"agent").toString();
        return ScriptedReply::text({ compact({ { u"agent"_s, agent }, { u"agents"_s, QJsonArray { agent } },
                                       { u"confidence"_s, 0.9 }, { u"reason"_s, u"script"_s } }) })
            .expectUserText(message);
    }
    const QJsonArray messages = request.json.value(u"messages"_s).toArray();
    const bool answered = !messages.isEmpty() && messages.last().toObject().value(u"role"_s).toString() == u"tool";
    const QJsonArray calls = found->value(u"calls"_s).toArray();
    if (answered || calls.isEmpty()) {
        const QStringList expected = strings(found->value(u"contains"_s));
        // The Q&A agent answers from the user guide its prompt carries: its scripted answer may quote only what its
        // request holds, so a case about Tandem ("Ctrl+E") passes only if the guide reached the agent.
        if (found->value(u"agent"_s).toString() == u"qa"_s)
            for (const QString &text : expected)
                if (!QString::fromUtf8(request.body).contains(text))
                    return ScriptedReply::httpError(400);
        return ScriptedReply::text({ expected.join(u"; "_s) + u" (scripted)"_s }).expectUserText(message);
    }
    QList<ToolCall> toolCalls;
    for (const QJsonValue &value : calls) {
        const QJsonObject call = value.toObject();
        QJsonObject arguments = call.value(u"arguments"_s).toObject();
        // The model found the task first: the case's first task is the scratch database's task 1.
        const QString name = call.value(u"name"_s).toString();
        if ((name == u"update_task" || name == u"delete_task") && !found->value(u"tasks"_s).toArray().isEmpty())
            arguments.insert(u"task_id"_s, 1);
        toolCalls << ToolCall { u"call_%1"_s.arg(toolCalls.size()), name, compact(arguments), {} };
    }
    return ScriptedReply::calling(toolCalls).expectUserText(message);
}

void TestCliEvalAgents::shippedCasesPass_data()
{
    QTest::addColumn<QString>("agent");
    QTest::addColumn<bool>("router");
    for (const QString &agent : { u"task"_s, u"qa"_s, u"tracking"_s, u"general"_s }) {
        QTest::addRow("%s, router", qPrintable(agent)) << agent << true;
        QTest::addRow("%s, --agent", qPrintable(agent)) << agent << false;
    }
}

void TestCliEvalAgents::shippedCasesPass()
{
    QFETCH(QString, agent);
    QFETCH(bool, router);
    const QString file = kEvals + u"/"_s + agent + u".jsonl"_s;
    m_scripts = casesOf(file);
    // At least 20 cases, English and Russian, each for this agent.
    QVERIFY2(m_scripts.size() >= 20, qPrintable(file));
    int russian = 0;
    for (const QJsonObject &each : std::as_const(m_scripts)) {
        QCOMPARE(each.value(u"agent"_s).toString(), agent);
        if (each.value(u"message"_s).toString().contains(QRegularExpression(u"[а-яё]"_s)))
            ++russian;
    }
    QVERIFY(russian >= 5 && m_scripts.size() - russian >= 5);
    const qsizetype before = m_server.requests().size();

    QStringList arguments { u"eval-agents"_s, file, u"--provider"_s, m_server.baseUrl().toString(), u"--min-pass"_s,
        u"100%"_s };
    arguments << (router ? QStringList { u"--router"_s } : QStringList { u"--agent"_s, agent });
    const Outcome eval = tandem(arguments);

    QVERIFY2(eval.exitCode == 0, qPrintable(eval.err + eval.out));
    QVERIFY2(eval.out.startsWith(u"Line  Message"_s), qPrintable(eval.out));
    QVERIFY2(eval.out.contains(u"Passed: %1/%1\n"_s.arg(m_scripts.size())), qPrintable(eval.out));
    QVERIFY2(!eval.out.contains(u"FAIL"_s), qPrintable(eval.out));
    // Every case reached the model: through the classifier first with --router, never with --agent.
    const QList<RecordedRequest> requests = m_server.requests().mid(before);
    int classifications = 0;
    for (const RecordedRequest &request : requests)
        classifications += request.json.contains(u"response_format"_s) ? 1 : 0;
    QCOMPARE(classifications, router ? m_scripts.size() : 0);
    for (const QJsonObject &each : std::as_const(m_scripts)) {
        const QString message = each.value(u"message"_s).toString();
        const bool reached = std::any_of(requests.cbegin(), requests.cend(), [&](const RecordedRequest &request) {
            return !request.json.contains(u"response_format"_s) && request.lastUserText().contains(message);
        });
        QVERIFY2(reached, qPrintable(message));
    }
}

void TestCliEvalAgents::aFailingCaseIsShownAndCounted()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(u"cases.jsonl"_s);
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(
        R"({"message": "Add a task: buy bread", "agent": "task", "calls": [{"name": "create_task", "arguments": {"title": "bread"}}], "pending": true}
{"message": "Delete every task", "agent": "task", "no_calls": true, "contains": ["Which one?"]}
)");
    file.close();
    // The script: the first case as expected; the second routed to the Q&A agent, which says something else.
    m_scripts = casesOf(path);
    m_scripts[1] = QJsonObject { { u"message"_s, u"Delete every task"_s }, { u"agent"_s, u"qa"_s },
        { u"contains"_s, QJsonArray { u"I cannot"_s } } };

    const Outcome below
        = tandem({ u"eval-agents"_s, path, u"--provider"_s, m_server.baseUrl().toString(), u"--min-pass"_s, u"2"_s });
    QCOMPARE(below.exitCode, 7);
    QVERIFY2(below.out.contains(u"Passed: 1/2\n"_s), qPrintable(below.out));
    QVERIFY2(below.out.contains(u"FAIL"_s), qPrintable(below.out));
    QVERIFY2(below.out.contains(u"answered by qa, expected task"_s), qPrintable(below.out));
    QVERIFY2(below.out.contains(u"the reply lacks “Which one?”"_s), qPrintable(below.out));
    QVERIFY2(below.err.contains(u"1 of 2 cases passed, fewer than the minimum 2."_s), qPrintable(below.err));

    const Outcome enough
        = tandem({ u"eval-agents"_s, path, u"--provider"_s, m_server.baseUrl().toString(), u"--min-pass"_s, u"50%"_s });
    QVERIFY2(enough.exitCode == 0, qPrintable(enough.err + enough.out));
}

void TestCliEvalAgents::usageErrors()
{
    QCOMPARE(tandem({ u"eval-agents"_s, u"/no/such/file.jsonl"_s }).exitCode, 2);
    const QString file = kEvals + u"/general.jsonl"_s;
    QCOMPARE(tandem({ u"eval-agents"_s, file, u"--min-pass"_s, u"many"_s }).exitCode, 2);
    QCOMPARE(tandem({ u"eval-agents"_s, file, u"--router"_s, u"--agent"_s, u"qa"_s }).exitCode, 2);
    const Outcome help = tandem({ u"eval-agents"_s, u"--help"_s });
    QCOMPARE(help.exitCode, 0);
    QVERIFY2(help.out.contains(u"tandem eval-agents CASES.jsonl"_s), qPrintable(help.out));
    QVERIFY2(tandem({ u"help"_s }).out.contains(u"eval-agents"_s), "tandem help lists eval-agents");
}

QTEST_MAIN(TestCliEvalAgents)
#include "tst_clievalagents.moc"
