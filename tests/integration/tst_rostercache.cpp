// The engine keeps the agents table in memory (agents/RosterCache) and reads it again only after something changed
// it: a write of its own connection (an edit, an import, a removal, a provider's removal), a rollback, and another
// connection's or process's commit. The engine's side is checked at the fake LLM server (the instructions an agent's
// request carries); the rollback, the import and the removals on a cache beside the engine's, on the same connection.
// Real SQLite file, the fake LLM server over loopback.
#include "EngineHarness.h"
#include "agents/DefaultAgents.h"
#include "agents/RosterCache.h"
#include "storage/AgentStore.h"
#include "storage/Database.h"
#include "storage/ExchangeStore.h"
#include "storage/ProviderStore.h"
#include "storage/Transaction.h"
#include "storage/UnitOfWork.h"

#include <QTest>

#include <algorithm>

using namespace Qt::StringLiterals;
using namespace Tandem;
using namespace Tandem::Test;

class TestRosterCache : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void cleanup();
    void readsTheTableOnceWhileNothingChanges();
    void ownEditReachesTheNextRun();
    void anotherConnectionsEditReachesTheNextRun();
    void rolledBackEditIsDropped();
    void importedAgentIsSeen();
    void removedAgentIsGone();
    void removedProviderIsDropped();

private:
    static void dualReplies(FakeLlmServer &server);
    static QString agent1InstructionsOfNextTurn(EngineHarness &harness, qint64 conversationId);
    static const Agent *find(const QList<Agent> &agents, const QString &id);
};

void TestRosterCache::cleanup()
{
    const QStringList problems = EngineHarness::takeSpecProblems();
    QVERIFY2(problems.isEmpty(), qPrintable(problems.join(u'\n')));
}

void TestRosterCache::dualReplies(FakeLlmServer &server)
{
    // Agent 1 answers the person itself: one request per turn.
    server.setResponder([](const RecordedRequest &) { return ScriptedReply::text(QStringList { u"An answer"_s }); });
}

QString TestRosterCache::agent1InstructionsOfNextTurn(EngineHarness &harness, qint64 conversationId)
{
    harness.server().clear();
    if (harness.sendAndWait(conversationId, u"A question"_s) != RunOutcome::Completed)
        return u"the turn failed"_s;
    const QList<RecordedRequest> requests = harness.modelRequests();
    return requests.isEmpty() ? u"no request"_s : requests.constFirst().instructions();
}

const Agent *TestRosterCache::find(const QList<Agent> &agents, const QString &id)
{
    const auto it = std::find_if(agents.cbegin(), agents.cend(), [&](const Agent &agent) { return agent.id == id; });
    return it == agents.cend() ? nullptr : &*it;
}

void TestRosterCache::readsTheTableOnceWhileNothingChanges()
{
    EngineHarness harness(ProviderProfile::Protocol::ChatCompletions);
    QVERIFY(harness.isReady());
    RosterCache cache(harness.work());
    const QList<Agent> first = cache.agents();
    QCOMPARE(first.size(), harness.work().agents().list().size());
    dualReplies(harness.server());
    const qint64 id = harness.createConversation(Conversation::Mode::Dual);
    QCOMPARE(harness.sendAndWait(id, u"A question"_s), RunOutcome::Completed);
    QCOMPARE(cache.agents().size(), first.size());
    QCOMPARE(cache.reads(), 1);
}

void TestRosterCache::ownEditReachesTheNextRun()
{
    EngineHarness harness(ProviderProfile::Protocol::ChatCompletions);
    QVERIFY(harness.isReady());
    dualReplies(harness.server());
    const qint64 id = harness.createConversation(Conversation::Mode::Dual);
    QVERIFY(!agent1InstructionsOfNextTurn(harness, id).contains(u"Edited here"_s));

    std::optional<Agent> agent1 = harness.work().agents().get(DefaultAgents::kAgent1.toString());
    QVERIFY(agent1);
    agent1->instructions = u"Edited here. "_s + agent1->instructions;
    QVERIFY(harness.work().agents().save(*agent1));
    QVERIFY(agent1InstructionsOfNextTurn(harness, id).contains(u"Edited here"_s));
}

