// The tool gate's review follow-ups (issue #24): a task tool's change commits with its answer; every call of a reply
// is answered even when storing one of them fails; reused call ids ("call_0" in each reply) find the right row; a
// key written twice in a call's arguments is refused before anyone is asked to approve the call.
#include "EngineHarness.h"
#include "LaunchTool.h"
#include "ProtocolRows.h"
#include "domain/DataLimits.h"
#include "storage/TaskStore.h"
#include "tools/Tool.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QSignalSpy>
#include <QSqlError>
#include <QSqlQuery>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace Tandem;
using namespace Tandem::Test;

namespace {

bool exec(EngineHarness &h, const QString &sql)
{
    QSqlQuery query(h.db());
    if (query.exec(sql))
        return true;
    qWarning() << sql << query.lastError().text();
    return false;
}

int count(EngineHarness &h, const QString &sql)
{
    QSqlQuery query(h.db());
    return query.exec(sql) && query.next() ? query.value(0).toInt() : -1;
}

ToolCall call(const QString &callId, const QString &name, const QJsonObject &arguments)
{
    return ToolCall { callId, name, QString::fromUtf8(QJsonDocument(arguments).toJson(QJsonDocument::Compact)), {} };
}

} // namespace

class TestToolGate : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void cleanup();
    void taskChangeCommitsWithItsAnswer_data() { ProtocolRows::add(); }
    void taskChangeCommitsWithItsAnswer();
    void everyCallOfAReplyIsAnswered();
    void reusedCallIdsResumeTheRightCall_data() { ProtocolRows::add(); }
    void reusedCallIdsResumeTheRightCall();
    void duplicateKeysRefusedBeforeApproval_data() { ProtocolRows::add(); }
    void duplicateKeysRefusedBeforeApproval();
    void editedArgumentsWithDuplicateKeysRefused();
    void rejectionReasonOverTheLimitRefused();
};

void TestToolGate::cleanup()
{
    const QStringList problems = EngineHarness::takeSpecProblems();
    QVERIFY2(problems.isEmpty(), qPrintable(problems.join(u"\n\n"_s)));
}

void TestToolGate::taskChangeCommitsWithItsAnswer()
{
    QFETCH(ProviderProfile::Protocol, protocol);
    EngineHarness h(protocol);
    LaunchTool::giveAssistant(h, { u"complete_task"_s }, u"You help."_s);
    const qint64 id = h.createConversation(Conversation::Mode::Single);
    Task task;
    task.conversationId = id;
    task.title = u"Review code"_s;
    QVERIFY(h.work().tasks().create(task));
    const QString completeIt = u"{\"task_id\":%1}"_s.arg(task.id);
    h.server().enqueue(ScriptedReply::calling({ ToolCall { u"call_0"_s, u"complete_task"_s, completeIt, {} } }));
    QVERIFY(exec(h,
        u"CREATE TRIGGER test_fault BEFORE INSERT ON messages WHEN NEW.kind = 'tool_result' "
        u"BEGIN SELECT RAISE(ABORT, 'injected storage failure'); END"_s));
    QSignalSpy changed(&h.repository(), &ChatRepository::tasksChanged);

    QCOMPARE(h.sendAndWait(id, u"Done with the review"_s), RunOutcome::Failed);

    // The answer could not be stored: neither was the change, so a retry cannot do it twice.
    QCOMPARE(h.work().tasks().get(task.id)->status, Task::Status::Open);
    QCOMPARE(count(h, u"SELECT COUNT(*) FROM messages WHERE kind = 'tool_result'"_s), 0);
    QCOMPARE(changed.size(), 0);

    QVERIFY(exec(h, u"DROP TRIGGER test_fault"_s));
    h.server().enqueue(ScriptedReply::calling({ ToolCall { u"call_1"_s, u"complete_task"_s, completeIt, {} } }));
    h.server().enqueue(ScriptedReply::text({ u"Marked done."_s }));
    QCOMPARE(h.sendAndWait(id, u"Again"_s), RunOutcome::Completed);
    QCOMPARE(h.work().tasks().get(task.id)->status, Task::Status::Done);
    QCOMPARE(count(h, u"SELECT COUNT(*) FROM messages WHERE kind = 'tool_result' AND COALESCE(error, '') = ''"_s), 1);
    QVERIFY(!changed.isEmpty()); // the change is announced once it is committed
    QCOMPARE(changed[0].at(0).toLongLong(), id);
}

