// Pipeline mode and the handoff board from the command line, on the real `tandem` executable against the fake LLM
// server, with the shipped pipeline agents (resources/agents): `run --mode pipeline` to completion, `handoffs` as text
// and in seed 002's JSON, and `handoff create|accept|reject|timeout|cleanup` with their refusals and exit codes.
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

ToolCall call(const QString &name, const QJsonObject &arguments)
{
    return ToolCall { {}, name, QString::fromUtf8(QJsonDocument(arguments).toJson(QJsonDocument::Compact)), {} };
}
ToolCall handoff(const QString &target, const QString &context)
{
    return call(u"handoff_to"_s, { { u"target_agent"_s, target }, { u"context"_s, context } });
}
} // namespace

class TestCliPipeline : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void cleanup();
    void pipelineRunsToCompletion();
    void boardAsTextAndJson();
    void boardActionsAndRefusals();
    void agentIdsInCapitals();

private:
    Outcome tandem(const QStringList &arguments);

    QTemporaryDir m_dir;
    FakeLlmServer m_server;
    qint64 m_conversation = 0;
};

void TestCliPipeline::initTestCase()
{
    QVERIFY(m_server.isListening());
}

Outcome TestCliPipeline::tandem(const QStringList &arguments)
{
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.remove(u"DISPLAY"_s);
    environment.insert(u"XDG_CONFIG_HOME"_s, m_dir.filePath(u"config"_s));
    environment.remove(u"QT_LOGGING_RULES"_s);
    const ChildProcess::Result result = ChildProcess::run(QStringLiteral(TANDEM_EXECUTABLE),
        QStringList { u"--data-dir"_s, m_dir.path() } + arguments, environment, 30000);
    return { result.finished ? result.exitCode : -2, QString::fromUtf8(result.out), QString::fromUtf8(result.err) };
}

void TestCliPipeline::cleanup()
{
    // What the fake server refused (a strict chat template's rules, a reply's expected user text).
    const QStringList violations = m_server.takeViolations();
    QVERIFY2(violations.isEmpty(), qPrintable(violations.join(u'\n')));
}

void TestCliPipeline::pipelineRunsToCompletion()
{
    // Each agent gets its work as a user turn (#24): the story, then each handoff's context.
    m_server.enqueue(ScriptedReply::calling({ handoff(u"implementer"_s, u"Plan: a login form"_s) })
                         .expectUserText(u"A login form"_s));
    m_server.enqueue(
        ScriptedReply::calling({ handoff(u"reviewer"_s, u"Implemented"_s) }).expectUserText(u"Plan: a login form"_s));
    m_server.enqueue(ScriptedReply::calling({ call(u"approve_work"_s, { { u"summary"_s, u"Good"_s } }) })
                         .expectUserText(u"Implemented"_s));
    m_server.enqueue(
        ScriptedReply::calling({ handoff(u"documenter"_s, u"Polished"_s) }).expectUserText(u"Context: Good"_s));
    m_server.enqueue(
        ScriptedReply::calling({ handoff(u"orchestrator"_s, u"Docs written"_s) }).expectUserText(u"Polished"_s));
    const Outcome run = tandem({ u"run"_s, u"--mode"_s, u"pipeline"_s, u"--provider"_s, m_server.baseUrl().toString(),
        u"--var"_s, u"STORY_ID=v0.1:1.1.1"_s, u"--var"_s, u"BRANCH=feat/story-1.1.1"_s, u"--var"_s,
        u"DASHBOARD_URL=http://localhost:3000"_s, u"A login form"_s });
    QVERIFY2(run.exitCode == 0, qPrintable(run.err + run.out));
    const QStringList expected { u"── Story handed to Analyst ──"_s,
        u"── Transferred to Implementer. Context: Plan: a login form ──"_s,
        u"── Transferred to Reviewer. Context: Implemented ──"_s, u"── Approved by Reviewer: Good ──"_s,
        u"── Transferred to Refactorer. Context: Good ──"_s, u"── Transferred to Documenter. Context: Polished ──"_s,
        u"── Pipeline complete. Docs written ──"_s };
    qsizetype at = 0;
    for (const QString &divider : expected) {
        const qsizetype found = run.out.indexOf(divider, at);
        QVERIFY2(found >= 0, qPrintable(divider + u"\n\n"_s + run.out));
        at = found;
    }
    // The prompts' variables reached the agents.
    QVERIFY(m_server.requests()
                .constFirst()
                .json.value(u"messages"_s)
                .toArray()
                .at(0)
                .toObject()
                .value(u"content"_s)
                .toString()
                .contains(u"v0.1:1.1.1"_s));
    m_conversation = run.out.section(u"Conversation "_s, 1).section(u'\n', 0, 0).toLongLong();
    QVERIFY(m_conversation > 0);
}

