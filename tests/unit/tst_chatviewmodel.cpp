// The chat window's view model on real parts: the real LocalChatRepository on a temporary SQLite file, its runs
// talking over loopback HTTP to the fake LLM server. What the view model asked for is checked where it lands: the
// stored rows, the requests the server received, the signals the repository emitted.

#include "EngineHarness.h"
#include "presentation/ChatViewModel.h"
#include "presentation/MessageListModel.h"
#include "storage/AgentThreadStore.h"

#include <QAbstractItemModelTester>
#include <QJsonDocument>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QSqlQuery>
#include <QTest>

#include <memory>

using namespace Qt::StringLiterals;
using namespace Tandem;
using Tandem::Test::EngineHarness;
using Tandem::Test::ScriptedReply;

namespace {

ToolCall toolCall(const QString &name, const QJsonObject &arguments)
{
    return ToolCall { {}, name, QString::fromUtf8(QJsonDocument(arguments).toJson(QJsonDocument::Compact)), {} };
}

/// Agent 1 hands the conversation to agent 2 with the handoff_to tool.
ScriptedReply handoffToAgent2(const QString &context)
{
    return ScriptedReply::calling(
        { toolCall(u"handoff_to"_s, { { u"target_agent"_s, u"agent2"_s }, { u"context"_s, context } }) });
}

/// A reply that streams @p text, then goes silent with the connection open (until stopped).
ScriptedReply stallingAfter(const QStringList &text)
{
    // Chat Completions opens with a role-only chunk, then one chunk per piece of text.
    return ScriptedReply::text(text).withFault(ScriptedReply::Fault::Stall, int(text.size()) + 1);
}

} // namespace

class TestChatViewModel : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void cleanup();
    void sendCreatesAConversationAndShowsTheMessageAtOnce();
    void blankOrFailedSendsSendNothing();
    void aRefusedSendSaysWhy();
    void runStateWorkingAgentsAndStop();
    void workingIndicatorAfterTheTextSignal();
    void failedRunShowsAnErrorRowAndRetryRegenerates();
    void dualToggleSwitchesTheMode();
    void statusLineNamesAgentProviderAndModel();
    void resetOneAgentKeepsTheOther();
    void approvalsOfThisConversationAreForwarded();

private:
    /// Waits until the view model says the run is over (it learns it from runFinished).
    bool waitUntilIdle(const ChatViewModel &vm) const;
    QList<Message> userRows(qint64 conversationId) const;

    std::unique_ptr<EngineHarness> m_h;
    LocalChatRepository *m_repo = nullptr;
};

void TestChatViewModel::init()
{
    EngineConfig config = EngineHarness::testConfig(); // no retries
    config.persistIntervalMs = 10;
    m_h = std::make_unique<EngineHarness>(ProviderProfile::Protocol::ChatCompletions, config);
    QVERIFY(m_h->isReady());
    m_repo = &m_h->repository();
}

void TestChatViewModel::cleanup()
{
    if (m_repo) {
        const QList<Conversation> conversations = m_repo->conversations();
        for (const Conversation &c : conversations)
            m_repo->cancel(c.id); // a failed test may leave a stalled run behind
    }
    m_repo = nullptr;
    m_h.reset();
}

bool TestChatViewModel::waitUntilIdle(const ChatViewModel &vm) const
{
    for (int i = 0; i < 300 && vm.isRunning(); ++i)
        QTest::qWait(50);
    return !vm.isRunning();
}

QList<Message> TestChatViewModel::userRows(qint64 conversationId) const
{
    QList<Message> rows = m_h->rows(conversationId);
    rows.removeIf([](const Message &m) { return m.role != Message::Role::User; });
    return rows;
}

