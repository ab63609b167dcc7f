#pragma once

#include "tools/Tool.h"

#include <QCoreApplication>
#include <QStringView>

namespace Tandem {

/// @brief The `run_command` tool (critical): runs one program of the system in the workspace, in the sandbox.
///
/// Arguments: `argv` (no shell unless argv names one), optional `stdin`, `cwd` (a folder of the workspace) and
/// `timeout_seconds` (default 120). Checked by CommandLine before anything runs; run by SandboxedCommand.
class RunCommandTool final : public Tool
{
    Q_DECLARE_TR_FUNCTIONS(RunCommandTool)

public:
    static constexpr QStringView kName = u"run_command";
    static constexpr int kMaxTimeoutSeconds = 3600;

    ToolDefinition definition() const override;
    bool isCritical() const override { return true; }
    /// @brief Fails at once: a command runs as a job (start()).
    ToolResult run(const QJsonObject &arguments, const ToolContext &context) const override;
    ToolJob *start(const QJsonObject &arguments, const ToolContext &context) const override;
};

} // namespace Tandem
