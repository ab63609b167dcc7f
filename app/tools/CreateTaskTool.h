#pragma once

#include "tools/Tool.h"

#include <QCoreApplication>
#include <QStringView>

namespace Tandem {

/// @brief The `create_task` tool: proposes a task (title, notes, priority, a due date such as
/// "Friday" resolved against today) as a pending confirmation; it is created once the person says yes.
class CreateTaskTool final : public Tool
{
    Q_DECLARE_TR_FUNCTIONS(CreateTaskTool)

public:
    static constexpr QStringView kName = u"create_task";

    ToolDefinition definition() const override;
    bool changesTasks() const override { return true; }
    ToolResult run(const QJsonObject &arguments, const ToolContext &context) const override;
};

} // namespace Tandem
