// The sidebar's text search on a real SQLite file: the full-text index of schema version 7 kept in step by its
// triggers (insert, update, delete, a streaming reply, a deleted conversation, an import, a turn of the engine), the
// person's text never taken as query syntax, Cyrillic, prefixes, the order and the pages, the marked matches.
#include "EngineHarness.h"
#include "ExchangeFixture.h"
#include "ScriptedReply.h"
#include "TemporaryDatabase.h"
#include "domain/SearchSnippet.h"
#include "exchange/ExportRequest.h"
#include "exchange/Exporter.h"
#include "exchange/JsonImporter.h"
#include "storage/ConversationStore.h"
#include "storage/ExchangeStore.h"
#include "storage/MessageStore.h"
#include "storage/SearchStore.h"
#include "storage/Transaction.h"

#include <QFile>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace Tandem;
using Tandem::Test::EngineHarness;
using Tandem::Test::ScriptedReply;

class TestSearch : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void cleanup();
    void matchExpressionQuotesEveryWord_data();
    void matchExpressionQuotesEveryWord();
    void snippetMarksWordsAsTheIndexMatches_data();
    void snippetMarksWordsAsTheIndexMatches();
    void findsWordsAndMarksThem();
    void insertUpdateDelete();
    void streamingReplyIsIndexedWhenItEnds();
    void onlyTextRowsAreSearched();
    void hostileQueriesNeverFail_data();
    void hostileQueriesNeverFail();
    void cyrillicAndCase();
    void lastWordIsAPrefix();
    void titlesAreSearchedAndMarked();
    void newestMatchFirstInPages();
    void deletingAConversationEmptiesItsIndexRows();
    void importedConversationsAreFound();
    void engineRepliesAreFound();

private:
    qint64 conversation(const QString &title);
    qint64 message(qint64 conversationId, const QString &text, Message::Status status = Message::Status::Complete,
        Message::Kind kind = Message::Kind::Text);
    QList<qint64> found(const QString &text, int offset = 0, int limit = 50);
    /// Rows of message_search that match @p word, read straight from the index.
    int indexRows(const QString &word);

    std::unique_ptr<Test::TemporaryDatabase> m_temp;
};

void TestSearch::init()
{
    m_temp = std::make_unique<Test::TemporaryDatabase>();
    QVERIFY2(m_temp->isReady(), qPrintable(m_temp->errorString()));
    QVERIFY(m_temp->work().search().isIndexed());
}

void TestSearch::cleanup()
{
    m_temp.reset();
}

qint64 TestSearch::conversation(const QString &title)
{
    Conversation c;
    c.title = title;
    return m_temp->work().conversations().create(c) ? c.id : 0;
}

qint64 TestSearch::message(qint64 conversationId, const QString &text, Message::Status status, Message::Kind kind)
{
    Message m;
    m.conversationId = conversationId;
    m.role = Message::Role::User;
    m.kind = kind;
    m.status = status;
    m.content = text;
    return m_temp->work().messages().append(m) ? m.id : 0;
}

QList<qint64> TestSearch::found(const QString &text, int offset, int limit)
{
    QList<qint64> ids;
    const SearchPage page = m_temp->work().search().search(text, offset, limit);
    for (const SearchHit &hit : page.hits)
        ids.append(hit.conversation.id);
    return ids;
}

int TestSearch::indexRows(const QString &word)
{
    QSqlQuery query(m_temp->connection());
    query.prepare(u"SELECT COUNT(*) FROM message_search WHERE message_search MATCH ?"_s);
    query.addBindValue(word);
    if (!query.exec() || !query.next())
        return -1;
    return query.value(0).toInt();
}

void TestSearch::matchExpressionQuotesEveryWord_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("expression");
    QTest::newRow("one word") << u"lisbon"_s << u"\"lisbon\"*"_s;
    QTest::newRow("words") << u"  trip   to lisbon "_s << u"\"trip\" \"to\" \"lisbon\"*"_s;
    QTest::newRow("quote") << u"say \"hi"_s << u"\"say\" \"\"\"hi\"*"_s;
    QTest::newRow("operators") << u"a NEAR bc"_s << u"\"a\" \"NEAR\" \"bc\"*"_s;
    QTest::newRow("controls") << u"gold\u0000xy\u0001\uE000"_s << u"\"gold\" \"xy\"*"_s;
    QTest::newRow("one letter last") << u"gold x"_s << u"\"gold\" \"x\""_s;
    QTest::newRow("punctuation alone") << u"- * : \""_s << QString();
    QTest::newRow("empty") << QString() << QString();
}

