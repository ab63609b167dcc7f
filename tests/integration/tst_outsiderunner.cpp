// Outside agents run by Tandem (issue #27, item 4): an agent file with `runner: command` names a program that Tandem
// starts in the workspace, in the sandbox, when work is handed to it. The programs here are the shell scripts of
// tests/integration/outside-agents, which talk to the real local API over loopback with curl.
#include "OutsideStory.h"
#include "ScriptedReply.h"
#include "domain/AgentFile.h"
#include "storage/UnitOfWork.h"
#include "tools/Bubblewrap.h"

#include <QFile>
#include <QJsonDocument>
#include <QRandomGenerator>
#include <QSignalSpy>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace Tandem;
using namespace Tandem::Test;

class TestOutsideRunner : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void cleanup();
    void parsesRunnerKeys_data();
    void parsesRunnerKeys();
    void handsOnThroughTheApi();
    void exitWithoutHandingOffFails();
    void stopEndsTheProcessGroup();
    void engineLeavesTheHandoffToTheProgram();

private:
    /// The engine on a pipeline story whose @p agent (analyst or implementer) runs @p command (words of its file's
    /// list), with the local API listening and the workspace holding the scripts.
    void start(const QString &command, const QString &agent = u"analyst"_s);
    /// The analyst's bubble of @p handoffId, once it is no longer streaming.
    std::optional<Message> finishedBubble(qint64 handoffId);

    std::unique_ptr<OutsideStory> m_outside;
    EngineHarness *m_harness = nullptr;
    qint64 m_story = 0;
};

void TestOutsideRunner::initTestCase()
{
    if (!Bubblewrap::unavailableReason().isEmpty())
        qInfo().noquote() << "no sandbox here, the scripts run directly:" << Bubblewrap::unavailableReason();
}

void TestOutsideRunner::cleanup()
{
    m_harness = nullptr;
    m_outside.reset();
    QVERIFY(EngineHarness::takeSpecProblems().isEmpty());
}

void TestOutsideRunner::parsesRunnerKeys_data()
{
    QTest::addColumn<QString>("keys");
    QTest::addColumn<QStringList>("argv");
    QTest::addColumn<bool>("network");
    QTest::addColumn<QString>("error");
    QTest::newRow("none") << QString() << QStringList() << false << QString();
    QTest::newRow("list") << u"runner: command\ncommand: [sh, ./a.sh]\nnetwork: true\n"_s
                          << QStringList { u"sh"_s, u"./a.sh"_s } << true << QString();
    QTest::newRow("string, split without a shell")
        << u"runner: command\ncommand: 'codex exec \"two words\" $HOME | x'\n"_s
        << QStringList { u"codex"_s, u"exec"_s, u"two words"_s, u"$HOME"_s, u"|"_s, u"x"_s } << false << QString();
    QTest::newRow("block list") << u"runner: command\ncommand:\n  - sh\n  - -c\n  - echo hi\n"_s
                                << QStringList { u"sh"_s, u"-c"_s, u"echo hi"_s } << false << QString();
    QTest::newRow("model") << u"runner: model\n"_s << QStringList() << false << QString();
    QTest::newRow("command without runner") << u"command: [sh]\n"_s << QStringList() << false
                                            << u"a.md:4: “command” is read only with “runner: command”."_s;
    QTest::newRow("runner without command")
        << u"runner: command\n"_s << QStringList() << false
        << u"a.md:4: “runner: command” needs a “command”: the program and its arguments."_s;
    QTest::newRow("unknown runner") << u"runner: docker\n"_s << QStringList() << false
                                    << u"a.md:4: “runner” is model or command, not “docker”."_s;
    QTest::newRow("open quote") << u"runner: command\ncommand: 'sh \"x'\n"_s << QStringList() << false
                                << u"a.md:5: The command line has a double quote that is not closed."_s;
}

