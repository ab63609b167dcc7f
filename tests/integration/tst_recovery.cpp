// Cancellation of either agent and restart recovery: a process killed mid-stream leaves its partial reply, marked
// interrupted at the next start; a stale pending handoff is timed out when a run starts; late signals are dropped.
#include "EngineHarness.h"
#include "StoreInvariants.h"
#include "agents/ThreadHistory.h"
#include "storage/AgentThreadStore.h"
#include "storage/HandoffStore.h"
#include "storage/MessageStore.h"
#include "storage/RunStore.h"
#include "storage/SqlValues.h"

#include <QHash>
#include <QJsonDocument>
#include <QProcess>
#include <QSignalSpy>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace Tandem;
using namespace Tandem::Test;

Q_DECLARE_METATYPE(Tandem::ProviderProfile::Protocol)

class TestRecovery : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void cleanup();
    void killedMidStreamLeavesInterruptedReply_data() { protocols(); }
    void killedMidStreamLeavesInterruptedReply();
    void aLiveProcessKeepsItsStreamingReply();
    void anOpenWindowRecoversARunKilledElsewhere();
    void everyKillLeavesAVisibleMark_data();
    void everyKillLeavesAVisibleMark();
    void oneTurnPerConversationAcrossProcesses();
    void cancelAgent1MidStream_data() { protocols(); }
    void cancelAgent1MidStream();
    void cancelAgent2MidStream_data() { protocols(); }
    void cancelAgent2MidStream();
    void cancelAgent2BeforeItStarts();
    void cancelWholeRun();
    void staleHandoffTimedOutAtRunStart();
    void staleNextTurnHandoffDoesNotTakeEffect_data() { protocols(); }
    void staleNextTurnHandoffDoesNotTakeEffect();

private:
    static void protocols()
    {
        QTest::addColumn<ProviderProfile::Protocol>("protocol");
        QTest::newRow("responses") << ProviderProfile::Protocol::Responses;
        QTest::newRow("chat") << ProviderProfile::Protocol::ChatCompletions;
    }
    /// Waits until a delta of a row of @p agentId arrived; returns that row's id.
    /// Waits until the streamed text of @p agentId's reply is @p text (everything the server sends before it
    /// stalls); returns the reply's id, 0 if that text never came.
    static qint64 waitForTextOf(EngineHarness &h, qint64 conversationId, const QString &agentId, const QString &text)
    {
        QSignalSpy deltas(&h.repository(), &ChatRepository::messageDelta);
        for (int i = 0; i < 200; ++i) {
            QHash<qint64, QString> streamed;
            for (const QList<QVariant> &delta : std::as_const(deltas))
                streamed[delta.at(1).toLongLong()] += delta.at(2).toString();
            const QList<Message> rows = h.rows(conversationId);
            for (const Message &row : rows)
                if (row.agentId == agentId && streamed.value(row.id) == text)
                    return row.id;
            deltas.wait(50);
        }
        return 0;
    }
};

