// Prompt variables (seed 002, "Variable Substitution"): $NAME and ${NAME} from the conversation's variables, $$ for a
// dollar, every unknown name reported, code examples ($x, $1) left alone.
#include "domain/PromptVariables.h"

#include <QTest>

using namespace Qt::StringLiterals;
using Tandem::PromptVariables;

class TestPromptVariables : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void substitute_data();
    void substitute();
    void isName_data();
    void isName();
};

void TestPromptVariables::substitute_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("expected");
    QTest::addColumn<QStringList>("unknown");

    QTest::newRow("none") << u"Plain text."_s << u"Plain text."_s << QStringList {};
    QTest::newRow("empty") << QString() << QString() << QStringList {};
    QTest::newRow("bare") << u"Story $STORY_ID."_s << u"Story v0.1:1.1.1."_s << QStringList {};
    QTest::newRow("braced") << u"${STORY_ID}a"_s << u"v0.1:1.1.1a"_s << QStringList {};
    QTest::newRow("seed 002's curl line") << u"curl -X POST $DASHBOARD_URL/api/handoffs"_s
                                          << u"curl -X POST http://localhost:3000/api/handoffs"_s << QStringList {};
    QTest::newRow("longest name wins") << u"$BRANCHES"_s << u"$BRANCHES"_s << QStringList { u"BRANCHES"_s };
    QTest::newRow("name ends at a lowercase letter") << u"$BRANCHes"_s << u"feat/story-1.1.1es"_s << QStringList {};
    QTest::newRow("digits and underscores") << u"$A_1 and $A_12"_s << u"one and $A_12"_s << QStringList { u"A_12"_s };
    QTest::newRow("value is not substituted again") << u"$LOOP"_s << u"$STORY_ID"_s << QStringList {};
    QTest::newRow("empty value") << u"[$EMPTY]"_s << u"[]"_s << QStringList {};
    QTest::newRow("double dollar") << u"Costs $$5, $$STORY_ID"_s << u"Costs $5, $STORY_ID"_s << QStringList {};
    QTest::newRow("triple dollar") << u"$$$STORY_ID"_s << u"$v0.1:1.1.1"_s << QStringList {};
    QTest::newRow("lowercase is code") << u"for $x in $items; echo ${x}"_s << u"for $x in $items; echo ${x}"_s
                                       << QStringList {};
    QTest::newRow("digits are code") << u"awk '{print $1}' costs $5"_s << u"awk '{print $1}' costs $5"_s
                                     << QStringList {};
    QTest::newRow("dollar at the end") << u"ends with $"_s << u"ends with $"_s << QStringList {};
    QTest::newRow("unclosed brace") << u"${STORY_ID"_s << u"${STORY_ID"_s << QStringList {};
    QTest::newRow("empty braces") << u"${}"_s << u"${}"_s << QStringList {};
    QTest::newRow("underscore first") << u"$_X"_s << u"$_X"_s << QStringList {};
    QTest::newRow("every unknown, once, in order")
        << u"$ZED ${ALPHA} $ZED $STORY_ID ${MID}"_s << u"$ZED ${ALPHA} $ZED v0.1:1.1.1 ${MID}"_s
        << QStringList { u"ZED"_s, u"ALPHA"_s, u"MID"_s };
    QTest::newRow("lowercase stored names are not variables")
        << u"$APPROVAL"_s << u"$APPROVAL"_s << QStringList { u"APPROVAL"_s };
    QTest::newRow("non-ASCII capital is text") << u"$\u00C9T\u00C9"_s << u"$\u00C9T\u00C9"_s << QStringList {};
}

void TestPromptVariables::substitute()
{
    QFETCH(QString, text);
    QFETCH(QString, expected);
    QFETCH(QStringList, unknown);
    const QHash<QString, QString> values {
        { u"STORY_ID"_s, u"v0.1:1.1.1"_s },
        { u"DASHBOARD_URL"_s, u"http://localhost:3000"_s },
        { u"BRANCH"_s, u"feat/story-1.1.1"_s },
        { u"A_1"_s, u"one"_s },
        { u"LOOP"_s, u"$STORY_ID"_s },
        { u"EMPTY"_s, QString() },
        { u"approval"_s, u"lowercase"_s },
    };
    const PromptVariables::Result result = PromptVariables::substitute(text, values);
    QCOMPARE(result.text, expected);
    QCOMPARE(result.unknown, unknown);
    const QStringList used = PromptVariables::used(text);
    for (const QString &name : used)
        QVERIFY2(PromptVariables::isName(name), qPrintable(name));
    QCOMPARE(PromptVariables::substitute(text, {}).unknown, PromptVariables::used(text));
}

void TestPromptVariables::isName_data()
{
    QTest::addColumn<QString>("name");
    QTest::addColumn<bool>("valid");
    QTest::newRow("seed's names") << u"DASHBOARD_URL"_s << true;
    QTest::newRow("one capital") << u"X"_s << true;
    QTest::newRow("digits after") << u"V2_ID"_s << true;
    QTest::newRow("trailing underscore") << u"A_"_s << true;
    QTest::newRow("empty") << QString() << false;
    QTest::newRow("lowercase") << u"story_id"_s << false;
    QTest::newRow("mixed") << u"Story_ID"_s << false;
    QTest::newRow("digit first") << u"1A"_s << false;
    QTest::newRow("underscore first") << u"_A"_s << false;
    QTest::newRow("dotted engine state") << u"approval.always_allowed"_s << false;
    QTest::newRow("dash") << u"A-B"_s << false;
    QTest::newRow("space") << u"A B"_s << false;
}

void TestPromptVariables::isName()
{
    QFETCH(QString, name);
    QFETCH(bool, valid);
    QCOMPARE(PromptVariables::isName(name), valid);
}

QTEST_APPLESS_MAIN(TestPromptVariables)
#include "tst_promptvariables.moc"