void TestSearch::matchExpressionQuotesEveryWord()
{
    QFETCH(QString, text);
    QFETCH(QString, expression);
    QCOMPARE(SearchStore::matchExpression(text), expression);
}

void TestSearch::snippetMarksWordsAsTheIndexMatches_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("query");
    QTest::addColumn<int>("maxWords");
    QTest::addColumn<QString>("shown");
    QTest::addColumn<QStringList>("marked");
    QTest::newRow("case and accents") << u"Un Café CRÈME"_s << u"cafe creme"_s << 0 << u"Un Café CRÈME"_s
                                      << QStringList { u"Café"_s, u"CRÈME"_s };
    QTest::newRow("prefix last only") << u"train trainer rain"_s << u"rain trai"_s << 0 << u"train trainer rain"_s
                                      << QStringList { u"train"_s, u"trainer"_s, u"rain"_s };
    QTest::newRow("not inside words") << u"brain drain"_s << u"rain"_s << 0 << u"brain drain"_s << QStringList {};
    QTest::newRow("cyrillic, й is not и")
        << u"Мой ЙОД и иод"_s << u"иод"_s << 0 << u"Мой ЙОД и иод"_s << QStringList { u"иод"_s };
    QTest::newRow("window") << u"one two three four five six seven eight nine ten eleven twelve"_s << u"nine"_s << 4
                            << u"…eight nine ten eleven…"_s << QStringList { u"nine"_s };
    QTest::newRow("lines become spaces") << u"a\nb\tc"_s << u"b"_s << 0 << u"a b c"_s << QStringList { u"b"_s };
}

void TestSearch::snippetMarksWordsAsTheIndexMatches()
{
    QFETCH(QString, text);
    QFETCH(QString, query);
    QFETCH(int, maxWords);
    QFETCH(QString, shown);
    QFETCH(QStringList, marked);
    const HighlightedText result = SearchSnippet::mark(text, SearchSnippet::terms(query), true, maxWords);
    QCOMPARE(result.text, shown);
    QStringList words;
    for (const HighlightedText::Span &span : result.spans)
        words << result.text.mid(span.start, span.length);
    QCOMPARE(words, marked);
}

void TestSearch::findsWordsAndMarksThem()
{
    const qint64 trip = conversation(u"Holiday"_s);
    message(trip, u"We could take the night train to Lisbon and stay a week."_s);
    const qint64 other = conversation(u"Work"_s);
    message(other, u"The quarterly report is due on Friday."_s);

    const SearchPage page = m_temp->work().search().search(u"train lisbon"_s);
    QCOMPARE(page.hits.size(), 1);
    const SearchHit &hit = page.hits.constFirst();
    QCOMPARE(hit.conversation.id, trip);
    QCOMPARE(hit.conversation.title, u"Holiday"_s);
    QVERIFY(hit.title.spans.isEmpty()); // the title did not match
    QVERIFY(hit.messageId > 0);
    QVERIFY2(hit.snippet.text.contains(u"night train to Lisbon"_s), qPrintable(hit.snippet.text));
    QStringList marked;
    for (const HighlightedText::Span &span : hit.snippet.spans)
        marked << hit.snippet.text.mid(span.start, span.length);
    QCOMPARE(marked, (QStringList { u"train"_s, u"Lisbon"_s }));
    QVERIFY(!page.hasMore);

    // Every word must be there, in any order.
    QCOMPARE(found(u"lisbon train"_s), QList<qint64> { trip });
    QCOMPARE(found(u"lisbon report"_s), QList<qint64> {});
    QCOMPARE(found(u"friday"_s), QList<qint64> { other });
}

