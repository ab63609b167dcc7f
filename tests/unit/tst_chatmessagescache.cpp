// The Chat Completions body written from kept messages (llm/ChatMessagesCache): byte for byte what serializing the
// whole request gives, while a growing thread serializes only its new messages; an edited earlier message, another
// thread in between, the calls folded into a reply, Raw items, the dialects and the other body fields all checked
// against the full serialization.
#include "llm/ChatCompletionsClient.h"
#include "llm/ChatMessagesCache.h"

#include <QJsonDocument>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace Tandem;

class TestChatMessagesCache : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void growingThreadSerializesOnlyItsNewMessages_data();
    void growingThreadSerializesOnlyItsNewMessages();
    void editedEarlierMessageIsWrittenAgain();
    void twoThreadsInTurnsBothReuse();
    void callsFoldedIntoTheReplyThatGrows();
    void otherFieldsOfTheBody();

private:
    static QByteArray whole(const LlmRequest &request, ChatCompletionsClient::Dialect dialect);
    static LlmRequest request(const QString &instructions, const QList<InputItem> &input);
};

QByteArray TestChatMessagesCache::whole(const LlmRequest &request, ChatCompletionsClient::Dialect dialect)
{
    return QJsonDocument(ChatCompletionsClient::buildRequestBody(request, dialect)).toJson(QJsonDocument::Compact);
}

LlmRequest TestChatMessagesCache::request(const QString &instructions, const QList<InputItem> &input)
{
    LlmRequest r;
    r.model = u"fake-model"_s;
    r.instructions = instructions;
    r.input = input;
    return r;
}

void TestChatMessagesCache::growingThreadSerializesOnlyItsNewMessages_data()
{
    QTest::addColumn<bool>("openAi");
    QTest::newRow("compatible") << false;
    QTest::newRow("openai") << true;
}

void TestChatMessagesCache::growingThreadSerializesOnlyItsNewMessages()
{
    QFETCH(bool, openAi);
    const auto dialect = openAi ? ChatCompletionsClient::Dialect::OpenAI : ChatCompletionsClient::Dialect::Compatible;
    ChatMessagesCache cache;
    QList<InputItem> input;
    for (int turn = 1; turn <= 20; ++turn) {
        input << InputItem::user(u"Question %1 with \"quotes\" and ünïcode"_s.arg(turn));
        const LlmRequest r = request(u"You are agent 1."_s, input);
        const qsizetype before = cache.serialized();
        QCOMPARE(cache.body(r, dialect), whole(r, dialect));
        // The first request writes its one message; each later one only the reply and the question added since.
        QCOMPARE(cache.serialized() - before, turn == 1 ? 1 : 2);
        input << InputItem::assistant(u"Answer %1"_s.arg(turn));
    }
    // A developer message in the middle becomes a user turn; the dialect decides nothing else in messages.
    input << InputItem::message(InputItem::Role::Developer, u"Be brief."_s) << InputItem::user(u"More"_s);
    const LlmRequest r = request(u"You are agent 1."_s, input);
    QCOMPARE(cache.body(r, dialect), whole(r, dialect));
}

void TestChatMessagesCache::editedEarlierMessageIsWrittenAgain()
{
    ChatMessagesCache cache;
    QList<InputItem> input { InputItem::user(u"One"_s), InputItem::assistant(u"Two"_s), InputItem::user(u"Three"_s),
        InputItem::assistant(u"Four"_s), InputItem::user(u"Five"_s) };
    const auto dialect = ChatCompletionsClient::Dialect::Compatible;
    QCOMPARE(cache.body(request(u"I"_s, input), dialect), whole(request(u"I"_s, input), dialect));
    const qsizetype before = cache.serialized();
    input[2] = InputItem::user(u"Three, edited"_s); // an edit, or another branch of the conversation
    QCOMPARE(cache.body(request(u"I"_s, input), dialect), whole(request(u"I"_s, input), dialect));
    QCOMPARE(cache.serialized() - before, 3); // from the edited message on
    // A shorter thread (a message taken back) reuses what it shares.
    input.resize(3);
    QCOMPARE(cache.body(request(u"I"_s, input), dialect), whole(request(u"I"_s, input), dialect));
    QCOMPARE(cache.serialized() - before, 3);
}