void TestRecovery::killedMidStreamLeavesInterruptedReply()
{
    QFETCH(ProviderProfile::Protocol, protocol);
    const bool responses = protocol == ProviderProfile::Protocol::Responses;
    FakeLlmServer server;
    QVERIFY(server.isListening());
    server.enqueue(ScriptedReply::text({ u"Once upon "_s, u"a time"_s, u" there was"_s })
                       .withFault(ScriptedReply::Fault::Stall, responses ? 6 : 3));
    QTemporaryDir dir;
    const QString path = dir.filePath(u"crash.sqlite"_s);
    QProcess helper;
    helper.start(QStringLiteral(TANDEM_HELPER_STREAMER_PATH),
        { path, server.baseUrl().toString(), responses ? u"responses"_s : u"chat"_s });
    QVERIFY(helper.waitForStarted());
    QByteArray line;
    for (int i = 0; i < 300 && !line.contains('\n'); ++i) {
        QTest::qWait(20); // the server answers from this event loop
        line += helper.readAllStandardOutput();
    }
    QVERIFY2(line.startsWith("persisted "), line.constData());
    // Whatever had been streamed and persisted when the helper looked: "Once upon a time" normally, less when the
    // machine is busy. The stall keeps the rest from ever coming.
    const QString partial = QString::fromUtf8(line.mid(10, line.indexOf('\n') - 10));
    QVERIFY2(!partial.isEmpty() && u"Once upon a time"_s.startsWith(partial), qPrintable(partial));
    helper.kill(); // SIGKILL: no chance to tidy up
    QVERIFY(helper.waitForFinished());

    Database database;
    QVERIFY(database.open(path));
    QNetworkAccessManager network;
    LocalChatRepository repository(database.work(), &network, nullptr, nullptr);
    QCOMPARE(repository.recoveredReplies(), 1);
    const QList<Conversation> conversations = repository.conversations();
    QCOMPARE(conversations.size(), 1);
    const QList<Message> rows = repository.messages(conversations[0].id);
    QCOMPARE(rows.size(), 2);
    QCOMPARE(rows[0].content, u"tell me a story"_s);
    QCOMPARE(rows[1].content, partial);
    QCOMPARE(rows[1].status, Message::Status::Interrupted);
    QVERIFY(!rows[1].error.isEmpty());
    QCOMPARE(database.work().runs().forConversation(conversations[0].id).at(0).status, RunRecord::Status::Interrupted);
}

void TestRecovery::aLiveProcessKeepsItsStreamingReply()
{
    // The window streams a reply while a headless command opens the same database: the command must not mark the
    // window's reply interrupted. Only the holder of the database's lock recovers; once it is gone, the next does.
    Test::TemporaryDatabase database;
    QVERIFY2(database.isReady(), qPrintable(database.errorString()));
    QNetworkAccessManager network;
    auto window = std::make_unique<LocalChatRepository>(database.work(), &network, nullptr, nullptr);
    const qint64 id = window->createConversation(Conversation::Mode::Single);
    Message reply;
    reply.conversationId = id;
    reply.role = Message::Role::Assistant;
    reply.agentId = u"assistant"_s;
    reply.status = Message::Status::Streaming;
    reply.content = u"Still writing"_s;
    QVERIFY(database.work().messages().append(reply));

    {
        LocalChatRepository command(database.work(), &network, nullptr, nullptr);
        QCOMPARE(command.recoveredReplies(), 0);
        QCOMPARE(command.messages(id).constFirst().status, Message::Status::Streaming);
    }
    window.reset(); // the window's process ends without finishing the reply
    LocalChatRepository next(database.work(), &network, nullptr, nullptr);
    QCOMPARE(next.recoveredReplies(), 1);
    QCOMPARE(next.messages(id).constFirst().status, Message::Status::Interrupted);
}