void TestChatViewModel::sendCreatesAConversationAndShowsTheMessageAtOnce()
{
    m_h->server().enqueue(ScriptedReply::text({ u"Hello "_s, u"back"_s }));
    ChatViewModel vm(m_repo);
    QAbstractItemModelTester tester(vm.messages(), QAbstractItemModelTester::FailureReportingMode::QtTest);
    QSignalSpy opened(&vm, &ChatViewModel::conversationChanged);
    QVERIFY(m_repo->conversations().isEmpty());

    QVERIFY(vm.send(u"  hello  "_s));
    const qint64 id = vm.conversationId();
    QVERIFY(id > 0);
    QCOMPARE(opened.count(), 1);
    QCOMPARE(m_repo->conversations().size(), 1);
    // Stored and shown before any reply.
    QCOMPARE(vm.messages()->rowCount(), 1);
    QCOMPARE(vm.messages()->index(0).data(MessageListModel::ContentRole).toString(), u"hello"_s);
    QCOMPARE(userRows(id).size(), 1);
    QCOMPARE(userRows(id).constFirst().content, u"hello"_s);
    QVERIFY(vm.isRunning());

    QVERIFY(waitUntilIdle(vm));
    QVERIFY(vm.errorText().isEmpty());
    QCOMPARE(vm.messages()->rowCount(), 2);
    QCOMPARE(vm.messages()->index(1).data(MessageListModel::ContentRole).toString(), u"Hello back"_s);
    QCOMPARE(vm.title(), u"hello"_s); // the first message titles the conversation
    // Sent once, with the trimmed text.
    const QList<Test::RecordedRequest> requests = m_h->modelRequests();
    QCOMPARE(requests.size(), 1);
    QCOMPARE(EngineHarness::inputSummary(requests.constFirst()).constLast(), u"user: hello"_s);
    QVERIFY(vm.canRegenerate());
}

void TestChatViewModel::blankOrFailedSendsSendNothing()
{
    ChatViewModel vm(m_repo);
    QVERIFY(!vm.send(u"   "_s));
    QCOMPARE(vm.conversationId(), 0);
    QVERIFY(m_repo->conversations().isEmpty()); // not even a conversation was made for it
    QVERIFY(vm.errorText().isEmpty());

    // The database refuses every write: the message cannot be stored, so nothing may leave.
    const qint64 id = vm.newConversation();
    QVERIFY(id > 0);
    QSqlQuery pragma(m_h->db());
    QVERIFY(pragma.exec(u"PRAGMA query_only = ON"_s));
    QSignalSpy error(&vm, &ChatViewModel::errorChanged);
    QTest::ignoreMessage(QtWarningMsg, QRegularExpression(u"readonly database"_s));
    QVERIFY(!vm.send(u"hi"_s));
    QVERIFY(pragma.exec(u"PRAGMA query_only = OFF"_s));
    QVERIFY(!error.isEmpty());
    QCOMPARE(error.last().first().toString(), vm.errorText());
    QVERIFY(!vm.errorText().isEmpty());
    QVERIFY(!vm.isRunning());
    QVERIFY(!m_repo->isRunning(id));
    QCOMPARE(vm.messages()->rowCount(), 0);
    QVERIFY(m_h->rows(id).isEmpty());
    QCOMPARE(m_h->server().requestCount(), 0); // and no run exists that could still send one
}

void TestChatViewModel::aRefusedSendSaysWhy()
{
    // The façade tells the refusals apart; the view model turns each into its own sentence.
    const qint64 id = m_repo->createConversation();
    QCOMPARE(m_repo->send(id, u"  "_s).refusal, SendResult::Refusal::Empty);
    QCOMPARE(m_repo->send(id + 1000, u"hi"_s).refusal, SendResult::Refusal::NoConversation);
    const SendResult noAgent = m_repo->sendTo(id, u"nobody"_s, u"hi"_s);
    QCOMPARE(noAgent.refusal, SendResult::Refusal::NoAgent);
    QVERIFY(!noAgent.accepted());
    QCOMPARE(noAgent.messageId, qint64(0));
    QVERIFY(m_repo->messages(id).isEmpty()); // nothing was stored for any of them
    QCOMPARE(m_h->server().requestCount(), 0);

    ChatViewModel vm(m_repo);
    vm.openConversation(id);
    QVERIFY(m_repo->deleteConversation(id)); // gone under the open view, as another window could do
    QVERIFY(!vm.send(u"hello"_s));
    QVERIFY(vm.errorText().contains(u"no longer exists"_s));
}

