#pragma once

#include "tools/Tool.h"

#include <QCoreApplication>
#include <QStringView>

namespace Tandem {

/// @brief The `complete_task` tool: completes the task with a given id at once; a task named by
/// words is found by fuzzy match and proposed as a pending confirmation ("I found … (75% match). Is this correct?"),
/// and two close matches give a "which one?" answer instead of a guess.
class CompleteTaskTool final : public Tool
{
    Q_DECLARE_TR_FUNCTIONS(CompleteTaskTool)

public:
    static constexpr QStringView kName = u"complete_task";

    ToolDefinition definition() const override;
    bool changesTasks() const override { return true; }
    ToolResult run(const QJsonObject &arguments, const ToolContext &context) const override;
};

} // namespace Tandem