void TestRecovery::anOpenWindowRecoversARunKilledElsewhere()
{
    // The window is open while a headless run of another process is killed: the window notices, marks exactly that
    // run's reply interrupted, and shows what the other process wrote.
    FakeLlmServer server;
    server.enqueue(ScriptedReply::text({ u"Once upon "_s, u"a time"_s, u" there was"_s })
                       .withFault(ScriptedReply::Fault::Stall, 3));
    QTemporaryDir dir;
    const QString path = dir.filePath(u"shared.sqlite"_s);
    Database database;
    QVERIFY(database.open(path));
    QNetworkAccessManager network;
    LocalChatRepository window(database.work(), &network, nullptr, nullptr);
    window.watchForChangesElsewhere(50);
    QSignalSpy elsewhere(&window, &ChatRepository::changedElsewhere);
    QSignalSpy listChanged(&window, &ChatRepository::conversationsChanged);

    QProcess helper;
    helper.start(QStringLiteral(TANDEM_HELPER_STREAMER_PATH), { path, server.baseUrl().toString(), u"chat"_s });
    QVERIFY(helper.waitForStarted());
    QByteArray line;
    for (int i = 0; i < 300 && !line.contains('\n'); ++i) {
        QTest::qWait(20);
        line += helper.readAllStandardOutput();
    }
    QVERIFY2(line.startsWith("persisted "), line.constData());
    // Alive: the window sees the conversation the other process created, and leaves its reply streaming.
    QTRY_VERIFY(!listChanged.isEmpty());
    QCOMPARE(window.conversations().size(), 1);
    const qint64 id = window.conversations().constFirst().id;
    QTRY_COMPARE(window.messages(id).size(), 2);
    QCOMPARE(window.messages(id).at(1).status, Message::Status::Streaming);

    helper.kill();
    QVERIFY(helper.waitForFinished());
    elsewhere.clear();
    // Dead: the window finds the run's owner gone, marks exactly that reply, and says so.
    QTRY_VERIFY_WITH_TIMEOUT(window.messages(id).at(1).status == Message::Status::Interrupted, 5000);
    QVERIFY(!elsewhere.isEmpty());
    QCOMPARE(database.work().runs().forConversation(id).at(0).status, RunRecord::Status::Interrupted);
}

void TestRecovery::everyKillLeavesAVisibleMark_data()
{
    QTest::addColumn<QString>("mode");
    QTest::addColumn<QStringList>("rows"); // what the killed run had written: kind[:agent[:content]] each
    QTest::addColumn<QString>("lastShown"); // what the chat shows last after the recovery
    QTest::newRow("before any reply") << u"single"_s << QStringList { u"user"_s }
                                      << u"error:assistant:Interrupted: no reply was written."_s;
    QTest::newRow("between accepted and agent 2's first token")
        << u"dual"_s
        << QStringList { u"user"_s, u"text:agent1:HANDOFF_AGENT2\nWrite a haiku"_s, u"handing_over:agent1"_s,
               u"accepted:agent2"_s }
        << u"error:agent2:Interrupted: no reply was written."_s;
    QTest::newRow("a partial signal line")
        << u"dual"_s << QStringList { u"user"_s, u"streaming:agent1:HANDOFF_AG"_s } << u"text:agent1:"_s;
    QTest::newRow("the signal and part of the payload")
        << u"dual"_s << QStringList { u"user"_s, u"streaming:agent1:HANDOFF_AGENT2\nWrite a ha"_s }
        << u"text:agent1:Write a ha"_s;
    QTest::newRow("mid-reply") << u"single"_s << QStringList { u"user"_s, u"streaming:assistant:Once upon"_s }
                               << u"text:assistant:Once upon"_s;
}

