// The engine keeps each agent's thread in memory (agents/ThreadCache) and reads only what is new, in step with the
// SQLite file: after many dual turns on Chat Completions (the whole thread sent) the request carries what a fresh read
// gives, a write of another connection is seen by the next turn, a rolled-back row is never sent, a row rewritten in
// place is read again, and a deleted conversation leaves no stale rows behind. Real SQLite file, the fake LLM server
// over loopback.
#include "EngineHarness.h"
#include "agents/DefaultAgents.h"
#include "agents/ThreadCache.h"
#include "agents/ThreadHistory.h"
#include "llm/ChatCompletionsClient.h"
#include "storage/AgentThreadStore.h"
#include "storage/Database.h"
#include "storage/MessageStore.h"
#include "storage/Transaction.h"
#include "storage/UnitOfWork.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QTest>

#include <algorithm>

using namespace Qt::StringLiterals;
using namespace Tandem;
using namespace Tandem::Test;

class TestThreadCache : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void cleanup();
    void requestEqualsAFreshReadAfterManyTurns();
    void readsOnlyTheNewRows();
    void anotherConnectionsWriteIsSeen();
    void rolledBackRowIsNotSent();
    void rowRewrittenInPlaceIsReadAgain();
    void deletedConversationMeetsNoStaleRows();

private:
    static void dualReplies(FakeLlmServer &server);
    static void turns(EngineHarness &harness, qint64 conversationId, int from, int count);
    static QString fresh(UnitOfWork &work, qint64 conversationId, const QString &agentId);
    static qint64 historyFrom(UnitOfWork &work, qint64 conversationId, const QString &agentId);
    static QList<Message> upTo(const QList<Message> &rows, qint64 lastId);
};

void TestThreadCache::cleanup()
{
    const QStringList problems = EngineHarness::takeSpecProblems();
    QVERIFY2(problems.isEmpty(), qPrintable(problems.join(u'\n')));
}

void TestThreadCache::dualReplies(FakeLlmServer &server)
{
    // Agent 1 hands every "Q…" message to agent 2, which answers it.
    server.setResponder([](const RecordedRequest &request) {
        const QString last = request.lastUserText().section(u"\n\n"_s, -1);
        const QString text = last.startsWith(u'Q') ? u"HANDOFF_AGENT2\nP: "_s + last : u"Answer: "_s + last;
        return ScriptedReply::text(QStringList { text });
    });
}

void TestThreadCache::turns(EngineHarness &harness, qint64 conversationId, int from, int count)
{
    for (int i = from; i < from + count; ++i)
        QCOMPARE(harness.sendAndWait(conversationId, u"Q%1: a question"_s.arg(i)), RunOutcome::Completed);
}

qint64 TestThreadCache::historyFrom(UnitOfWork &work, qint64 conversationId, const QString &agentId)
{
    return work.threads().get(conversationId, agentId).historyFrom;
}

QString TestThreadCache::fresh(UnitOfWork &work, qint64 conversationId, const QString &agentId)
{
    // The reader without a cache.
    return ThreadHistory::toJsonText(
        ThreadHistory::build(work, conversationId, agentId, historyFrom(work, conversationId, agentId)));
}

QList<Message> TestThreadCache::upTo(const QList<Message> &rows, qint64 lastId)
{
    QList<Message> kept;
    for (const Message &row : rows)
        if (row.id <= lastId)
            kept << row;
    return kept;
}

