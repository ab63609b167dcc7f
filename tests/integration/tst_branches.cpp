#include "EngineHarness.h"
#include "FakeLlmServer.h"
#include "LaunchTool.h"
#include "ScriptedReply.h"
#include "chat/LocalChatRepository.h"
#include "presentation/ChatViewModel.h"
#include "presentation/MessageListModel.h"
#include "storage/UnitOfWork.h"

#include <QSignalSpy>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace Tandem;
using namespace Tandem::Test;

namespace {

QStringList texts(const QList<Message> &rows)
{
    QStringList result;
    for (const Message &row : rows)
        if (row.kind == Message::Kind::Text)
            result << row.content;
    return result;
}

qint64 idOf(const QList<Message> &rows, const QString &text)
{
    for (const Message &row : rows)
        if (row.content == text)
            return row.id;
    return 0;
}

} // namespace

/// Edit, regenerate and switch branches through the engine, on both protocols: what each model request carries after
/// the branch moved (issue #30), and the view model's switcher.
class TestBranches : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void cleanup() { QCOMPARE(EngineHarness::takeSpecProblems(), QStringList {}); }
    void editAndSwitchBackAndForth_data() { protocols(); }
    void editAndSwitchBackAndForth();
    void regenerateAnyAnswer_data() { protocols(); }
    void regenerateAnyAnswer();
    void viewModelShowsTheVersions();
    void approvalWaitsOnItsBranch();

private:
    static void protocols()
    {
        QTest::addColumn<ProviderProfile::Protocol>("protocol");
        QTest::newRow("responses") << ProviderProfile::Protocol::Responses;
        QTest::newRow("chat completions") << ProviderProfile::Protocol::ChatCompletions;
    }
};

void TestBranches::editAndSwitchBackAndForth()
{
    QFETCH(ProviderProfile::Protocol, protocol);
    EngineHarness h(protocol);
    QVERIFY(h.isReady());
    for (const QString &answer : { u"A1"_s, u"A2"_s, u"A2b"_s, u"A3"_s, u"A4"_s })
        h.server().enqueue(ScriptedReply::text({ answer }));
    const qint64 id = h.createConversation(Conversation::Mode::Single);
    QCOMPARE(h.sendAndWait(id, u"Q1"_s), RunOutcome::Completed);
    QCOMPARE(h.sendAndWait(id, u"Q2"_s), RunOutcome::Completed);
    const qint64 q2 = idOf(h.rows(id), u"Q2"_s);

    const SendResult edited = h.repository().editAndResend(id, q2, u"Q2b"_s);
    QVERIFY(edited.accepted());
    QCOMPARE(h.waitForRun(id), RunOutcome::Completed);
    QCOMPARE(texts(h.repository().messages(id)), (QStringList { u"Q1"_s, u"A1"_s, u"Q2b"_s, u"A2b"_s }));
    QCOMPARE(h.repository().siblings(q2), (QList<qint64> { q2, edited.messageId }));

    // Back to the first version, and a message there: the request holds that branch's history only.
    const BranchSwitch back = h.repository().switchToSibling(id, q2);
    QVERIFY(back.switched);
    QCOMPARE(back.taskChangesLeft, 0);
    QCOMPARE(texts(h.repository().messages(id)), (QStringList { u"Q1"_s, u"A1"_s, u"Q2"_s, u"A2"_s }));
    QCOMPARE(h.sendAndWait(id, u"Q3"_s), RunOutcome::Completed);
    // And forth again.
    QVERIFY(h.repository().switchToSibling(id, edited.messageId).switched);
    QCOMPARE(h.sendAndWait(id, u"Q4"_s), RunOutcome::Completed);
    QCOMPARE(
        texts(h.repository().messages(id)), (QStringList { u"Q1"_s, u"A1"_s, u"Q2b"_s, u"A2b"_s, u"Q4"_s, u"A4"_s }));

    const QList<RecordedRequest> requests = h.modelRequests();
    QCOMPARE(requests.size(), 5);
    const QStringList editRequest = EngineHarness::inputSummary(requests[2]);
    const QStringList backRequest = EngineHarness::inputSummary(requests[3]);
    const QStringList forthRequest = EngineHarness::inputSummary(requests[4]);
    // Neither protocol's thread mixes the branches: each request holds its own branch's turns, in order, once.
    QCOMPARE(editRequest, (QStringList { u"user: Q1"_s, u"assistant: A1"_s, u"user: Q2b"_s }));
    QCOMPARE(backRequest,
        (QStringList { u"user: Q1"_s, u"assistant: A1"_s, u"user: Q2"_s, u"assistant: A2"_s, u"user: Q3"_s }));
    QCOMPARE(forthRequest,
        (QStringList { u"user: Q1"_s, u"assistant: A1"_s, u"user: Q2b"_s, u"assistant: A2b"_s, u"user: Q4"_s }));
    if (h.isResponses()) {
        // On the Responses API each move to a branch the cached server-side thread does not hold started a new
        // Conversations object, seeded with the branch's own items.
        QStringList threads;
        for (const RecordedRequest &request : requests)
            threads << request.json.value(u"conversation"_s).toString();
        QCOMPARE(threads[0], threads[1]);
        QVERIFY(threads[2] != threads[1]);
        QVERIFY(threads[3] != threads[2] && threads[3] != threads[1]);
        QVERIFY(threads[4] != threads[3] && threads[4] != threads[2]);
    }
}

