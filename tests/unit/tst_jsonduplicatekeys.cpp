// The scanner that finds a key written twice in one JSON object: escapes count as the characters they stand for,
// nesting and strings that merely look like keys do not confuse it.
#include "domain/JsonDuplicateKeys.h"

#include <QTest>

using namespace Qt::StringLiterals;
using namespace Tandem;

class TestJsonDuplicateKeys : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void firstDuplicate_data();
    void firstDuplicate();
};

void TestJsonDuplicateKeys::firstDuplicate_data()
{
    QTest::addColumn<QString>("json");
    QTest::addColumn<QString>("duplicate"); // null: none

    QTest::newRow("empty") << QString() << QString();
    QTest::newRow("distinct keys") << uR"({"path":"a","content":"b"})"_s << QString();
    QTest::newRow("twice") << uR"({"path":"a","content":"b","path":"c"})"_s << u"path"_s;
    QTest::newRow("an escape spells the same key") << uR"({"path":"a","p\u0061th":"c"})"_s << u"path"_s;
    QTest::newRow("an escaped quote inside a key") << uR"({"a\"b":1,"a\"b":2})"_s << u"a\"b"_s;
    QTest::newRow("the same key in two objects") << uR"({"a":{"x":1},"b":{"x":2}})"_s << QString();
    QTest::newRow("twice in a nested object") << uR"({"a":[{"x":1,"x":2}]})"_s << u"x"_s;
    QTest::newRow("a value that reads like the key") << uR"({"a":"a","b":["a","a"]})"_s << QString();
    QTest::newRow("after a nested object") << uR"({"a":{"b":1},"a":2})"_s << u"a"_s;
    QTest::newRow("not JSON") << u"{\"a\":"_s << QString();
}

void TestJsonDuplicateKeys::firstDuplicate()
{
    QFETCH(QString, json);
    QFETCH(QString, duplicate);
    const std::optional<QString> found = JsonDuplicateKeys::firstDuplicate(json);
    QCOMPARE(found.has_value(), !duplicate.isNull());
    if (found)
        QCOMPARE(*found, duplicate);
}

QTEST_GUILESS_MAIN(TestJsonDuplicateKeys)
#include "tst_jsonduplicatekeys.moc"
