#include "RunCommandTool.h"

#include "tools/CommandLine.h"
#include "tools/SandboxedCommand.h"
#include "tools/ToolJob.h"
#include "tools/Workspace.h"

#include <QJsonArray>

using namespace Qt::StringLiterals;

namespace Tandem {

ToolDefinition RunCommandTool::definition() const
{
    const QJsonObject properties {
        { u"argv"_s,
            QJsonObject {
                { u"type"_s, u"array"_s },
                { u"items"_s, QJsonObject { { u"type"_s, u"string"_s } } },
                { u"description"_s,
                    u"The program and its arguments, e.g. [\"make\", \"test\"]. No shell is used unless you name "
                    "one, e.g. [\"sh\", \"-c\", \"ls | wc -l\"]."_s },
            } },
        { u"stdin"_s,
            QJsonObject {
                { u"type"_s, u"string"_s }, { u"description"_s, u"Text sent to the command's standard input."_s } } },
        { u"cwd"_s,
            QJsonObject { { u"type"_s, u"string"_s },
                { u"description"_s, u"The working folder, relative to the workspace; its root by default."_s } } },
        { u"timeout_seconds"_s,
            QJsonObject { { u"type"_s, u"integer"_s }, { u"minimum"_s, 1 }, { u"maximum"_s, kMaxTimeoutSeconds },
                { u"description"_s, u"The command is killed after this long; 120 by default."_s } } },
    };
    return {
        kName.toString(),
        u"Runs a command in the workspace the person chose, in a sandbox: the system is read-only, the workspace "
        "writable, there is no home folder and no network (unless your agent file says network: true and the person "
        "allowed it). Returns exit_code, stdout and stderr (each cut to its last "
        "1 MiB), timed_out and duration_ms. The person must approve each command."_s,
        QJsonObject {
            { u"type"_s, u"object"_s },
            { u"properties"_s, properties },
            { u"required"_s, QJsonArray { u"argv"_s } },
            { u"additionalProperties"_s, false },
        },
        false,
    };
}

ToolResult RunCommandTool::run(const QJsonObject &, const ToolContext &) const
{
    return ToolResult::failure(tr("run_command runs as a job."));
}

ToolJob *RunCommandTool::start(const QJsonObject &arguments, const ToolContext &context) const
{
    QStringList argv;
    QString problem = CommandLine::strings(arguments.value(u"argv"), &argv);
    CommandLine command;
    const Workspace workspace(context.workspaceRoot);
    if (problem.isEmpty())
        problem
            = command.check(workspace, argv, arguments.value(u"stdin").toString(), arguments.value(u"cwd").toString());
    if (!problem.isEmpty())
        return ToolJob::failing({ ToolError::Type::Failed, problem });
    SandboxedCommand::Options options;
    options.workspaceRoot = context.workspaceRoot;
    options.timeoutSeconds = arguments.value(u"timeout_seconds").toInt(SandboxedCommand::kDefaultTimeoutSeconds);
    options.network = context.commandNetwork;
    options.withoutSandbox = context.commandsWithoutSandbox;
    return SandboxedCommand::start(command, options);
}

} // namespace Tandem
