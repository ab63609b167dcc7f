// What a tool call's and a tool result's bubble says: the tool's name, the arguments or the answer as indented JSON
// in a code block that nothing inside can close, long answers cut with a note.
#include "presentation/ToolRowText.h"

#include <QTest>

using namespace Qt::StringLiterals;
using namespace Tandem;

Q_DECLARE_METATYPE(Tandem::Message::Kind)

class TestToolRowText : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void markdown_data();
    void markdown();
    void longAnswersAreCut();
    void hugeArgumentsStayBounded_data();
    void hugeArgumentsStayBounded();
};

void TestToolRowText::markdown_data()
{
    QTest::addColumn<Message::Kind>("kind");
    QTest::addColumn<QString>("tool");
    QTest::addColumn<QString>("content");
    QTest::addColumn<QString>("expected");

    QTest::newRow("call with arguments")
        << Message::Kind::ToolCall << u"create_task"_s << uR"({"title":"Review","priority":"high"})"_s
        << u"Calls `create_task`\n\n```\n{\n    \"priority\": \"high\",\n    \"title\": \"Review\"\n}\n```"_s;
    QTest::newRow("call without arguments")
        << Message::Kind::ToolCall << u"get_stale_tasks"_s << u"{}"_s << u"Calls `get_stale_tasks`\n\n(no arguments)"_s;
    QTest::newRow("result as text") << Message::Kind::ToolResult << u"current_datetime"_s << u"2026-11-24 20:00"_s
                                    << u"`current_datetime` answered\n\n```\n2026-11-24 20:00\n```"_s;
    QTest::newRow("empty result") << Message::Kind::ToolResult << u"delete_file"_s << QString()
                                  << u"`delete_file` answered\n\n(nothing)"_s;
    // A name or an answer from the model or a file cannot break out of its code.
    QTest::newRow("backticks in the name")
        << Message::Kind::ToolCall << u"evil`**x**`"_s << u"{}"_s << u"Calls `evil**x**`\n\n(no arguments)"_s;
    QTest::newRow("a fence in the answer")
        << Message::Kind::ToolResult << u"read_file"_s << u"a\n```\n# not a heading\n````"_s
        << u"`read_file` answered\n\n`````\na\n```\n# not a heading\n````\n`````"_s;
}

void TestToolRowText::markdown()
{
    QFETCH(Message::Kind, kind);
    QFETCH(QString, tool);
    QFETCH(QString, content);
    QFETCH(QString, expected);
    QCOMPARE(ToolRowText::markdown(kind, tool, content), expected);
}

void TestToolRowText::longAnswersAreCut()
{
    const QString answer(ToolRowText::kMaxShown + 500, u'x');
    const QString shown = ToolRowText::markdown(Message::Kind::ToolResult, u"read_file"_s, answer);
    QVERIFY(shown.size() < answer.size());
    QVERIFY2(shown.contains(u"… (500 characters more; Copy takes all of it)"_s), qPrintable(shown.right(200)));
    QVERIFY(shown.endsWith(u"\n```"_s));
}

void TestToolRowText::hugeArgumentsStayBounded_data()
{
    QTest::addColumn<qsizetype>("size");
    QTest::addColumn<qsizetype>("nameSize");
    QTest::newRow("5 MB") << qsizetype(5'000'000) << qsizetype(10);
    QTest::newRow("50 MB, a name of 1,001 characters") << qsizetype(50'000'000) << qsizetype(1001);
}

void TestToolRowText::hugeArgumentsStayBounded()
{
    QFETCH(qsizetype, size);
    QFETCH(qsizetype, nameSize);
    QString arguments = u"{\"path\":\"big.txt\",\"content\":\""_s;
    arguments.resize(size - 2, u'x');
    arguments += u"\"}"_s;
    const QString shown = ToolRowText::markdown(Message::Kind::ToolCall, QString(nameSize, u'n'), arguments);
    QVERIFY2(shown.size() <= ToolRowText::kMaxShown + ToolRowText::kMaxName + 200,
        qPrintable(QString::number(shown.size())));
    QVERIFY(shown.startsWith(u"Calls `nnn"_s));
    QVERIFY(shown.contains(u"{\"path\":\"big.txt\""_s));
    QVERIFY(shown.contains(QString::number(size - ToolRowText::kMaxShown)));
}

QTEST_GUILESS_MAIN(TestToolRowText)
#include "tst_toolrowtext.moc"
