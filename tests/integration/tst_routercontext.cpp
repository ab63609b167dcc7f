// Router mode's classifier sees the conversation (seed 004's route_request(message, state)): the last turns, within
// the token budget of Settings → Guardrails, and the pending confirmation go with the message, so a reply like
// "Friday" or "the second one" is routed by what came before. Checked at the fake server, in the classifier's request
// body, on both protocols.
#include "EngineHarness.h"
#include "ProtocolRows.h"
#include "RouterReplies.h"

#include <QJsonDocument>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace Tandem;
using namespace Tandem::Test;

namespace {

/// The bodies of the orchestrator's classification requests, oldest first.
QStringList classifications(const EngineHarness &h)
{
    QStringList bodies;
    const QList<RecordedRequest> requests = h.modelRequests();
    for (const RecordedRequest &request : requests) {
        const QString body = QString::fromUtf8(request.body);
        if (body.contains(u"routing_decision"_s))
            bodies << body;
    }
    return bodies;
}

} // namespace

class TestRouterContext : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void cleanup();
    void theClassifierSeesTheLastTurns_data();
    void theClassifierSeesTheLastTurns();
    void theClassifierSeesThePendingConfirmation_data();
    void theClassifierSeesThePendingConfirmation();
};

void TestRouterContext::cleanup()
{
    const QStringList problems = EngineHarness::takeSpecProblems();
    QVERIFY2(problems.isEmpty(), qPrintable(problems.join(u'\n')));
}

void TestRouterContext::theClassifierSeesTheLastTurns_data()
{
    QTest::addColumn<ProviderProfile::Protocol>("protocol");
    QTest::addColumn<qint64>("budget");
    QTest::addColumn<bool>("question");
    QTest::addColumn<bool>("request");
    for (const auto protocol : { ProviderProfile::Protocol::Responses, ProviderProfile::Protocol::ChatCompletions }) {
        const char *p = protocol == ProviderProfile::Protocol::Responses ? "responses" : "chat";
        QTest::addRow("%s: the default budget", p)
            << protocol << GuardrailLimits {}.routerContextTokens << true << true;
        // "When is it due?" is about 4 tokens, the request before it about 7: a budget of 6 keeps the newest only.
        QTest::addRow("%s: the newest turn only", p) << protocol << qint64(6) << true << false;
        QTest::addRow("%s: the message alone", p) << protocol << qint64(0) << false << false;
    }
}

void TestRouterContext::theClassifierSeesTheLastTurns()
{
    QFETCH(ProviderProfile::Protocol, protocol);
    QFETCH(qint64, budget);
    QFETCH(bool, question);
    QFETCH(bool, request);
    EngineConfig config = EngineHarness::testConfig();
    config.limits.routerContextTokens = budget;
    EngineHarness h(protocol, config);
    const qint64 id = h.createConversation(Conversation::Mode::Router);
    h.server().enqueue(RouterReplies::classified(u"task"_s, 0.9));
    h.server().enqueue(ScriptedReply::text({ u"When is it due?"_s }));
    QCOMPARE(h.sendAndWait(id, u"Create a task to review code"_s), RunOutcome::Completed);
    h.server().enqueue(RouterReplies::classified(u"task"_s, 0.9));
    h.server().enqueue(ScriptedReply::text({ u"Due Friday, then."_s }).expectUserText(u"Friday"_s));

    QCOMPARE(h.sendAndWait(id, u"Friday"_s), RunOutcome::Completed);

    const QStringList bodies = classifications(h);
    QCOMPARE(bodies.size(), 2);
    QVERIFY2(!bodies[0].contains(u"The conversation so far"_s), qPrintable(bodies[0])); // nothing before turn 1
    QCOMPARE(bodies[1].contains(u"task: When is it due?"_s), question);
    QCOMPARE(bodies[1].contains(u"person: Create a task to review code"_s), request);
    QCOMPARE(bodies[1].contains(u"The conversation so far"_s), question || request);
    QVERIFY2(!bodies[1].contains(u"person: Friday"_s), qPrintable(bodies[1])); // the message itself is not history
}

void TestRouterContext::theClassifierSeesThePendingConfirmation_data()
{
    ProtocolRows::add();
}

void TestRouterContext::theClassifierSeesThePendingConfirmation()
{
    QFETCH(ProviderProfile::Protocol, protocol);
    EngineConfig config = EngineHarness::testConfig();
    config.limits.routerContextTokens = 0; // the pending confirmation goes with the message whatever the budget
    EngineHarness h(protocol, config);
    const qint64 id = h.createConversation(Conversation::Mode::Router);
    h.server().enqueue(RouterReplies::classified(u"task"_s, 0.9));
    h.server().enqueue(ScriptedReply::calling({ ToolCall { {}, u"create_task"_s,
        RouterReplies::json({ { u"title"_s, u"Review code"_s }, { u"due"_s, u"2026-12-04"_s } }), {} } }));
    h.server().enqueue(ScriptedReply::text({ u"I'll create 'Review code', due 4 December. Shall I?"_s }));
    QCOMPARE(h.sendAndWait(id, u"Create task to review code by Friday"_s), RunOutcome::Completed);
    const std::optional<PendingConfirmation> pending = h.repository().pendingConfirmation(id);
    QVERIFY(pending);
    h.server().enqueue(RouterReplies::classified(u"task"_s, 0.9));
    h.server().enqueue(ScriptedReply::text({ u"Which one?"_s }).expectUserText(u"The second one"_s));

    QCOMPARE(h.sendAndWait(id, u"The second one"_s), RunOutcome::Completed);

    const QStringList bodies = classifications(h);
    QCOMPARE(bodies.size(), 2);
    QVERIFY2(!bodies[0].contains(u"Waiting for the person's confirmation"_s), qPrintable(bodies[0]));
    QVERIFY2(bodies[1].contains(u"Waiting for the person's confirmation (task proposed it): "_s + pending->summary),
        qPrintable(bodies[1]));
}

QTEST_MAIN(TestRouterContext)
#include "tst_routercontext.moc"
