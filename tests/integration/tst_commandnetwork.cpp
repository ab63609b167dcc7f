// The network for commands: run_command reaches a socket only when the agent's file says `network: true` and the
// person allowed the network for the conversation, asked once in the command's approval; otherwise bwrap runs it
// with --unshare-net. A loopback server of this process is the network the command tries to reach.
#include "EngineHarness.h"
#include "tools/Bubblewrap.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QSignalSpy>
#include <QTcpServer>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace Tandem;
using namespace Tandem::Test;

namespace {

bool writeAgentFile(const QString &folder, bool network)
{
    QFile file(QDir(folder).filePath(u"assistant.md"_s));
    if (!file.open(QIODevice::WriteOnly))
        return false;
    QString text = u"---\nid: assistant\nname: Implementer\ntools: [run_command, git_push]\n"_s;
    if (network)
        text += u"network: true\n"_s;
    text += u"---\nYou run commands.\n"_s;
    return file.write(text.toUtf8()) > 0;
}

ToolCall connectTo(quint16 port)
{
    const QString script = u"exec 3<>/dev/tcp/127.0.0.1/%1 && echo CONNECTED"_s.arg(port);
    const QJsonObject arguments { { u"argv"_s, QJsonArray { u"bash"_s, u"-c"_s, script } } };
    return ToolCall { {}, u"run_command"_s, QString::fromUtf8(QJsonDocument(arguments).toJson(QJsonDocument::Compact)),
        {} };
}

} // namespace

class TestCommandNetwork : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void cleanup() { QVERIFY(EngineHarness::takeSpecProblems().isEmpty()); }
    void bwrapArgumentsShareTheNetworkOnlyWhenAsked();
    void networkOnlyWithTheFileAndThePerson_data();
    void networkOnlyWithTheFileAndThePerson();
};

void TestCommandNetwork::init()
{
    if (!Bubblewrap::unavailableReason().isEmpty())
        QSKIP("bubblewrap cannot run here");
}

void TestCommandNetwork::bwrapArgumentsShareTheNetworkOnlyWhenAsked()
{
    QTemporaryDir workspace;
    const QStringList argv { u"true"_s };
    QVERIFY(Bubblewrap::arguments(workspace.path(), workspace.path(), false, argv).contains(u"--unshare-net"_s));
    QVERIFY(!Bubblewrap::arguments(workspace.path(), workspace.path(), true, argv).contains(u"--unshare-net"_s));
}

void TestCommandNetwork::networkOnlyWithTheFileAndThePerson_data()
{
    QTest::addColumn<bool>("fileSaysNetwork");
    QTest::addColumn<bool>("personAllows");
    QTest::newRow("file without network: true, the person would allow") << false << true;
    QTest::newRow("network: true, the person refuses") << true << false;
    QTest::newRow("network: true, the person allows") << true << true;
}

void TestCommandNetwork::networkOnlyWithTheFileAndThePerson()
{
    QFETCH(bool, fileSaysNetwork);
    QFETCH(bool, personAllows);
    QTemporaryDir workspace;
    QTemporaryDir agents;
    QVERIFY(writeAgentFile(agents.path(), fileSaysNetwork));
    QTcpServer server;
    QVERIFY(server.listen(QHostAddress::LocalHost));
    EngineConfig config = EngineHarness::testConfig();
    config.workspaceRoot = workspace.path();
    config.agentsFolder = agents.path();
    EngineHarness h(ProviderProfile::Protocol::ChatCompletions, config);
    Agent agent;
    agent.id = u"assistant"_s;
    agent.name = u"Implementer"_s;
    agent.instructions = u"You run commands."_s;
    agent.allowedTools = { u"run_command"_s, u"git_push"_s };
    QVERIFY(h.saveAgent(agent));
    // Two commands in one conversation: the network is asked about with the first only.
    h.server().enqueue(ScriptedReply::calling({ connectTo(server.serverPort()) }));
    h.server().enqueue(ScriptedReply::calling({ connectTo(server.serverPort()) }));
    h.server().enqueue(ScriptedReply::text({ u"Done."_s }));
    const qint64 id = h.createConversation(Conversation::Mode::Single);
    QSignalSpy needed(&h.repository(), &ChatRepository::approvalNeeded);
    QVERIFY(h.repository().send(id, u"Reach the server"_s).accepted());
    QVERIFY(needed.wait(10'000));
    const ApprovalRequest first = needed[0].at(0).value<ApprovalRequest>();
    QCOMPARE(first.asksNetwork, fileSaysNetwork);
    QVERIFY(h.repository().decideApproval(first.id, ApprovalDecision::AllowOnce, {}, personAllows));
    QVERIFY(needed.wait(10'000));
    const ApprovalRequest second = needed[1].at(0).value<ApprovalRequest>();
    QVERIFY(!second.asksNetwork);
    QVERIFY(h.repository().decideApproval(second.id, ApprovalDecision::AllowOnce));
    QCOMPARE(h.waitForRun(id), RunOutcome::Completed);

    const bool reaches = fileSaysNetwork && personAllows;
    for (int request : { 1, 2 }) {
        const QString output = EngineHarness::inputSummary(h.modelRequests().at(request)).constLast();
        QVERIFY2(output.contains(u"CONNECTED"_s) == reaches, qPrintable(output));
    }
    QTest::qWait(100);
    QCOMPARE(server.hasPendingConnections(), reaches);
}

QTEST_GUILESS_MAIN(TestCommandNetwork)
#include "tst_commandnetwork.moc"
