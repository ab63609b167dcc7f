// Listeners cannot re-enter a step: cancelling, deciding an approval or sending again from inside any signal the
// engine emits is safe. Every signal of the façade gets a slot that stops the run the first time it fires; the run
// ends, nothing is left half-written, and the conversation goes on.
#include "EngineHarness.h"
#include "StoreInvariants.h"
#include "tools/Tool.h"
#include "tools/ToolResult.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QMetaMethod>
#include <QSignalSpy>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace Tandem;
using namespace Tandem::Test;

Q_DECLARE_METATYPE(Tandem::ProviderProfile::Protocol)

enum class Scenario { Dual, ToolsAndHandoff, Approval, Failing };
Q_DECLARE_METATYPE(Scenario)

namespace {

/// A critical tool, so that a run waits for the person.
class LaunchTool final : public Tool
{
public:
    ToolDefinition definition() const override
    {
        return { u"launch"_s, u"Launches a rocket."_s,
            QJsonObject { { u"type"_s, u"object"_s },
                { u"properties"_s, QJsonObject { { u"target"_s, QJsonObject { { u"type"_s, u"string"_s } } } } } },
            false };
    }
    bool isCritical() const override { return true; }
    ToolResult run(const QJsonObject &arguments, const ToolContext &) const override
    {
        return ToolResult::success(QJsonObject { { u"launched_to"_s, arguments.value(u"target"_s) } });
    }
};

ToolCall call(const QString &name, const QJsonObject &arguments)
{
    return ToolCall { {}, name, QString::fromUtf8(QJsonDocument(arguments).toJson(QJsonDocument::Compact)), {} };
}

/// Prepares @p h for @p scenario and returns the conversation's mode.
Conversation::Mode prepare(EngineHarness &h, Scenario scenario)
{
    Agent triage;
    triage.id = u"assistant"_s;
    triage.name = u"Triage"_s;
    triage.instructions = u"You sort requests."_s;
    triage.allowedTools = { u"calculator"_s, u"launch"_s };
    triage.handoffTargets = { u"billing"_s };
    Agent billing = triage;
    billing.id = u"billing"_s;
    billing.name = u"Billing"_s;
    billing.handoffTargets = {};
    h.tools().registerTool(std::make_unique<LaunchTool>());
    h.saveAgent(triage);
    h.saveAgent(billing);
    switch (scenario) {
    case Scenario::Dual:
        h.server().enqueue(ScriptedReply::text({ u"HANDOFF_AGENT2\nWrite a "_s, u"haiku."_s }));
        h.server().enqueue(ScriptedReply::text({ u"Rain on "_s, u"the roof."_s }));
        return Conversation::Mode::Dual;
    case Scenario::ToolsAndHandoff:
        h.server().enqueue(ScriptedReply::calling({ call(u"calculator"_s, { { u"expression"_s, u"2+2"_s } }) }));
        h.server().enqueue(ScriptedReply::calling(
            { call(u"handoff_to"_s, { { u"target_agent"_s, u"billing"_s }, { u"context"_s, u"Refund 4"_s } }) }));
        h.server().enqueue(ScriptedReply::text({ u"Refund "_s, u"issued."_s }));
        return Conversation::Mode::Single;
    case Scenario::Approval:
        h.server().enqueue(ScriptedReply::calling({ call(u"launch"_s, { { u"target"_s, u"Moon"_s } }) }));
        h.server().enqueue(ScriptedReply::text({ u"Launched."_s }));
        return Conversation::Mode::Single;
    case Scenario::Failing:
        h.server().enqueue(ScriptedReply::httpError(500));
        return Conversation::Mode::Single;
    }
    return Conversation::Mode::Single;
}

/// Calls a command of the engine the first time any signal it is connected to fires.
class Reaction final : public QObject
{
    Q_OBJECT

public:
    std::function<void()> command;
    int fired = 0;

public Q_SLOTS:
    void fire()
    {
        if (fired++ == 0 && command)
            command();
    }
};

QMetaMethod signalOf(const QObject &object, const char *signature)
{
    const QMetaObject *meta = object.metaObject();
    return meta->method(meta->indexOfSignal(QMetaObject::normalizedSignature(signature).constData()));
}

} // namespace

class TestReentrancy : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void cleanup();
    void cancelFromInsideEverySignal_data();
    void cancelFromInsideEverySignal();
    void decideFromInsideApprovalNeeded_data() { protocols(); }
    void decideFromInsideApprovalNeeded();
    void sendAgainFromInsideRunFinished_data() { protocols(); }
    void sendAgainFromInsideRunFinished();

private:
    static void protocols()
    {
        QTest::addColumn<ProviderProfile::Protocol>("protocol");
        QTest::newRow("responses") << ProviderProfile::Protocol::Responses;
        QTest::newRow("chat") << ProviderProfile::Protocol::ChatCompletions;
    }
};

void TestReentrancy::cleanup()
{
    const QStringList problems = EngineHarness::takeSpecProblems();
    QVERIFY2(problems.isEmpty(), qPrintable(problems.join(u'\n')));
}

