// A command's argv as one editable line and back (domain/CommandWords): every argv reads back the same, and a line
// a person typed splits as a POSIX shell would split it, without running one.
#include "domain/CommandWords.h"

#include <QTest>

using namespace Qt::StringLiterals;
using namespace Tandem;

class TestCommandWords : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void joinedWordsSplitBack_data();
    void joinedWordsSplitBack();
    void splitsLikeAShell_data();
    void splitsLikeAShell();
    void refusesUnfinishedLines();
};

void TestCommandWords::joinedWordsSplitBack_data()
{
    QTest::addColumn<QStringList>("words");
    QTest::addColumn<QString>("line");
    QTest::newRow("plain") << QStringList { u"make"_s, u"test"_s, u"-j2"_s } << u"make test -j2"_s;
    QTest::newRow("spaces") << QStringList { u"touch"_s, u"two words.txt"_s } << u"touch 'two words.txt'"_s;
    QTest::newRow("quote") << QStringList { u"echo"_s, u"it's"_s } << u"echo 'it'\\''s'"_s;
    QTest::newRow("empty word") << QStringList { u"printf"_s, u""_s } << u"printf ''"_s;
    QTest::newRow("shell") << QStringList { u"sh"_s, u"-c"_s, u"ls | wc -l > \"$OUT\""_s }
                           << u"sh -c 'ls | wc -l > \"$OUT\"'"_s;
    QTest::newRow("line feed") << QStringList { u"printf"_s, u"a\nb"_s } << u"printf 'a\nb'"_s;
    QTest::newRow("not latin") << QStringList { u"echo"_s, u"привет"_s } << u"echo привет"_s;
}

void TestCommandWords::joinedWordsSplitBack()
{
    QFETCH(QStringList, words);
    QFETCH(QString, line);
    QCOMPARE(CommandWords::join(words), line);
    QCOMPARE(CommandWords::split(line), std::optional<QStringList>(words));
}

void TestCommandWords::splitsLikeAShell_data()
{
    QTest::addColumn<QString>("line");
    QTest::addColumn<QStringList>("words");
    QTest::newRow("many spaces") << u"  ls   -l\t. "_s << QStringList { u"ls"_s, u"-l"_s, u"."_s };
    QTest::newRow("double quotes") << u"echo \"a \\\"b\\\" \\\\ \\n\""_s
                                   << QStringList { u"echo"_s, u"a \"b\" \\ \\n"_s };
    QTest::newRow("backslash") << u"touch a\\ b"_s << QStringList { u"touch"_s, u"a b"_s };
    QTest::newRow("glued") << u"echo a'b c'\"d\""_s << QStringList { u"echo"_s, u"ab cd"_s };
    QTest::newRow("empty") << u"   "_s << QStringList {};
}

void TestCommandWords::splitsLikeAShell()
{
    QFETCH(QString, line);
    QFETCH(QStringList, words);
    QCOMPARE(CommandWords::split(line), std::optional<QStringList>(words));
}

void TestCommandWords::refusesUnfinishedLines()
{
    QString problem;
    QVERIFY(!CommandWords::split(u"echo 'open"_s, &problem));
    QVERIFY(problem.contains(u"'"_s));
    QVERIFY(!CommandWords::split(u"echo \"open"_s, &problem));
    QVERIFY(!CommandWords::split(u"echo end\\"_s, &problem));
    QVERIFY(problem.contains(u"backslash"_s));
}

QTEST_GUILESS_MAIN(TestCommandWords)
#include "tst_commandwords.moc"
