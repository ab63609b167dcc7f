#pragma once

#include "tools/Tool.h"

#include <QCoreApplication>
#include <QStringView>

namespace Tandem {

/// @brief The `calculator` tool: evaluates an arithmetic expression with Calculator.
///
/// Output: `{"expression":"0.1+0.2","result":"0.3"}`; the result is text so that no JSON writer adds digits.
class CalculatorTool final : public Tool
{
    Q_DECLARE_TR_FUNCTIONS(CalculatorTool)

public:
    static constexpr QStringView kName = u"calculator";

    ToolDefinition definition() const override;
    ToolResult run(const QJsonObject &arguments, const ToolContext &context) const override;
};

} // namespace Tandem
