// Where bwrap is missing, run_command says so and runs nothing, unless the person turned on "Run commands without a
// sandbox". This process hides bwrap by emptying PATH while the sandbox is probed (once per process).
#include "EngineHarness.h"
#include "tools/Bubblewrap.h"
#include "tools/ToolJob.h"
#include "tools/ToolRegistry.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace Tandem;
using namespace Tandem::Test;

class TestSandboxMissing : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void refusedWithoutTheSetting();
    void runsDirectlyWithTheSetting();
    void engineFollowsTheSetting_data();
    void engineFollowsTheSetting();

private:
    ToolResult run(bool withoutSandbox);

    QTemporaryDir m_workspace;
    ToolRegistry m_tools = ToolRegistry::withBuiltins();
};

void TestSandboxMissing::initTestCase()
{
    QVERIFY(m_workspace.isValid());
    const QByteArray path = qgetenv("PATH");
    qputenv("PATH", m_workspace.filePath(u"no-programs-here"_s).toUtf8());
    QVERIFY(Bubblewrap::program().isEmpty());
    QVERIFY(!Bubblewrap::unavailableReason().isEmpty());
    qputenv("PATH", path); // the spec checks of the engine tests run node
}

ToolResult TestSandboxMissing::run(bool withoutSandbox)
{
    ToolContext context;
    context.workspaceRoot = m_workspace.path();
    context.commandsWithoutSandbox = withoutSandbox;
    const QJsonObject arguments { { u"argv"_s, QJsonArray { u"/usr/bin/touch"_s, u"made.txt"_s } } };
    ToolJob *job = m_tools.start(
        u"run_command"_s, QString::fromUtf8(QJsonDocument(arguments).toJson(QJsonDocument::Compact)), context);
    ToolResult result;
    bool ended = false;
    QObject::connect(job, &ToolJob::finished, [&](const ToolResult &output) {
        result = output;
        ended = true;
    });
    QObject::connect(job, &ToolJob::failed, [&](const ToolError &error) {
        result = ToolResult::failure(error.message);
        ended = true;
    });
    if (!QTest::qWaitFor([&] { return ended; }, 30'000))
        qWarning("the tool job did not end");
    return result;
}

void TestSandboxMissing::refusedWithoutTheSetting()
{
    const ToolResult result = run(false);
    QVERIFY(!result.ok);
    QVERIFY2(result.error.contains(u"bubblewrap (bwrap) is not installed"_s), qPrintable(result.error));
    QVERIFY2(result.error.contains(u"Run commands without a sandbox"_s), qPrintable(result.error));
    QVERIFY(!QFileInfo::exists(m_workspace.filePath(u"made.txt"_s)));
}

void TestSandboxMissing::runsDirectlyWithTheSetting()
{
    const ToolResult result = run(true);
    QVERIFY2(result.ok, qPrintable(result.error));
    QVERIFY(QFileInfo::exists(m_workspace.filePath(u"made.txt"_s)));
}

void TestSandboxMissing::engineFollowsTheSetting_data()
{
    QTest::addColumn<bool>("withoutSandbox");
    QTest::newRow("off") << false;
    QTest::newRow("on") << true;
}

void TestSandboxMissing::engineFollowsTheSetting()
{
    // The setting reaches the tool through EngineConfig, as EngineSettings::applyTo() puts it there.
    QFETCH(bool, withoutSandbox);
    QTemporaryDir workspace;
    EngineConfig config = EngineHarness::testConfig();
    config.workspaceRoot = workspace.path();
    config.commandsWithoutSandbox = withoutSandbox;
    EngineHarness h(ProviderProfile::Protocol::ChatCompletions, config);
    Agent agent;
    agent.id = u"assistant"_s;
    agent.name = u"Assistant"_s;
    agent.instructions = u"You run commands."_s;
    agent.allowedTools = { u"run_command"_s };
    QVERIFY(h.saveAgent(agent));
    const QJsonObject arguments { { u"argv"_s, QJsonArray { u"/usr/bin/touch"_s, u"made.txt"_s } } };
    h.server().enqueue(ScriptedReply::calling({ ToolCall {
        {}, u"run_command"_s, QString::fromUtf8(QJsonDocument(arguments).toJson(QJsonDocument::Compact)), {} } }));
    h.server().enqueue(ScriptedReply::text({ u"Done."_s }));
    const qint64 id = h.createConversation(Conversation::Mode::Single);
    QSignalSpy needed(&h.repository(), &ChatRepository::approvalNeeded);
    QVERIFY(h.repository().send(id, u"Make a file"_s).accepted());
    QVERIFY(needed.wait(10'000));
    QVERIFY(h.repository().decideApproval(needed[0].at(0).value<ApprovalRequest>().id, ApprovalDecision::AllowOnce));
    QCOMPARE(h.waitForRun(id), RunOutcome::Completed);
    QCOMPARE(QFileInfo::exists(workspace.filePath(u"made.txt"_s)), withoutSandbox);
    const QString output = EngineHarness::inputSummary(h.modelRequests().at(1)).constLast();
    QCOMPARE(output.contains(u"bubblewrap"_s), !withoutSandbox);
    QVERIFY(EngineHarness::takeSpecProblems().isEmpty());
}

QTEST_GUILESS_MAIN(TestSandboxMissing)
#include "tst_sandboxmissing.moc"
