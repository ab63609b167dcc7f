// Router mode's rules without a model: the keyword rules (the shipped agents' `handles:`), the confirmation answers,
// the policy that picks the agent, and the reading of the classifier's JSON answer.
#include "agents/AgentCatalog.h"
#include "agents/RoutingClassifier.h"
#include "domain/ConfirmationReply.h"
#include "domain/KeywordRules.h"
#include "domain/RoutingContext.h"
#include "domain/RoutingPolicy.h"

#include <QTest>

using namespace Qt::StringLiterals;
using namespace Tandem;

Q_DECLARE_METATYPE(Tandem::RoutingDecision::Method)
Q_DECLARE_METATYPE(Tandem::ConfirmationReply::Kind)

namespace {
// The router's shipped specialists, as their files declare them.
QList<Agent> shippedSpecialists()
{
    QList<Agent> agents;
    for (const QString &id : { u"task"_s, u"qa"_s, u"tracking"_s, u"general"_s })
        if (const std::optional<Agent> agent = AgentCatalog::shipped(id))
            agents << *agent;
    return agents;
}
} // namespace

class TestRoutingRules : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void keywords_data();
    void keywords();
    void confirmation_data();
    void confirmation();
    void policy_data();
    void policy();
    void parse_data();
    void parse();
    void contextTurns_data();
    void contextTurns();
};

void TestRoutingRules::keywords_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("agent");
    QTest::newRow("create a task") << u"Create task to review code by Friday"_s << u"task"_s;
    QTest::newRow("complete") << u"Complete review code"_s << u"task"_s;
    QTest::newRow("what should I work on") << u"What should I work on?"_s << u"tracking"_s;
    QTest::newRow("stale") << u"Anything stale?"_s << u"tracking"_s;
    QTest::newRow("how do I") << u"How do I use this feature?"_s << u"qa"_s;
    QTest::newRow("adhd") << u"Tips for ADHD"_s << u"qa"_s;
    QTest::newRow("russian task") << u"Создай задачу позвонить маме"_s << u"task"_s;
    QTest::newRow("russian tracking") << u"Какой у меня прогресс?"_s << u"tracking"_s;
    QTest::newRow("russian qa") << u"Объясни, что такое тайм-боксинг"_s << u"qa"_s;
    QTest::newRow("greeting") << u"Hello there"_s << QString();
    QTest::newRow("not inside words") << u"Madder"_s << QString();
}

void TestRoutingRules::keywords()
{
    QFETCH(QString, text);
    QFETCH(QString, agent);
    const QList<Agent> specialists = shippedSpecialists();
    QCOMPARE(specialists.size(), 4);
    QCOMPARE(KeywordRules::match(text, KeywordRules::of(specialists)), agent);
}

void TestRoutingRules::confirmation_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<ConfirmationReply::Kind>("kind");
    using K = ConfirmationReply::Kind;
    QTest::newRow("Yes") << u"Yes"_s << K::Yes;
    QTest::newRow("y") << u"y"_s << K::Yes;
    QTest::newRow("ok!") << u"OK!"_s << K::Yes;
    QTest::newRow("yes please") << u"yes, please"_s << K::Yes;
    QTest::newRow("sure go ahead") << u"Sure, go ahead"_s << K::Yes;
    QTest::newRow("that is correct") << u"Yes that is correct"_s << K::Yes;
    QTest::newRow("да") << u"Да"_s << K::Yes;
    QTest::newRow("ок") << u"ок"_s << K::Yes;
    QTest::newRow("да, конечно") << u"да, конечно"_s << K::Yes;
    QTest::newRow("No") << u"No"_s << K::No;
    QTest::newRow("no thanks") << u"no thanks"_s << K::No;
    QTest::newRow("don't") << u"Don't"_s << K::No;
    QTest::newRow("нет") << u"Нет"_s << K::No;
    QTest::newRow("не надо") << u"не надо"_s << K::No;
    QTest::newRow("yes with details") << u"Yes, high priority, due Friday"_s << K::Other;
    QTest::newRow("another subject") << u"What's the weather?"_s << K::Other;
    QTest::newRow("empty") << QString() << K::Other;
}

