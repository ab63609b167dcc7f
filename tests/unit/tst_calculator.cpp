#include "tools/Calculator.h"
#include "tools/CalculatorTool.h"

#include <QJsonDocument>
#include <QTest>

using namespace Qt::StringLiterals;
using Tandem::Calculator;

class TestCalculator : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void evaluate_data();
    void evaluate();
    void errors_data();
    void errors();
    void format_data();
    void format();
    void tooLongAndTooDeep();
    void tool();
};

void TestCalculator::evaluate_data()
{
    QTest::addColumn<QString>("expression");
    QTest::addColumn<QString>("result");

    // numbers
    QTest::newRow("integer") << u"42"_s << u"42"_s;
    QTest::newRow("decimal") << u"1.5"_s << u"1.5"_s;
    QTest::newRow("leading dot") << u".5"_s << u"0.5"_s;
    QTest::newRow("trailing dot") << u"2."_s << u"2"_s;
    QTest::newRow("scientific") << u"6.02e23"_s << u"6.02e+23"_s;
    QTest::newRow("scientific upper, negative exponent") << u"1E-3"_s << u"0.001"_s;
    QTest::newRow("scientific with plus") << u"2.5e+2"_s << u"250"_s;
    QTest::newRow("underflowing literal") << u"1e-999"_s << u"0"_s;
    QTest::newRow("spaces") << u"  1 +\t2  "_s << u"3"_s;

    // precedence
    QTest::newRow("times before plus") << u"2+3*4"_s << u"14"_s;
    QTest::newRow("parentheses") << u"(2+3)*4"_s << u"20"_s;
    QTest::newRow("power before times") << u"2*3^2"_s << u"18"_s;
    QTest::newRow("division before minus") << u"10-6/3"_s << u"8"_s;
    QTest::newRow("remainder like times") << u"1+7%4"_s << u"4"_s;
    QTest::newRow("nested parentheses") << u"((1+2)*(3+4))/7"_s << u"3"_s;

    // associativity
    QTest::newRow("minus is left-associative") << u"10-3-2"_s << u"5"_s;
    QTest::newRow("division is left-associative") << u"100/10/5"_s << u"2"_s;
    QTest::newRow("power is right-associative") << u"2^3^2"_s << u"512"_s;
    QTest::newRow("** is right-associative") << u"2**3**2"_s << u"512"_s;
    QTest::newRow("parenthesised power") << u"(2^3)^2"_s << u"64"_s;

    // unary minus
    QTest::newRow("negative number") << u"-5"_s << u"-5"_s;
    QTest::newRow("minus binds looser than power") << u"-2^2"_s << u"-4"_s;
    QTest::newRow("negative base in parentheses") << u"(-2)^2"_s << u"4"_s;
    QTest::newRow("negative exponent") << u"2^-1"_s << u"0.5"_s;
    QTest::newRow("double minus") << u"--3"_s << u"3"_s;
    QTest::newRow("minus after operator") << u"3*-2"_s << u"-6"_s;
    QTest::newRow("unary plus") << u"+4-+1"_s << u"3"_s;
    QTest::newRow("minus before parentheses") << u"-(1+2)"_s << u"-3"_s;
    QTest::newRow("negative zero prints as zero") << u"-0"_s << u"0"_s;

    // remainder
    QTest::newRow("remainder") << u"10%3"_s << u"1"_s;
    QTest::newRow("remainder keeps the dividend's sign") << u"-7%3"_s << u"-1"_s;
    QTest::newRow("fractional remainder") << u"5.5%2"_s << u"1.5"_s;

    // formatting without noise
    QTest::newRow("0.1+0.2") << u"0.1+0.2"_s << u"0.3"_s;
    QTest::newRow("1/3") << u"1/3"_s << u"0.333333333333333"_s;
    QTest::newRow("2/3") << u"2/3"_s << u"0.666666666666667"_s;
    QTest::newRow("large integer") << u"123456789*1000"_s << u"123456789000"_s;
    QTest::newRow("very large") << u"10^21"_s << u"1e+21"_s;

    // typographic signs and constants
    QTest::newRow("times sign") << u"3×4"_s << u"12"_s;
    QTest::newRow("division sign") << u"8÷2"_s << u"4"_s;
    QTest::newRow("minus sign") << u"5−2"_s << u"3"_s;
    QTest::newRow("pi") << u"pi"_s << u"3.14159265358979"_s;
    QTest::newRow("π") << u"2*π"_s << u"6.28318530717959"_s;
    QTest::newRow("e") << u"e"_s << u"2.71828182845905"_s;
    QTest::newRow("e in a product") << u"2*e"_s << u"5.43656365691809"_s;
    QTest::newRow("upper-case names") << u"SQRT(16)+PI*0"_s << u"4"_s;

    // functions
    QTest::newRow("sqrt") << u"sqrt(16)"_s << u"4"_s;
    QTest::newRow("sqrt of 2") << u"sqrt(2)"_s << u"1.4142135623731"_s;
    QTest::newRow("abs") << u"abs(-3.5)"_s << u"3.5"_s;
    QTest::newRow("round half away from zero") << u"round(2.5)"_s << u"3"_s;
    QTest::newRow("round negative half") << u"round(-2.5)"_s << u"-3"_s;
    QTest::newRow("round to decimals") << u"round(2.345, 2)"_s << u"2.35"_s;
    QTest::newRow("round to tens") << u"round(1234, -1)"_s << u"1230"_s;
    QTest::newRow("floor") << u"floor(-1.5)"_s << u"-2"_s;
    QTest::newRow("ceil") << u"ceil(1.2)"_s << u"2"_s;
    QTest::newRow("ceil without noise") << u"ceil(0.1*3*10)"_s << u"3"_s;
    QTest::newRow("min") << u"min(3, 1, 2)"_s << u"1"_s;
    QTest::newRow("max") << u"max(3, 1, 2)"_s << u"3"_s;
    QTest::newRow("max of one") << u"max(7)"_s << u"7"_s;
    QTest::newRow("pow") << u"pow(2, 10)"_s << u"1024"_s;
    QTest::newRow("ln") << u"ln(e)"_s << u"1"_s;
    QTest::newRow("log is natural") << u"log(e^2)"_s << u"2"_s;
    QTest::newRow("log with base") << u"log(8, 2)"_s << u"3"_s;
    QTest::newRow("log10") << u"log10(1000)"_s << u"3"_s;
    QTest::newRow("log2") << u"log2(1024)"_s << u"10"_s;
    QTest::newRow("exp") << u"exp(0)"_s << u"1"_s;
    QTest::newRow("sin") << u"sin(pi/2)"_s << u"1"_s;
    QTest::newRow("sin of pi is zero") << u"sin(pi)"_s << u"0"_s;
    QTest::newRow("cos") << u"cos(0)"_s << u"1"_s;
    QTest::newRow("cos of pi/2 is zero") << u"cos(pi/2)"_s << u"0"_s;
    QTest::newRow("tan") << u"tan(pi/4)"_s << u"1"_s;
    QTest::newRow("asin") << u"asin(1)*2"_s << u"3.14159265358979"_s;
    QTest::newRow("acos") << u"acos(1)"_s << u"0"_s;
    QTest::newRow("atan") << u"atan(1)*4"_s << u"3.14159265358979"_s;
    QTest::newRow("nested functions") << u"sqrt(abs(-16)) + max(1, min(5, 3))"_s << u"7"_s;
    QTest::newRow("expression arguments") << u"pow(1+1, 2*2)"_s << u"16"_s;
    QTest::newRow("space before parenthesis") << u"sqrt (9)"_s << u"3"_s;
}

