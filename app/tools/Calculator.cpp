#include "Calculator.h"

#include <QList>
#include <QLocale>
#include <QStringList>

#include <cmath>
#include <numbers>
#include <optional>

using namespace Qt::StringLiterals;

namespace Tandem {

namespace {

struct FunctionSpec
{
    QStringView name;
    int minArgs;
    int maxArgs; ///< -1: no upper limit
};

constexpr FunctionSpec kFunctions[] = {
    { u"sqrt", 1, 1 },
    { u"abs", 1, 1 },
    { u"round", 1, 2 },
    { u"floor", 1, 1 },
    { u"ceil", 1, 1 },
    { u"min", 1, -1 },
    { u"max", 1, -1 },
    { u"pow", 2, 2 },
    { u"ln", 1, 1 },
    { u"log", 1, 2 },
    { u"log10", 1, 1 },
    { u"log2", 1, 1 },
    { u"exp", 1, 1 },
    { u"sin", 1, 1 },
    { u"cos", 1, 1 },
    { u"tan", 1, 1 },
    { u"asin", 1, 1 },
    { u"acos", 1, 1 },
    { u"atan", 1, 1 },
};

const FunctionSpec *findFunction(QStringView name)
{
    for (const FunctionSpec &spec : kFunctions)
        if (spec.name == name)
            return &spec;
    return nullptr;
}

QString functionNames()
{
    QStringList names;
    for (const FunctionSpec &spec : kFunctions)
        names << spec.name.toString();
    return names.join(u", "_s);
}

// Drops the binary noise beyond 15 significant digits, so that ceil(0.1*3*10) is 3 and round(2.345, 2) is 2.35.
double denoise(double value)
{
    return QString::number(value, 'g', 15).toDouble();
}

// Trigonometry of multiples of pi lands a rounding error away from zero; a person expects sin(pi) = 0.
double snapToZero(double value)
{
    return std::abs(value) < 1e-15 ? 0.0 : value;
}

bool isLetter(QChar c)
{
    return (c >= u'a' && c <= u'z') || (c >= u'A' && c <= u'Z') || c == u'_';
}
bool isDigit(QChar c)
{
    return c >= u'0' && c <= u'9';
}

class Parser
{
public:
    explicit Parser(QStringView text)
        : m_text(text)
    { }

    Calculator::Result run()
    {
        std::optional<double> value = parseExpression();
        if (value && m_error.isEmpty()) {
            skipSpaces();
            if (!atEnd())
                fail(unexpectedHere());
        }
        if (!m_error.isEmpty() || !value)
            return { false, 0.0, m_error };
        return { true, *value, {} };
    }

private:
    bool atEnd() const { return m_pos >= m_text.size(); }
    QChar peek() const { return atEnd() ? QChar() : m_text.at(m_pos); }
    qsizetype position() const { return m_pos + 1; } // for people: the first character is 1

    void skipSpaces()
    {
        while (!atEnd() && peek().isSpace())
            ++m_pos;
    }

    std::nullopt_t fail(const QString &error)
    {
        if (m_error.isEmpty())
            m_error = error;
        return std::nullopt;
    }

    QString unexpectedHere() const
    {
        if (atEnd())
            return Calculator::tr("The expression is incomplete: a number, a name or \"(\" is missing at the end.");
        const QChar c = peek();
        if (c == u')')
            return Calculator::tr("Unexpected \")\" at position %1: it has no matching \"(\".").arg(position());
        if (isDigit(c) || isLetter(c) || c == u'(' || c == u'.')
            return Calculator::tr("An operator is missing at position %1; write multiplication with *, e.g. 2*pi.")
                .arg(position());
        return Calculator::tr("Unexpected character \"%1\" at position %2.").arg(c).arg(position());
    }

    std::optional<double> checked(double value)
    {
        if (std::isnan(value))
            return fail(Calculator::tr("The result is not a real number."));
        if (std::isinf(value))
            return fail(Calculator::tr("The result is too large (overflow)."));
        return value;
    }

    // Accepts the operator sign and its typographic twin; '*' is not a product when it starts '**'.
    bool acceptOperator(QChar op)
    {
        skipSpaces();
        const QChar c = peek();
        bool matched = false;
        if (op == u'*')
            matched = (c == u'*' && !m_text.sliced(m_pos).startsWith(u"**")) || c == QChar(0x00D7);
        else if (op == u'/')
            matched = c == u'/' || c == QChar(0x00F7);
        else if (op == u'-')
            matched = c == u'-' || c == QChar(0x2212);
        else
            matched = c == op;
        if (matched)
            ++m_pos;
        return matched;
    }

    bool acceptPower()
    {
        skipSpaces();
        if (peek() == u'^') {
            ++m_pos;
            return true;
        }
        if (m_text.sliced(m_pos).startsWith(u"**")) {
            m_pos += 2;
            return true;
        }
        return false;
    }