void TestReentrancy::cancelFromInsideEverySignal_data()
{
    QTest::addColumn<ProviderProfile::Protocol>("protocol");
    QTest::addColumn<QByteArray>("signal");
    QTest::addColumn<Scenario>("scenario");
    const QList<std::pair<const char *, Scenario>> cases {
        { "conversationsChanged()", Scenario::Dual },
        { "messageAdded(Tandem::Message)", Scenario::Dual },
        { "messageAdded(Tandem::Message)", Scenario::ToolsAndHandoff },
        { "messageUpdated(Tandem::Message)", Scenario::Dual },
        { "messageDelta(qint64,qint64,QString)", Scenario::Dual },
        { "messageDelta(qint64,qint64,QString)", Scenario::ToolsAndHandoff },
        { "activeAgentChanged(qint64,QString)", Scenario::ToolsAndHandoff },
        { "handoffStatusChanged(Tandem::Handoff)", Scenario::Dual },
        { "handoffStatusChanged(Tandem::Handoff)", Scenario::ToolsAndHandoff },
        { "approvalNeeded(Tandem::ApprovalRequest)", Scenario::Approval },
        { "agentWorking(qint64,QString,bool)", Scenario::Dual },
        { "agentWorking(qint64,QString,bool)", Scenario::ToolsAndHandoff },
        { "runStarted(qint64,qint64)", Scenario::Dual },
        { "runFailed(qint64,qint64,Tandem::RunFailure)", Scenario::Failing },
        { "runFinished(qint64,qint64,Tandem::RunOutcome,QString)", Scenario::Dual },
    };
    const char *scenarioNames[] = { "dual", "tools+handoff", "approval", "failing" };
    for (const auto &[protocolName, protocol] : { std::pair { "responses", ProviderProfile::Protocol::Responses },
             std::pair { "chat", ProviderProfile::Protocol::ChatCompletions } })
        for (const auto &[signal, scenario] : cases)
            QTest::addRow("%s %s %s", protocolName, scenarioNames[int(scenario)], signal)
                << protocol << QByteArray(signal) << scenario;
}

void TestReentrancy::cancelFromInsideEverySignal()
{
    QFETCH(ProviderProfile::Protocol, protocol);
    QFETCH(QByteArray, signal);
    QFETCH(Scenario, scenario);
    EngineHarness h(protocol);
    QVERIFY(h.isReady());
    const Conversation::Mode mode = prepare(h, scenario);
    const qint64 id = h.createConversation(mode);
    ChatRepository &repository = h.repository();
    Reaction reaction;
    reaction.command = [&repository, id] {
        repository.cancel(id);
    };
    const QMetaMethod method = signalOf(repository, signal.constData());
    QVERIFY2(method.isValid(), signal.constData());
    const QMetaMethod slot = reaction.metaObject()->method(reaction.metaObject()->indexOfSlot("fire()"));
    QVERIFY(connect(&repository, method, &reaction, slot));
    QSignalSpy finished(&repository, &ChatRepository::runFinished);

    QVERIFY(repository.send(id, u"Go"_s).messageId > 0);
    for (int i = 0; i < 100 && repository.isRunning(id); ++i)
        QTest::qWait(50);

    QVERIFY(!repository.isRunning(id));
    QVERIFY2(reaction.fired > 0, "the signal never fired in this scenario");
    QCOMPARE(finished.size(), 1); // the run ended exactly once
    const QStringList problems = StoreInvariants::problems(h.db());
    QVERIFY2(problems.isEmpty(), qPrintable(problems.join(u'\n')));

    // The conversation goes on.
    disconnect(&repository, nullptr, &reaction, nullptr);
    h.server().clearScript();
    h.server().enqueue(ScriptedReply::text({ u"Still here."_s }));
    QCOMPARE(h.sendAndWait(id, u"Hello again"_s), RunOutcome::Completed);
    QVERIFY(StoreInvariants::problems(h.db()).isEmpty());
}

void TestReentrancy::decideFromInsideApprovalNeeded()
{
    QFETCH(ProviderProfile::Protocol, protocol);
    EngineHarness h(protocol);
    prepare(h, Scenario::Approval);
    const qint64 id = h.createConversation(Conversation::Mode::Single);
    bool decided = false;
    connect(&h.repository(), &ChatRepository::approvalNeeded, this, [&](const ApprovalRequest &request) {
        decided = h.repository().decideApproval(request.id, ApprovalDecision::AllowOnce);
    });

    QCOMPARE(h.sendAndWait(id, u"To the Moon"_s), RunOutcome::Completed);

    QVERIFY(decided);
    const QList<Message> rows = h.rows(id);
    QCOMPARE(rows.constLast().content, u"Launched."_s);
    QCOMPARE(h.repository().pendingApprovals(id).size(), 0);
    QVERIFY(StoreInvariants::problems(h.db()).isEmpty());
}

void TestReentrancy::sendAgainFromInsideRunFinished()
{
    QFETCH(ProviderProfile::Protocol, protocol);
    EngineHarness h(protocol);
    h.server().enqueue(ScriptedReply::text({ u"First."_s }));
    h.server().enqueue(ScriptedReply::text({ u"Second."_s }));
    const qint64 id = h.createConversation(Conversation::Mode::Single);
    qint64 second = -1;
    bool duringRun = true;
    connect(&h.repository(), &ChatRepository::messageAdded, this, [&](const Message &row) {
        if (row.role == Message::Role::Assistant && duringRun) // a run is going: a second send is refused
            QCOMPARE(h.repository().send(id, u"Too early"_s).messageId, qint64(0));
    });
    connect(&h.repository(), &ChatRepository::runFinished, this, [&] {
        duringRun = false;
        if (second < 0)
            second = h.repository().send(id, u"And again"_s).messageId;
    });

    QCOMPARE(h.sendAndWait(id, u"Once"_s), RunOutcome::Completed);
    QVERIFY(second > 0);
    QCOMPARE(h.waitForRun(id), RunOutcome::Completed);

    QStringList texts;
    const QList<Message> rows = h.rows(id);
    for (const Message &row : rows)
        texts << row.content;
    QCOMPARE(texts, (QStringList { u"Once"_s, u"First."_s, u"And again"_s, u"Second."_s }));
    QVERIFY(StoreInvariants::problems(h.db()).isEmpty());
}

QTEST_GUILESS_MAIN(TestReentrancy)
#include "tst_reentrancy.moc"