void TestCalculator::evaluate()
{
    QFETCH(QString, expression);
    QFETCH(QString, result);

    const Calculator::Result value = Calculator::evaluate(expression);
    QVERIFY2(value.ok, qPrintable(value.error));
    QCOMPARE(value.error, QString());
    QCOMPARE(Calculator::format(value.value), result);
}

void TestCalculator::errors_data()
{
    QTest::addColumn<QString>("expression");
    QTest::addColumn<QString>("error");

    QTest::newRow("empty") << QString() << u"The expression is empty."_s;
    QTest::newRow("blank") << u"   "_s << u"The expression is empty."_s;
    QTest::newRow("division by zero") << u"1/0"_s << u"Division by zero."_s;
    QTest::newRow("division by a zero expression") << u"5/(2-2)"_s << u"Division by zero."_s;
    QTest::newRow("remainder by zero") << u"5%0"_s << u"Division by zero in the remainder (%) at position 2."_s;
    QTest::newRow("zero to a negative power") << u"0^-1"_s << u"Division by zero."_s;
    QTest::newRow("overflow") << u"10^400"_s << u"The result is too large (overflow)."_s;
    QTest::newRow("overflow in a product") << u"1e200*1e200"_s << u"The result is too large (overflow)."_s;
    QTest::newRow("overflow in exp") << u"exp(1000)"_s << u"The result is too large (overflow)."_s;
    QTest::newRow("literal too large") << u"1e999"_s << u"The number at position 1 is too large."_s;
    QTest::newRow("not a real number") << u"(-8)^(1/3)"_s << u"The result is not a real number."_s;
    QTest::newRow("sqrt of a negative") << u"sqrt(-4)"_s
                                        << u"The square root of a negative number (-4) is not a real number."_s;
    QTest::newRow("log of zero") << u"ln(0)"_s << u"The logarithm of 0 is undefined; it needs a positive number."_s;
    QTest::newRow("log base one") << u"log(8, 1)"_s << u"The base of a logarithm must be positive and not 1."_s;
    QTest::newRow("asin out of range") << u"asin(2)"_s << u"asin needs a number between -1 and 1, not 2."_s;
    QTest::newRow("round decimals not whole")
        << u"round(1, 0.5)"_s
        << u"The second argument of round must be a whole number of decimals between -15 and 15."_s;
    QTest::newRow("trailing operator")
        << u"1+"_s << u"The expression is incomplete: a number, a name or \"(\" is missing at the end."_s;
    QTest::newRow("lone operator") << u"*"_s << u"Unexpected character \"*\" at position 1."_s;
    QTest::newRow("double operator") << u"2*/3"_s << u"Unexpected character \"/\" at position 3."_s;
    QTest::newRow("unknown character") << u"2 # 3"_s << u"Unexpected character \"#\" at position 3."_s;
    QTest::newRow("unclosed parenthesis") << u"(1+2"_s << u"The \"(\" at position 1 is never closed."_s;
    QTest::newRow("unclosed function") << u"2*sqrt(4"_s << u"The \"(\" at position 7 is never closed."_s;
    QTest::newRow("extra closing parenthesis")
        << u"(1+2))"_s << u"Unexpected \")\" at position 6: it has no matching \"(\"."_s;
    QTest::newRow("empty parentheses") << u"()"_s << u"Unexpected \")\" at position 2: it has no matching \"(\"."_s;
    QTest::newRow("implicit multiplication")
        << u"2(3)"_s << u"An operator is missing at position 2; write multiplication with *, e.g. 2*pi."_s;
    QTest::newRow("number then name")
        << u"2pi"_s << u"An operator is missing at position 2; write multiplication with *, e.g. 2*pi."_s;
    QTest::newRow("two numbers") << u"1 2"_s
                                 << u"An operator is missing at position 3; write multiplication with *, e.g. 2*pi."_s;
    QTest::newRow("dangling exponent")
        << u"2e"_s << u"An operator is missing at position 2; write multiplication with *, e.g. 2*pi."_s;
    QTest::newRow("two decimal points")
        << u"1.2.3"_s << u"An operator is missing at position 4; write multiplication with *, e.g. 2*pi."_s;
    QTest::newRow("lone dot") << u"."_s << u"A lone \".\" at position 1 is not a number."_s;
    QTest::newRow("unknown name")
        << u"2*foo"_s
        << u"Unknown name \"foo\" at position 3. Functions: sqrt, abs, round, floor, ceil, min, max, pow, ln, log, "
           "log10, log2, exp, sin, cos, tan, asin, acos, atan. Constants: pi, e."_s;
    QTest::newRow("function without parentheses")
        << u"sqrt 4"_s << u"The function sqrt at position 1 needs its arguments in parentheses, e.g. sqrt(2)."_s;
    QTest::newRow("too many arguments") << u"sqrt(4, 9)"_s << u"sqrt takes 1 argument(s), not 2."_s;
    QTest::newRow("too few arguments") << u"pow(2)"_s << u"pow takes 2 argument(s), not 1."_s;
    QTest::newRow("no arguments") << u"min()"_s << u"min takes at least 1 argument(s)."_s;
    QTest::newRow("optional argument count") << u"round(1, 2, 3)"_s << u"round takes 1 or 2 arguments, not 3."_s;
    QTest::newRow("trailing comma") << u"max(1,)"_s << u"Unexpected \")\" at position 7: it has no matching \"(\"."_s;
    QTest::newRow("comma outside a call") << u"1,2"_s << u"Unexpected character \",\" at position 2."_s;
    QTest::newRow("constant called") << u"pi(2)"_s
                                     << u"An operator is missing at position 3; write multiplication with *, e.g. "
                                        "2*pi."_s;
}

