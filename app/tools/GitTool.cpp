#include "GitTool.h"

#include "tools/CommandLine.h"
#include "tools/SandboxedCommand.h"
#include "tools/ToolJob.h"
#include "tools/Workspace.h"

using namespace Qt::StringLiterals;

namespace Tandem {

ToolResult GitTool::run(const QJsonObject &, const ToolContext &) const
{
    return ToolResult::failure(tr("The git tools run as jobs."));
}

ToolJob *GitTool::start(const QJsonObject &arguments, const ToolContext &context) const
{
    QString problem;
    // No pager, no editor, no prompt for a password: git runs without a terminal.
    QStringList argv { u"git"_s, u"--no-pager"_s, u"-c"_s, u"core.editor=true"_s, u"-c"_s, u"core.pager=cat"_s };
    argv << gitArguments(arguments, &problem);
    CommandLine command;
    if (problem.isEmpty())
        problem = command.check(Workspace(context.workspaceRoot), argv, {}, {});
    if (!problem.isEmpty())
        return ToolJob::failing({ ToolError::Type::Failed, problem });
    SandboxedCommand::Options options;
    options.workspaceRoot = context.workspaceRoot;
    // git_push reaches a remote only as run_command would: the agent's `network: true`, allowed by the person.
    options.network = needsNetwork() && context.commandNetwork;
    options.withoutSandbox = context.commandsWithoutSandbox;
    return SandboxedCommand::start(command, options);
}

QJsonObject GitTool::noParameters()
{
    return QJsonObject {
        { u"type"_s, u"object"_s },
        { u"properties"_s, QJsonObject {} },
        { u"additionalProperties"_s, false },
    };
}

} // namespace Tandem