void TestRecovery::everyKillLeavesAVisibleMark()
{
    QFETCH(QString, mode);
    QFETCH(QStringList, rows);
    QFETCH(QString, lastShown);
    Test::TemporaryDatabase database;
    QVERIFY(database.isReady());
    UnitOfWork &work = database.work();
    Conversation conversation;
    conversation.mode = *Conversation::modeFromName(mode);
    QVERIFY(work.conversations().create(conversation));
    RunRecord run; // a run of a process that is gone: its owner holds no lock
    run.conversationId = conversation.id;
    run.agentId = mode == u"dual" ? u"agent1"_s : u"assistant"_s;
    run.mode = mode;
    run.owner = u"a-process-that-was-killed"_s;
    QVERIFY(work.runs().create(run));
    Handoff handoff;
    handoff.conversationId = conversation.id;
    handoff.runId = run.id;
    handoff.fromAgent = u"agent1"_s;
    handoff.toAgent = u"agent2"_s;
    handoff.payload = QJsonObject { { u"text"_s, u"Write a haiku"_s }, { u"source"_s, u"signal"_s } };
    for (const QString &spec : std::as_const(rows)) {
        const QStringList parts = spec.split(u':');
        Message row;
        row.conversationId = conversation.id;
        row.runId = run.id;
        row.agentId = parts.value(1);
        row.content = parts.mid(2).join(u':');
        if (parts[0] == u"user") {
            row.content = u"Write a poem"_s;
        } else if (parts[0] == u"text" || parts[0] == u"streaming") {
            row.role = Message::Role::Assistant;
            row.status = parts[0] == u"text" ? Message::Status::Complete : Message::Status::Streaming;
        } else {
            if (handoff.id == 0) {
                QVERIFY(work.handoffs().create(handoff));
                QVERIFY(handoff.transitionTo(Handoff::Status::Accepted, QDateTime::currentDateTimeUtc()));
                QVERIFY(work.handoffs().saveStatus(handoff));
            }
            row.role = Message::Role::System;
            row.kind = Message::Kind::Divider;
            row.divider = *Message::dividerFromName(parts[0]);
            row.handoffId = handoff.id;
        }
        QVERIFY(work.messages().append(row));
    }

    QNetworkAccessManager network;
    LocalChatRepository next(work, &network, nullptr, nullptr);

    const QList<Message> stored = next.messages(conversation.id);
    const Message &last = stored.constLast();
    const QStringList expected = lastShown.split(u':');
    QCOMPARE(Message::kindName(last.kind), expected[0]);
    QCOMPARE(last.agentId, expected[1]);
    QCOMPARE(last.displayText(), expected.mid(2).join(u':'));
    QCOMPARE(last.status, Message::Status::Interrupted);
    QVERIFY(!last.error.isEmpty());
    QCOMPARE(work.runs().get(run.id)->status, RunRecord::Status::Interrupted);
    const QStringList problems = StoreInvariants::problems(database.connection());
    QVERIFY2(problems.isEmpty(), qPrintable(problems.join(u'\n')));
}

void TestRecovery::oneTurnPerConversationAcrossProcesses()
{
    // Two Tandem processes on one database (here two repositories, each with its own claims): a conversation has one
    // running turn at a time; other conversations run in parallel.
    EngineHarness h(ProviderProfile::Protocol::ChatCompletions);
    h.server().enqueue(ScriptedReply::text({ u"Slow "_s, u"answer"_s }).withFault(ScriptedReply::Fault::Stall, 1));
    const qint64 busy = h.createConversation(Conversation::Mode::Single);
    const qint64 other = h.createConversation(Conversation::Mode::Single);
    QVERIFY(h.repository().send(busy, u"First"_s).messageId > 0);
    QTRY_VERIFY(!h.modelRequests().isEmpty());

    QNetworkAccessManager network;
    EngineConfig config = EngineHarness::testConfig();
    LocalChatRepository second(h.work(), &network, nullptr, nullptr, config);
    second.setApiKey(u"fake"_s, u"sk-test"_s);
    QCOMPARE(second.busyElsewhere(busy), QCoreApplication::applicationPid());
    const qsizetype before = h.rows(busy).size();
    const SendResult refused = second.send(busy, u"Me too"_s);
    QCOMPARE(refused.messageId, qint64(0)); // refused, and nothing stored
    QCOMPARE(refused.refusal, SendResult::Refusal::BusyElsewhere);
    QCOMPARE(refused.holder, qint64(QCoreApplication::applicationPid()));
    QCOMPARE(h.rows(busy).size(), before);
    QCOMPARE(second.busyElsewhere(other), qint64(0));
    h.server().enqueue(ScriptedReply::text({ u"Parallel."_s }));
    QSignalSpy finished(&second, &ChatRepository::runFinished);
    QVERIFY(second.send(other, u"Meanwhile"_s).messageId > 0);
    QVERIFY(finished.wait(5000));
    QCOMPARE(finished.at(0).at(2).value<RunOutcome>(), RunOutcome::Completed);

    h.repository().cancel(busy);
    QCOMPARE(second.busyElsewhere(busy), qint64(0)); // free again once the turn is over
}

