#pragma once

#include "tools/Tool.h"

#include <QCoreApplication>
#include <QStringView>

namespace Tandem {

/// @brief The `delete_task` tool: deletes a task; critical, so the person approves each call.
class DeleteTaskTool final : public Tool
{
    Q_DECLARE_TR_FUNCTIONS(DeleteTaskTool)

public:
    static constexpr QStringView kName = u"delete_task";

    ToolDefinition definition() const override;
    bool isCritical() const override { return true; }
    bool changesTasks() const override { return true; }
    ToolResult run(const QJsonObject &arguments, const ToolContext &context) const override;
};

} // namespace Tandem