void TestSearch::insertUpdateDelete()
{
    const qint64 id = conversation(u"Edits"_s);
    const qint64 row = message(id, u"apricot jam"_s);
    QCOMPARE(found(u"apricot"_s), QList<qint64> { id });
    QCOMPARE(indexRows(u"apricot"_s), 1);

    std::optional<Message> m = m_temp->work().messages().get(row);
    QVERIFY(m);
    m->content = u"blueberry jam"_s;
    QVERIFY(m_temp->work().messages().update(*m));
    QCOMPARE(found(u"apricot"_s), QList<qint64> {});
    QCOMPARE(indexRows(u"apricot"_s), 0);
    QCOMPARE(found(u"blueberry"_s), QList<qint64> { id });
    QCOMPARE(indexRows(u"jam"_s), 1); // the old text left the index before the new one entered it

    // Written again unchanged (a row's tokens rewritten): still one row.
    QVERIFY(m_temp->work().messages().update(*m));
    QCOMPARE(indexRows(u"blueberry"_s), 1);

    QSqlQuery remove(m_temp->connection());
    QVERIFY(remove.exec(u"DELETE FROM messages WHERE id = %1"_s.arg(row)));
    QCOMPARE(found(u"blueberry"_s), QList<qint64> {});
    QCOMPARE(indexRows(u"jam"_s), 0);

    // Every row here is final text, so the index must hold exactly what the tables hold (rank 1: compared with them).
    QSqlQuery check(m_temp->connection());
    QVERIFY(check.exec(u"INSERT INTO message_search (message_search, rank) VALUES ('integrity-check', 1)"_s));
    QVERIFY(check.exec(u"INSERT INTO title_search (title_search, rank) VALUES ('integrity-check', 1)"_s));
}

void TestSearch::streamingReplyIsIndexedWhenItEnds()
{
    const qint64 id = conversation(u"Stream"_s);
    const qint64 row = message(id, u"partial"_s, Message::Status::Streaming);
    std::optional<Message> m = m_temp->work().messages().get(row);
    QVERIFY(m);
    m->content = u"partial words still coming"_s;
    QVERIFY(m_temp->work().messages().update(*m));
    QCOMPARE(indexRows(u"partial"_s), 0);
    QCOMPARE(found(u"coming"_s), QList<qint64> {});

    m->content = u"partial words, all of them"_s;
    m->status = Message::Status::Complete;
    QVERIFY(m_temp->work().messages().update(*m));
    QCOMPARE(indexRows(u"partial"_s), 1);
    QCOMPARE(found(u"all them"_s), QList<qint64> { id });
    QCOMPARE(found(u"coming"_s), QList<qint64> {});

    // An interrupted reply keeps its text, and is found by it.
    const qint64 cut = message(id, u"halfway through a sentence"_s, Message::Status::Streaming);
    m = m_temp->work().messages().get(cut);
    m->status = Message::Status::Interrupted;
    QVERIFY(m_temp->work().messages().update(*m));
    QCOMPARE(found(u"halfway"_s), QList<qint64> { id });
}

void TestSearch::onlyTextRowsAreSearched()
{
    const qint64 id = conversation(u"Kinds"_s);
    message(id, u"write_file secret.txt"_s, Message::Status::Complete, Message::Kind::ToolCall);
    message(id, u"Handing over to agent two"_s, Message::Status::Complete, Message::Kind::Divider);
    QCOMPARE(found(u"secret"_s), QList<qint64> {});
    QCOMPARE(found(u"handing"_s), QList<qint64> {});
    QCOMPARE(indexRows(u"secret"_s), 0);
}

void TestSearch::hostileQueriesNeverFail_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<bool>("finds");
    QTest::newRow("quote") << u"\""_s << false;
    QTest::newRow("unbalanced quotes") << u"\"price of \"gold"_s << true;
    QTest::newRow("star") << u"*"_s << false;
    QTest::newRow("star word") << u"*gold"_s << true;
    QTest::newRow("NEAR") << u"NEAR(price gold)"_s << false; // the words "near price" and "gold"
    QTest::newRow("NEAR spaced") << u"NEAR( price gold )"_s << false;
    QTest::newRow("NEAR group") << u"price NEAR/2 gold"_s << false;
    QTest::newRow("NEAR alone") << u"NEAR"_s << false;
    QTest::newRow("AND OR NOT") << u"gold AND OR NOT"_s << false;
    QTest::newRow("minus") << u"-gold"_s << true;
    QTest::newRow("column filter") << u"content:gold"_s << false; // one phrase: "content gold", not in the text
    QTest::newRow("colon") << u"price: gold"_s << true;
    QTest::newRow("caret") << u"^price"_s << true;
    QTest::newRow("braces") << u"{content} : gold"_s << false;
    QTest::newRow("parentheses") << u"((gold"_s << true;
    QTest::newRow("plus") << u"price + gold"_s << true;
    QTest::newRow("sql") << u"'; DROP TABLE messages; --"_s << false;
    QTest::newRow("percent") << u"100%"_s << false;
    QTest::newRow("nul and controls") << u"gold\u0001\u0000"_s << true;
    QTest::newRow("markers") << u"\uE000gold\uE001"_s << true;
    QTest::newRow("long") << QString(5000, u'x') << false;
}