void TestRecovery::cancelAgent1MidStream()
{
    QFETCH(ProviderProfile::Protocol, protocol);
    EngineHarness h(protocol);
    h.server().enqueue(ScriptedReply::text({ u"Let me "_s, u"think"_s, u" more"_s })
                           .withFault(ScriptedReply::Fault::Stall, h.isResponses() ? 6 : 3));
    const qint64 id = h.createConversation(Conversation::Mode::Dual);
    QVERIFY(h.repository().send(id, u"Question"_s).messageId != 0);
    const qint64 replyId = waitForTextOf(h, id, u"agent1"_s, u"Let me think"_s);
    QVERIFY(replyId != 0);
    QSignalSpy finished(&h.repository(), &ChatRepository::runFinished);
    h.repository().cancelAgent(id, u"agent1"_s);
    QCOMPARE(finished.size(), 1);
    QCOMPARE(finished[0].at(2).value<RunOutcome>(), RunOutcome::Cancelled);
    QVERIFY(!h.repository().isRunning(id));
    const QList<Message> rows = h.rows(id);
    QCOMPARE(rows.size(), 2);
    QCOMPARE(rows[1].status, Message::Status::Cancelled);
    QCOMPARE(rows[1].content, u"Let me think"_s);
    QVERIFY(h.repository().handoffs(id).isEmpty());
    QTest::qWait(100); // nothing late changes the story
    const QList<Message> later = h.rows(id);
    QCOMPARE(later.size(), rows.size());
    QCOMPARE(later[1].content, rows[1].content);
    QCOMPARE(later[1].status, Message::Status::Cancelled);
    QCOMPARE(h.work().runs().forConversation(id).at(0).status, RunRecord::Status::Cancelled);
}

void TestRecovery::cancelAgent2MidStream()
{
    QFETCH(ProviderProfile::Protocol, protocol);
    EngineHarness h(protocol);
    h.server().enqueue(ScriptedReply::text({ u"HANDOFF_AGENT2\nBrief"_s }));
    h.server().enqueue(ScriptedReply::text({ u"Agent two "_s, u"writes"_s, u" on"_s })
                           .withFault(ScriptedReply::Fault::Stall, h.isResponses() ? 6 : 3));
    const qint64 id = h.createConversation(Conversation::Mode::Dual);
    QVERIFY(h.repository().send(id, u"Question"_s).messageId != 0);
    QVERIFY(waitForTextOf(h, id, u"agent2"_s, u"Agent two writes"_s) != 0);
    h.repository().cancelAgent(id, u"agent1"_s); // not working now: changes nothing
    QVERIFY(h.repository().isRunning(id));
    h.repository().cancelAgent(id, u"agent2"_s);
    QVERIFY(!h.repository().isRunning(id));
    const QList<Message> rows = h.rows(id);
    QCOMPARE(rows.size(), 5);
    QCOMPARE(rows[1].status, Message::Status::Complete); // agent 1 keeps its work
    QCOMPARE(rows[4].agentId, u"agent2"_s);
    QCOMPARE(rows[4].status, Message::Status::Cancelled);
    QCOMPARE(rows[4].content, u"Agent two writes"_s);
    QCOMPARE(h.repository().handoffs(id).at(0).status(), Handoff::Status::Accepted);
}

void TestRecovery::cancelAgent2BeforeItStarts()
{
    EngineHarness h(ProviderProfile::Protocol::ChatCompletions);
    ScriptedReply slow = ScriptedReply::text({ u"HANDOFF_AGENT2\n"_s, u"Brief"_s });
    slow.frameIntervalMs = 30;
    h.server().enqueue(slow);
    const qint64 id = h.createConversation(Conversation::Mode::Dual);
    QVERIFY(h.repository().send(id, u"Question"_s).messageId != 0);
    h.repository().cancelAgent(id, u"agent2"_s);
    QString message;
    QCOMPARE(h.waitForRun(id, &message), RunOutcome::Cancelled);
    QCOMPARE(h.modelRequests().size(), 1);
    const QList<Handoff> handoffs = h.repository().handoffs(id);
    QCOMPARE(handoffs.size(), 1);
    QCOMPARE(handoffs[0].status(), Handoff::Status::Cancelled);
    const QList<Message> rows = h.rows(id);
    QCOMPARE(rows.size(), 2);
    QCOMPARE(rows[1].status, Message::Status::Complete);
}