void TestOutsideRunner::parsesRunnerKeys()
{
    QFETCH(QString, keys);
    QFETCH(QStringList, argv);
    QFETCH(bool, network);
    QFETCH(QString, error);
    const AgentFile::Result result
        = AgentFile::parse(QString(u"---\nid: a\nname: A\n"_s + keys + u"---\nDo it.\n"_s), u"a.md"_s);
    QCOMPARE(result.error, error);
    if (!error.isEmpty())
        return;
    QCOMPARE(result.runner.argv, argv);
    QCOMPARE(result.runner.isCommand(), !argv.isEmpty());
    QCOMPARE(result.runner.network, network);
}

void TestOutsideRunner::start(const QString &command, const QString &agent)
{
    m_outside = std::make_unique<OutsideStory>(command, agent);
    QVERIFY(m_outside->isReady());
    m_harness = &m_outside->harness();
    m_story = m_outside->story();
}

std::optional<Message> TestOutsideRunner::finishedBubble(qint64 handoffId)
{
    std::optional<Message> bubble;
    [[maybe_unused]] const bool done = QTest::qWaitFor(
        [&] {
            bubble.reset();
            for (const Message &row : m_harness->rows(m_story))
                if (row.role == Message::Role::Assistant && row.agentId == u"analyst"_s && row.handoffId == handoffId)
                    bubble = row;
            return bubble && bubble->status != Message::Status::Streaming;
        },
        30000);
    return bubble;
}

void TestOutsideRunner::handsOnThroughTheApi()
{
    start(u"sh, ./hand-on.sh"_s);
    QSignalSpy deltas(&m_harness->repository(), &ChatRepository::messageDelta);
    const Handoff toAnalyst = m_outside->handToAnalyst();
    QVERIFY(toAnalyst.id > 0);

    const std::optional<Message> bubble = finishedBubble(toAnalyst.id);
    QVERIFY(bubble);
    QVERIFY2(bubble->status == Message::Status::Complete, qPrintable(bubble->content + bubble->error));
    // The script's output, streamed into the analyst's bubble as it came.
    QVERIFY(bubble->content.contains(u"analyst: read the prompt of handoff %1"_s.arg(toAnalyst.id)));
    QVERIFY(bubble->content.contains(u"analyst: accepted handoff %1 of story %2"_s.arg(toAnalyst.id).arg(m_story)));
    QVERIFY(bubble->content.contains(u"analyst: handed the plan to the implementer"_s));
    QVERIFY(!deltas.isEmpty());

    // The work advanced through the API: the analyst's handoff accepted, the implementer's pending with its payload.
    const QList<Handoff> handoffs = m_harness->work().board().forConversation(m_story);
    QCOMPARE(handoffs.size(), 2);
    QCOMPARE(handoffs.at(0).status(), Handoff::Status::Accepted);
    QCOMPARE(handoffs.at(1).fromAgent, u"analyst"_s);
    QCOMPARE(handoffs.at(1).toAgent, u"implementer"_s);
    QCOMPARE(handoffs.at(1).status(), Handoff::Status::Pending);
    QCOMPARE(handoffs.at(1).payload.value(u"plan"_s).toString(), u"written by the outside analyst"_s);
    QCOMPARE(m_harness->repository().boardState(m_story).currentAgent, u"implementer"_s);

    // The token reached the script's environment only: not the bubble, not the database file.
    for (const Message &row : m_harness->rows(m_story))
        QVERIFY(!row.content.contains(OutsideStory::kToken) && !row.error.contains(OutsideStory::kToken));
    const QString path = m_harness->work().filePath();
    for (const QString &file : QStringList { path, path + u"-wal"_s }) {
        QFile database(file);
        if (database.open(QIODevice::ReadOnly))
            QVERIFY2(!database.readAll().contains(OutsideStory::kToken.toUtf8()), qPrintable(file));
    }
}

void TestOutsideRunner::exitWithoutHandingOffFails()
{
    start(u"sh, ./exit-3.sh"_s);
    const Handoff toAnalyst = m_outside->handToAnalyst();
    QVERIFY(toAnalyst.id > 0);

    const std::optional<Message> bubble = finishedBubble(toAnalyst.id);
    QVERIFY(bubble);
    QCOMPARE(bubble->status, Message::Status::Error);
    QVERIFY(bubble->content.contains(u"analyst: working on it"_s));
    const QString expected = u"Analyst's program exited with code 3 without handing the work on. Its last lines: "
                             u"analyst: working on it / analyst: tests failed, 2 of 10"_s;
    QCOMPARE(bubble->error, expected);
    // The handoff the script never took goes back to its source with that reason; a divider says it too.
    QTRY_COMPARE(m_harness->work().board().get(toAnalyst.id)->status(), Handoff::Status::Rejected);
    QCOMPARE(m_harness->work().board().get(toAnalyst.id)->rejectionReason(), expected);
    bool divider = false;
    for (const Message &row : m_harness->rows(m_story))
        divider = divider || (row.isDivider() && row.divider == Message::Divider::Error && row.content == expected);
    QVERIFY(divider);
}

