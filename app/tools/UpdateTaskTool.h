#pragma once

#include "tools/Tool.h"

#include <QCoreApplication>
#include <QStringView>

namespace Tandem {

/// @brief The `update_task` tool: changes a task's title, notes, priority, due date or status.
class UpdateTaskTool final : public Tool
{
    Q_DECLARE_TR_FUNCTIONS(UpdateTaskTool)

public:
    static constexpr QStringView kName = u"update_task";

    ToolDefinition definition() const override;
    bool changesTasks() const override { return true; }
    ToolResult run(const QJsonObject &arguments, const ToolContext &context) const override;
};

} // namespace Tandem
