#include "SpecValidator.h"
#include "llm/SseParser.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

using namespace Qt::StringLiterals;
using Tandem::SseEvent;
using Tandem::SseParser;

namespace {

// A Responses API stream as OpenAI sends it (LF line ends, `event:` + `data:` frames, every payload valid against
// the spec), with a function call and multibyte text so that byte-wise feeding splits UTF-8 sequences.
constexpr char kResponsesStream[] = R"(event: response.created
data: {"type":"response.created","sequence_number":0,"response":{"id":"resp_68a1","object":"response","created_at":1756300000,"status":"in_progress","error":null,"incomplete_details":null,"instructions":null,"model":"gpt-5-mini","tools":[],"output":[],"parallel_tool_calls":true,"metadata":{},"tool_choice":"auto","temperature":1.0,"top_p":1.0}}

event: response.in_progress
data: {"type":"response.in_progress","sequence_number":1,"response":{"id":"resp_68a1","object":"response","created_at":1756300000,"status":"in_progress","error":null,"incomplete_details":null,"instructions":null,"model":"gpt-5-mini","tools":[],"output":[],"parallel_tool_calls":true,"metadata":{},"tool_choice":"auto","temperature":1.0,"top_p":1.0}}

event: response.output_item.added
data: {"type":"response.output_item.added","sequence_number":2,"output_index":0,"item":{"id":"msg_1","type":"message","status":"in_progress","role":"assistant","content":[]}}

event: response.output_text.delta
data: {"type":"response.output_text.delta","sequence_number":3,"item_id":"msg_1","output_index":0,"content_index":0,"delta":"Привет, ","logprobs":[]}

event: response.output_text.delta
data: {"type":"response.output_text.delta","sequence_number":4,"item_id":"msg_1","output_index":0,"content_index":0,"delta":"мир 🌍","logprobs":[]}

event: response.output_item.done
data: {"type":"response.output_item.done","sequence_number":5,"output_index":0,"item":{"id":"msg_1","type":"message","status":"completed","role":"assistant","content":[{"type":"output_text","text":"Привет, мир 🌍","annotations":[],"logprobs":[]}]}}

event: response.output_item.added
data: {"type":"response.output_item.added","sequence_number":6,"output_index":1,"item":{"id":"fc_1","type":"function_call","status":"in_progress","call_id":"call_A1","name":"handoff_to","arguments":""}}

event: response.function_call_arguments.delta
data: {"type":"response.function_call_arguments.delta","sequence_number":7,"item_id":"fc_1","output_index":1,"delta":"{\"target_agent\":"}

event: response.function_call_arguments.delta
data: {"type":"response.function_call_arguments.delta","sequence_number":8,"item_id":"fc_1","output_index":1,"delta":"\"reviewer\"}"}

event: response.function_call_arguments.done
data: {"type":"response.function_call_arguments.done","sequence_number":9,"item_id":"fc_1","output_index":1,"name":"handoff_to","arguments":"{\"target_agent\":\"reviewer\"}"}

event: response.output_item.done
data: {"type":"response.output_item.done","sequence_number":10,"output_index":1,"item":{"id":"fc_1","type":"function_call","status":"completed","call_id":"call_A1","name":"handoff_to","arguments":"{\"target_agent\":\"reviewer\"}"}}

event: response.completed
data: {"type":"response.completed","sequence_number":11,"response":{"id":"resp_68a1","object":"response","created_at":1756300000,"status":"completed","error":null,"incomplete_details":null,"instructions":null,"model":"gpt-5-mini","tools":[],"output":[{"id":"msg_1","type":"message","status":"completed","role":"assistant","content":[{"type":"output_text","text":"Привет, мир 🌍","annotations":[],"logprobs":[]}]},{"id":"fc_1","type":"function_call","status":"completed","call_id":"call_A1","name":"handoff_to","arguments":"{\"target_agent\":\"reviewer\"}"}],"parallel_tool_calls":true,"metadata":{},"tool_choice":"auto","temperature":1.0,"top_p":1.0,"usage":{"input_tokens":42,"input_tokens_details":{"cached_tokens":0,"cache_write_tokens":0},"output_tokens":17,"output_tokens_details":{"reasoning_tokens":0},"total_tokens":59}}}

)";

