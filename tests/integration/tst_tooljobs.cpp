// A tool is a job the engine waits for from the event loop, outside any transaction: while a slow tool runs the
// engine serves other conversations and another process writes to the database; Stop aborts the job; a process killed
// during a tool leaves the call marked interrupted at the next start, with no result half-stored.
#include "EngineHarness.h"
#include "SlowTool.h"
#include "storage/AgentStore.h"
#include "storage/ConversationStore.h"
#include "storage/Database.h"
#include "storage/MessageStore.h"
#include "storage/RunStore.h"
#include "storage/Transaction.h"
#include "storage/VariableStore.h"

#include <QProcess>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace Tandem;
using namespace Tandem::Test;

namespace {

ToolCall slowCall()
{
    return ToolCall { {}, SlowTool::kName.toString(), u"{}"_s, {} };
}

std::shared_ptr<SlowTool::State> prepare(EngineHarness &h)
{
    auto state = std::make_shared<SlowTool::State>();
    if (!h.tools().registerTool(std::make_unique<SlowTool>(state)))
        return nullptr;
    Agent assistant = h.work().agents().get(u"assistant"_s).value_or(Agent {});
    assistant.id = u"assistant"_s;
    assistant.name = u"Assistant"_s;
    assistant.allowedTools = { SlowTool::kName.toString() };
    return h.saveAgent(assistant) ? state : nullptr;
}

/// The rows of @p kind among @p rows.
QList<Message> ofKind(const QList<Message> &rows, Message::Kind kind)
{
    QList<Message> found;
    for (const Message &row : rows)
        if (row.kind == kind)
            found << row;
    return found;
}

} // namespace

class TestToolJobs : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void cleanup();
    void aRunningToolLeavesTheEngineFree();
    void stopAbortsARunningTool();
    void killDuringAToolLeavesTheCallInterrupted();
};

void TestToolJobs::cleanup()
{
    const QStringList problems = EngineHarness::takeSpecProblems();
    QVERIFY2(problems.isEmpty(), qPrintable(problems.join(u'\n')));
}