void TestSearch::hostileQueriesNeverFail()
{
    QFETCH(QString, text);
    QFETCH(bool, finds);
    const qint64 id = conversation(u"Markets"_s);
    message(id, u"The price of gold rose again."_s);
    SearchStore &store = m_temp->work().search();
    const SearchPage page = store.search(text);
    QVERIFY2(store.lastError().isEmpty(), qPrintable(store.lastError()));
    QCOMPARE(page.hits.size(), finds ? 1 : 0);
    QVERIFY(m_temp->work().messages().count(id) == 1); // nothing was dropped
}

void TestSearch::cyrillicAndCase()
{
    const qint64 ru = conversation(u"Поездка"_s);
    message(ru, u"Купить билеты на поезд до Москвы и забронировать гостиницу."_s);
    const qint64 fr = conversation(u"Café"_s);
    message(fr, u"Un crème brûlée au café, s'il vous plaît."_s);

    QCOMPARE(found(u"поезд"_s), QList<qint64> { ru });
    QCOMPARE(found(u"МОСКВЫ"_s), QList<qint64> { ru });
    QCOMPARE(found(u"Билеты гостиницу"_s), QList<qint64> { ru });
    QCOMPARE(found(u"брон"_s), QList<qint64> {}); // a prefix matches the start of a word only
    QCOMPARE(found(u"заброн"_s), QList<qint64> { ru });
    const SearchPage page = m_temp->work().search().search(u"москвы"_s);
    QCOMPARE(page.hits.size(), 1);
    const HighlightedText &snippet = page.hits.constFirst().snippet;
    QCOMPARE(snippet.spans.size(), 1);
    QCOMPARE(snippet.text.mid(snippet.spans.constFirst().start, snippet.spans.constFirst().length), u"Москвы"_s);
    // Latin accents aside.
    QCOMPARE(found(u"creme brulee"_s), QList<qint64> { fr });
    QCOMPARE(found(u"CAFE"_s), QList<qint64> { fr });
}

void TestSearch::lastWordIsAPrefix()
{
    const qint64 id = conversation(u"Typing"_s);
    message(id, u"Refactoring the importer"_s);
    QStringList typed;
    const QString text = u"refactoring importer"_s;
    // One letter is a word of its own (as a prefix it would match nearly everything).
    QCOMPARE(found(u"r"_s), QList<qint64> {});
    for (int n = 2; n <= text.size(); ++n) {
        if (text.at(n - 1) == u' ' || text.at(n - 2) == u' ')
            continue;
        QVERIFY2(found(text.left(n)) == QList<qint64> { id }, qPrintable(text.left(n)));
    }
    // Only the last word is a prefix: the earlier ones are whole words.
    QCOMPARE(found(u"refac importer"_s), QList<qint64> {});
}

void TestSearch::titlesAreSearchedAndMarked()
{
    const qint64 named = conversation(u"Plan the Lisbon trip"_s);
    message(named, u"Nothing about the city here."_s);
    const SearchPage page = m_temp->work().search().search(u"lisb"_s);
    QCOMPARE(page.hits.size(), 1);
    const SearchHit &hit = page.hits.constFirst();
    QCOMPARE(hit.conversation.id, named);
    QCOMPARE(hit.title.text, u"Plan the Lisbon trip"_s);
    QCOMPARE(hit.title.spans, (QList<HighlightedText::Span> { { 9, 6 } }));
    QVERIFY(hit.snippet.isEmpty());

    QVERIFY(m_temp->work().conversations().rename(named, u"Porto instead"_s));
    QCOMPARE(found(u"lisbon"_s), QList<qint64> {});
    QCOMPARE(found(u"porto"_s), QList<qint64> { named });
}