void TestRoutingRules::confirmation()
{
    QFETCH(QString, text);
    QFETCH(ConfirmationReply::Kind, kind);
    QCOMPARE(ConfirmationReply::classify(text), kind);
}

void TestRoutingRules::policy_data()
{
    QTest::addColumn<QString>("agent");
    QTest::addColumn<double>("confidence");
    QTest::addColumn<QString>("error");
    QTest::addColumn<QString>("active");
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("chosen");
    QTest::addColumn<RoutingDecision::Method>("method");
    using M = RoutingDecision::Method;
    QTest::newRow("confident") << u"task"_s << 0.87 << QString() << QString() << u"hi"_s << u"task"_s << M::Classifier;
    QTest::newRow("at the threshold") << u"qa"_s << 0.6 << QString() << QString() << u"hi"_s << u"qa"_s
                                      << M::Classifier;
    QTest::newRow("below: keywords") << u"qa"_s << 0.4 << QString() << QString() << u"Add a task"_s << u"task"_s
                                     << M::Keywords;
    QTest::newRow("below: general") << u"qa"_s << 0.4 << QString() << QString() << u"Hello"_s << u"general"_s
                                    << M::Fallback;
    QTest::newRow("below: carry-over") << u"qa"_s << 0.4 << QString() << u"task"_s << u"The dentist one"_s << u"task"_s
                                       << M::CarryOver;
    QTest::newRow("below: keywords move an active conversation")
        << u"tracking"_s << 0.4 << QString() << u"task"_s << u"How do I export?"_s << u"qa"_s << M::Keywords;
    QTest::newRow("confident re-route") << u"qa"_s << 0.9 << QString() << u"task"_s << u"How do I?"_s << u"qa"_s
                                        << M::Classifier;
    QTest::newRow("failed: keywords") << QString() << 0.0 << u"bad JSON"_s << QString() << u"What should I work on"_s
                                      << u"tracking"_s << M::Keywords;
    QTest::newRow("failed: general") << QString() << 0.0 << u"bad JSON"_s << QString() << u"Hello"_s << u"general"_s
                                     << M::Fallback;
    QTest::newRow("failed: carry-over") << QString() << 0.0 << u"HTTP 500"_s << u"qa"_s << u"Hello"_s << u"qa"_s
                                        << M::CarryOver;
    // A model that never returns JSON: the keyword rules decide at every turn, the first (no active agent) as the
    // fifth (the conversation is with an agent); staying happens only when they find nothing.
    const QString noJson = u"the classifier's answer was not valid JSON"_s;
    QTest::newRow("no JSON, turn 1: keywords")
        << QString() << 0.0 << noJson << QString() << u"Add a task to call Bob"_s << u"task"_s << M::Keywords;
    QTest::newRow("no JSON, turn 1: general")
        << QString() << 0.0 << noJson << QString() << u"Good morning"_s << u"general"_s << M::Fallback;
    QTest::newRow("no JSON, turn 5: keywords")
        << QString() << 0.0 << noJson << u"task"_s << u"What should I work on next?"_s << u"tracking"_s << M::Keywords;
    QTest::newRow("no JSON, turn 5: same agent by keywords")
        << QString() << 0.0 << noJson << u"task"_s << u"Delete the dentist task"_s << u"task"_s << M::Keywords;
    QTest::newRow("no JSON, turn 5: carry-over")
        << QString() << 0.0 << noJson << u"task"_s << u"The second one"_s << u"task"_s << M::CarryOver;
}