void TestChatMessagesCache::twoThreadsInTurnsBothReuse()
{
    // A dual turn: agent 1's request, then agent 2's, each with its own instructions and thread.
    ChatMessagesCache cache;
    const auto dialect = ChatCompletionsClient::Dialect::Compatible;
    QList<InputItem> first;
    QList<InputItem> second;
    for (int turn = 1; turn <= 10; ++turn) {
        first << InputItem::user(u"Q%1"_s.arg(turn));
        second << InputItem::user(u"Payload %1"_s.arg(turn));
        const qsizetype before = cache.serialized();
        QCOMPARE(cache.body(request(u"Agent 1"_s, first), dialect), whole(request(u"Agent 1"_s, first), dialect));
        QCOMPARE(cache.body(request(u"Agent 2"_s, second), dialect), whole(request(u"Agent 2"_s, second), dialect));
        QCOMPARE(cache.serialized() - before, turn == 1 ? 2 : 4);
        first << InputItem::assistant(u"HANDOFF_AGENT2\nPayload %1"_s.arg(turn));
        second << InputItem::assistant(u"Answer %1"_s.arg(turn));
    }
}

void TestChatMessagesCache::callsFoldedIntoTheReplyThatGrows()
{
    // Calls join the reply before them; calls at the start or after a tool's output make an assistant message of
    // their own; a Raw item (Responses output) makes none. A reply whose calls grow is written again.
    ChatMessagesCache cache;
    const auto dialect = ChatCompletionsClient::Dialect::OpenAI;
    QJsonObject reasoning { { u"type"_s, u"reasoning"_s } };
    InputItem raw;
    raw.type = InputItem::Type::Raw;
    raw.raw = reasoning;
    QList<InputItem> input { InputItem::functionCall(ToolCall { u"c0"_s, u"clock"_s, u"{}"_s, {} }),
        InputItem::functionOutput(u"c0"_s, u"noon"_s), InputItem::user(u"What is 2+2?"_s),
        InputItem::assistant(u"Let me compute."_s),
        InputItem::functionCall(ToolCall { u"c1"_s, u"calculator"_s, u"{\"e\":\"2+2\"}"_s, {} }) };
    QCOMPARE(cache.body(request(u"T"_s, input), dialect), whole(request(u"T"_s, input), dialect));
    input << InputItem::functionCall(ToolCall { u"c2"_s, u"calculator"_s, u"{\"e\":\"4\"}"_s, {} });
    QCOMPARE(cache.body(request(u"T"_s, input), dialect), whole(request(u"T"_s, input), dialect));
    input << InputItem::functionOutput(u"c1"_s, u"4"_s) << InputItem::functionOutput(u"c2"_s, u"4"_s) << raw
          << InputItem::functionCall(ToolCall { u"c3"_s, u"clock"_s, u"{}"_s, {} })
          << InputItem::functionOutput(u"c3"_s, u"one"_s) << InputItem::assistant(u"It is 4."_s);
    QCOMPARE(cache.body(request(u"T"_s, input), dialect), whole(request(u"T"_s, input), dialect));
    // No instructions at all.
    QCOMPARE(cache.body(request({}, input), dialect), whole(request({}, input), dialect));
}

void TestChatMessagesCache::otherFieldsOfTheBody()
{
    ChatMessagesCache cache;
    LlmRequest r = request(u"Classify."_s, { InputItem::user(u"A message"_s) });
    r.tools << ToolDefinition { u"messages"_s, u"a tool named like the body's key"_s,
        QJsonObject { { u"type"_s, u"object"_s },
            { u"properties"_s, QJsonObject { { u"messages"_s, QJsonObject { { u"type"_s, u"array"_s } } } } } },
        true };
    r.parallelToolCalls = false;
    r.maxOutputTokens = 512;
    r.temperature = 0.25;
    r.outputSchema = OutputSchema { u"decision"_s, QJsonObject { { u"type"_s, u"object"_s } }, true };
    for (const auto dialect : { ChatCompletionsClient::Dialect::Compatible, ChatCompletionsClient::Dialect::OpenAI })
        QCOMPARE(cache.body(r, dialect), whole(r, dialect));
}

QTEST_GUILESS_MAIN(TestChatMessagesCache)
#include "tst_chatmessagescache.moc"
