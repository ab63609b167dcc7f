// ToolCallAccumulator: Chat Completions `delta.tool_calls` fragments in every shape servers send them, assembled into
// whole calls, announced once, in index order.
#include "llm/ToolCallAccumulator.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QTest>

using namespace Qt::StringLiterals;
using Tandem::ToolCall;
using Tandem::ToolCallAccumulator;

namespace {

ToolCall call(const QString &callId, const QString &name, const QString &arguments)
{
    return ToolCall { callId, name, arguments, QString() };
}

QJsonArray fragmentsOf(const QByteArray &text)
{
    QJsonParseError error;
    const QJsonDocument document = QJsonDocument::fromJson(text, &error);
    if (error.error != QJsonParseError::NoError || !document.isArray())
        qFatal("bad fragments in the test: %s", qPrintable(error.errorString()));
    return document.array();
}

} // namespace

class TestToolCallAccumulator : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void assemble_data();
    void assemble();
    void emptyAndPartial();
};

void TestToolCallAccumulator::assemble_data()
{
    QTest::addColumn<QByteArray>("fragments"); ///< the `delta.tool_calls` elements, in arrival order
    QTest::addColumn<QList<int>>("positions"); ///< the call each fragment went to
    QTest::addColumn<QList<int>>("startedAt"); ///< the fragments that announced a call
    QTest::addColumn<QList<qsizetype>>("remaining"); ///< what announceRemaining() announced at the end
    QTest::addColumn<QList<ToolCall>>("expected"); ///< calls()

    QTest::newRow("one call by index") << QByteArray(
        R"([{"index":0,"id":"call_a","type":"function","function":{"name":"f","arguments":""}},
                          {"index":0,"function":{"arguments":"{\"x\""}},
                          {"index":0,"function":{"arguments":":1}"}}])")
                                       << QList<int> { 0, 0, 0 } << QList<int> { 0 } << QList<qsizetype>()
                                       << QList<ToolCall> { call(u"call_a"_s, u"f"_s, uR"({"x":1})"_s) };
    QTest::newRow("parallel calls interleaved by index")
        << QByteArray(R"([{"index":0,"id":"a","function":{"name":"f","arguments":""}},
                          {"index":1,"id":"b","function":{"name":"g","arguments":""}},
                          {"index":1,"function":{"arguments":"{\"y\":2}"}},
                          {"index":0,"function":{"arguments":"{\"x\":"}},
                          {"index":0,"function":{"arguments":"1}"}}])")
        << QList<int> { 0, 1, 1, 0, 0 } << QList<int> { 0, 1 } << QList<qsizetype>()
        << QList<ToolCall> { call(u"a"_s, u"f"_s, uR"({"x":1})"_s), call(u"b"_s, u"g"_s, uR"({"y":2})"_s) };
    QTest::newRow("ordered by index, not by arrival")
        << QByteArray(R"([{"index":2,"id":"c","function":{"name":"h","arguments":"{}"}},
                          {"index":0,"id":"a","function":{"name":"f","arguments":"{}"}},
                          {"index":1,"id":"b","function":{"name":"g","arguments":"{}"}}])")
        << QList<int> { 0, 1, 2 } << QList<int> { 0, 1, 2 } << QList<qsizetype>()
        << QList<ToolCall> { call(u"a"_s, u"f"_s, u"{}"_s), call(u"b"_s, u"g"_s, u"{}"_s),
               call(u"c"_s, u"h"_s, u"{}"_s) };
    QTest::newRow("missing index: continuations without id go to the last call")
        << QByteArray(R"([{"id":"a","function":{"name":"f","arguments":"{\"q\":"}},
                          {"function":{"arguments":"1}"}},
                          {"id":"b","function":{"name":"g","arguments":""}},
                          {"function":{"arguments":"{}"}}])")
        << QList<int> { 0, 0, 1, 1 } << QList<int> { 0, 2 } << QList<qsizetype>()
        << QList<ToolCall> { call(u"a"_s, u"f"_s, uR"({"q":1})"_s), call(u"b"_s, u"g"_s, u"{}"_s) };
    QTest::newRow("missing index, id on every fragment, interleaved")
        << QByteArray(R"([{"id":"a","function":{"name":"f","arguments":"{"}},
                          {"id":"b","function":{"name":"g","arguments":"["}},
                          {"id":"a","function":{"arguments":"}"}},
                          {"id":"b","function":{"arguments":"]"}}])")
        << QList<int> { 0, 1, 0, 1 } << QList<int> { 0, 1 } << QList<qsizetype>()
        << QList<ToolCall> { call(u"a"_s, u"f"_s, u"{}"_s), call(u"b"_s, u"g"_s, u"[]"_s) };
    QTest::newRow("missing id: synthesized at the second fragment")
        << QByteArray(R"([{"index":0,"function":{"name":"f","arguments":"{"}},
                          {"index":0,"function":{"arguments":"}"}}])")
        << QList<int> { 0, 0 } << QList<int> { 1 } << QList<qsizetype>()
        << QList<ToolCall> { call(u"call_7_0"_s, u"f"_s, u"{}"_s) };
    QTest::newRow("missing index and id")
        << QByteArray(R"([{"function":{"name":"f","arguments":"{"}},
                          {"function":{"arguments":"}"}},
                          {"function":{"name":"g","arguments":"{}"}}])")
        << QList<int> { 0, 0, 1 } << QList<int> { 1 } << QList<qsizetype> { 1 }
        << QList<ToolCall> { call(u"call_7_0"_s, u"f"_s, u"{}"_s), call(u"call_7_1"_s, u"g"_s, u"{}"_s) };
    QTest::newRow("id arriving with the second fragment")
        << QByteArray(R"([{"index":0,"type":"function","function":{"name":"f","arguments":""}},
                          {"index":0,"id":"call_late","function":{"arguments":"{}"}}])")
        << QList<int> { 0, 0 } << QList<int> { 1 } << QList<qsizetype>()
        << QList<ToolCall> { call(u"call_late"_s, u"f"_s, u"{}"_s) };
    QTest::newRow("missing index, id arriving with the second fragment")
        << QByteArray(R"([{"function":{"name":"f","arguments":""}},
                          {"id":"call_f","function":{"arguments":"{\"a\""}},
                          {"function":{"arguments":":1}"}},
                          {"function":{"name":"g","arguments":""}},
                          {"id":"call_g","function":{"arguments":"{}"}}])")
        << QList<int> { 0, 0, 0, 1, 1 } << QList<int> { 1, 4 } << QList<qsizetype>()
        << QList<ToolCall> { call(u"call_f"_s, u"f"_s, uR"({"a":1})"_s), call(u"call_g"_s, u"g"_s, u"{}"_s) };
    QTest::newRow("name arriving late") << QByteArray(R"([{"index":0,"id":"a","function":{"arguments":"{"}},
                          {"index":0,"function":{"name":"f"}},
                          {"index":0,"function":{"arguments":"}"}}])")
                                        << QList<int> { 0, 0, 0 } << QList<int> { 1 } << QList<qsizetype>()
                                        << QList<ToolCall> { call(u"a"_s, u"f"_s, u"{}"_s) };
    QTest::newRow("name repeated on every fragment")
        << QByteArray(R"([{"index":0,"id":"a","function":{"name":"f","arguments":"{"}},
                          {"index":0,"function":{"name":"f","arguments":"}"}}])")
        << QList<int> { 0, 0 } << QList<int> { 0 } << QList<qsizetype>()
        << QList<ToolCall> { call(u"a"_s, u"f"_s, u"{}"_s) };
    QTest::newRow("every call at index 0, a new id starts a new call")
        << QByteArray(R"([{"index":0,"id":"a","function":{"name":"f","arguments":"{"}},
                          {"index":0,"function":{"arguments":"}"}},
                          {"index":0,"id":"b","function":{"name":"g","arguments":"{"}},
                          {"index":0,"function":{"arguments":"}"}}])")
        << QList<int> { 0, 0, 1, 1 } << QList<int> { 0, 2 } << QList<qsizetype>()
        << QList<ToolCall> { call(u"a"_s, u"f"_s, u"{}"_s), call(u"b"_s, u"g"_s, u"{}"_s) };
    QTest::newRow("the same id repeated continues the call")
        << QByteArray(R"([{"index":0,"id":"a","function":{"name":"f","arguments":"{"}},
                          {"index":0,"id":"a","function":{"arguments":"}"}}])")
        << QList<int> { 0, 0 } << QList<int> { 0 } << QList<qsizetype>()
        << QList<ToolCall> { call(u"a"_s, u"f"_s, u"{}"_s) };
    QTest::newRow("a synthesized id stays once announced")
        << QByteArray(R"([{"index":0,"function":{"name":"f","arguments":"{"}},
                          {"index":0,"function":{"arguments":"}"}},
                          {"index":0,"id":"call_real","function":{"arguments":""}}])")
        << QList<int> { 0, 0, 0 } << QList<int> { 1 } << QList<qsizetype>()
        << QList<ToolCall> { call(u"call_7_0"_s, u"f"_s, u"{}"_s) };
    QTest::newRow("arguments as an object")
        << QByteArray(R"([{"index":0,"id":"a","function":{"name":"f","arguments":{"x":1,"y":"z"}}}])")
        << QList<int> { 0 } << QList<int> { 0 } << QList<qsizetype>()
        << QList<ToolCall> { call(u"a"_s, u"f"_s, uR"({"x":1,"y":"z"})"_s) };
    QTest::newRow("non-ASCII arguments in pieces")
        << QByteArray(R"([{"index":0,"id":"a","function":{"name":"f","arguments":"{\"q\":\"Zü"}},
                          {"index":0,"function":{"arguments":"rich 😀\"}"}}])")
        << QList<int> { 0, 0 } << QList<int> { 0 } << QList<qsizetype>()
        << QList<ToolCall> { call(u"a"_s, u"f"_s, uR"({"q":"Zürich 😀"})"_s) };
    QTest::newRow("a call never named is announced only at the end")
        << QByteArray(R"([{"index":0,"id":"a","function":{"arguments":"{}"}}])") << QList<int> { 0 } << QList<int>()
        << QList<qsizetype> { 0 } << QList<ToolCall> { call(u"a"_s, QString(), u"{}"_s) };
    QTest::newRow("a one-fragment call without id is announced at the end")
        << QByteArray(R"([{"index":0,"function":{"name":"f","arguments":"{}"}}])") << QList<int> { 0 } << QList<int>()
        << QList<qsizetype> { 0 } << QList<ToolCall> { call(u"call_7_0"_s, u"f"_s, u"{}"_s) };
}

