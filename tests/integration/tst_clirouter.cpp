// Router mode from the command line, on the real `tandem` executable against the fake LLM server, with the shipped
// router agents (resources/agents): `run --mode router` routed by the orchestrator, `run --agent` without it,
// `metrics` as text and JSON (its figures from the stored rows), and `eval-routing` on tests/data/routing/cases.jsonl:
// the accuracy, the confusion table, the wrong cases and the exit code below --min-accuracy.
#include "ChildProcess.h"
#include "FakeLlmServer.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

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

ScriptedReply classified(const QString &agent, double confidence)
{
    return ScriptedReply::text(
        { QString::fromUtf8(QJsonDocument(
            QJsonObject { { u"agent"_s, agent }, { u"confidence"_s, confidence }, { u"reason"_s, u"test"_s } })
                                .toJson(QJsonDocument::Compact)) },
        { 40, 10, 0, 0 });
}

const QString kCases = QStringLiteral(TANDEM_SOURCE_DIR "/tests/data/routing/cases.jsonl");
} // namespace

class TestCliRouter : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void cleanup();
    void runRoutedByTheOrchestrator();
    void runOneAgentDirectly();
    void thresholdFromTheCommandLine();
    void metricsAsTextAndJson();
    void evalRouting();
    void evalRoutingBelowTheMinimum();

private:
    Outcome tandem(const QStringList &arguments);

    QTemporaryDir m_dir;
    FakeLlmServer m_server;
    qint64 m_conversation = 0;
};

void TestCliRouter::initTestCase()
{
    QVERIFY(m_server.isListening());
}

Outcome TestCliRouter::tandem(const QStringList &arguments)
{
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.remove(u"DISPLAY"_s);
    environment.insert(u"XDG_CONFIG_HOME"_s, m_dir.filePath(u"config"_s));
    environment.remove(u"QT_LOGGING_RULES"_s);
    const ChildProcess::Result result = ChildProcess::run(QStringLiteral(TANDEM_EXECUTABLE),
        QStringList { u"--data-dir"_s, m_dir.path() } + arguments, environment, 30000);
    return { result.finished ? result.exitCode : -2, QString::fromUtf8(result.out), QString::fromUtf8(result.err) };
}

void TestCliRouter::cleanup()
{
    // What the fake server refused (a strict chat template's rules, a reply's expected user text).
    const QStringList violations = m_server.takeViolations();
    QVERIFY2(violations.isEmpty(), qPrintable(violations.join(u'\n')));
}

void TestCliRouter::runRoutedByTheOrchestrator()
{
    m_server.enqueue(classified(u"task"_s, 0.87));
    // The task agent answers the person's message, so its request carries it (#24).
    m_server.enqueue(ScriptedReply::text({ u"Which priority?"_s }, { 100, 20, 0, 0 })
                         .expectUserText(u"Create task to review code by Friday"_s));
    const Outcome run = tandem({ u"run"_s, u"--mode"_s, u"router"_s, u"--provider"_s, m_server.baseUrl().toString(),
        u"Create task to review code by Friday"_s });
    QVERIFY2(run.exitCode == 0, qPrintable(run.err + run.out));
    QVERIFY2(run.out.contains(u"── Routed to Task agent · 0.87 ──"_s), qPrintable(run.out));
    QVERIFY2(run.out.contains(u"Which priority?"_s), qPrintable(run.out));
    const QJsonObject format = m_server.requests().constFirst().json.value(u"response_format"_s).toObject();
    QCOMPARE(format.value(u"type"_s).toString(), u"json_schema"_s);
    m_conversation = run.out.section(u"Conversation "_s, 1).section(u'\n', 0, 0).toLongLong();
    QVERIFY(m_conversation > 0);
}

