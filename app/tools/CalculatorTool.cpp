#include "CalculatorTool.h"

#include "tools/Calculator.h"

#include <QJsonArray>

using namespace Qt::StringLiterals;

namespace Tandem {

ToolDefinition CalculatorTool::definition() const
{
    const QJsonObject expression {
        { u"type"_s, u"string"_s },
        { u"description"_s,
            u"The expression, e.g. \"(2+3)*4^2\" or \"sqrt(2)/2\". Operators + - * / % ^ (right-associative), "
            "parentheses, decimals and scientific notation (6.02e23). Functions: sqrt, abs, round(x[, decimals]), "
            "floor, ceil, min, max, pow, ln, log (natural; log(x, base)), log10, log2, exp, sin, cos, tan, asin, "
            "acos, atan (radians). Constants: pi, e."_s },
        { u"minLength"_s, 1 },
        { u"maxLength"_s, int(Calculator::kMaxLength) },
    };
    return {
        kName.toString(),
        u"Evaluates an arithmetic expression exactly as written and returns the result with up to 15 significant "
        "digits. Use it instead of doing arithmetic in your head."_s,
        QJsonObject {
            { u"type"_s, u"object"_s },
            { u"properties"_s, QJsonObject { { u"expression"_s, expression } } },
            { u"required"_s, QJsonArray { u"expression"_s } },
            { u"additionalProperties"_s, false },
        },
        false,
    };
}

ToolResult CalculatorTool::run(const QJsonObject &arguments, const ToolContext &context) const
{
    Q_UNUSED(context)
    const QString expression = arguments.value(u"expression").toString();
    const Calculator::Result result = Calculator::evaluate(expression);
    if (!result.ok)
        return ToolResult::failure(result.error);
    return ToolResult::success(QJsonObject {
        { u"expression"_s, expression },
        { u"result"_s, Calculator::format(result.value) },
    });
}

} // namespace Tandem