void TestToolCallAccumulator::assemble()
{
    QFETCH(QByteArray, fragments);
    QFETCH(QList<int>, positions);
    QFETCH(QList<int>, startedAt);
    QFETCH(QList<qsizetype>, remaining);
    QFETCH(QList<ToolCall>, expected);

    ToolCallAccumulator accumulator;
    accumulator.setIdPrefix(u"7_"_s);
    QVERIFY(accumulator.isEmpty());

    QList<int> actualPositions;
    QList<int> actualStartedAt;
    const QJsonArray array = fragmentsOf(fragments);
    for (qsizetype i = 0; i < array.size(); ++i) {
        const ToolCallAccumulator::Update update = accumulator.add(array.at(i).toObject());
        actualPositions.append(int(update.position));
        if (update.started) {
            actualStartedAt.append(int(i));
            // Announced with what listeners need: a name and an id, never changed afterwards.
            const ToolCall &announced = accumulator.call(update.position);
            QVERIFY(!announced.name.isEmpty());
            QVERIFY(!announced.callId.isEmpty());
        }
    }
    QVERIFY(!accumulator.isEmpty());
    QCOMPARE(actualPositions, positions);
    QCOMPARE(actualStartedAt, startedAt);
    QCOMPARE(accumulator.announceRemaining(), remaining);
    QCOMPARE(accumulator.announceRemaining(), QList<qsizetype>()); // once only
    QCOMPARE(accumulator.calls(), expected);

    // The ids announced are the ids handed out.
    for (const int position : std::as_const(actualPositions)) {
        const ToolCall &atPosition = accumulator.call(position);
        QVERIFY(expected.contains(atPosition));
    }
}

