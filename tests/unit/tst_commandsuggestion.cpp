// A mistyped command is answered with the command it most likely meant: a near spelling, a shortened form, or a
// word other tools use for it.
#include "cli/CommandSuggestion.h"

#include <QTest>

using namespace Qt::StringLiterals;
using Tandem::CommandSuggestion;

class TestCommandSuggestion : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void closestCommand_data();
    void closestCommand();
    void distance_data();
    void distance();
};

void TestCommandSuggestion::closestCommand_data()
{
    QTest::addColumn<QString>("typed");
    QTest::addColumn<QString>("closest");
    QTest::newRow("singular") << u"conversation"_s << u"conversations"_s;
    QTest::newRow("list") << u"list"_s << u"conversations"_s;
    QTest::newRow("ls") << u"ls"_s << u"conversations"_s;
    QTest::newRow("swapped letters") << u"shwo"_s << u"show"_s;
    QTest::newRow("upper case") << u"RUN"_s << u"run"_s;
    QTest::newRow("plural of run") << u"runs"_s << u"run"_s;
    QTest::newRow("shortened") << u"conv"_s << u"conversations"_s;
    QTest::newRow("send") << u"send"_s << u"run"_s;
    QTest::newRow("print") << u"print"_s << u"show"_s;
    QTest::newRow("nothing near") << u"frobnicate"_s << QString();
    QTest::newRow("one letter") << u"x"_s << QString();
}

void TestCommandSuggestion::closestCommand()
{
    QFETCH(QString, typed);
    QFETCH(QString, closest);
    QCOMPARE(CommandSuggestion::closest(typed, { u"run"_s, u"conversations"_s, u"show"_s }), closest);
}

void TestCommandSuggestion::distance_data()
{
    QTest::addColumn<QString>("a");
    QTest::addColumn<QString>("b");
    QTest::addColumn<int>("expected");
    QTest::newRow("same") << u"show"_s << u"show"_s << 0;
    QTest::newRow("one inserted") << u"show"_s << u"shows"_s << 1;
    QTest::newRow("one replaced") << u"show"_s << u"shaw"_s << 1;
    QTest::newRow("neighbours swapped") << u"show"_s << u"shwo"_s << 1;
    QTest::newRow("empty") << QString() << u"run"_s << 3;
    QTest::newRow("unrelated") << u"list"_s << u"run"_s << 4;
}

void TestCommandSuggestion::distance()
{
    QFETCH(QString, a);
    QFETCH(QString, b);
    QFETCH(int, expected);
    QCOMPARE(CommandSuggestion::distance(a, b), expected);
    QCOMPARE(CommandSuggestion::distance(b, a), expected);
}

QTEST_APPLESS_MAIN(TestCommandSuggestion)
#include "tst_commandsuggestion.moc"
