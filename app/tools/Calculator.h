#pragma once

#include <QCoreApplication>
#include <QString>
#include <QStringView>

namespace Tandem {

/// @brief Evaluates an arithmetic expression with a recursive-descent parser (no script engine).
///
/// Grammar, loosest binding first:
/// ```
/// expression := term (('+' | '-') term)*
/// term       := unary (('*' | '/' | '%') unary)*
/// unary      := ('-' | '+') unary | power
/// power      := primary (('^' | '**') unary)?        right-associative; -2^2 = -4, 2^-1 = 0.5
/// primary    := number | constant | function '(' expression (',' expression)* ')' | '(' expression ')'
/// ```
/// Numbers: `12`, `1.5`, `.5`, `6.02e23`, `1E-3`. Constants: `pi`, `e`. Functions: sqrt, abs, round (half away
/// from zero; an optional second argument gives the decimals), floor, ceil, min, max (one or more arguments),
/// pow, ln, log (natural; log(x, b) in base b), log10, log2, exp, sin, cos, tan, asin, acos, atan (radians).
/// `%` is the remainder of a truncating division and takes the sign of the dividend. The signs × ÷ − are
/// accepted for * / -, and π for pi.
class Calculator
{
    Q_DECLARE_TR_FUNCTIONS(Calculator)

public:
    /// @brief The value of an expression, or why it has none.
    struct Result
    {
        bool ok = false;
        double value = 0.0;
        QString error; ///< one translated sentence; positions in it count characters from 1
    };

    /// Expressions longer than this are refused before parsing.
    static constexpr qsizetype kMaxLength = 4096;
    /// Parentheses, signs, powers and function calls nest at most this deep together.
    static constexpr int kMaxDepth = 200;

    /// @brief Evaluates @p expression.
    static Result evaluate(QStringView expression);
    /// @brief @p value with up to 15 significant digits and no trailing noise: 0.1+0.2 gives "0.3", 2^0.5 gives
    /// "1.4142135623731", 1e21 gives "1e+21", -0 gives "0".
    static QString format(double value);
};

} // namespace Tandem