// A Chat Completions stream with CRLF line ends (as some proxies re-emit it), a keep-alive comment, parallel tool
// calls, the usage chunk and the [DONE] sentinel.
constexpr char kChatStream[]
    = "data: {\"id\":\"chatcmpl-9\",\"object\":\"chat.completion.chunk\",\"created\":1,\"model\":\"llama3.2\","
      "\"choices\":[{\"index\":0,\"delta\":{\"role\":\"assistant\",\"content\":\"\"},\"finish_reason\":null}]}\r\n\r\n"
      ": keep-alive\r\n\r\n"
      "data: {\"id\":\"chatcmpl-9\",\"object\":\"chat.completion.chunk\",\"created\":1,\"model\":\"llama3.2\","
      "\"choices\":[{\"index\":0,\"delta\":{\"content\":\"Größe: \xE2\x82\xAC 5\"},\"finish_reason\":null}]}\r\n\r\n"
      "data: {\"id\":\"chatcmpl-9\",\"object\":\"chat.completion.chunk\",\"created\":1,\"model\":\"llama3.2\","
      "\"choices\":[{\"index\":0,\"delta\":{\"tool_calls\":[{\"index\":0,\"id\":\"call_1\",\"type\":\"function\","
      "\"function\":{\"name\":\"get_weather\",\"arguments\":\"\"}}]},\"finish_reason\":null}]}\r\n\r\n"
      "data: {\"id\":\"chatcmpl-9\",\"object\":\"chat.completion.chunk\",\"created\":1,\"model\":\"llama3.2\","
      "\"choices\":[{\"index\":0,\"delta\":{\"tool_calls\":[{\"index\":1,\"id\":\"call_2\",\"type\":\"function\","
      "\"function\":{\"name\":\"get_time\",\"arguments\":\"{}\"}}]},\"finish_reason\":null}]}\r\n\r\n"
      "data: {\"id\":\"chatcmpl-9\",\"object\":\"chat.completion.chunk\",\"created\":1,\"model\":\"llama3.2\","
      "\"choices\":[{\"index\":0,\"delta\":{\"tool_calls\":[{\"index\":0,\"function\":{\"arguments\":"
      "\"{\\\"city\\\":\\\"Paris\\\"}\"}}]},\"finish_reason\":null}]}\r\n\r\n"
      "data: {\"id\":\"chatcmpl-9\",\"object\":\"chat.completion.chunk\",\"created\":1,\"model\":\"llama3.2\","
      "\"choices\":[{\"index\":0,\"delta\":{},\"finish_reason\":\"tool_calls\"}]}\r\n\r\n"
      "data: {\"id\":\"chatcmpl-9\",\"object\":\"chat.completion.chunk\",\"created\":1,\"model\":\"llama3.2\","
      "\"choices\":[],\"usage\":{\"prompt_tokens\":30,\"completion_tokens\":12,\"total_tokens\":42}}\r\n\r\n"
      "data: [DONE]\r\n\r\n";

constexpr char kIdWithNul[] = "id: 1\ndata: a\n\nid: 2\0x\ndata: b\n\n";

// One line per event, so a failing comparison shows what differs.
QStringList describe(const QList<SseEvent> &events)
{
    QStringList lines;
    for (const SseEvent &event : events)
        lines.append(
            u"event=[%1] data=[%2] id=[%3] retry=%4"_s.arg(event.event, event.data, event.id).arg(event.retryMs));
    return lines;
}

QString line(const QString &event, const QString &data, const QString &id = {}, int retry = -1)
{
    return describe({ SseEvent { event, data, id, retry } }).constFirst();
}

QList<SseEvent> parseWhole(QByteArrayView bytes)
{
    SseParser parser;
    QList<SseEvent> events;
    parser.feed(bytes, events);
    parser.finish(events);
    return events;
}

QList<SseEvent> parseInChunks(QByteArrayView bytes, qsizetype chunkSize)
{
    SseParser parser;
    QList<SseEvent> events;
    for (qsizetype pos = 0; pos < bytes.size(); pos += chunkSize)
        parser.feed(bytes.sliced(pos, std::min(chunkSize, bytes.size() - pos)), events);
    parser.finish(events);
    return events;
}

} // namespace

class TestSseParser : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void parse_data();
    void parse();
    void finishFlushesLastFrame_data();
    void finishFlushesLastFrame();
    void carriageReturnThenLineFeedInNextChunk();
    void retryWithoutDataIsRemembered();
    void resetForgetsEverything();
    void oversizedInputStopsTheParser_data();
    void oversizedInputStopsTheParser();
    void recordedStreams_data();
    void recordedStreams();
};