void TestToolJobs::aRunningToolLeavesTheEngineFree()
{
    EngineHarness h(ProviderProfile::Protocol::ChatCompletions);
    const std::shared_ptr<SlowTool::State> state = prepare(h);
    QVERIFY(state);
    h.server().enqueue(ScriptedReply::calling({ slowCall() })); // the first conversation's agent calls the tool
    h.server().enqueue(ScriptedReply::text({ u"Meanwhile."_s })); // the second conversation's answer
    h.server().enqueue(ScriptedReply::text({ u"Done."_s })); // the first one's, after the tool
    const qint64 slow = h.createConversation(Conversation::Mode::Single);
    QVERIFY(h.repository().send(slow, u"Do the long job"_s).messageId != 0);
    QTRY_COMPARE_WITH_TIMEOUT(state->started, 1, 10'000);

    // The tool runs: its call says so, and no transaction is open while it does.
    QList<Message> calls = ofKind(h.rows(slow), Message::Kind::ToolCall);
    QCOMPARE(calls.size(), 1);
    QCOMPARE(calls[0].status, Message::Status::Streaming);
    QVERIFY(!h.work().inTransaction());
    // The event loop is free: another conversation's whole run goes through meanwhile.
    const qint64 other = h.createConversation(Conversation::Mode::Single);
    QCOMPARE(h.sendAndWait(other, u"Anything else?"_s), RunOutcome::Completed);
    QCOMPARE(h.rows(other).constLast().content, u"Meanwhile."_s);
    QVERIFY(h.repository().isRunning(slow));
    QVERIFY(ofKind(h.rows(slow), Message::Kind::ToolResult).isEmpty());

    QCOMPARE(state->release(), 1);
    QCOMPARE(h.waitForRun(slow), RunOutcome::Completed);
    const QList<Message> rows = h.rows(slow);
    calls = ofKind(rows, Message::Kind::ToolCall);
    QCOMPARE(calls[0].status, Message::Status::Complete);
    const QList<Message> results = ofKind(rows, Message::Kind::ToolResult);
    QCOMPARE(results.size(), 1);
    QCOMPARE(results[0].content, u"{\"done\":true}"_s);
    QCOMPARE(rows.constLast().content, u"Done."_s);
    QCOMPARE(EngineHarness::inputSummary(h.modelRequests().constLast()).constLast(), u"output:{\"done\":true}"_s);
    QCOMPARE(state->aborted, 0);
}

void TestToolJobs::stopAbortsARunningTool()
{
    EngineHarness h(ProviderProfile::Protocol::Responses);
    const std::shared_ptr<SlowTool::State> state = prepare(h);
    QVERIFY(state);
    h.server().enqueue(ScriptedReply::calling({ slowCall() }));
    const qint64 id = h.createConversation(Conversation::Mode::Single);
    QVERIFY(h.repository().send(id, u"Do the long job"_s).messageId != 0);
    QTRY_COMPARE_WITH_TIMEOUT(state->started, 1, 10'000);

    QSignalSpy finished(&h.repository(), &ChatRepository::runFinished);
    h.repository().cancel(id);
    QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 1, 10'000);
    QCOMPARE(finished[0].at(2).value<RunOutcome>(), RunOutcome::Cancelled);
    QCOMPARE(state->aborted, 1);
    QCOMPARE(state->release(), 0); // nothing is left running
    QTest::qWait(0);
    const QList<Message> rows = h.rows(id);
    const QList<Message> calls = ofKind(rows, Message::Kind::ToolCall);
    QCOMPARE(calls.size(), 1);
    QCOMPARE(calls[0].status, Message::Status::Cancelled);
    QVERIFY(!calls[0].error.isEmpty());
    QVERIFY(ofKind(rows, Message::Kind::ToolResult).isEmpty());
    QCOMPARE(h.modelRequests().size(), 1); // the run went no further
}

void TestToolJobs::killDuringAToolLeavesTheCallInterrupted()
{
    FakeLlmServer server;
    QVERIFY(server.isListening());
    server.enqueue(ScriptedReply::calling({ slowCall() }));
    QTemporaryDir dir;
    const QString path = dir.filePath(u"tool.sqlite"_s);
    QProcess helper;
    helper.start(QStringLiteral(TANDEM_HELPER_SLOWTOOL_PATH), { path, server.baseUrl().toString() });
    QVERIFY(helper.waitForStarted());
    QByteArray line;
    for (int i = 0; i < 500 && !line.contains('\n'); ++i) {
        QTest::qWait(20); // the server answers from this event loop
        line += helper.readAllStandardOutput();
    }
    QVERIFY2(line.startsWith("running"), QByteArray(line + helper.readAllStandardError()).constData());

    // While the helper's tool runs, this process writes to the same database: nothing holds its write lock.
    Database database;
    QVERIFY(database.open(path));
    const QList<Conversation> started = database.work().conversations().list();
    QCOMPARE(started.size(), 1);
    {
        Transaction transaction(database.work());
        QVERIFY(transaction.isActive());
        QVERIFY(database.work().variables().setValue(started[0].id, u"written.meanwhile"_s, u"yes"_s));
        QVERIFY(transaction.commit());
    }

    helper.kill(); // SIGKILL during the tool
    QVERIFY(helper.waitForFinished());
    QNetworkAccessManager network;
    LocalChatRepository repository(database.work(), &network, nullptr, nullptr);
    const QList<Conversation> conversations = repository.conversations();
    QCOMPARE(conversations.size(), 1);
    const QList<Message> rows = repository.messages(conversations[0].id);
    const QList<Message> calls = ofKind(rows, Message::Kind::ToolCall);
    QCOMPARE(calls.size(), 1);
    QCOMPARE(calls[0].status, Message::Status::Interrupted);
    QVERIFY(!calls[0].error.isEmpty());
    QVERIFY(ofKind(rows, Message::Kind::ToolResult).isEmpty()); // never half-stored
    QCOMPARE(database.work().runs().forConversation(conversations[0].id).at(0).status, RunRecord::Status::Interrupted);
    QCOMPARE(database.work().variables().value(started[0].id, u"written.meanwhile"_s), u"yes"_s);
}

QTEST_GUILESS_MAIN(TestToolJobs)
#include "tst_tooljobs.moc"
