// run_command and git_push through the engine: a denied command leaves nothing run, and git_push asks every time,
// "always for this conversation" or not.
#include "EngineHarness.h"
#include "tools/Bubblewrap.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace Tandem;
using namespace Tandem::Test;

namespace {

ToolCall call(const QString &name, const QJsonObject &arguments)
{
    return ToolCall { {}, name, QString::fromUtf8(QJsonDocument(arguments).toJson(QJsonDocument::Compact)), {} };
}

ToolCall touch(const QString &file)
{
    return call(u"run_command"_s, QJsonObject { { u"argv"_s, QJsonArray { u"touch"_s, file } } });
}

void prepare(EngineHarness &h)
{
    Agent implementer;
    implementer.id = u"assistant"_s;
    implementer.name = u"Implementer"_s;
    implementer.instructions = u"You run commands."_s;
    implementer.allowedTools = { u"run_command"_s, u"git_push"_s };
    QVERIFY(h.saveAgent(implementer));
}

EngineConfig configFor(const QString &workspace)
{
    EngineConfig config = EngineHarness::testConfig();
    config.workspaceRoot = workspace;
    return config;
}

} // namespace

class TestCommandApproval : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void cleanup() { QVERIFY(EngineHarness::takeSpecProblems().isEmpty()); }
    void commandWaitsForTheDecision_data();
    void commandWaitsForTheDecision();
    void gitPushAsksEveryTime();
};

void TestCommandApproval::commandWaitsForTheDecision_data()
{
    QTest::addColumn<ApprovalDecision>("decision");
    QTest::newRow("deny") << ApprovalDecision::Deny;
    QTest::newRow("allow") << ApprovalDecision::AllowOnce;
}

void TestCommandApproval::commandWaitsForTheDecision()
{
    QFETCH(ApprovalDecision, decision);
    if (decision != ApprovalDecision::Deny && !Bubblewrap::unavailableReason().isEmpty())
        QSKIP("bubblewrap cannot run here: the allowed command would be refused");
    QTemporaryDir workspace;
    EngineHarness h(ProviderProfile::Protocol::ChatCompletions, configFor(workspace.path()));
    prepare(h);
    h.server().enqueue(ScriptedReply::calling({ touch(u"made.txt"_s) }));
    h.server().enqueue(ScriptedReply::text({ u"Done."_s }));
    const qint64 id = h.createConversation(Conversation::Mode::Single);
    QSignalSpy needed(&h.repository(), &ChatRepository::approvalNeeded);
    QVERIFY(h.repository().send(id, u"Make a file"_s).accepted());
    QVERIFY(needed.wait(10'000));
    const ApprovalRequest request = needed[0].at(0).value<ApprovalRequest>();
    QCOMPARE(request.toolName, u"run_command"_s);
    QVERIFY(!QFileInfo::exists(workspace.filePath(u"made.txt"_s))); // nothing runs before the decision

    QVERIFY(h.repository().decideApproval(request.id, decision));
    QCOMPARE(h.waitForRun(id), RunOutcome::Completed);
    const QString output = EngineHarness::inputSummary(h.modelRequests().at(1)).constLast();
    if (decision == ApprovalDecision::Deny) {
        QCOMPARE(output, u"output:{\"error\":\"The person did not allow this call.\"}"_s);
        QVERIFY(!QFileInfo::exists(workspace.filePath(u"made.txt"_s)));
    } else {
        QVERIFY2(output.contains(u"\"exit_code\":0"_s), qPrintable(output));
        QVERIFY(QFileInfo::exists(workspace.filePath(u"made.txt"_s)));
    }
}

void TestCommandApproval::gitPushAsksEveryTime()
{
    QTemporaryDir workspace;
    EngineConfig config = configFor(workspace.path());
    config.criticalTools = { { u"git_push"_s, false } }; // unchecked in the settings: it asks all the same
    EngineHarness h(ProviderProfile::Protocol::ChatCompletions, config);
    prepare(h);
    const ToolCall push = call(u"git_push"_s, {});
    h.server().enqueue(ScriptedReply::calling({ push }));
    h.server().enqueue(ScriptedReply::text({ u"Pushed."_s }));
    h.server().enqueue(ScriptedReply::calling({ push }));
    const qint64 id = h.createConversation(Conversation::Mode::Single);
    QSignalSpy needed(&h.repository(), &ChatRepository::approvalNeeded);
    QVERIFY(h.repository().send(id, u"Push"_s).accepted());
    QVERIFY(needed.wait(10'000));
    QCOMPARE(needed[0].at(0).value<ApprovalRequest>().toolName, u"git_push"_s);
    // "Always" is taken as once: the stored decision says so, and the next push asks again.
    const qint64 first = needed[0].at(0).value<ApprovalRequest>().id;
    QVERIFY(h.repository().decideApproval(first, ApprovalDecision::AllowAlways));
    QCOMPARE(h.waitForRun(id), RunOutcome::Completed);
    QVERIFY(h.repository().send(id, u"Push again"_s).accepted());
    QVERIFY(needed.wait(10'000));
    QCOMPARE(needed.size(), 2);
    QCOMPARE(needed[1].at(0).value<ApprovalRequest>().toolName, u"git_push"_s);
    h.repository().cancel(id);
    h.waitForRun(id);
}

QTEST_GUILESS_MAIN(TestCommandApproval)
#include "tst_commandapproval.moc"