void TestBranches::regenerateAnyAnswer()
{
    QFETCH(ProviderProfile::Protocol, protocol);
    EngineHarness h(protocol);
    QVERIFY(h.isReady());
    for (const QString &answer : { u"A1"_s, u"A2"_s, u"A1b"_s })
        h.server().enqueue(ScriptedReply::text({ answer }));
    const qint64 id = h.createConversation(Conversation::Mode::Single);
    QCOMPARE(h.sendAndWait(id, u"Q1"_s), RunOutcome::Completed);
    QCOMPARE(h.sendAndWait(id, u"Q2"_s), RunOutcome::Completed);
    const qint64 a1 = idOf(h.rows(id), u"A1"_s);

    QVERIFY(h.repository().regenerateAnswer(id, a1));
    QCOMPARE(h.waitForRun(id), RunOutcome::Completed);
    QCOMPARE(texts(h.repository().messages(id)), (QStringList { u"Q1"_s, u"A1b"_s }));
    const QList<qint64> versions = h.repository().siblings(a1);
    QCOMPARE(versions.size(), 2);
    QCOMPARE(h.work().messages().get(versions[1])->content, u"A1b"_s);
    QCOMPARE(EngineHarness::inputSummary(h.modelRequests().constLast()), QStringList { u"user: Q1"_s });
    // The conversation's metrics follow the branch: the new answer's run only; every conversation's count all three.
    QCOMPARE(h.repository().metrics(id).runs, 1);
    QCOMPARE(h.repository().metrics(id).total.modelCalls, 1);
    QCOMPARE(h.repository().metrics().runs, 3);
    // The old branch is whole.
    QVERIFY(h.repository().switchToSibling(id, a1).switched);
    QCOMPARE(texts(h.repository().messages(id)), (QStringList { u"Q1"_s, u"A1"_s, u"Q2"_s, u"A2"_s }));
    QCOMPARE(h.repository().metrics(id).runs, 2);
}

void TestBranches::viewModelShowsTheVersions()
{
    EngineHarness h(ProviderProfile::Protocol::ChatCompletions);
    QVERIFY(h.isReady());
    for (const QString &answer : { u"A1"_s, u"A1b"_s })
        h.server().enqueue(ScriptedReply::text({ answer }));
    ChatViewModel chat(&h.repository());
    const qint64 id = h.createConversation(Conversation::Mode::Single);
    chat.openConversation(id);
    QVERIFY(chat.send(u"Q1"_s));
    QCOMPARE(h.waitForRun(id), RunOutcome::Completed);
    MessageListModel *model = chat.messages();
    const qint64 q1 = idOf(h.rows(id), u"Q1"_s);
    QVERIFY(chat.editAndResend(q1, u"Q1b"_s));
    QCOMPARE(h.waitForRun(id), RunOutcome::Completed);
    QTRY_COMPARE(model->rowCount(), 2);
    const QModelIndex first = model->index(0);
    QCOMPARE(first.data(MessageListModel::ContentRole).toString(), u"Q1b"_s);
    QCOMPARE(first.data(MessageListModel::SiblingIndexRole).toInt(), 1);
    QCOMPARE(first.data(MessageListModel::SiblingCountRole).toInt(), 2);
    QCOMPARE(model->index(1).data(MessageListModel::SiblingCountRole).toInt(), 1);

    QSignalSpy switched(&chat, &ChatViewModel::branchSwitched);
    QVERIFY(chat.switchSibling(first.data(MessageListModel::IdRole).toLongLong(), -1));
    QCOMPARE(switched.size(), 1);
    QCOMPARE(model->index(0).data(MessageListModel::ContentRole).toString(), u"Q1"_s);
    QCOMPARE(model->index(0).data(MessageListModel::SiblingIndexRole).toInt(), 0);
    QCOMPARE(model->index(1).data(MessageListModel::ContentRole).toString(), u"A1"_s);
    QVERIFY(!chat.switchSibling(q1, -1)); // nothing before the first version
}

void TestBranches::approvalWaitsOnItsBranch()
{
    EngineHarness h(ProviderProfile::Protocol::ChatCompletions);
    LaunchTool::giveAssistant(h, { u"launch"_s }, u"You launch rockets."_s);
    h.server().enqueue(ScriptedReply::calling({ ToolCall { {}, u"launch"_s, u"{\"target\":\"moon\"}"_s, {} } }));
    h.server().enqueue(ScriptedReply::text({ u"Hello."_s }));
    const qint64 id = h.createConversation(Conversation::Mode::Single);
    QSignalSpy needed(&h.repository(), &ChatRepository::approvalNeeded);
    const qint64 launch = h.repository().send(id, u"Launch"_s).messageId;
    QVERIFY(launch != 0);
    QVERIFY(needed.wait(10'000));
    const ApprovalRequest request = needed[0].at(0).value<ApprovalRequest>();
    h.restart(); // the run is gone, the approval waits

    // Another version of the message: the approval belongs to the branch left.
    QVERIFY(h.repository().editAndResend(id, launch, u"Just say hello"_s).accepted());
    QCOMPARE(h.waitForRun(id), RunOutcome::Completed);
    QVERIFY(h.repository().pendingApprovals(id).isEmpty());
    // Deciding it from the other branch is refused: its run would go on there.
    QVERIFY(!h.repository().decideApproval(request.id, ApprovalDecision::Deny));
    // Back on its branch it waits again.
    QVERIFY(h.repository().switchToSibling(id, launch).switched);
    const QList<ApprovalRequest> pending = h.repository().pendingApprovals(id);
    QCOMPARE(pending.size(), 1);
    QCOMPARE(pending[0].id, request.id);
}

QTEST_GUILESS_MAIN(TestBranches)
#include "tst_branches.moc"