void TestToolCallAccumulator::emptyAndPartial()
{
    ToolCallAccumulator accumulator;
    QVERIFY(accumulator.isEmpty());
    QVERIFY(accumulator.calls().isEmpty());
    QVERIFY(accumulator.announceRemaining().isEmpty());

    // Before the end, call() shows the call as assembled so far.
    const auto update = accumulator.add(QJsonObject {
        { u"index"_s, 0 },
        { u"id"_s, u"call_a"_s },
        { u"function"_s, QJsonObject { { u"name"_s, u"f"_s }, { u"arguments"_s, u"{\"a\":"_s } } },
    });
    QCOMPARE(update.position, 0);
    QVERIFY(update.started);
    QCOMPARE(accumulator.call(0), call(u"call_a"_s, u"f"_s, u"{\"a\":"_s));
    const auto next = accumulator.add(
        QJsonObject { { u"index"_s, 0 }, { u"function"_s, QJsonObject { { u"arguments"_s, u"1}"_s } } } });
    QCOMPARE(next.position, 0);
    QVERIFY(!next.started); // announced once
    QCOMPARE(accumulator.call(0).arguments, u"{\"a\":1}"_s);
    // Without a prefix, synthesized ids are call_<position>.
    accumulator.add(QJsonObject { { u"index"_s, 1 }, { u"function"_s, QJsonObject { { u"name"_s, u"g"_s } } } });
    QCOMPARE(accumulator.announceRemaining(), QList<qsizetype> { 1 });
    QCOMPARE(accumulator.calls().at(1).callId, u"call_1"_s);
}

QTEST_GUILESS_MAIN(TestToolCallAccumulator)
#include "tst_toolcallaccumulator.moc"