void TestRosterCache::anotherConnectionsEditReachesTheNextRun()
{
    EngineHarness harness(ProviderProfile::Protocol::ChatCompletions);
    QVERIFY(harness.isReady());
    dualReplies(harness.server());
    const qint64 id = harness.createConversation(Conversation::Mode::Dual);
    QVERIFY(!agent1InstructionsOfNextTurn(harness, id).contains(u"Edited elsewhere"_s));
    {
        // Another connection to the file, as another process (the agents editor of another window, an import).
        Database other;
        QVERIFY2(other.open(harness.database().filePath()), qPrintable(other.errorString()));
        std::optional<Agent> agent1 = other.work().agents().get(DefaultAgents::kAgent1.toString());
        QVERIFY(agent1);
        agent1->instructions = u"Edited elsewhere. "_s + agent1->instructions;
        QVERIFY(other.work().agents().save(*agent1));
    }
    QVERIFY(agent1InstructionsOfNextTurn(harness, id).contains(u"Edited elsewhere"_s));
}

void TestRosterCache::rolledBackEditIsDropped()
{
    EngineHarness harness(ProviderProfile::Protocol::ChatCompletions);
    QVERIFY(harness.isReady());
    RosterCache cache(harness.work());
    const QString agent1Id = DefaultAgents::kAgent1.toString();
    const QString before = find(cache.agents(), agent1Id)->instructions;
    {
        // The edit is read inside its transaction, which then rolls back.
        Transaction transaction(harness.work());
        Agent agent1 = *find(cache.agents(), agent1Id);
        agent1.instructions = u"never committed"_s;
        QVERIFY(harness.work().agents().save(agent1));
        QCOMPARE(find(cache.agents(), agent1Id)->instructions, u"never committed"_s);
    }
    QCOMPARE(find(cache.agents(), agent1Id)->instructions, before);
}

void TestRosterCache::importedAgentIsSeen()
{
    EngineHarness harness(ProviderProfile::Protocol::ChatCompletions);
    QVERIFY(harness.isReady());
    RosterCache cache(harness.work());
    QVERIFY(!find(cache.agents(), u"imported"_s));
    Agent imported;
    imported.id = u"imported"_s;
    imported.name = u"Imported"_s;
    imported.instructions = u"From a file."_s;
    QList<qint64> newIds;
    int added = 0;
    ExchangeStore exchange(harness.work());
    QVERIFY2(exchange.importArchives({}, { imported }, &newIds, &added), qPrintable(exchange.lastError()));
    QCOMPARE(added, 1);
    QVERIFY(find(cache.agents(), u"imported"_s));
}

void TestRosterCache::removedAgentIsGone()
{
    EngineHarness harness(ProviderProfile::Protocol::ChatCompletions);
    QVERIFY(harness.isReady());
    Agent extra;
    extra.id = u"extra"_s;
    extra.name = u"Extra"_s;
    QVERIFY(harness.saveAgent(extra));
    RosterCache cache(harness.work());
    QVERIFY(find(cache.agents(), u"extra"_s));
    QVERIFY(harness.work().agents().remove(u"extra"_s));
    QVERIFY(!find(cache.agents(), u"extra"_s));
}

void TestRosterCache::removedProviderIsDropped()
{
    // Removing a provider clears the provider of the agents that named it (ON DELETE SET NULL): no agent row is
    // written by the store, yet the roster changed.
    EngineHarness harness(ProviderProfile::Protocol::ChatCompletions);
    QVERIFY(harness.isReady());
    ProviderProfile own;
    own.id = u"own"_s;
    own.name = u"Own"_s;
    own.protocol = ProviderProfile::Protocol::ChatCompletions;
    own.baseUrl = QUrl(u"http://127.0.0.1:9/v1"_s);
    QVERIFY(harness.work().providers().save(own));
    Agent extra;
    extra.id = u"extra"_s;
    extra.name = u"Extra"_s;
    extra.providerId = own.id;
    QVERIFY(harness.saveAgent(extra));
    RosterCache cache(harness.work());
    QCOMPARE(find(cache.agents(), u"extra"_s)->providerId, own.id);
    QVERIFY(harness.work().providers().remove(own.id));
    QVERIFY(find(cache.agents(), u"extra"_s)->providerId.isEmpty());
}

QTEST_GUILESS_MAIN(TestRosterCache)
#include "tst_rostercache.moc"