void TestToolGate::everyCallOfAReplyIsAnswered()
{
    // A remote thread holds every call of the reply: when storing the answer to the oversized one fails, each call
    // still gets an output with the agent's next request (the oversized one's answer was once written before the
    // others were even queued).
    EngineHarness h(ProviderProfile::Protocol::Responses);
    LaunchTool::giveAssistant(h, { u"calculator"_s }, u"You help."_s);
    const QString oversizedId = u"call_0"_s; // its name is over the limits
    h.server().enqueue(ScriptedReply::calling({ ToolCall { oversizedId, QString(1001, u'n'), u"{}"_s, {} },
        call(u"call_1"_s, u"calculator"_s, { { u"expression"_s, u"6*7"_s } }) }));
    const qint64 id = h.createConversation(Conversation::Mode::Single);
    QVERIFY(exec(h,
        u"CREATE TRIGGER test_fault BEFORE INSERT ON messages WHEN NEW.kind = 'tool_result' "
        u"BEGIN SELECT RAISE(ABORT, 'injected storage failure'); END"_s));

    QCOMPARE(h.sendAndWait(id, u"What is six times seven?"_s), RunOutcome::Failed);
    QCOMPARE(count(h, u"SELECT COUNT(*) FROM messages WHERE kind = 'tool_result'"_s), 0);

    QVERIFY(exec(h, u"DROP TRIGGER test_fault"_s));
    h.server().enqueue(ScriptedReply::text({ u"Let me try again."_s }));
    QCOMPARE(h.sendAndWait(id, u"Again?"_s), RunOutcome::Completed);
    const RecordedRequest next = h.modelRequests().constLast();
    QVERIFY2(!next.toolOutput(oversizedId).isEmpty(), qPrintable(QString::fromUtf8(next.body)));
    QVERIFY2(!next.toolOutput(u"call_1"_s).isEmpty(), qPrintable(QString::fromUtf8(next.body)));
}