void TestCliPipeline::boardAsTextAndJson()
{
    QVERIFY(m_conversation > 0);
    const Outcome text = tandem({ u"handoffs"_s, u"--conversation"_s, QString::number(m_conversation) });
    QCOMPARE(text.exitCode, 0);
    QVERIFY2(text.out.contains(u"with analyst · phase complete"_s), qPrintable(text.out));
    QVERIFY(text.out.contains(u"documenter → orchestrator  accepted"_s));

    const Outcome json = tandem({ u"handoffs"_s, u"--conversation"_s, QString::number(m_conversation), u"--json"_s });
    QCOMPARE(json.exitCode, 0);
    const QJsonObject state = QJsonDocument::fromJson(json.out.toUtf8()).object();
    QCOMPARE(state.value(u"currentAgent"_s).toString(), u"analyst"_s);
    QCOMPARE(state.value(u"phase"_s).toString(), u"complete"_s);
    const QJsonArray handoffs = state.value(u"handoffs"_s).toArray();
    QCOMPARE(handoffs.size(), 6);
    const QJsonObject first = handoffs.at(0).toObject();
    QCOMPARE(first.value(u"story_id"_s).toString(), QString::number(m_conversation));
    QCOMPARE(first.value(u"from_agent"_s).toString(), u"orchestrator"_s);
    QCOMPARE(first.value(u"to_agent"_s).toString(), u"analyst"_s);
    QCOMPARE(first.value(u"status"_s).toString(), u"accepted"_s);
    QVERIFY(first.value(u"payload"_s).toObject().contains(u"story"_s));
    QVERIFY(!first.value(u"processed_at"_s).isNull());
}