void TestCliRouter::runOneAgentDirectly()
{
    QVERIFY(m_conversation > 0);
    const qsizetype before = m_server.requests().size();
    m_server.enqueue(
        ScriptedReply::text({ u"One small next step."_s }, { 50, 5, 0, 0 }).expectUserText(u"Any tips?"_s));
    const Outcome run = tandem({ u"run"_s, u"--conversation"_s, QString::number(m_conversation), u"--provider"_s,
        m_server.baseUrl().toString(), u"--agent"_s, u"qa"_s, u"Any tips?"_s });
    QVERIFY2(run.exitCode == 0, qPrintable(run.err + run.out));
    QCOMPARE(m_server.requests().size(), before + 1); // no orchestrator
    QVERIFY2(run.out.contains(u"── Routed to Q&A agent (chosen directly) ──"_s), qPrintable(run.out));
    const Outcome unknown = tandem({ u"run"_s, u"--conversation"_s, QString::number(m_conversation), u"--provider"_s,
        m_server.baseUrl().toString(), u"--agent"_s, u"nobody"_s, u"Hi"_s });
    QCOMPARE(unknown.exitCode, 2);
    QVERIFY(unknown.err.contains(u"There is no enabled agent “nobody”."_s));
}

void TestCliRouter::thresholdFromTheCommandLine()
{
    // The same classification as above, but the person asks for more confidence than 0.87: the keywords decide.
    const qsizetype before = m_server.requests().size();
    m_server.enqueue(classified(u"qa"_s, 0.87));
    m_server.enqueue(
        ScriptedReply::text({ u"Which priority?"_s }).expectUserText(u"Create task to review code by Friday"_s));
    const Outcome strict = tandem({ u"run"_s, u"--mode"_s, u"router"_s, u"--provider"_s, m_server.baseUrl().toString(),
        u"--router-threshold"_s, u"0.95"_s, u"Create task to review code by Friday"_s });
    QVERIFY2(strict.exitCode == 0, qPrintable(strict.err + strict.out));
    QVERIFY2(strict.out.contains(u"── Routed to Task agent by keywords (the classifier said Q&A agent · 0.87) ──"_s),
        qPrintable(strict.out));

    for (const QString &bad : { u"1.5"_s, u"-0.1"_s, u"high"_s, u"nan"_s }) {
        const Outcome refused = tandem({ u"run"_s, u"--mode"_s, u"router"_s, u"--provider"_s,
            m_server.baseUrl().toString(), u"--router-threshold"_s, bad, u"Hello"_s });
        QCOMPARE(refused.exitCode, 2);
        QVERIFY2(refused.err.contains(u"--router-threshold needs a number from 0 to 1, not “%1”."_s.arg(bad)),
            qPrintable(refused.err));
    }
    QCOMPARE(m_server.requests().size(), before + 2); // nothing was sent for the refused values
}

void TestCliRouter::metricsAsTextAndJson()
{
    QVERIFY(m_conversation > 0);
    const Outcome json = tandem({ u"metrics"_s, u"--conversation"_s, QString::number(m_conversation), u"--json"_s });
    QVERIFY2(json.exitCode == 0, qPrintable(json.err));
    const QJsonObject metrics = QJsonDocument::fromJson(json.out.toUtf8()).object();
    QCOMPARE(metrics.value(u"runs"_s).toInt(), 2);
    QCOMPARE(metrics.value(u"total"_s).toObject().value(u"model_calls"_s).toInt(), 3);
    QCOMPARE(metrics.value(u"total"_s).toObject().value(u"input_tokens"_s).toInt(), 40 + 100 + 50);
    QCOMPARE(metrics.value(u"total"_s).toObject().value(u"output_tokens"_s).toInt(), 10 + 20 + 5);
    QMap<QString, QJsonObject> agents;
    const QJsonArray list = metrics.value(u"agents"_s).toArray();
    for (const QJsonValue &agent : list)
        agents.insert(agent.toObject().value(u"agent"_s).toString(), agent.toObject());
    QCOMPARE(agents.keys(), (QStringList { u"orchestrator"_s, u"qa"_s, u"task"_s }));
    QCOMPARE(agents[u"task"_s].value(u"turns"_s).toInt(), 1);
    QCOMPARE(agents[u"task"_s].value(u"routed_to"_s).toInt(), 1);
    QCOMPARE(agents[u"task"_s].value(u"mean_confidence"_s).toDouble(), 0.87);
    QCOMPARE(agents[u"task"_s].value(u"routed_by"_s).toObject(), (QJsonObject { { u"classifier"_s, 1 } }));
    // A direct choice is counted by its method, with no confidence made up for it.
    QCOMPARE(agents[u"qa"_s].value(u"routed_by"_s).toObject(), (QJsonObject { { u"direct"_s, 1 } }));
    QCOMPARE(agents[u"qa"_s].value(u"mean_confidence"_s).toDouble(), 0.0);
    const QJsonArray routing = metrics.value(u"routing"_s).toArray();
    QCOMPARE(routing.size(), 2);
    QCOMPARE(routing[0].toObject().value(u"method"_s).toString(), u"classifier"_s);
    QCOMPARE(routing[1].toObject().value(u"method"_s).toString(), u"direct"_s);

    const Outcome text = tandem({ u"metrics"_s, u"--conversation"_s, QString::number(m_conversation) });
    QVERIFY2(text.exitCode == 0, qPrintable(text.err));
    QVERIFY2(text.out.startsWith(u"Metrics of conversation %1 (2 run"_s.arg(m_conversation)), qPrintable(text.out));
    QVERIFY2(text.out.contains(u"→ task · 0.87 (classifier)"_s), qPrintable(text.out));
    QVERIFY2(text.out.contains(u"Routed by method:"_s), qPrintable(text.out));
    QVERIFY2(text.out.contains(u"  qa               direct 1\n"_s), qPrintable(text.out));
    QVERIFY2(text.out.contains(u"  total            classifier 1, direct 1\n"_s), qPrintable(text.out));
    QCOMPARE(tandem({ u"metrics"_s, u"--conversation"_s, u"999"_s }).exitCode, 2);
}