    std::optional<double> parseExpression()
    {
        std::optional<double> left = parseTerm();
        while (left) {
            if (acceptOperator(u'+')) {
                const std::optional<double> right = parseTerm();
                if (!right)
                    return std::nullopt;
                left = checked(*left + *right);
            } else if (acceptOperator(u'-')) {
                const std::optional<double> right = parseTerm();
                if (!right)
                    return std::nullopt;
                left = checked(*left - *right);
            } else {
                break;
            }
        }
        return left;
    }

    std::optional<double> parseTerm()
    {
        std::optional<double> left = parseUnary();
        while (left) {
            const qsizetype operatorPosition = position();
            if (acceptOperator(u'*')) {
                const std::optional<double> right = parseUnary();
                if (!right)
                    return std::nullopt;
                left = checked(*left * *right);
            } else if (acceptOperator(u'/')) {
                const std::optional<double> right = parseUnary();
                if (!right)
                    return std::nullopt;
                if (*right == 0.0)
                    return fail(Calculator::tr("Division by zero."));
                left = checked(*left / *right);
            } else if (acceptOperator(u'%')) {
                const std::optional<double> right = parseUnary();
                if (!right)
                    return std::nullopt;
                if (*right == 0.0)
                    return fail(
                        Calculator::tr("Division by zero in the remainder (%) at position %1.").arg(operatorPosition));
                left = checked(std::fmod(*left, *right));
            } else {
                break;
            }
        }
        return left;
    }

    std::optional<double> parseUnary()
    {
        if (++m_depth > Calculator::kMaxDepth)
            return fail(Calculator::tr("The expression is nested too deeply."));
        std::optional<double> result;
        if (acceptOperator(u'-')) {
            result = parseUnary();
            if (result)
                result = -*result;
        } else if (acceptOperator(u'+')) {
            result = parseUnary();
        } else {
            result = parsePower();
        }
        --m_depth;
        return result;
    }

    std::optional<double> parsePower()
    {
        const std::optional<double> base = parsePrimary();
        if (!base || !acceptPower())
            return base;
        const std::optional<double> exponent = parseUnary(); // unary, not primary: 2^-1, and 2^3^2 = 2^9
        if (!exponent)
            return std::nullopt;
        return power(*base, *exponent);
    }

    std::optional<double> power(double base, double exponent)
    {
        if (base == 0.0 && exponent < 0.0)
            return fail(Calculator::tr("Division by zero."));
        return checked(std::pow(base, exponent));
    }

    std::optional<double> parsePrimary()
    {
        skipSpaces();
        const QChar c = peek();
        if (isDigit(c) || c == u'.')
            return parseNumber();
        if (isLetter(c))
            return parseName();
        if (c == QChar(0x03C0)) { // π
            ++m_pos;
            return std::numbers::pi;
        }
        if (c == u'(') {
            const qsizetype open = position();
            ++m_pos;
            const std::optional<double> inner = parseExpression();
            if (!inner)
                return std::nullopt;
            skipSpaces();
            if (peek() != u')')
                return fail(missingClose(open));
            ++m_pos;
            return inner;
        }
        return fail(unexpectedHere());
    }

    QString missingClose(qsizetype open) const
    {
        if (atEnd())
            return Calculator::tr("The \"(\" at position %1 is never closed.").arg(open);
        return unexpectedHere();
    }

    std::optional<double> parseNumber()
    {
        const qsizetype start = m_pos;
        while (isDigit(peek()))
            ++m_pos;
        if (peek() == u'.') {
            ++m_pos;
            while (isDigit(peek()))
                ++m_pos;
        }
        const QStringView mantissa = m_text.sliced(start, m_pos - start);
        if (mantissa == u".")
            return fail(Calculator::tr("A lone \".\" at position %1 is not a number.").arg(start + 1));
        // An exponent only if digits follow: "2e3" is 2000, while "2e" leaves the name e for the next rule.
        if (peek() == u'e' || peek() == u'E') {
            qsizetype look = m_pos + 1;
            if (look < m_text.size() && (m_text.at(look) == u'+' || m_text.at(look) == u'-'))
                ++look;
            if (look < m_text.size() && isDigit(m_text.at(look))) {
                m_pos = look;
                while (isDigit(peek()))
                    ++m_pos;
            }
        }
        bool ok = false;
        const double value = QLocale::c().toDouble(m_text.sliced(start, m_pos - start), &ok);
        if (!std::isfinite(value) || (!ok && value != 0.0))
            return fail(Calculator::tr("The number at position %1 is too large.").arg(start + 1));
        return value; // an underflowing literal such as 1e-999 is 0
    }

