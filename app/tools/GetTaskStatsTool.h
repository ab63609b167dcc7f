#pragma once

#include "tools/Tool.h"

#include <QCoreApplication>
#include <QStringView>

namespace Tandem {

/// @brief The `get_task_stats` tool (the router's tracking agent): counts of open, done, overdue and due tasks.
class GetTaskStatsTool final : public Tool
{
    Q_DECLARE_TR_FUNCTIONS(GetTaskStatsTool)

public:
    static constexpr QStringView kName = u"get_task_stats";

    ToolDefinition definition() const override;
    ToolResult run(const QJsonObject &arguments, const ToolContext &context) const override;
};

} // namespace Tandem