void TestCliRouter::evalRouting()
{
    // Four right, one wrong: "What should I work on?" classified qa with confidence.
    m_server.enqueue(classified(u"task"_s, 0.9));
    m_server.enqueue(classified(u"task"_s, 0.8));
    m_server.enqueue(classified(u"qa"_s, 0.7));
    m_server.enqueue(classified(u"qa"_s, 0.95));
    m_server.enqueue(classified(u"general"_s, 0.9));
    const Outcome eval = tandem(
        { u"eval-routing"_s, kCases, u"--provider"_s, m_server.baseUrl().toString(), u"--min-accuracy"_s, u"0.8"_s });
    QVERIFY2(eval.exitCode == 0, qPrintable(eval.err + eval.out));
    QVERIFY2(eval.out.startsWith(u"Accuracy: 4/5 = 80.0%\n"_s), qPrintable(eval.out));
    QVERIFY2(eval.out.contains(u"Confusion (rows: expected, columns: routed):"_s), qPrintable(eval.out));
    QVERIFY2(eval.out.contains(u"tracking              0          1          0          0"_s), qPrintable(eval.out));
    QVERIFY2(
        eval.out.contains(u"line 4: “What should I work on?”: expected tracking, routed to qa (classifier · 0.70)"_s),
        qPrintable(eval.out));
}

void TestCliRouter::evalRoutingBelowTheMinimum()
{
    // The first classification fails (bad JSON: the task agent's keywords route it right); the others name the general
    // agent with confidence: two right of five. (With every classification failed, the agents' keywords and the
    // fallback would route all five right.)
    m_server.enqueue(ScriptedReply::text({ u"no JSON here"_s }));
    for (int i = 0; i < 4; ++i)
        m_server.enqueue(classified(u"general"_s, 0.9));
    const Outcome eval = tandem(
        { u"eval-routing"_s, kCases, u"--provider"_s, m_server.baseUrl().toString(), u"--min-accuracy"_s, u"90"_s });
    QCOMPARE(eval.exitCode, 7);
    QVERIFY2(eval.err.contains(u"is below the minimum 90.0%"_s), qPrintable(eval.err));
    QVERIFY2(
        eval.out.contains(u"line 3: “Complete review code”: expected task, routed to general (classifier · 0.90)"_s),
        qPrintable(eval.out));
    QCOMPARE(tandem({ u"eval-routing"_s, u"/no/such/file.jsonl"_s }).exitCode, 2);
}

QTEST_MAIN(TestCliRouter)
#include "tst_clirouter.moc"
