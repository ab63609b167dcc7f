#include "StubChatRepository.h"
#include "presentation/ChatViewModel.h"
#include "presentation/MessageListModel.h"

#include <QAbstractItemModelTester>
#include <QSignalSpy>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace Tandem;
using Tandem::Test::StubChatRepository;

class TestChatViewModel : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void sendCreatesAConversationAndShowsTheMessageAtOnce();
    void blankOrFailedSendsSendNothing();
    void runStateWorkingAgentsAndStop();
    void failedRunSetsTheErrorAndRetryRegenerates();
    void dualToggleSwitchesTheMode();
    void statusLineNamesAgentProviderAndModel();
    void approvalsOfThisConversationAreForwarded();
};

void TestChatViewModel::sendCreatesAConversationAndShowsTheMessageAtOnce()
{
    StubChatRepository repo;
    ChatViewModel vm(&repo);
    QAbstractItemModelTester tester(vm.messages(), QAbstractItemModelTester::FailureReportingMode::QtTest);
    QSignalSpy opened(&vm, &ChatViewModel::conversationChanged);
    QVERIFY(vm.send(u"  hello  "_s));
    QVERIFY(vm.conversationId() > 0);
    QCOMPARE(opened.count(), 1);
    QCOMPARE(repo.sendCalls, 1);
    QCOMPARE(vm.messages()->rowCount(), 1);
    QCOMPARE(vm.messages()->index(0).data(MessageListModel::ContentRole).toString(), u"hello"_s);
}

void TestChatViewModel::blankOrFailedSendsSendNothing()
{
    StubChatRepository repo;
    ChatViewModel vm(&repo);
    QVERIFY(!vm.send(u"   "_s));
    QCOMPARE(repo.sendCalls, 0);
    repo.failSend = true;
    QSignalSpy error(&vm, &ChatViewModel::errorChanged);
    QVERIFY(!vm.send(u"hi"_s));
    QVERIFY(!error.isEmpty());
    QCOMPARE(error.last().first().toString(), vm.errorText());
    QVERIFY(!vm.errorText().isEmpty());
}

void TestChatViewModel::runStateWorkingAgentsAndStop()
{
    StubChatRepository repo;
    ChatViewModel vm(&repo);
    const qint64 id = vm.newConversation(Conversation::Mode::Dual);
    QSignalSpy running(&vm, &ChatViewModel::runningChanged);
    repo.running = true;
    Q_EMIT repo.runStarted(id, 7);
    QVERIFY(vm.isRunning());
    QCOMPARE(running.count(), 1);
    QVERIFY(!vm.send(u"while running"_s)); // one run at a time
    Q_EMIT repo.agentWorking(id, u"agent1"_s, true);
    QCOMPARE(vm.workingAgents(), QStringList { u"agent1"_s });
    QCOMPARE(vm.workingText(), u"Agent 1 is working…"_s);
    Q_EMIT repo.agentWorking(id, u"agent1"_s, false);
    Q_EMIT repo.agentWorking(id, u"agent2"_s, true);
    QCOMPARE(vm.workingText(), u"Agent 2 is working…"_s);
    Q_EMIT repo.agentWorking(id + 1, u"agent1"_s, true); // another conversation
    QCOMPARE(vm.workingAgents().size(), 1);
    vm.stop();
    QCOMPARE(repo.cancelCalls, 1);
    repo.running = false;
    Q_EMIT repo.runFinished(id, 7, RunOutcome::Cancelled, {});
    QVERIFY(!vm.isRunning());
    QVERIFY(vm.workingText().isEmpty());
    QVERIFY(vm.errorText().isEmpty());
}

void TestChatViewModel::failedRunSetsTheErrorAndRetryRegenerates()
{
    StubChatRepository repo;
    ChatViewModel vm(&repo);
    const qint64 id = vm.newConversation();
    Q_EMIT repo.runStarted(id, 1);
    Q_EMIT repo.runFinished(id, 1, RunOutcome::Failed, u"503 from the provider"_s);
    QCOMPARE(vm.errorText(), u"503 from the provider"_s);
    QVERIFY(vm.retry());
    QCOMPARE(repo.regenerateCalls, 1);
    QVERIFY(vm.errorText().isEmpty());
}

void TestChatViewModel::dualToggleSwitchesTheMode()
{
    StubChatRepository repo;
    ChatViewModel vm(&repo);
    const qint64 id = vm.newConversation();
    QSignalSpy mode(&vm, &ChatViewModel::modeChanged);
    QVERIFY(!vm.isDualMode());
    vm.setDualMode(true);
    QVERIFY(vm.isDualMode());
    QCOMPARE(repo.conversationRows.value(id).mode, Conversation::Mode::Dual);
    QVERIFY(mode.count() >= 1);
    QCOMPARE(mode.last().first().toBool(), true);
    vm.setDualMode(false);
    QCOMPARE(repo.conversationRows.value(id).mode, Conversation::Mode::Single);
}

void TestChatViewModel::statusLineNamesAgentProviderAndModel()
{
    StubChatRepository repo;
    ChatViewModel vm(&repo);
    const qint64 id = vm.newConversation();
    repo.setProvider(id, u"openai"_s, u"gpt-4.1-mini"_s);
    vm.setProviderNames({ { u"openai"_s, u"OpenAI"_s } });
    Q_EMIT repo.conversationsChanged();
    QVERIFY(vm.statusText().contains(u"Agent 1"_s));
    QVERIFY(vm.statusText().contains(u"OpenAI"_s));
    QVERIFY(vm.statusText().contains(u"gpt-4.1-mini"_s));
    QSignalSpy status(&vm, &ChatViewModel::statusChanged);
    Q_EMIT repo.activeAgentChanged(id, u"agent2"_s);
    QCOMPARE(status.count(), 1);
    QCOMPARE(vm.activeAgentName(), u"Agent 2"_s);
}

void TestChatViewModel::approvalsOfThisConversationAreForwarded()
{
    StubChatRepository repo;
    ChatViewModel vm(&repo);
    const qint64 id = vm.newConversation();
    QSignalSpy asked(&vm, &ChatViewModel::approvalRequested);
    ApprovalRequest request;
    request.id = 4;
    request.conversationId = id;
    request.toolName = u"delete_file"_s;
    Q_EMIT repo.approvalNeeded(request);
    request.conversationId = id + 1;
    Q_EMIT repo.approvalNeeded(request);
    QCOMPARE(asked.count(), 1);
}

QTEST_GUILESS_MAIN(TestChatViewModel)
#include "tst_chatviewmodel.moc"