void TestRecovery::cancelWholeRun()
{
    EngineHarness h(ProviderProfile::Protocol::ChatCompletions);
    h.server().enqueue(
        ScriptedReply::text({ u"Partial "_s, u"reply"_s, u"!"_s }).withFault(ScriptedReply::Fault::Stall, 3));
    const qint64 id = h.createConversation(Conversation::Mode::Single);
    QVERIFY(h.repository().send(id, u"go"_s).messageId != 0);
    QVERIFY(waitForTextOf(h, id, u"assistant"_s, u"Partial reply"_s) != 0);
    const SendResult again = h.repository().send(id, u"again"_s);
    QCOMPARE(again.messageId, 0); // one run per conversation at a time
    QCOMPARE(again.refusal, SendResult::Refusal::Busy);
    h.repository().cancel(id);
    const QList<Message> rows = h.rows(id);
    QCOMPARE(rows.size(), 2);
    QCOMPARE(rows[1].status, Message::Status::Cancelled);
    QCOMPARE(rows[1].content, u"Partial reply"_s);
}

void TestRecovery::staleHandoffTimedOutAtRunStart()
{
    EngineHarness h(ProviderProfile::Protocol::ChatCompletions);
    h.server().setResponder(FakeLlmServer::echoResponder());
    const qint64 id = h.createConversation(Conversation::Mode::Single);
    Handoff stale;
    stale.conversationId = id;
    stale.fromAgent = u"assistant"_s;
    stale.toAgent = u"agent2"_s;
    stale.createdAt = QDateTime::currentDateTimeUtc().addSecs(-31 * 60);
    Handoff fresh = stale;
    fresh.createdAt = QDateTime::currentDateTimeUtc().addSecs(-5 * 60);
    HandoffStore &store = h.work().handoffs();
    QVERIFY(store.create(stale));
    QVERIFY(store.create(fresh));
    h.restart();
    QSignalSpy changed(&h.repository(), &ChatRepository::handoffStatusChanged);
    QCOMPARE(h.sendAndWait(id, u"hi"_s), RunOutcome::Completed);
    QCOMPARE(changed.size(), 1);
    HandoffStore &reopened = h.work().handoffs(); // the restart opened a new connection
    QCOMPARE(reopened.get(stale.id)->status(), Handoff::Status::TimedOut);
    QVERIFY(reopened.get(stale.id)->processedAt().isValid());
    QCOMPARE(reopened.get(fresh.id)->status(), Handoff::Status::Pending);
}