void TestOutsideRunner::stopEndsTheProcessGroup()
{
    // A marker no other process has: the sleeping child is found by its command line.
    const QString marker = u"%1.%2"_s.arg(900000 + QRandomGenerator::global()->bounded(90000)).arg(m_story + 7);
    start(u"sh, ./sleep-forever.sh, \"%1\""_s.arg(marker));
    const Handoff toAnalyst = m_outside->handToAnalyst();
    QVERIFY(toAnalyst.id > 0);
    QList<qint64> sleepers;
    QTRY_VERIFY_WITH_TIMEOUT(!(sleepers = OutsideStory::processesRunning({ u"sleep"_s, marker })).isEmpty(), 20000);
    QCOMPARE(sleepers.size(), 1);
    const qint64 sleeper = sleepers.constFirst();
    QVERIFY(OutsideStory::alive(sleeper));

    m_harness->repository().cancel(m_story);
    const std::optional<Message> bubble = finishedBubble(toAnalyst.id);
    QVERIFY(bubble);
    QCOMPARE(bubble->status, Message::Status::Cancelled);
    QVERIFY(bubble->content.contains(u"analyst: sleeping"_s));
    QTRY_VERIFY_WITH_TIMEOUT(!OutsideStory::alive(sleeper), 10000);
    QCOMPARE(m_harness->work().board().get(toAnalyst.id)->status(), Handoff::Status::Rejected);
}

void TestOutsideRunner::engineLeavesTheHandoffToTheProgram()
{
    // The engine's analyst hands the story on with handoff_to: the implementer is a program, not a model to call, so
    // the run ends with the handoff pending and the program takes it from there.
    start(u"sh, ./implement.sh"_s, u"implementer"_s);
    const QJsonObject arguments { { u"target_agent"_s, u"implementer"_s }, { u"context"_s, u"Plan: a login form"_s } };
    m_harness->server().enqueue(ScriptedReply::calling({ ToolCall {
        {}, u"handoff_to"_s, QString::fromUtf8(QJsonDocument(arguments).toJson(QJsonDocument::Compact)), {} } }));
    QCOMPARE(m_harness->sendAndWait(m_story, u"Story 1.1: a login form"_s), RunOutcome::Completed);
    QCOMPARE(m_harness->modelRequests().size(), 1); // the analyst's only

    QTRY_COMPARE_WITH_TIMEOUT(m_harness->work().board().forConversation(m_story).size(), 3, 30000);
    const QList<Handoff> handoffs = m_harness->work().board().forConversation(m_story);
    QCOMPARE(handoffs.at(1).fromAgent, u"analyst"_s);
    QCOMPARE(handoffs.at(1).toAgent, u"implementer"_s);
    QCOMPARE(handoffs.at(1).status(), Handoff::Status::Accepted);
    QCOMPARE(handoffs.at(2).fromAgent, u"implementer"_s);
    QCOMPARE(handoffs.at(2).toAgent, u"reviewer"_s);
    std::optional<Message> bubble;
    QTRY_VERIFY_WITH_TIMEOUT(
        [&] {
            bubble.reset();
            for (const Message &row : m_harness->rows(m_story))
                if (row.agentId == u"implementer"_s && row.role == Message::Role::Assistant)
                    bubble = row;
            return bubble && bubble->status == Message::Status::Complete;
        }(),
        30000);
    QVERIFY(bubble->content.contains(u"implementer: handed the work to the reviewer"_s));
}

QTEST_GUILESS_MAIN(TestOutsideRunner)
#include "tst_outsiderunner.moc"
