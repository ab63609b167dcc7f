// The guardrail limits as settings: each field's bounds, a sentence of its own for a value out of them (translated),
// the stable names the CLI options and the settings keys use, and the run timeout counted in seconds.
#include "domain/GuardrailLimits.h"

#include <QLocale>
#include <QSet>
#include <QTest>
#include <QTranslator>

using namespace Qt::StringLiterals;
using namespace Tandem;
using Field = GuardrailLimits::Field;

Q_DECLARE_METATYPE(Tandem::GuardrailLimits::Field)

class TestGuardrailLimits : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void bounds_data();
    void bounds();
    void eachFieldHasASentenceOfItsOwn();
    void validateNamesEveryBadValue();
    void builtInLimitsAreValid();
    void namesAreStable();
    void valuesRoundTrip_data();
    void valuesRoundTrip();
    void sentencesAreTranslated();
};

void TestGuardrailLimits::bounds_data()
{
    QTest::addColumn<Field>("field");
    QTest::addColumn<qint64>("value");
    QTest::addColumn<bool>("allowed");
    const struct
    {
        Field field;
        const char *name;
        qint64 minimum;
        qint64 maximum;
    } rows[] = {
        { Field::MaxTurnsPerRun, "model calls", 1, 1'000 },
        { Field::MaxTokensPerRun, "tokens per answer", 0, 1'000'000'000 },
        { Field::MaxTokensPerConversation, "tokens per conversation", 0, 1'000'000'000 },
        { Field::RunTimeoutSeconds, "timeout", 1, 86'400 },
        { Field::MaxHopsPerTurn, "hops", 1, 100 },
        { Field::MaxBouncesPerEdge, "bounces", 1, 100 },
        { Field::RepeatedPairWindow, "back-and-forth window", 2, 100 },
        { Field::StaleHandoffMinutes, "stale minutes", 1, 43'200 },
        { Field::MaxOutputTokens, "output tokens", 0, 1'000'000 },
        { Field::RouterContextTokens, "router context", 0, 100'000 },
    };
    for (const auto &row : rows) {
        QTest::addRow("%s: below", row.name) << row.field << row.minimum - 1 << false;
        QTest::addRow("%s: lowest", row.name) << row.field << row.minimum << true;
        QTest::addRow("%s: highest", row.name) << row.field << row.maximum << true;
        QTest::addRow("%s: above", row.name) << row.field << row.maximum + 1 << false;
        QTest::addRow("%s: negative", row.name) << row.field << qint64(-7) << false;
    }
    QCOMPARE(int(std::size(rows)), int(GuardrailLimits::fields().size())); // every field has its rows
}

void TestGuardrailLimits::bounds()
{
    QFETCH(Field, field);
    QFETCH(qint64, value);
    QFETCH(bool, allowed);
    const QString problem = GuardrailLimits::problem(field, value);
    QCOMPARE(problem.isEmpty(), allowed);
    if (allowed)
        return;
    // One sentence that says what is allowed and what was given.
    const QLocale locale;
    QVERIFY2(problem.contains(locale.toString(GuardrailLimits::minimum(field))), qPrintable(problem));
    QVERIFY2(problem.contains(locale.toString(GuardrailLimits::maximum(field))), qPrintable(problem));
    QVERIFY2(problem.contains(locale.toString(value)), qPrintable(problem));
    QVERIFY2(problem.endsWith(u'.') && problem.at(0).isUpper(), qPrintable(problem));

    GuardrailLimits limits;
    limits.setValue(field, value);
    QCOMPARE(limits.validate(), QStringList { problem });
}

void TestGuardrailLimits::eachFieldHasASentenceOfItsOwn()
{
    QSet<QString> sentences;
    const QList<Field> fields = GuardrailLimits::fields();
    for (const Field field : fields)
        sentences.insert(GuardrailLimits::problem(field, -1));
    QCOMPARE(sentences.size(), fields.size());
}

void TestGuardrailLimits::validateNamesEveryBadValue()
{
    GuardrailLimits limits;
    limits.maxTurnsPerRun = 0;
    limits.maxHopsPerTurn = 500;
    limits.staleHandoffMinutes = 0;
    const QStringList problems = limits.validate();
    QCOMPARE(problems,
        QStringList(
            { GuardrailLimits::problem(Field::MaxTurnsPerRun, 0), GuardrailLimits::problem(Field::MaxHopsPerTurn, 500),
                GuardrailLimits::problem(Field::StaleHandoffMinutes, 0) }));
}

void TestGuardrailLimits::builtInLimitsAreValid()
{
    QVERIFY2(GuardrailLimits().validate().isEmpty(), qPrintable(GuardrailLimits().validate().join(u'\n')));
}

void TestGuardrailLimits::namesAreStable()
{
    // They are the CLI's options and the settings' keys: renaming one breaks scripts and stored settings.
    QStringList names;
    const QList<Field> fields = GuardrailLimits::fields();
    for (const Field field : fields)
        names << GuardrailLimits::name(field);
    QCOMPARE(names,
        QStringList({ u"max-turns"_s, u"max-run-tokens"_s, u"max-conversation-tokens"_s, u"run-timeout"_s,
            u"max-hops"_s, u"max-bounces"_s, u"repeated-pair-window"_s, u"stale-minutes"_s, u"max-output-tokens"_s,
            u"router-context-tokens"_s }));
}

void TestGuardrailLimits::valuesRoundTrip_data()
{
    QTest::addColumn<Field>("field");
    QTest::addColumn<qint64>("value");
    const QList<Field> fields = GuardrailLimits::fields();
    for (const Field field : fields)
        QTest::addRow("%s", qPrintable(GuardrailLimits::name(field))) << field << GuardrailLimits::maximum(field);
}

void TestGuardrailLimits::valuesRoundTrip()
{
    QFETCH(Field, field);
    QFETCH(qint64, value);
    GuardrailLimits limits;
    limits.setValue(field, value);
    QCOMPARE(limits.value(field), value);
    QVERIFY(limits != GuardrailLimits());
    if (field == Field::RunTimeoutSeconds)
        QCOMPARE(limits.runTimeoutMs, int(value * 1000)); // seconds for the person, milliseconds for the engine
}

void TestGuardrailLimits::sentencesAreTranslated()
{
    QTranslator russian;
    QVERIFY2(russian.load(u"tandem_ru"_s, QStringLiteral(TANDEM_QM_DIR)), TANDEM_QM_DIR);
    QStringList english;
    const QList<Field> fields = GuardrailLimits::fields();
    for (const Field field : fields)
        english << GuardrailLimits::problem(field, -1);
    QVERIFY(QCoreApplication::installTranslator(&russian));
    for (qsizetype i = 0; i < fields.size(); ++i) {
        const QString translated = GuardrailLimits::problem(fields.at(i), -1);
        QVERIFY2(translated != english.at(i), qPrintable(english.at(i)));
        QVERIFY2(translated.contains(u"-1"_s) || translated.contains(u"−1"_s), qPrintable(translated));
    }
    QCoreApplication::removeTranslator(&russian);
}

QTEST_GUILESS_MAIN(TestGuardrailLimits)
#include "tst_guardraillimits.moc"