void TestRoutingRules::policy()
{
    QFETCH(QString, agent);
    QFETCH(double, confidence);
    QFETCH(QString, error);
    QFETCH(QString, active);
    QFETCH(QString, text);
    QFETCH(QString, chosen);
    QFETCH(RoutingDecision::Method, method);
    const RoutingPolicy::Classification classification { agent, confidence, u"because"_s, error };
    const RoutingDecision decision
        = RoutingPolicy::decide(classification, RoutingPolicy::kDefaultThreshold, active, text, shippedSpecialists());
    QCOMPARE(decision.agentId, chosen);
    QCOMPARE(decision.method, method);
    QCOMPARE(decision.error, error);
    QCOMPARE(decision.classifiedAgent, agent);
}

void TestRoutingRules::parse_data()
{
    QTest::addColumn<QString>("answer");
    QTest::addColumn<QString>("agent");
    QTest::addColumn<double>("confidence");
    QTest::addColumn<QString>("error");
    QTest::newRow("valid") << u"{\"agent\":\"task\",\"confidence\":0.87,\"reason\":\"a task\"}"_s << u"task"_s << 0.87
                           << QString();
    QTest::newRow("not JSON") << u"task, I think"_s << QString() << 0.0
                              << u"the classifier's answer was not valid JSON"_s;
    QTest::newRow("no confidence") << u"{\"agent\":\"task\"}"_s << u"task"_s << 0.0
                                   << u"the classifier's answer lacked an agent or a confidence from 0 to 1"_s;
    QTest::newRow("confidence out of range")
        << u"{\"agent\":\"task\",\"confidence\":7}"_s << u"task"_s << 0.0
        << u"the classifier's answer lacked an agent or a confidence from 0 to 1"_s;
    QTest::newRow("unknown agent") << u"{\"agent\":\"sales\",\"confidence\":0.9,\"reason\":\"\"}"_s << u"sales"_s << 0.9
                                   << u"the classifier named an unknown agent “sales”"_s;
}

void TestRoutingRules::parse()
{
    QFETCH(QString, answer);
    QFETCH(QString, agent);
    QFETCH(double, confidence);
    QFETCH(QString, error);
    const RoutingPolicy::Classification result
        = RoutingClassifier::parse(answer, { u"task"_s, u"qa"_s, u"tracking"_s, u"general"_s });
    QCOMPARE(result.agent, agent);
    QCOMPARE(result.confidence, confidence);
    QCOMPARE(result.error, error);
}

void TestRoutingRules::contextTurns_data()
{
    QTest::addColumn<qint64>("budget");
    QTest::addColumn<QStringList>("turns");
    // "Add a task" 3 tokens, "When is it due?" 4, "Friday" 2 (the message being routed, run 2).
    QTest::newRow("all that fits") << qint64(1000) << QStringList { u":Add a task"_s, u"task:When is it due?"_s };
    QTest::newRow("the newest first") << qint64(6) << QStringList { u"task:When is it due?"_s };
    QTest::newRow("exactly") << qint64(7) << QStringList { u":Add a task"_s, u"task:When is it due?"_s };
    QTest::newRow("nothing") << qint64(0) << QStringList {};
}

void TestRoutingRules::contextTurns()
{
    QFETCH(qint64, budget);
    QFETCH(QStringList, turns);
    const auto row = [](Message::Role role, const QString &agent, const QString &text, qint64 runId) {
        Message m;
        m.role = role;
        m.agentId = agent;
        m.content = text;
        m.runId = runId;
        return m;
    };
    const QList<Message> rows { row(Message::Role::User, {}, u"Add a task"_s, 1),
        row(Message::Role::System, {}, u"Routed to Task agent"_s, 1),
        row(Message::Role::Assistant, u"task"_s, u"When is it due?"_s, 1),
        row(Message::Role::User, {}, u"Friday"_s, 2) };
    QStringList got;
    const QList<RoutingContext::Turn> context = RoutingContext::lastTurns(rows, budget, 2);
    for (const RoutingContext::Turn &turn : context)
        got << turn.agentId + u':' + turn.text;
    QCOMPARE(got, turns);
}

QTEST_GUILESS_MAIN(TestRoutingRules)
#include "tst_routingrules.moc"