void TestSseParser::parse_data()
{
    QTest::addColumn<QByteArray>("input");
    QTest::addColumn<QStringList>("expected");

    QTest::newRow("one data line") << "data: hello\n\n"_ba << QStringList { line({}, u"hello"_s) };
    QTest::newRow("event and data") << "event: response.created\ndata: {\"a\":1}\n\n"_ba
                                    << QStringList { line(u"response.created"_s, u"{\"a\":1}"_s) };
    QTest::newRow("multi-line data joined with LF")
        << "data: first\ndata: second\ndata:third\n\n"_ba << QStringList { line({}, u"first\nsecond\nthird"_s) };
    QTest::newRow("two events") << "data: a\n\nevent: x\ndata: b\n\n"_ba
                                << QStringList { line({}, u"a"_s), line(u"x"_s, u"b"_s) };
    QTest::newRow("event type does not leak into the next frame")
        << "event: x\ndata: a\n\ndata: b\n\n"_ba << QStringList { line(u"x"_s, u"a"_s), line({}, u"b"_s) };
    QTest::newRow("id persists across events")
        << "id: 7\ndata: a\n\ndata: b\n\nid: 8\ndata: c\n\n"_ba
        << QStringList { line({}, u"a"_s, u"7"_s), line({}, u"b"_s, u"7"_s), line({}, u"c"_s, u"8"_s) };
    QTest::newRow("empty id clears it") << "id: 7\ndata: a\n\nid\ndata: b\n\n"_ba
                                        << QStringList { line({}, u"a"_s, u"7"_s), line({}, u"b"_s) };
    QTest::newRow("id containing NUL is ignored") << QByteArray(kIdWithNul, sizeof(kIdWithNul) - 1)
                                                  << QStringList { line({}, u"a"_s, u"1"_s), line({}, u"b"_s, u"1"_s) };
    QTest::newRow("retry attaches to its frame only")
        << "retry: 3000\ndata: a\n\ndata: b\n\n"_ba << QStringList { line({}, u"a"_s, {}, 3000), line({}, u"b"_s) };
    QTest::newRow("retry with non-digits is ignored")
        << "retry: 30s\ndata: a\n\nretry: -5\ndata: b\n\n"_ba << QStringList { line({}, u"a"_s), line({}, u"b"_s) };
    QTest::newRow("retry beyond int is ignored")
        << "retry: 99999999999\ndata: a\n\n"_ba << QStringList { line({}, u"a"_s) };
    QTest::newRow("comment lines are ignored")
        << ": ping\ndata: a\n: inside\ndata: b\n\n:\n\n"_ba << QStringList { line({}, u"a\nb"_s) };
    QTest::newRow("CRLF line ends") << "event: e\r\ndata: a\r\ndata: b\r\n\r\n"_ba
                                    << QStringList { line(u"e"_s, u"a\nb"_s) };
    QTest::newRow("lone CR line ends") << "event: e\rdata: a\rdata: b\r\rdata: c\r\r"_ba
                                       << QStringList { line(u"e"_s, u"a\nb"_s), line({}, u"c"_s) };
    QTest::newRow("mixed line ends") << "data: a\r\ndata: b\rdata: c\n\r\n"_ba
                                     << QStringList { line({}, u"a\nb\nc"_s) };
    QTest::newRow("only the first space after the colon is removed")
        << "data:  two spaces\ndata:none\n\n"_ba << QStringList { line({}, u" two spaces\nnone"_s) };
    QTest::newRow("empty data still dispatches") << "data:\n\n"_ba << QStringList { line({}, QString()) };
    QTest::newRow("field without colon") << "data\ndata\n\n"_ba << QStringList { line({}, u"\n"_s) };
    QTest::newRow("colons inside the value stay")
        << "data: {\"a\":\"b:c\"}\n\n"_ba << QStringList { line({}, u"{\"a\":\"b:c\"}"_s) };
    QTest::newRow("frame without data dispatches nothing")
        << "event: lonely\n\nid: 3\n\ndata: a\n\n"_ba << QStringList { line({}, u"a"_s, u"3"_s) };
    QTest::newRow("extra blank lines dispatch nothing")
        << "\n\n\ndata: a\n\n\n\n"_ba << QStringList { line({}, u"a"_s) };
    QTest::newRow("unknown fields are ignored")
        << "foo: bar\ndata: a\nData: no\n\n"_ba << QStringList { line({}, u"a"_s) };
    QTest::newRow("leading BOM is skipped") << "\xEF\xBB\xBF"
                                               "data: a\n\n"_ba
                                            << QStringList { line({}, u"a"_s) };
    QTest::newRow("BOM later is data") << "data: a\n\n\xEF\xBB\xBF"
                                          "data: b\n\n"_ba
                                       << QStringList { line({}, u"a"_s) };
    QTest::newRow("UTF-8 multibyte") << "event: d\ndata: Привет 😀 €\n\n"_ba
                                     << QStringList { line(u"d"_s, u"Привет 😀 €"_s) };
    QTest::newRow("invalid UTF-8 becomes replacement characters") << "data: a\xFF"
                                                                     "b\n\n"_ba
                                                                  << QStringList { line({}, u"a\uFFFDb"_s) };
    QTest::newRow("[DONE] sentinel is plain data") << "data: [DONE]\n\n"_ba << QStringList { line({}, u"[DONE]"_s) };
    QTest::newRow("last frame without blank line, flushed at EOF")
        << "data: a\n\ndata: b\n"_ba << QStringList { line({}, u"a"_s), line({}, u"b"_s) };
    QTest::newRow("last line without line end, flushed at EOF")
        << "event: e\ndata: tail"_ba << QStringList { line(u"e"_s, u"tail"_s) };
    QTest::newRow("nothing") << QByteArray() << QStringList {};
}