void TestCalculator::errors()
{
    QFETCH(QString, expression);
    QFETCH(QString, error);

    const Calculator::Result value = Calculator::evaluate(expression);
    QVERIFY(!value.ok);
    QCOMPARE(value.error, error);
}

void TestCalculator::format_data()
{
    QTest::addColumn<double>("value");
    QTest::addColumn<QString>("text");

    QTest::newRow("zero") << 0.0 << u"0"_s;
    QTest::newRow("negative zero") << -0.0 << u"0"_s;
    QTest::newRow("integer") << 1024.0 << u"1024"_s;
    QTest::newRow("noise dropped") << 0.30000000000000004 << u"0.3"_s;
    QTest::newRow("15 significant digits") << 1234567.891011121314 << u"1234567.89101112"_s;
    QTest::newRow("tiny") << 1.5e-10 << u"1.5e-10"_s;
    QTest::newRow("negative") << -2.25 << u"-2.25"_s;
}

void TestCalculator::format()
{
    QFETCH(double, value);
    QFETCH(QString, text);
    QCOMPARE(Calculator::format(value), text);
}

void TestCalculator::tooLongAndTooDeep()
{
    const QString tooLong = QString(Calculator::kMaxLength + 1, u'1');
    QCOMPARE(Calculator::evaluate(tooLong).error, u"The expression is longer than 4096 characters."_s);

    const QString deep = QString(300, u'(') + u'1' + QString(300, u')');
    QCOMPARE(Calculator::evaluate(deep).error, u"The expression is nested too deeply."_s);
    const QString signs = QString(300, u'-') + u'1';
    QCOMPARE(Calculator::evaluate(signs).error, u"The expression is nested too deeply."_s);

    const QString fine = QString(50, u'(') + u'1' + QString(50, u')');
    QCOMPARE(Calculator::format(Calculator::evaluate(fine).value), u"1"_s);
}

void TestCalculator::tool()
{
    const Tandem::CalculatorTool tool;
    QCOMPARE(tool.definition().name, u"calculator"_s);
    QVERIFY(!tool.isCritical());

    const Tandem::ToolResult ok = tool.run(QJsonObject { { u"expression"_s, u"0.1+0.2"_s } }, {});
    QVERIFY(ok.ok);
    QCOMPARE(ok.output, u"{\"expression\":\"0.1+0.2\",\"result\":\"0.3\"}"_s);

    const Tandem::ToolResult failed = tool.run(QJsonObject { { u"expression"_s, u"1/0"_s } }, {});
    QVERIFY(!failed.ok);
    QCOMPARE(failed.error, u"Division by zero."_s);
    QCOMPARE(failed.modelOutput(), u"{\"error\":\"Division by zero.\"}"_s);
}

QTEST_GUILESS_MAIN(TestCalculator)
#include "tst_calculator.moc"