void TestThreadCache::requestEqualsAFreshReadAfterManyTurns()
{
    EngineHarness harness(ProviderProfile::Protocol::ChatCompletions);
    QVERIFY(harness.isReady());
    dualReplies(harness.server());
    const qint64 id = harness.createConversation(Conversation::Mode::Dual);
    turns(harness, id, 1, 12);
    harness.server().clear();
    turns(harness, id, 13, 1);

    // Agent 1's request of the last turn carried its thread up to the person's message of that turn, as a fresh read
    // of the file gives it now (the rows written after the request left out).
    const QList<RecordedRequest> requests = harness.modelRequests();
    QCOMPARE(requests.size(), 2);
    const QString agent1 = DefaultAgents::kAgent1.toString();
    const std::optional<Message> person = harness.work().messages().lastUserMessage(id);
    QVERIFY(person);
    const QList<Message> rows
        = upTo(harness.work().messages().threadRows(id, agent1, historyFrom(harness.work(), id, agent1)), person->id);
    LlmRequest expected;
    expected.instructions = requests.at(0).instructions();
    expected.input = ThreadHistory::fromRows(harness.work(), id, agent1, rows);
    const QJsonArray sent = requests.at(0).json.value(u"messages"_s).toArray();
    QCOMPARE(sent, ChatCompletionsClient::buildMessages(expected));
    // The instructions; each earlier turn's message and handoff line; this turn's message.
    QCOMPARE(sent.size(), 1 + 12 * 2 + 1);

    // Agent 2's request carried its thread up to its reply of that turn.
    const QString agent2 = DefaultAgents::kAgent2.toString();
    const QList<Message> all = harness.rows(id);
    const auto reply = std::find_if(all.crbegin(), all.crend(),
        [&](const Message &row) { return row.role == Message::Role::Assistant && row.agentId == agent2; });
    QVERIFY(reply != all.crend());
    const QList<Message> rows2 = upTo(
        harness.work().messages().threadRows(id, agent2, historyFrom(harness.work(), id, agent2)), reply->id - 1);
    LlmRequest expected2;
    expected2.instructions = requests.at(1).instructions();
    expected2.input = ThreadHistory::fromRows(harness.work(), id, agent2, rows2);
    QCOMPARE(requests.at(1).json.value(u"messages"_s).toArray(), ChatCompletionsClient::buildMessages(expected2));
}

void TestThreadCache::readsOnlyTheNewRows()
{
    // A cache on the engine's own connection, beside the engine's: after each turn it gives what a fresh read gives,
    // and it read each agent's whole thread once.
    EngineHarness harness(ProviderProfile::Protocol::ChatCompletions);
    QVERIFY(harness.isReady());
    dualReplies(harness.server());
    const qint64 id = harness.createConversation(Conversation::Mode::Dual);
    ThreadCache cache(harness.work());
    for (int i = 1; i <= 10; ++i) {
        turns(harness, id, i, 1);
        for (const QStringView agent : { DefaultAgents::kAgent1, DefaultAgents::kAgent2 }) {
            const QString agentId = agent.toString();
            QCOMPARE(ThreadHistory::toJsonText(cache.items(id, agentId, historyFrom(harness.work(), id, agentId))),
                fresh(harness.work(), id, agentId));
        }
    }
    QCOMPARE(cache.fullReads(), 2);
}

void TestThreadCache::anotherConnectionsWriteIsSeen()
{
    EngineHarness harness(ProviderProfile::Protocol::ChatCompletions);
    QVERIFY(harness.isReady());
    dualReplies(harness.server());
    const qint64 id = harness.createConversation(Conversation::Mode::Dual);
    turns(harness, id, 1, 3);

    // Another connection to the file (as another process) rewrites agent 1's first reply and adds a reply of its own.
    {
        Database other;
        QVERIFY2(other.open(harness.database().filePath()), qPrintable(other.errorString()));
        QList<Message> rows = other.work().messages().threadRows(id, DefaultAgents::kAgent1.toString(), 0);
        auto reply = std::find_if(
            rows.begin(), rows.end(), [](const Message &row) { return row.role == Message::Role::Assistant; });
        QVERIFY(reply != rows.end());
        reply->content = u"HANDOFF_AGENT2\nP: rewritten elsewhere"_s;
        QVERIFY(other.work().messages().update(*reply));
    }
    harness.server().clear();
    turns(harness, id, 4, 1);
    const QList<RecordedRequest> requests = harness.modelRequests();
    QVERIFY(!requests.isEmpty());
    QVERIFY2(requests.at(0).body.contains("rewritten elsewhere"), requests.at(0).body.constData());
}