void TestCliPipeline::boardActionsAndRefusals()
{
    QVERIFY(m_conversation > 0);
    const QString id = QString::number(m_conversation);
    const Outcome created = tandem({ u"handoff"_s, u"create"_s, u"--conversation"_s, id, u"--from"_s, u"analyst"_s,
        u"--to"_s, u"implementer"_s, u"--payload"_s, u"{\"plan\": \"Add tests\"}"_s, u"--json"_s });
    QVERIFY2(created.exitCode == 0, qPrintable(created.err));
    const QJsonObject handoff = QJsonDocument::fromJson(created.out.toUtf8()).object();
    QCOMPARE(handoff.value(u"status"_s).toString(), u"pending"_s);
    const QString handoffId = QString::number(handoff.value(u"id"_s).toInteger());

    const Outcome skipping = tandem(
        { u"handoff"_s, u"create"_s, u"--conversation"_s, id, u"--from"_s, u"analyst"_s, u"--to"_s, u"documenter"_s });
    QCOMPARE(skipping.exitCode, 2);
    QVERIFY2(skipping.err.contains(u"that transition is not declared"_s), qPrintable(skipping.err));
    const Outcome unknown = tandem({ u"handoff"_s, u"accept"_s, u"9999"_s });
    QCOMPARE(unknown.exitCode, 2);
    QVERIFY(unknown.err.contains(u"There is no handoff 9999."_s));
    const Outcome noReason = tandem({ u"handoff"_s, u"reject"_s, handoffId });
    QCOMPARE(noReason.exitCode, 2);
    QVERIFY(noReason.err.contains(u"needs its reason"_s));

    const Outcome rejected = tandem({ u"handoff"_s, u"reject"_s, handoffId, u"--reason"_s, u"No tests"_s });
    QCOMPARE(rejected.exitCode, 0);
    QVERIFY2(rejected.out.contains(u"rejected"_s) && rejected.out.contains(u"(No tests)"_s), qPrintable(rejected.out));
    const Outcome again = tandem({ u"handoff"_s, u"accept"_s, handoffId });
    QCOMPARE(again.exitCode, 2);
    QVERIFY(again.err.contains(u"only a pending handoff can change"_s));

    QCOMPARE(tandem({ u"handoff"_s, u"create"_s, u"--conversation"_s, id, u"--from"_s, u"analyst"_s, u"--to"_s,
                        u"implementer"_s })
                 .exitCode,
        0);
    const Outcome cleaned = tandem({ u"handoff"_s, u"cleanup"_s, u"--conversation"_s, id });
    QCOMPARE(cleaned.exitCode, 0);
    QVERIFY2(cleaned.out.contains(u"1 pending handoff"_s), qPrintable(cleaned.out));
    const Outcome stale = tandem({ u"handoffs"_s, u"--stale"_s, u"30"_s, u"--json"_s });
    QCOMPARE(stale.exitCode, 0);
    QVERIFY2(QJsonDocument::fromJson(stale.out.toUtf8()).isArray(), qPrintable(stale.out));
    QCOMPARE(QJsonDocument::fromJson(stale.out.toUtf8()).array().size(), 0);
    // Nothing stale is said in words, not with an empty output that reads as a command that did nothing.
    const Outcome none = tandem({ u"handoffs"_s, u"--stale"_s, u"30"_s });
    QCOMPARE(none.exitCode, 0);
    QVERIFY2(none.out.contains(u"No handoff has been pending for more than 30 minutes."_s), qPrintable(none.out));
    const Outcome badAction = tandem({ u"handoff"_s, u"approve"_s, u"1"_s });
    QCOMPARE(badAction.exitCode, 2);
    QVERIFY(badAction.err.contains(u"Unknown action “approve”"_s));
}

void TestCliPipeline::agentIdsInCapitals()
{
    // #24: "Analyst" → "Implementer" names the same agents as the local API reads them, not a transition the table
    // does not declare; an id that names no agent is said as such, with the ids.
    QVERIFY(m_conversation > 0);
    const QString id = QString::number(m_conversation);
    const Outcome created = tandem({ u"handoff"_s, u"create"_s, u"--conversation"_s, id, u"--from"_s, u"Analyst"_s,
        u"--to"_s, u"IMPLEMENTER"_s, u"--json"_s });
    QVERIFY2(created.exitCode == 0, qPrintable(created.err));
    const QJsonObject handoff = QJsonDocument::fromJson(created.out.toUtf8()).object();
    QCOMPARE(handoff.value(u"from_agent"_s).toString(), u"analyst"_s);
    QCOMPARE(handoff.value(u"to_agent"_s).toString(), u"implementer"_s);
    QCOMPARE(tandem({ u"handoff"_s, u"cleanup"_s, u"--conversation"_s, id }).exitCode, 0);

    const Outcome unknown = tandem(
        { u"handoff"_s, u"create"_s, u"--conversation"_s, id, u"--from"_s, u"Analyst"_s, u"--to"_s, u"Tester"_s });
    QCOMPARE(unknown.exitCode, 2);
    QVERIFY2(unknown.err.contains(u"--to “Tester” is no agent's id; the ids are "_s), qPrintable(unknown.err));
    QVERIFY2(unknown.err.contains(u"implementer"_s), qPrintable(unknown.err));
    QVERIFY2(!unknown.err.contains(u"not declared"_s), qPrintable(unknown.err));
}

QTEST_GUILESS_MAIN(TestCliPipeline)
#include "tst_clipipeline.moc"