void TestSseParser::parse()
{
    QFETCH(QByteArray, input);
    QFETCH(QStringList, expected);

    QCOMPARE(describe(parseWhole(input)), expected);
    // The same events however the bytes are cut: one at a time, and in two pieces at every position (between CR
    // and LF, inside a UTF-8 sequence, inside a field name, …).
    QCOMPARE(describe(parseInChunks(input, 1)), expected);
    for (qsizetype cut = 1; cut < input.size(); ++cut) {
        SseParser parser;
        QList<SseEvent> events;
        parser.feed(QByteArrayView(input).first(cut), events);
        parser.feed(QByteArrayView(input).sliced(cut), events);
        parser.finish(events);
        QVERIFY2(describe(events) == expected, qPrintable(u"cut at byte %1"_s.arg(cut)));
    }
}

void TestSseParser::finishFlushesLastFrame_data()
{
    QTest::addColumn<QByteArray>("input");
    QTest::addColumn<int>("beforeFinish");
    QTest::addColumn<QStringList>("afterFinish");

    QTest::newRow("complete frame") << "data: a\n\n"_ba << 1 << QStringList {};
    QTest::newRow("no blank line") << "data: a\n"_ba << 0 << QStringList { line({}, u"a"_s) };
    QTest::newRow("no line end") << "data: a"_ba << 0 << QStringList { line({}, u"a"_s) };
    QTest::newRow("no line end after CR") << "data: a\r"_ba << 0 << QStringList { line({}, u"a"_s) };
    QTest::newRow("event line only") << "event: e\n"_ba << 0 << QStringList {};
}

void TestSseParser::finishFlushesLastFrame()
{
    QFETCH(QByteArray, input);
    QFETCH(int, beforeFinish);
    QFETCH(QStringList, afterFinish);

    SseParser parser;
    QList<SseEvent> events;
    parser.feed(input, events);
    QCOMPARE(events.size(), beforeFinish);
    events.clear();
    parser.finish(events);
    QCOMPARE(describe(events), afterFinish);
    QCOMPARE(parser.bufferedBytes(), qsizetype(0));
    events.clear();
    parser.finish(events);
    QVERIFY(events.isEmpty()); // a second finish() has nothing left
}

void TestSseParser::carriageReturnThenLineFeedInNextChunk()
{
    SseParser parser;
    // "\r" ends the first chunk: the "\n" that follows is the same line end, not an empty line that would dispatch
    // "a" on its own.
    QCOMPARE(parser.feed("data: a\r"), QList<SseEvent> {});
    QCOMPARE(parser.feed("\ndata: b\r"), QList<SseEvent> {});
    QCOMPARE(parser.bufferedBytes(), qsizetype(0));
    const QList<SseEvent> events = parser.feed("\n\r\n");
    QCOMPARE(describe(events), QStringList { line({}, u"a\nb"_s) });
}

void TestSseParser::retryWithoutDataIsRemembered()
{
    SseParser parser;
    QCOMPARE(parser.retryMs(), -1);
    QVERIFY(parser.feed("retry: 1500\n\n").isEmpty());
    QCOMPARE(parser.retryMs(), 1500);
    QCOMPARE(describe(parser.feed("data: a\n\n")), QStringList { line({}, u"a"_s) }); // not attached to later frames
    QVERIFY(parser.feed("retry: x\n\n").isEmpty());
    QCOMPARE(parser.retryMs(), 1500);
}

