#include "TemporaryDatabase.h"
#include "storage/AgentStore.h"
#include "storage/ConversationStore.h"
#include "storage/HandoffStore.h"
#include "storage/MessageStore.h"
#include "storage/ProviderStore.h"
#include "storage/Transaction.h"
#include "storage/VariableStore.h"

#include <QJsonArray>
#include <QSqlQuery>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace Tandem;

class TestStores : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void cleanup();
    void conversationsSortedPinnedThenByActivity();
    void conversationEdits();
    void conversationSearch();
    void messagesRoundTrip();
    void messagesPageOldestFirst();
    void orphanStreamingRows();
    void handoffLifecycle();
    void staleHandoffs();
    void agentsRoundTrip();
    void providersRoundTrip();
    void variablesPerConversation();
    void transactionGuard();

private:
    qint64 newConversation(const QString &title, const QDateTime &updated = QDateTime::currentDateTimeUtc());

    std::unique_ptr<Test::TemporaryDatabase> m_temp;
};

void TestStores::init()
{
    m_temp = std::make_unique<Test::TemporaryDatabase>();
    QVERIFY2(m_temp->isReady(), qPrintable(m_temp->errorString()));
}

void TestStores::cleanup()
{
    m_temp.reset();
}

qint64 TestStores::newConversation(const QString &title, const QDateTime &updated)
{
    Conversation c;
    c.title = title;
    c.createdAt = updated;
    c.updatedAt = updated;
    ConversationStore &store = m_temp->work().conversations();
    return store.create(c) ? c.id : 0;
}

void TestStores::conversationsSortedPinnedThenByActivity()
{
    const QDateTime t0 = QDateTime(QDate(2026, 3, 1), QTime(9, 0), Qt::UTC);
    const qint64 old = newConversation(u"old"_s, t0);
    const qint64 recent = newConversation(u"recent"_s, t0.addDays(2));
    const qint64 pinned = newConversation(u"pinned"_s, t0.addDays(-5));
    ConversationStore &store = m_temp->work().conversations();
    QVERIFY(store.setPinned(pinned, true));

    auto titles = [&] {
        QStringList result;
        for (const Conversation &c : store.list())
            result << c.title;
        return result;
    };
    QCOMPARE(titles(), (QStringList { u"pinned"_s, u"recent"_s, u"old"_s }));
    QVERIFY(store.touch(old, t0.addDays(3)));
    QCOMPARE(titles(), (QStringList { u"pinned"_s, u"old"_s, u"recent"_s }));
    Q_UNUSED(recent);
}

void TestStores::conversationEdits()
{
    const qint64 id = newConversation(u"draft"_s);
    ConversationStore &store = m_temp->work().conversations();
    QVERIFY(store.rename(id, u"Renamed «ёж»"_s));
    QVERIFY(store.setMode(id, Conversation::Mode::Dual));
    const auto loaded = store.get(id);
    QVERIFY(loaded);
    QCOMPARE(loaded->title, u"Renamed «ёж»"_s);
    QCOMPARE(loaded->mode, Conversation::Mode::Dual);
    QVERIFY(!store.rename(id + 100, u"nobody"_s));
    QVERIFY(store.remove(id));
    QVERIFY(!store.get(id));
    QVERIFY(!store.remove(id));
}

void TestStores::conversationSearch()
{
    const qint64 a = newConversation(u"Trip to Kazan"_s);
    const qint64 b = newConversation(u"Taxes"_s);
    newConversation(u"Other"_s);
    Message m;
    m.conversationId = b;
    m.content = u"Deduct the 100% home office"_s;
    QVERIFY(m_temp->work().messages().append(m));

    ConversationStore &store = m_temp->work().conversations();
    auto ids = [&](const QString &text) {
        QList<qint64> result;
        for (const Conversation &c : store.search(text))
            result << c.id;
        std::sort(result.begin(), result.end());
        return result;
    };
    QCOMPARE(ids(u"kazan"_s), QList<qint64> { a });
    QCOMPARE(ids(u"home office"_s), QList<qint64> { b });
    QCOMPARE(ids(u"100%"_s), QList<qint64> { b }); // % is literal, not a wildcard
    QCOMPARE(ids(u"0%_h"_s), QList<qint64> {}); // nor is _
    QCOMPARE(ids(u"nothing like this"_s), QList<qint64> {});
}