void TestThreadCache::rolledBackRowIsNotSent()
{
    EngineHarness harness(ProviderProfile::Protocol::ChatCompletions);
    QVERIFY(harness.isReady());
    dualReplies(harness.server());
    const qint64 id = harness.createConversation(Conversation::Mode::Dual);
    turns(harness, id, 1, 2);
    const QString agent1 = DefaultAgents::kAgent1.toString();
    ThreadCache cache(harness.work());
    QCOMPARE(ThreadHistory::toJsonText(cache.items(id, agent1, historyFrom(harness.work(), id, agent1))),
        fresh(harness.work(), id, agent1));

    // A row read inside a transaction that then rolls back; the next row takes its id.
    qint64 undone = 0;
    {
        Transaction transaction(harness.work());
        Message row;
        row.conversationId = id;
        row.role = Message::Role::Assistant;
        row.agentId = agent1;
        row.content = u"never committed"_s;
        QVERIFY(harness.work().messages().append(row));
        undone = row.id;
        QVERIFY(ThreadHistory::toJsonText(cache.items(id, agent1, historyFrom(harness.work(), id, agent1)))
                    .contains(u"never committed"_s));
    }
    Message row;
    row.conversationId = id;
    row.role = Message::Role::Assistant;
    row.agentId = agent1;
    row.content = u"committed"_s;
    QVERIFY(harness.work().messages().append(row));
    QCOMPARE(row.id, undone);
    const QString items = ThreadHistory::toJsonText(cache.items(id, agent1, historyFrom(harness.work(), id, agent1)));
    QVERIFY(!items.contains(u"never committed"_s));
    QCOMPARE(items, fresh(harness.work(), id, agent1));
}

void TestThreadCache::rowRewrittenInPlaceIsReadAgain()
{
    // A row of the thread this connection rewrites after the cache read it (a reply that ends, a cancelled one).
    EngineHarness harness(ProviderProfile::Protocol::ChatCompletions);
    QVERIFY(harness.isReady());
    dualReplies(harness.server());
    const qint64 id = harness.createConversation(Conversation::Mode::Dual);
    turns(harness, id, 1, 2);
    const QString agent2 = DefaultAgents::kAgent2.toString();
    const qint64 from = historyFrom(harness.work(), id, agent2);
    ThreadCache cache(harness.work());
    QCOMPARE(ThreadHistory::toJsonText(cache.items(id, agent2, from)), fresh(harness.work(), id, agent2));
    QList<Message> rows = harness.work().messages().threadRows(id, agent2, from);
    auto reply = std::find_if(
        rows.begin(), rows.end(), [](const Message &row) { return row.role == Message::Role::Assistant; });
    QVERIFY(reply != rows.end());
    reply->content = u"Answer: rewritten"_s;
    QVERIFY(harness.work().messages().update(*reply));
    const QString items = ThreadHistory::toJsonText(cache.items(id, agent2, from));
    QVERIFY(items.contains(u"Answer: rewritten"_s));
    QCOMPARE(items, fresh(harness.work(), id, agent2));
    QCOMPARE(cache.fullReads(), 1);
}

void TestThreadCache::deletedConversationMeetsNoStaleRows()
{
    // A conversation deleted while its threads are kept: the next conversation's first request carries only its own
    // rows (ids are never given again: AUTOINCREMENT).
    EngineHarness harness(ProviderProfile::Protocol::ChatCompletions);
    QVERIFY(harness.isReady());
    dualReplies(harness.server());
    const qint64 first = harness.createConversation(Conversation::Mode::Dual);
    turns(harness, first, 1, 3);
    QVERIFY(harness.repository().deleteConversation(first));
    const qint64 second = harness.createConversation(Conversation::Mode::Dual);
    QVERIFY(second != first);
    harness.server().clear();
    turns(harness, second, 100, 1);
    const QList<RecordedRequest> requests = harness.modelRequests();
    QVERIFY(!requests.isEmpty());
    QVERIFY(!requests.at(0).body.contains("Q1: a question"));
    QCOMPARE(requests.at(0).lastUserText(), u"Q100: a question"_s);
}

QTEST_GUILESS_MAIN(TestThreadCache)
#include "tst_threadcache.moc"