void TestSearch::newestMatchFirstInPages()
{
    QList<qint64> ids;
    for (int i = 0; i < 7; ++i) {
        ids.append(conversation(u"Conversation %1"_s.arg(i)));
        message(ids.last(), u"orange %1"_s.arg(i));
        message(ids.last(), u"something else"_s);
    }
    // The oldest conversation gets the newest match.
    message(ids.first(), u"one more orange"_s);
    const QList<qint64> expected { ids[0], ids[6], ids[5], ids[4], ids[3], ids[2], ids[1] };
    QCOMPARE(found(u"orange"_s), expected);

    SearchStore &store = m_temp->work().search();
    SearchPage first = store.search(u"orange"_s, 0, 3);
    QCOMPARE(first.hits.size(), 3);
    QVERIFY(first.hasMore);
    QList<qint64> paged;
    for (int offset = 0;; offset += 3) {
        const SearchPage page = store.search(u"orange"_s, offset, 3);
        for (const SearchHit &hit : page.hits)
            paged.append(hit.conversation.id);
        if (!page.hasMore)
            break;
    }
    QCOMPARE(paged, expected);
    // The snippet of the oldest one is its newest match.
    QVERIFY2(first.hits.constFirst().snippet.text.contains(u"one more"_s), qPrintable(first.hits.first().snippet.text));
}

void TestSearch::deletingAConversationEmptiesItsIndexRows()
{
    const qint64 gone = conversation(u"Walnut talk"_s);
    message(gone, u"walnut bread"_s);
    message(gone, u"walnut cake"_s);
    const qint64 kept = conversation(u"Other"_s);
    message(kept, u"walnut oil"_s);
    QCOMPARE(indexRows(u"walnut"_s), 3);
    QVERIFY(m_temp->work().conversations().remove(gone));
    QCOMPARE(indexRows(u"walnut"_s), 1);
    QCOMPARE(found(u"walnut"_s), QList<qint64> { kept });
    QSqlQuery titles(m_temp->connection());
    QVERIFY(titles.exec(u"SELECT COUNT(*) FROM title_search WHERE title_search MATCH 'walnut'"_s) && titles.next());
    QCOMPARE(titles.value(0).toInt(), 0);
}

void TestSearch::importedConversationsAreFound()
{
    const qint64 original = Test::ExchangeFixture::create(m_temp->work());
    QVERIFY(original > 0);
    ExchangeStore store(m_temp->work());
    QTemporaryDir out;
    ExportRequest request;
    request.conversationIds = { original };
    request.format = ExportFormat::Json;
    request.path = out.filePath(u"export.json"_s);
    request.exportedAt = Test::ExchangeFixture::exportedAt();
    Exporter exporter(&store, request);
    QVERIFY(exporter.run());
    QFile file(request.path);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QByteArray json = file.readAll();

    // Whatever word the fixture's first text message holds is found in the copy too.
    const std::optional<Message> first = [&]() -> std::optional<Message> {
        const QList<Message> rows = m_temp->work().messages().page(original);
        for (const Message &m : rows)
            if (m.kind == Message::Kind::Text && m.status != Message::Status::Streaming && m.content.size() > 3)
                return m;
        return std::nullopt;
    }();
    QVERIFY(first);
    const QString word = first->content.split(u' ', Qt::SkipEmptyParts).constFirst();
    const int before = found(word).size();
    QVERIFY(before >= 1);

    JsonImporter importer(&store);
    QVERIFY2(importer.importData(json), qPrintable(importer.errorString()));
    const qint64 copy = importer.importedIds().constFirst();
    const QList<qint64> after = found(word);
    QCOMPARE(after.size(), before + 1);
    QCOMPARE(after.constFirst(), copy); // written last, so its match is the newest
}

void TestSearch::engineRepliesAreFound()
{
    m_temp.reset();
    EngineHarness h(ProviderProfile::Protocol::ChatCompletions);
    QVERIFY(h.isReady());
    const qint64 id = h.createConversation(Conversation::Mode::Dual);
    h.server().enqueue(ScriptedReply::text({ u"HANDOFF_AGENT2\nWrite a "_s, u"haiku about rain."_s }));
    h.server().enqueue(ScriptedReply::text({ u"Rain on the roof, "_s, u"soft thunder far away."_s }));
    QCOMPARE(h.sendAndWait(id, u"A poem please"_s), RunOutcome::Completed);
    SearchStore &store = h.work().search();
    for (const QString &word : { u"poem"_s, u"thunder"_s, u"haiku"_s }) {
        const SearchPage page = store.search(word);
        QVERIFY2(page.hits.size() == 1 && page.hits.constFirst().conversation.id == id, qPrintable(word));
    }
    // A divider's sentence is not text of the conversation.
    QCOMPARE(store.search(u"accepted"_s).hits.size(), 0);
    QVERIFY(EngineHarness::takeSpecProblems().isEmpty());
}

QTEST_GUILESS_MAIN(TestSearch)
#include "tst_search.moc"