void TestRecovery::staleNextTurnHandoffDoesNotTakeEffect()
{
    QFETCH(ProviderProfile::Protocol, protocol);
    EngineConfig config = EngineHarness::testConfig();
    config.edgeOptions << TransitionGraph::Edge { u"assistant"_s, u"billing"_s,
        TransitionGraph::ContextTransfer::PayloadOnly, TransitionGraph::Timing::NextTurn };
    EngineHarness h(protocol, config);
    Agent triage;
    triage.id = u"assistant"_s;
    triage.name = u"Triage"_s;
    triage.instructions = u"You are Triage."_s;
    triage.handoffTargets = { u"billing"_s };
    Agent billing;
    billing.id = u"billing"_s;
    billing.name = u"Billing"_s;
    billing.instructions = u"You are Billing."_s;
    QVERIFY(h.saveAgent(triage));
    QVERIFY(h.saveAgent(billing));
    const QString arguments = QString::fromUtf8(
        QJsonDocument(QJsonObject { { u"target_agent"_s, u"billing"_s }, { u"context"_s, u"Card charged twice"_s } })
            .toJson(QJsonDocument::Compact));
    h.server().enqueue(ScriptedReply::calling({ ToolCall { {}, u"handoff_to"_s, arguments, {} } }));
    h.server().enqueue(ScriptedReply::text({ u"Triage again: how can I help?"_s }));
    const qint64 id = h.createConversation(Conversation::Mode::Single);
    QCOMPARE(h.sendAndWait(id, u"Help"_s), RunOutcome::Completed);
    QList<Handoff> handoffs = h.repository().handoffs(id);
    QCOMPARE(handoffs.size(), 1);
    QCOMPARE(handoffs[0].status(), Handoff::Status::Pending);
    QCOMPARE(h.repository().activeAgent(id), u"billing"_s);

    // The person comes back 31 minutes later.
    QSqlQuery backdate(h.db());
    QVERIFY(backdate.prepare(u"UPDATE handoffs SET created_at = ? WHERE id = ?"_s));
    backdate.addBindValue(SqlValues::fromTime(QDateTime::currentDateTimeUtc().addSecs(-31 * 60)));
    backdate.addBindValue(handoffs[0].id);
    QVERIFY(backdate.exec());
    QCOMPARE(backdate.numRowsAffected(), 1);
    QSignalSpy changed(&h.repository(), &ChatRepository::activeAgentChanged);

    QCOMPARE(h.sendAndWait(id, u"Hello?"_s), RunOutcome::Completed);

    handoffs = h.repository().handoffs(id);
    QCOMPARE(handoffs[0].status(), Handoff::Status::TimedOut);
    // The conversation is back with the source, which answers; billing never ran and got nothing.
    QCOMPARE(h.repository().activeAgent(id), u"assistant"_s);
    QCOMPARE(h.work().threads().activeAgent(id), u"assistant"_s);
    QCOMPARE(changed.size(), 1);
    QCOMPARE(changed[0].at(1).toString(), u"assistant"_s);
    const QList<RecordedRequest> requests = h.modelRequests();
    QCOMPARE(requests.size(), 2);
    QCOMPARE(requests[1].instructions(), u"You are Triage."_s);
    const QStringList input = EngineHarness::inputSummary(requests[1]);
    QCOMPARE(input.constLast(), u"user: Hello?"_s);
    QVERIFY2(input.filter(u"Transferred to Billing"_s).isEmpty(), qPrintable(input.join(u" | "_s)));
    QVERIFY(!h.work().threads().get(id, u"billing"_s).pendingInput.contains(u"Transferred"_s));
    const QList<Message> rows = h.rows(id);
    QCOMPARE(rows.size(), 5);
    QCOMPARE(rows[1].divider, Message::Divider::Transferred);
    QCOMPARE(rows[2].divider, Message::Divider::Error); // the person sees why Triage answers
    QCOMPARE(rows[2].handoffId, handoffs[0].id);
    QCOMPARE(rows[2].content, u"The handoff to Billing timed out: the conversation is back with Triage."_s);
    QCOMPARE(rows[3].content, u"Hello?"_s);
    QCOMPARE(rows[4].agentId, u"assistant"_s);
    QCOMPARE(rows[4].content, u"Triage again: how can I help?"_s);

    // Billing's own thread, should it be handed the conversation later, does not hold the stale transfer either.
    QVERIFY(ThreadHistory::build(h.work(), id, u"billing"_s, 0).isEmpty());
}

void TestRecovery::cleanup()
{
    // Every body the engine sent in the test must match OpenAI's spec.
    const QStringList problems = EngineHarness::takeSpecProblems();
    QVERIFY2(problems.isEmpty(), qPrintable(problems.join(u"\n\n"_s)));
}

QTEST_GUILESS_MAIN(TestRecovery)
#include "tst_recovery.moc"