void TestChatViewModel::runStateWorkingAgentsAndStop()
{
    // Agent 1 hands over with the handoff_to tool; agent 2 streams a little and then hangs until stopped.
    m_h->server().enqueue(handoffToAgent2(u"Make the text shorter"_s));
    m_h->server().enqueue(stallingAfter({ u"Short"_s, u"er "_s, u"text"_s }));
    ChatViewModel vm(m_repo);
    QAbstractItemModelTester tester(vm.messages(), QAbstractItemModelTester::FailureReportingMode::QtTest);
    const qint64 id = vm.newConversation(Conversation::Mode::Dual);
    QStringList workingTexts;
    connect(&vm, &ChatViewModel::workingChanged, &vm, [&] { workingTexts << vm.workingText(); });
    QSignalSpy running(&vm, &ChatViewModel::runningChanged);

    QVERIFY(vm.send(u"Please shorten my text"_s));
    QVERIFY(vm.isRunning());
    QCOMPARE(running.count(), 1);
    QVERIFY(!vm.send(u"while running"_s)); // one run at a time
    QCOMPARE(userRows(id).size(), 1);

    QTRY_COMPARE_WITH_TIMEOUT(vm.workingAgents(), QStringList { u"agent2"_s }, 10'000);
    QCOMPARE(vm.workingText(), u"Agent 2 is working…"_s);
    QVERIFY(workingTexts.contains(u"Agent 1 is working…"_s));
    QVERIFY(workingTexts.indexOf(u"Agent 1 is working…"_s) < workingTexts.indexOf(u"Agent 2 is working…"_s));
    QTRY_VERIFY_WITH_TIMEOUT(m_h->rows(id).constLast().content == u"Shorter text"_s, 10'000);

    // Another conversation's run neither counts as working here nor ends this one.
    const qint64 other = m_repo->createConversation(Conversation::Mode::Single);
    m_h->server().enqueue(ScriptedReply::text({ u"Elsewhere"_s }));
    QCOMPARE(m_h->sendAndWait(other, u"meanwhile"_s), RunOutcome::Completed);
    QCOMPARE(vm.workingAgents(), QStringList { u"agent2"_s });
    QVERIFY(vm.isRunning());

    QSignalSpy finished(m_repo, &ChatRepository::runFinished);
    vm.stop();
    QCOMPARE(finished.count(), 1);
    QCOMPARE(finished.first().at(0).toLongLong(), id);
    QCOMPARE(finished.first().at(2).value<RunOutcome>(), RunOutcome::Cancelled);
    QVERIFY(!vm.isRunning());
    QCOMPARE(running.count(), 2);
    QVERIFY(vm.workingAgents().isEmpty());
    QVERIFY(vm.workingText().isEmpty());
    QVERIFY(vm.errorText().isEmpty()); // stopped is not failed
    const Message reply = m_h->rows(id).constLast();
    QCOMPARE(reply.agentId, u"agent2"_s);
    QCOMPARE(reply.status, Message::Status::Cancelled);
    QCOMPARE(reply.content, u"Shorter text"_s); // the partial reply stays
    vm.messages()->flushDeltas();
    QCOMPARE(vm.messages()->messageAt(vm.messages()->rowCount() - 1).status, Message::Status::Cancelled);
}

void TestChatViewModel::workingIndicatorAfterTheTextSignal()
{
    // Seed 000's own handoff, the HANDOFF_AGENT2 line: once agent 2 streams, agent 2 is the one working.
    m_h->server().enqueue(ScriptedReply::text({ u"HANDOFF_AGENT2\n"_s, u"Rewrite: make it shorter"_s }));
    m_h->server().enqueue(stallingAfter({ u"Short"_s, u"er"_s }));
    ChatViewModel vm(m_repo);
    const qint64 id = vm.newConversation(Conversation::Mode::Dual);
    QVERIFY(vm.send(u"Please shorten my text"_s));
    QTRY_VERIFY_WITH_TIMEOUT(m_h->rows(id).constLast().content == u"Shorter"_s, 10'000);
    QVERIFY(vm.workingAgents().contains(u"agent2"_s));
    QCOMPARE(vm.workingText(), u"Agent 2 is working…"_s);
    vm.stop();
    QVERIFY(!vm.isRunning());
    QVERIFY(vm.workingText().isEmpty());
}

void TestChatViewModel::failedRunShowsAnErrorRowAndRetryRegenerates()
{
    m_h->server().enqueue(ScriptedReply::httpError(503));
    ChatViewModel vm(m_repo);
    const qint64 id = vm.newConversation();
    QSignalSpy finished(m_repo, &ChatRepository::runFinished);
    QVERIFY(vm.send(u"Summarise this"_s));
    QVERIFY(waitUntilIdle(vm));
    QCOMPARE(finished.count(), 1);
    QCOMPARE(finished.first().at(2).value<RunOutcome>(), RunOutcome::Failed);
    const QString reason = finished.first().at(3).toString();
    QVERIFY(!reason.isEmpty());
    // The reason is shown once, in the chat: an error row (with Retry), not again beside the composer.
    QCOMPARE(m_h->rows(id).constLast().kind, Message::Kind::Error);
    QCOMPARE(m_h->rows(id).constLast().content, reason);
    QCOMPARE(vm.messages()->messageAt(vm.messages()->rowCount() - 1).content, reason);
    QVERIFY(vm.errorText().isEmpty());

    m_h->server().enqueue(ScriptedReply::text({ u"Here "_s, u"it is."_s }));
    QVERIFY(vm.retry());
    QVERIFY(waitUntilIdle(vm));
    QVERIFY(vm.errorText().isEmpty());
    QCOMPARE(finished.count(), 2);
    QCOMPARE(finished.last().at(2).value<RunOutcome>(), RunOutcome::Completed);
    // The same message was asked again; it was not stored a second time.
    QCOMPARE(userRows(id).size(), 1);
    const QList<Test::RecordedRequest> requests = m_h->modelRequests();
    QCOMPARE(requests.size(), 2);
    QCOMPARE(EngineHarness::inputSummary(requests.at(1)).constLast(), u"user: Summarise this"_s);
    const Message answer = m_h->rows(id).constLast();
    QCOMPARE(answer.content, u"Here it is."_s);
    QCOMPARE(answer.status, Message::Status::Complete);
    vm.messages()->flushDeltas();
    QCOMPARE(vm.messages()->messageAt(vm.messages()->lastAnswerRow()).content, u"Here it is."_s);
}

void TestChatViewModel::dualToggleSwitchesTheMode()
{
    ChatViewModel vm(m_repo);
    const qint64 id = vm.newConversation();
    QSignalSpy mode(&vm, &ChatViewModel::modeChanged);
    QVERIFY(!vm.isDualMode());
    vm.setDualMode(true);
    QVERIFY(vm.isDualMode());
    QCOMPARE(m_repo->conversation(id)->mode, Conversation::Mode::Dual);
    QCOMPARE(m_repo->activeAgent(id), u"agent1"_s);
    QVERIFY(mode.count() >= 1);
    QCOMPARE(mode.last().first().toBool(), true);
    vm.setDualMode(false);
    QVERIFY(!vm.isDualMode());
    QCOMPARE(m_repo->conversation(id)->mode, Conversation::Mode::Single);
    QCOMPARE(mode.last().first().toBool(), false);
    QCOMPARE(vm.activeAgentName(), u"Assistant"_s);
}

void TestChatViewModel::statusLineNamesAgentProviderAndModel()
{
    ChatViewModel vm(m_repo);
    const qint64 id = vm.newConversation(Conversation::Mode::Dual);
    QVERIFY(m_repo->setProvider(id, u"fake"_s, u"gpt-4.1-mini"_s));
    vm.setProviderNames({ { u"fake"_s, u"Fake server"_s } });
    QVERIFY(vm.statusText().contains(u"Agent 1"_s));
    QVERIFY(vm.statusText().contains(u"Fake server"_s));
    QVERIFY(vm.statusText().contains(u"gpt-4.1-mini"_s));

    // The handoff moves the conversation to agent 2: the status line says so as the repository announces it.
    m_h->server().enqueue(handoffToAgent2(u"Make the text shorter"_s));
    m_h->server().enqueue(ScriptedReply::text({ u"Shorter."_s }));
    QSignalSpy status(&vm, &ChatViewModel::statusChanged);
    QStringList namesAnnounced;
    connect(m_repo, &ChatRepository::activeAgentChanged, &vm, [&](qint64 conversationId, const QString &agent) {
        QCOMPARE(conversationId, id);
        QCOMPARE(agent, u"agent2"_s);
        namesAnnounced << vm.activeAgentName();
        QVERIFY(vm.statusText().contains(u"Agent 2"_s));
    });
    QVERIFY(vm.send(u"Please shorten my text"_s));
    QVERIFY(waitUntilIdle(vm));
    QVERIFY(vm.errorText().isEmpty());
    QCOMPARE(namesAnnounced, QStringList { u"Agent 2"_s });
    QVERIFY(status.count() >= 1);
    // The run used the conversation's model.
    QCOMPARE(m_h->modelRequests().constFirst().json.value(u"model"_s).toString(), u"gpt-4.1-mini"_s);

    // A conversation that names no model shows the model that answers: the provider's default.
    const qint64 plain = vm.newConversation(Conversation::Mode::Single);
    QVERIFY(plain > 0);
    QCOMPARE(m_repo->effectiveModel(plain, m_repo->activeAgent(plain)), u"fake-model"_s);
    QVERIFY2(vm.statusText().contains(u"fake-model"_s), qPrintable(vm.statusText()));
}

void TestChatViewModel::approvalsOfThisConversationAreForwarded()
{
    // The assistant's delete_file tool is critical: each run stops and asks before it runs.
    const QJsonObject arguments { { u"path"_s, u"notes.txt"_s } };
    ChatViewModel vm(m_repo);
    const qint64 id = vm.newConversation();
    const qint64 other = m_repo->createConversation(Conversation::Mode::Single);
    QSignalSpy asked(&vm, &ChatViewModel::approvalRequested);
    QSignalSpy needed(m_repo, &ChatRepository::approvalNeeded);

    m_h->server().enqueue(ScriptedReply::calling({ toolCall(u"delete_file"_s, arguments) }));
    QVERIFY(vm.send(u"Delete my notes"_s));
    QTRY_COMPARE_WITH_TIMEOUT(needed.count(), 1, 10'000);
    m_h->server().enqueue(ScriptedReply::calling({ toolCall(u"delete_file"_s, arguments) }));
    QVERIFY(m_repo->send(other, u"Delete the other notes"_s).messageId > 0);
    QTRY_COMPARE_WITH_TIMEOUT(needed.count(), 2, 10'000);

    QCOMPARE(asked.count(), 1); // only this conversation's
    const ApprovalRequest request = asked.first().first().value<ApprovalRequest>();
    QCOMPARE(request.conversationId, id);
    QCOMPARE(request.toolName, u"delete_file"_s);

    // Denied through the view model, the run goes on without the tool.
    m_h->server().enqueue(ScriptedReply::text({ u"I left the file alone."_s }));
    QVERIFY(vm.decideApproval(request.id, ApprovalDecision::Deny));
    QVERIFY(waitUntilIdle(vm));
    QVERIFY(m_repo->pendingApprovals(id).isEmpty());
    QCOMPARE(m_h->rows(id).constLast().content, u"I left the file alone."_s);

    // Opening the other conversation asks its pending approval again.
    vm.openConversation(other);
    QCOMPARE(asked.count(), 2);
    QCOMPARE(asked.last().first().value<ApprovalRequest>().conversationId, other);
    vm.stop();
    QVERIFY(!m_repo->isRunning(other));
}

void TestChatViewModel::resetOneAgentKeepsTheOther()
{
    ChatViewModel vm(m_repo);
    const qint64 id = vm.newConversation(Conversation::Mode::Dual);
    QCOMPARE(vm.agents().constFirst().first, u"agent1"_s);
    QVERIFY(vm.agents().size() >= 2);
    m_h->server().enqueue(ScriptedReply::text({ u"HANDOFF_AGENT2\nShorten: the quick brown fox."_s }));
    m_h->server().enqueue(ScriptedReply::text({ u"Quick fox."_s }));
    QVERIFY(vm.send(u"Shorten my sentence"_s));
    QVERIFY(waitUntilIdle(vm));

    QVERIFY(!vm.resetAgent(u"nobody"_s));
    QVERIFY(vm.resetAgent(u"agent1"_s));
    AgentThreadStore &threads = m_h->work().threads();
    QVERIFY(threads.get(id, u"agent1"_s).historyFrom > 0);
    QCOMPARE(threads.get(id, u"agent2"_s).historyFrom, 0);

    // Agent 1 starts afresh: its next request holds only the new message, not the earlier exchange.
    m_h->server().enqueue(ScriptedReply::text({ u"What should I shorten?"_s }));
    QVERIFY(vm.send(u"Another one"_s));
    QVERIFY(waitUntilIdle(vm));
    const QStringList input = EngineHarness::inputSummary(m_h->modelRequests().constLast());
    QCOMPARE(input, QStringList { u"user: Another one"_s });
}

QTEST_GUILESS_MAIN(TestChatViewModel)
#include "tst_chatviewmodel.moc"