void TestToolGate::reusedCallIdsResumeTheRightCall()
{
    // Servers that number the calls of each reply from zero: the second reply's call_0 is not the first one's.
    QFETCH(ProviderProfile::Protocol, protocol);
    EngineHarness h(protocol);
    LaunchTool::giveAssistant(h, { u"calculator"_s, u"launch"_s }, u"You help."_s);
    h.server().enqueue(
        ScriptedReply::calling({ call(u"call_0"_s, u"calculator"_s, { { u"expression"_s, u"6*7"_s } }) }));
    h.server().enqueue(ScriptedReply::calling({ call(u"call_0"_s, u"launch"_s, { { u"target"_s, u"moon"_s } }) }));
    h.server().enqueue(ScriptedReply::text({ u"Launched."_s }));
    const qint64 id = h.createConversation(Conversation::Mode::Single);
    QSignalSpy needed(&h.repository(), &ChatRepository::approvalNeeded);
    QVERIFY(h.repository().send(id, u"Compute, then launch"_s).accepted());
    QVERIFY(needed.wait(10'000));
    const ApprovalRequest request = needed[0].at(0).value<ApprovalRequest>();

    h.restart();
    QVERIFY(h.repository().decideApproval(request.id, ApprovalDecision::AllowOnce));
    QCOMPARE(h.waitForRun(id), RunOutcome::Completed);

    // The launch ran after the restart: its row is the one that ran, and it has its own result.
    QCOMPARE(count(h, u"SELECT COUNT(*) FROM messages WHERE kind = 'tool_result' AND tool_call_id = 'call_0'"_s), 2);
    QCOMPARE(
        count(h, u"SELECT COUNT(*) FROM messages WHERE kind = 'tool_result' AND content LIKE '%launched_to%moon%'"_s),
        1);
    QCOMPARE(count(h, u"SELECT COUNT(*) FROM messages WHERE kind = 'tool_call' AND status <> 'complete'"_s), 0);
    QVERIFY(h.modelRequests().constLast().toolOutput(u"call_0"_s).contains(u"moon"_s));
}

void TestToolGate::duplicateKeysRefusedBeforeApproval()
{
    QFETCH(ProviderProfile::Protocol, protocol);
    EngineHarness h(protocol);
    LaunchTool::giveAssistant(h, { u"launch"_s }, u"You help."_s);
    // Qt's parser would keep one target; another parser the other one.
    h.server().enqueue(ScriptedReply::calling(
        { ToolCall { u"call_0"_s, u"launch"_s, uR"({"target":"moon","t\u0061rget":"earth"})"_s, {} } }));
    h.server().enqueue(ScriptedReply::text({ u"I will ask again."_s }));
    const qint64 id = h.createConversation(Conversation::Mode::Single);
    QSignalSpy needed(&h.repository(), &ChatRepository::approvalNeeded);

    QCOMPARE(h.sendAndWait(id, u"Launch"_s), RunOutcome::Completed);

    QCOMPARE(needed.size(), 0);
    const QString output = h.modelRequests().constLast().toolOutput(u"call_0"_s);
    QVERIFY2(output.contains(u"\"error\""_s) && output.contains(u"more than once"_s), qPrintable(output));
    QCOMPARE(count(h, u"SELECT COUNT(*) FROM messages WHERE kind = 'tool_result' AND COALESCE(error, '') <> ''"_s), 1);
}

void TestToolGate::editedArgumentsWithDuplicateKeysRefused()
{
    EngineHarness h(ProviderProfile::Protocol::ChatCompletions);
    LaunchTool::giveAssistant(h, { u"launch"_s }, u"You help."_s);
    h.server().enqueue(ScriptedReply::calling({ call(u"call_0"_s, u"launch"_s, { { u"target"_s, u"moon"_s } }) }));
    h.server().enqueue(ScriptedReply::text({ u"Launched."_s }));
    const qint64 id = h.createConversation(Conversation::Mode::Single);
    QSignalSpy needed(&h.repository(), &ChatRepository::approvalNeeded);
    QVERIFY(h.repository().send(id, u"Launch"_s).accepted());
    QVERIFY(needed.wait(10'000));
    const ApprovalRequest request = needed[0].at(0).value<ApprovalRequest>();

    QVERIFY(!h.repository().decideApproval(
        request.id, ApprovalDecision::AllowOnce, uR"({"target":"mars","target":"venus"})"_s));
    QVERIFY(!h.repository().decideApproval(
        request.id, ApprovalDecision::AllowOnce, u"{\"target\":\"%1\"}"_s.arg(QString(16 * 1024 * 1024, u'm'))));
    QCOMPARE(h.repository().pendingApprovals(id).size(), 1); // still undecided
    QVERIFY(h.repository().decideApproval(request.id, ApprovalDecision::AllowOnce, uR"({"target":"mars"})"_s));
    QCOMPARE(h.waitForRun(id), RunOutcome::Completed);
}

void TestToolGate::rejectionReasonOverTheLimitRefused()
{
    // A reason is stored on the handoff and in its divider: what an export could not give back is refused with why.
    EngineHarness h(ProviderProfile::Protocol::ChatCompletions);
    const qint64 story = h.createConversation(Conversation::Mode::Pipeline);
    const BoardResult made
        = h.repository().createHandoff(story, u"analyst"_s, u"implementer"_s, { { u"plan"_s, u"Add the form"_s } });
    QVERIFY2(made.ok(), qPrintable(made.message));

    const BoardResult tooLong
        = h.repository().rejectHandoff(made.handoff.id, QString(DataLimits::kMaxTextLength + 1, u'r'));
    QCOMPARE(tooLong.problem, BoardResult::Problem::Invalid);
    QVERIFY2(tooLong.message.contains(u"longer than"_s), qPrintable(tooLong.message));
    QCOMPARE(h.repository().pendingHandoff(story, u"implementer"_s)->id, made.handoff.id); // still pending
    QVERIFY(h.repository().rejectHandoff(made.handoff.id, u"Tests are missing."_s).ok());
}

QTEST_GUILESS_MAIN(TestToolGate)
#include "tst_toolgate.moc"