    std::optional<double> parseName()
    {
        const qsizetype start = m_pos;
        while (isLetter(peek()) || isDigit(peek()))
            ++m_pos;
        const QStringView name = m_text.sliced(start, m_pos - start);
        const QString lower = name.toString().toLower();

        if (const FunctionSpec *spec = findFunction(lower)) {
            skipSpaces();
            if (peek() != u'(')
                return fail(Calculator::tr("The function %1 at position %2 needs its arguments in parentheses, e.g. "
                                           "%1(2).")
                                .arg(lower)
                                .arg(start + 1));
            const qsizetype open = position();
            ++m_pos;
            QList<double> args;
            skipSpaces();
            if (peek() != u')') {
                for (;;) {
                    const std::optional<double> arg = parseExpression();
                    if (!arg)
                        return std::nullopt;
                    args.append(*arg);
                    skipSpaces();
                    if (peek() == u',') {
                        ++m_pos;
                        continue;
                    }
                    break;
                }
            }
            if (peek() != u')')
                return fail(missingClose(open));
            ++m_pos;
            return apply(*spec, args);
        }
        if (lower == u"pi")
            return std::numbers::pi;
        if (lower == u"e")
            return std::numbers::e;
        return fail(Calculator::tr("Unknown name \"%1\" at position %2. Functions: %3. Constants: pi, e.")
                        .arg(name.toString())
                        .arg(start + 1)
                        .arg(functionNames()));
    }

    std::optional<double> apply(const FunctionSpec &spec, const QList<double> &args)
    {
        const QString name = spec.name.toString();
        const int count = int(args.size());
        if (count < spec.minArgs || (spec.maxArgs >= 0 && count > spec.maxArgs)) {
            if (spec.maxArgs < 0)
                return fail(Calculator::tr("%1 takes at least %n argument(s).", nullptr, spec.minArgs).arg(name));
            if (spec.minArgs == spec.maxArgs)
                return fail(
                    Calculator::tr("%1 takes %n argument(s), not %2.", nullptr, spec.minArgs).arg(name).arg(count));
            return fail(Calculator::tr("%1 takes %2 or %n arguments, not %3.", nullptr, spec.maxArgs)
                            .arg(name)
                            .arg(spec.minArgs)
                            .arg(count));
        }
        const double x = args.value(0);
        const QStringView n = spec.name;

        if (n == u"sqrt") {
            if (x < 0.0)
                return fail(Calculator::tr("The square root of a negative number (%1) is not a real number.")
                                .arg(Calculator::format(x)));
            return checked(std::sqrt(x));
        }
        if (n == u"abs")
            return checked(std::abs(x));
        if (n == u"round") {
            if (count == 1)
                return checked(std::round(denoise(x)));
            const double digits = args.at(1);
            if (std::trunc(digits) != digits || digits < -15 || digits > 15)
                return fail(Calculator::tr("The second argument of round must be a whole number of decimals between "
                                           "-15 and 15."));
            const double scale = std::pow(10.0, digits);
            return checked(std::round(denoise(x * scale)) / scale);
        }
        if (n == u"floor")
            return checked(std::floor(denoise(x)));
        if (n == u"ceil")
            return checked(std::ceil(denoise(x)));
        if (n == u"min" || n == u"max") {
            double result = x;
            for (double arg : args)
                result = n == u"min" ? std::min(result, arg) : std::max(result, arg);
            return result;
        }
        if (n == u"pow")
            return power(x, args.at(1));
        if (n == u"ln" || n == u"log" || n == u"log10" || n == u"log2") {
            if (x <= 0.0)
                return fail(Calculator::tr("The logarithm of %1 is undefined; it needs a positive number.")
                                .arg(Calculator::format(x)));
            if (n == u"log10")
                return checked(std::log10(x));
            if (n == u"log2")
                return checked(std::log2(x));
            if (count == 2) {
                const double base = args.at(1);
                if (base <= 0.0 || base == 1.0)
                    return fail(Calculator::tr("The base of a logarithm must be positive and not 1."));
                return checked(std::log(x) / std::log(base));
            }
            return checked(std::log(x));
        }
        if (n == u"exp")
            return checked(std::exp(x));
        if (n == u"sin")
            return checked(snapToZero(std::sin(x)));
        if (n == u"cos")
            return checked(snapToZero(std::cos(x)));
        if (n == u"tan")
            return checked(snapToZero(std::tan(x)));
        if (n == u"asin" || n == u"acos") {
            if (x < -1.0 || x > 1.0)
                return fail(
                    Calculator::tr("%1 needs a number between -1 and 1, not %2.").arg(name, Calculator::format(x)));
            return checked(n == u"asin" ? std::asin(x) : std::acos(x));
        }
        if (n == u"atan")
            return checked(std::atan(x));
        return fail(Calculator::tr("Unknown function %1.").arg(name));
    }

    QStringView m_text;
    qsizetype m_pos = 0;
    int m_depth = 0;
    QString m_error;
};

} // namespace

Calculator::Result Calculator::evaluate(QStringView expression)
{
    if (expression.size() > kMaxLength)
        return { false, 0.0, tr("The expression is longer than %n characters.", nullptr, int(kMaxLength)) };
    if (expression.trimmed().isEmpty())
        return { false, 0.0, tr("The expression is empty.") };
    return Parser(expression).run();
}

QString Calculator::format(double value)
{
    if (value == 0.0)
        return u"0"_s; // also -0
    return QString::number(value, 'g', 15);
}

} // namespace Tandem
