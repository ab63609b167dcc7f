// Router mode's agents declare what they handle in their files (seed 004's can_handle): `handles:` (keywords and
// phrases, any language), `description` (what the classifier reads) and `fallback` are read and written back, and the
// keyword rules and the fallback come from them alone, so an agent the person adds is routed to like a shipped one.
#include "agents/AgentCatalog.h"
#include "agents/AgentFileWriter.h"
#include "domain/AgentFile.h"
#include "domain/KeywordRules.h"
#include "domain/RoutingPolicy.h"

#include <QTest>

using namespace Qt::StringLiterals;
using namespace Tandem;

Q_DECLARE_METATYPE(Tandem::RoutingDecision::Method)

namespace {
const QString kTravel = u"---\n"
                        u"id: travel\n"
                        u"name: Travel agent\n"
                        u"modes: [router]\n"
                        u"description: \"Plans trips: flights, trains, hotels\"\n"
                        u"handles:\n"
                        u"  - flight\n"
                        u"  - \"book a trip\"\n"
                        u"  - поездк\n"
                        u"---\n"
                        u"You plan trips.\n"_s;

QList<Agent> shippedWith(const Agent &added)
{
    QList<Agent> agents;
    for (const QString &id : { u"task"_s, u"qa"_s, u"tracking"_s, u"general"_s })
        if (const std::optional<Agent> agent = AgentCatalog::shipped(id))
            agents << *agent;
    agents << added;
    return agents;
}

Agent travel()
{
    return AgentFile::parse(kTravel, u"travel.md"_s).agent;
}
} // namespace

class TestAgentHandles : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void parsed();
    void refused_data();
    void refused();
    void writtenBack();
    void shippedAgentsDeclareThem();
    void addedAgentByKeywords_data();
    void addedAgentByKeywords();
    void fallback();
};

void TestAgentHandles::parsed()
{
    const AgentFile::Result result = AgentFile::parse(kTravel, u"travel.md"_s);
    QVERIFY2(result.ok(), qPrintable(result.error));
    QCOMPARE(result.agent.description, u"Plans trips: flights, trains, hotels"_s);
    QCOMPARE(result.agent.handles, (QStringList { u"flight"_s, u"book a trip"_s, u"поездк"_s }));
    QVERIFY(!result.agent.fallback);
    const AgentFile::Result flow
        = AgentFile::parse(u"---\nid: a\nname: A\nhandles: [x, \"y z\"]\nfallback: true\n---\nHi\n"_s, u"a.md"_s);
    QVERIFY2(flow.ok(), qPrintable(flow.error));
    QCOMPARE(flow.agent.handles, (QStringList { u"x"_s, u"y z"_s }));
    QVERIFY(flow.agent.fallback);
}

void TestAgentHandles::refused_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("error");
    QTest::newRow("twice") << u"---\nid: a\nname: A\nhandles: [x, x]\n---\n"_s << u"a.md:4: “x” is listed twice."_s;
    QTest::newRow("empty item") << u"---\nid: a\nname: A\nhandles: [x, \"\"]\n---\n"_s
                                << u"a.md:4: The list item is empty."_s;
    QTest::newRow("not a list") << u"---\nid: a\nname: A\nhandles: x\n---\n"_s
                                << u"a.md:4: “handles” takes a list: [a, b] on its line, or one “- item” per line "
                                   u"below it."_s;
    QTest::newRow("fallback not a bool") << u"---\nid: a\nname: A\nfallback: maybe\n---\n"_s
                                         << u"a.md:4: “fallback” is true or false, not “maybe”."_s;
}

void TestAgentHandles::refused()
{
    QFETCH(QString, text);
    QFETCH(QString, error);
    QCOMPARE(AgentFile::parse(text, u"a.md"_s).error, error);
}

void TestAgentHandles::writtenBack()
{
    Agent agent = travel();
    agent.fallback = true;
    const AgentFile::Result reread = AgentFile::parse(AgentFileWriter::text(agent), u"travel.md"_s);
    QVERIFY2(reread.ok(), qPrintable(reread.error));
    QCOMPARE(reread.agent.handles, agent.handles);
    QCOMPARE(reread.agent.description, agent.description);
    QVERIFY(reread.agent.fallback);
}

void TestAgentHandles::shippedAgentsDeclareThem()
{
    for (const QString &id : { u"task"_s, u"qa"_s, u"tracking"_s }) {
        const std::optional<Agent> agent = AgentCatalog::shipped(id);
        QVERIFY(agent);
        QVERIFY2(!agent->handles.isEmpty() && !agent->description.isEmpty(), qPrintable(id));
        QVERIFY(!agent->fallback);
    }
    const std::optional<Agent> general = AgentCatalog::shipped(u"general"_s);
    QVERIFY(general && general->fallback && !general->description.isEmpty());
}

void TestAgentHandles::addedAgentByKeywords_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("agent");
    QTest::newRow("its keyword") << u"Find me a flight to Oslo"_s << u"travel"_s;
    QTest::newRow("its phrase") << u"Can you book a trip for May?"_s << u"travel"_s;
    QTest::newRow("its Russian stem") << u"Спланируй поездку в Казань"_s << u"travel"_s;
    QTest::newRow("the shipped still win theirs") << u"Create task to review code"_s << u"task"_s;
    QTest::newRow("nothing") << u"Hello there"_s << QString();
}

void TestAgentHandles::addedAgentByKeywords()
{
    QFETCH(QString, text);
    QFETCH(QString, agent);
    QCOMPARE(KeywordRules::match(text, KeywordRules::of(shippedWith(travel()))), agent);
    // Below the threshold the policy takes the same rules.
    const RoutingPolicy::Classification unsure { u"qa"_s, 0.3, u"unsure"_s, {} };
    const RoutingDecision decision
        = RoutingPolicy::decide(unsure, RoutingPolicy::kDefaultThreshold, {}, text, shippedWith(travel()));
    QCOMPARE(decision.agentId, agent.isEmpty() ? u"general"_s : agent);
    QCOMPARE(decision.method, agent.isEmpty() ? RoutingDecision::Method::Fallback : RoutingDecision::Method::Keywords);
}

void TestAgentHandles::fallback()
{
    Agent a;
    a.id = u"a"_s;
    Agent b;
    b.id = u"b"_s;
    QCOMPARE(RoutingPolicy::fallbackOf({ a, b }), u"a"_s); // none marked: the first
    b.fallback = true;
    QCOMPARE(RoutingPolicy::fallbackOf({ a, b }), u"b"_s);
    QCOMPARE(RoutingPolicy::fallbackOf({}), QString());
}

QTEST_GUILESS_MAIN(TestAgentHandles)
#include "tst_agenthandles.moc"
