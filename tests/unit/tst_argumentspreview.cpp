// ArgumentsPreview: what a person decides a tool call on hides no field, however long the others are.
#include "domain/ArgumentsPreview.h"

#include <QTest>

using namespace Qt::StringLiterals;
using namespace Tandem;

class TestArgumentsPreview : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void everyFieldIsShown_data();
    void everyFieldIsShown();
    void manyFieldsAreCounted();
};

void TestArgumentsPreview::everyFieldIsShown_data()
{
    QTest::addColumn<QString>("arguments");
    QTest::addColumn<QString>("expected");
    QTest::newRow("short") << u"{\"path\":\"a.txt\",\"overwrite\":true}"_s << u"overwrite: true | path: \"a.txt\""_s;
    QTest::newRow("long content before the path")
        << u"{\"content\":\"%1\",\"path\":\"../.bashrc\"}"_s.arg(QString(40000, u'x'))
        << u"content: \"%1… (40002 characters in all) | path: \"../.bashrc\""_s.arg(QString(19, u'x'));
    QTest::newRow("nested") << u"{\"a\":{\"b\":[1,2]},\"n\":null}"_s << u"a: {\"b\":[1,2]} | n: null"_s;
    QTest::newRow("not an object") << u"[1,2,3]"_s << u"[1,2,3]"_s;
    QTest::newRow("not JSON, long") << QString(30, u'y') << u"%1… (30 characters in all)"_s.arg(QString(20, u'y'));
    QTest::newRow("empty object") << u"{}"_s << u"{}"_s;
}

void TestArgumentsPreview::everyFieldIsShown()
{
    QFETCH(QString, arguments);
    QFETCH(QString, expected);
    QCOMPARE(ArgumentsPreview::text(arguments, 20, u" | "_s), expected);
}

void TestArgumentsPreview::manyFieldsAreCounted()
{
    QString arguments = u"{"_s;
    for (int i = 0; i < 60; ++i)
        arguments += u"\"k%1\":%2,"_s.arg(i, 2, 10, QChar(u'0')).arg(i);
    arguments.chop(1);
    arguments += u'}';
    const QStringList lines = ArgumentsPreview::text(arguments, 20, u"\n"_s, 50).split(u'\n');
    QCOMPARE(lines.size(), 51);
    QCOMPARE(lines.constFirst(), u"k00: 0"_s);
    QCOMPARE(lines.at(49), u"k49: 49"_s);
    QCOMPARE(lines.constLast(), u"… and 10 more fields"_s);
}

QTEST_GUILESS_MAIN(TestArgumentsPreview)
#include "tst_argumentspreview.moc"