void TestSseParser::resetForgetsEverything()
{
    SseParser parser;
    parser.feed("id: 9\nretry: 10\n\ndata: half");
    QVERIFY(parser.bufferedBytes() > 0);
    parser.reset();
    QCOMPARE(parser.bufferedBytes(), qsizetype(0));
    QCOMPARE(parser.retryMs(), -1);
    QCOMPARE(describe(parser.feed("data: b\n\n")), QStringList { line({}, u"b"_s) });
}

void TestSseParser::oversizedInputStopsTheParser_data()
{
    QTest::addColumn<QByteArray>("piece");
    QTest::addColumn<QByteArray>("before"); // sent once, first

    // A line that never ends, in 1 MiB chunks; a frame of data lines that never gets its blank line.
    QTest::newRow("endless line") << QByteArray(1024 * 1024, 'x') << QByteArray("data: ");
    QTest::newRow("endless frame") << QByteArray("data: " + QByteArray(1024 * 1024 - 7, 'y') + "\n") << QByteArray();
}

void TestSseParser::oversizedInputStopsTheParser()
{
    QFETCH(QByteArray, piece);
    QFETCH(QByteArray, before);
    SseParser parser;
    QList<SseEvent> events;
    const QByteArray start = "data: kept\n\n" + before;
    parser.feed(start, events);
    QCOMPARE(describe(events), QStringList { line({}, u"kept"_s) });
    const qsizetype limit = SseParser::maxEventBytes();
    qsizetype sent = 0;
    while (!parser.overflowed() && sent <= 2 * limit) {
        parser.feed(piece, events);
        sent += piece.size();
        QVERIFY(parser.bufferedBytes() <= limit);
    }
    QVERIFY(parser.overflowed());
    QVERIFY(sent > limit - piece.size()); // not before the limit
    QCOMPARE(parser.bufferedBytes(), qsizetype(0)); // the memory is given back
    parser.feed("\n\ndata: late\n\n", events);
    parser.finish(events);
    QCOMPARE(events.size(), 1); // nothing of the broken frame, nothing after it

    // Just under the limit is still an event.
    SseParser fits;
    const QByteArray big(limit - 16, 'z');
    const QByteArray frame = "data: " + big + "\n\n";
    const QList<SseEvent> one = fits.feed(frame);
    QVERIFY(!fits.overflowed());
    QCOMPARE(one.size(), 1);
    QCOMPARE(one.constFirst().data.size(), big.size());
}

void TestSseParser::recordedStreams_data()
{
    QTest::addColumn<QByteArray>("stream");
    QTest::addColumn<int>("eventCount");
    QTest::addColumn<QString>("firstType");
    QTest::addColumn<QString>("lastData");
    QTest::addColumn<QString>("schema");

    QTest::newRow("responses") << QByteArray(kResponsesStream) << 12 << u"response.created"_s
                               << QString::fromUtf8(QByteArray(kResponsesStream).trimmed().split('\n').last().mid(6))
                               << u"ResponseStreamEvent"_s;
    QTest::newRow("chat completions") << QByteArray(kChatStream) << 8 << QString() << u"[DONE]"_s
                                      << u"CreateChatCompletionStreamResponse"_s;
}

void TestSseParser::recordedStreams()
{
    QFETCH(QByteArray, stream);
    QFETCH(int, eventCount);
    QFETCH(QString, firstType);
    QFETCH(QString, lastData);
    QFETCH(QString, schema);

    const QList<SseEvent> whole = parseWhole(stream);
    QCOMPARE(whole.size(), eventCount);
    QCOMPARE(whole.constFirst().event, firstType);
    QCOMPARE(whole.constLast().data, lastData);
    // The recordings are what the spec says a server sends, so they are fit to feed the clients.
    Tandem::Test::SpecValidator *validator = Tandem::Test::SpecValidator::instance();
    QVERIFY2(validator->isReady(), qPrintable(validator->errorString()));
    for (const SseEvent &event : whole) {
        if (event.data == u"[DONE]")
            continue;
        QJsonParseError error;
        const QJsonObject payload = QJsonDocument::fromJson(event.data.toUtf8(), &error).object();
        QVERIFY2(error.error == QJsonParseError::NoError, qPrintable(event.data));
        if (!event.event.isEmpty())
            QCOMPARE(payload.value(u"type"_s).toString(), event.event);
        const auto result = validator->validate(schema, payload);
        QVERIFY2(result.valid, qPrintable(result.message()));
    }

    QCOMPARE(describe(parseInChunks(stream, 1)), describe(whole));
    for (const qsizetype size : { 2, 3, 7, 64, 1000 })
        QCOMPARE(describe(parseInChunks(stream, size)), describe(whole));
}

QTEST_GUILESS_MAIN(TestSseParser)
#include "tst_sseparser.moc"