void TestStores::messagesRoundTrip()
{
    const qint64 cid = newConversation(u"c"_s);
    MessageStore &store = m_temp->work().messages();
    Message m;
    m.conversationId = cid;
    m.role = Message::Role::Assistant;
    m.agentId = u"agent2"_s;
    m.kind = Message::Kind::Text;
    m.status = Message::Status::Streaming;
    m.content = u"Hel"_s;
    QVERIFY(store.append(m));
    QVERIFY(m.id > 0);

    m.content = u"Hello, world"_s;
    m.status = Message::Status::Complete;
    m.usage = TokenUsage { 120, 30, 100, 4 };
    QVERIFY(store.update(m));

    const auto loaded = store.get(m.id);
    QVERIFY(loaded);
    QCOMPARE(loaded->content, u"Hello, world"_s);
    QCOMPARE(loaded->agentId, u"agent2"_s);
    QCOMPARE(loaded->role, Message::Role::Assistant);
    QCOMPARE(loaded->status, Message::Status::Complete);
    QCOMPARE(loaded->usage, (TokenUsage { 120, 30, 100, 4 }));
    QCOMPARE(loaded->createdAt, m.createdAt);

    Message divider;
    divider.conversationId = cid;
    divider.role = Message::Role::System;
    divider.kind = Message::Kind::Divider;
    divider.divider = Message::Divider::HandingOver;
    QVERIFY(store.append(divider));
    QCOMPARE(store.get(divider.id)->divider, Message::Divider::HandingOver);
    QVERIFY(store.get(divider.id)->agentId.isEmpty());
}

void TestStores::messagesPageOldestFirst()
{
    const qint64 cid = newConversation(u"c"_s);
    MessageStore &store = m_temp->work().messages();
    for (int i = 0; i < 25; ++i) {
        Message m;
        m.conversationId = cid;
        m.content = QString::number(i);
        QVERIFY(store.append(m));
    }
    QCOMPARE(store.count(cid), 25);
    const QList<Message> newest = store.page(cid, 0, 10);
    QCOMPARE(newest.size(), 10);
    QCOMPARE(newest.first().content, u"15"_s);
    QCOMPARE(newest.last().content, u"24"_s);
    const QList<Message> older = store.page(cid, newest.first().id, 10);
    QCOMPARE(older.first().content, u"5"_s);
    QCOMPARE(older.last().content, u"14"_s);
    const QList<Message> oldest = store.page(cid, older.first().id, 10);
    QCOMPARE(oldest.size(), 5);
    QCOMPARE(oldest.first().content, u"0"_s);
    QVERIFY(store.page(cid, oldest.first().id, 10).isEmpty());
}

void TestStores::orphanStreamingRows()
{
    const qint64 cid = newConversation(u"c"_s);
    MessageStore &store = m_temp->work().messages();
    Message streaming;
    streaming.conversationId = cid;
    streaming.role = Message::Role::Assistant;
    streaming.status = Message::Status::Streaming;
    streaming.content = u"partial"_s;
    QVERIFY(store.append(streaming));
    Message done;
    done.conversationId = cid;
    QVERIFY(store.append(done));

    // A streaming row of no running run is an orphan (its process ended); the recovery marks it.
    QList<Message> orphans = store.orphanStreaming();
    QCOMPARE(orphans.size(), 1);
    QCOMPARE(orphans[0].id, streaming.id);
    orphans[0].status = Message::Status::Interrupted;
    orphans[0].error = u"Tandem quit while this reply streamed"_s;
    QVERIFY(store.update(orphans[0]));
    const auto loaded = store.get(streaming.id);
    QCOMPARE(loaded->status, Message::Status::Interrupted);
    QCOMPARE(loaded->content, u"partial"_s);
    QCOMPARE(loaded->error, u"Tandem quit while this reply streamed"_s);
    QCOMPARE(store.get(done.id)->status, Message::Status::Complete);
    QVERIFY(store.orphanStreaming().isEmpty());
}

void TestStores::handoffLifecycle()
{
    const qint64 cid = newConversation(u"c"_s);
    HandoffStore &store = m_temp->work().handoffs();
    Handoff h;
    h.conversationId = cid;
    h.fromAgent = u"implementer"_s;
    h.toAgent = u"reviewer"_s;
    h.payload = QJsonObject { { u"plan"_s, u"…"_s }, { u"files"_s, QJsonArray { u"a.cpp"_s } } };
    QVERIFY(store.create(h));

    auto loaded = store.get(h.id);
    QVERIFY(loaded);
    QCOMPARE(loaded->status(), Handoff::Status::Pending);
    QCOMPARE(loaded->payload, h.payload);

    QVERIFY(loaded->transitionTo(Handoff::Status::Rejected, QDateTime::currentDateTimeUtc(), u"Tests failing"_s));
    QVERIFY(store.saveStatus(*loaded));
    const auto rejected = store.get(h.id);
    QCOMPARE(rejected->status(), Handoff::Status::Rejected);
    QCOMPARE(rejected->rejectionReason(), u"Tests failing"_s);
    QVERIFY(rejected->processedAt().isValid());

    // A second decision on a processed handoff is refused by the store, whatever the object says.
    Handoff second = h;
    QVERIFY(second.transitionTo(Handoff::Status::Accepted, QDateTime::currentDateTimeUtc()));
    QVERIFY(!store.saveStatus(second));
    QCOMPARE(store.get(h.id)->status(), Handoff::Status::Rejected);
    QCOMPARE(store.forConversation(cid).size(), 1);
}

