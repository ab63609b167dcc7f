#pragma once

#include "tools/Tool.h"

#include <QString>
#include <QStringList>

namespace Tandem::Test {

class EngineHarness;

/// @brief `launch`, a critical test tool that reports the arguments it ran with: every call of it waits for the
/// person's approval.
class LaunchTool final : public Tool
{
public:
    ToolDefinition definition() const override;
    bool isCritical() const override { return true; }
    ToolResult run(const QJsonObject &arguments, const ToolContext &context) const override;

    /// @brief Adds the tool to @p harness's catalog and saves the agent `assistant` (single mode's) with
    /// @p instructions, allowed @p tools.
    static void giveAssistant(EngineHarness &harness, const QStringList &tools, const QString &instructions);
};

} // namespace Tandem::Test