void TestStores::staleHandoffs()
{
    const qint64 cid = newConversation(u"c"_s);
    HandoffStore &store = m_temp->work().handoffs();
    const QDateTime now = QDateTime::currentDateTimeUtc();
    auto make = [&](int minutesAgo) {
        Handoff h;
        h.conversationId = cid;
        h.fromAgent = u"a"_s;
        h.toAgent = u"b"_s;
        h.createdAt = now.addSecs(-minutesAgo * 60);
        store.create(h);
        return h;
    };
    const Handoff old = make(45);
    make(10);
    Handoff oldButDone = make(50);
    QVERIFY(oldButDone.transitionTo(Handoff::Status::Accepted, now));
    QVERIFY(store.saveStatus(oldButDone));

    const QList<Handoff> stale = store.stale(now);
    QCOMPARE(stale.size(), 1);
    QCOMPARE(stale.first().id, old.id);
    QCOMPARE(store.stale(now, 5).size(), 2);
}

void TestStores::agentsRoundTrip()
{
    AgentStore &store = m_temp->work().agents();
    Agent a { u"reviewer"_s, u"Reviewer"_s, u"Reviews"_s, u"You review."_s, u"gpt-5-mini"_s, {}, { u"read_file"_s },
        { u"refactorer"_s, u"implementer"_s }, false, true };
    QVERIFY(store.save(a));
    QCOMPARE(*store.get(u"reviewer"_s), a);
    a.enabled = false;
    a.handoffTargets = { u"implementer"_s };
    QVERIFY(store.save(a)); // replace, not duplicate
    QCOMPARE(store.list().size(), 1);
    QCOMPARE(*store.get(u"reviewer"_s), a);
    QVERIFY(store.remove(u"reviewer"_s));
    QVERIFY(!store.get(u"reviewer"_s));
}

void TestStores::providersRoundTrip()
{
    ProviderStore &store = m_temp->work().providers();
    ProviderProfile p;
    p.id = u"ollama"_s;
    p.name = u"Ollama"_s;
    p.protocol = ProviderProfile::Protocol::ChatCompletions;
    p.baseUrl = QUrl(u"http://127.0.0.1:11434/v1"_s);
    p.defaultModel = u"llama3.2"_s;
    p.extraHeaders = { { u"X-Title"_s, u"Tandem"_s } };
    QVERIFY(store.save(p));
    QCOMPARE(*store.get(u"ollama"_s), p);

    // Deleting a provider leaves conversations that used it.
    const qint64 cid = newConversation(u"c"_s);
    QVERIFY(m_temp->work().conversations().setProvider(cid, u"ollama"_s, u"llama3.2"_s));
    QVERIFY(store.remove(u"ollama"_s));
    const auto conversation = m_temp->work().conversations().get(cid);
    QVERIFY(conversation);
    QVERIFY(conversation->providerId.isEmpty());
}

void TestStores::variablesPerConversation()
{
    const qint64 a = newConversation(u"A"_s);
    const qint64 b = newConversation(u"B"_s);
    VariableStore &variables = m_temp->work().variables();
    QCOMPARE(variables.value(a, u"pending_confirmation"_s, u"none"_s), u"none"_s);
    QVERIFY(variables.setValue(a, u"pending_confirmation"_s, u"{\"task\":7}"_s));
    QVERIFY(variables.setValue(b, u"pending_confirmation"_s, u"other"_s));
    QVERIFY(variables.setValue(a, u"pending_confirmation"_s, u"{\"task\":8}"_s)); // replaces, no second row
    QCOMPARE(variables.value(a, u"pending_confirmation"_s), u"{\"task\":8}"_s);
    QCOMPARE(variables.value(b, u"pending_confirmation"_s), u"other"_s);
    QVERIFY(variables.remove(a, u"pending_confirmation"_s));
    QCOMPARE(variables.value(a, u"pending_confirmation"_s, u"gone"_s), u"gone"_s);
    QCOMPARE(variables.value(b, u"pending_confirmation"_s), u"other"_s);
    // A conversation's variables go with it.
    QVERIFY(m_temp->work().conversations().remove(b));
    QSqlQuery count(m_temp->connection());
    QVERIFY(count.exec(u"SELECT COUNT(*) FROM variables"_s) && count.next());
    QCOMPARE(count.value(0).toInt(), 0);
}

void TestStores::transactionGuard()
{
    const auto titles = [this] {
        QStringList found;
        const QList<Conversation> all = m_temp->work().conversations().list();
        for (const Conversation &conversation : all)
            found << conversation.title;
        return found;
    };
    {
        Transaction transaction(m_temp->work());
        QVERIFY(transaction.isActive());
        newConversation(u"Dropped"_s);
        QCOMPARE(titles(), QStringList { u"Dropped"_s }); // visible inside the transaction
    } // destroyed without commit: rolled back
    QVERIFY(titles().isEmpty());
    {
        Transaction transaction(m_temp->work());
        newConversation(u"Kept"_s);
        QVERIFY(transaction.commit());
    }
    QCOMPARE(titles(), QStringList { u"Kept"_s });
    {
        Transaction transaction(m_temp->work());
        newConversation(u"Rolled back"_s);
        transaction.rollback();
        QVERIFY(!transaction.commit()); // nothing left to commit
    }
    QCOMPARE(titles(), QStringList { u"Kept"_s });
}

QTEST_GUILESS_MAIN(TestStores)
#include "tst_stores.moc"
