#include "GitCommitTool.h"

#include "tools/CommandLine.h"
#include "tools/SandboxedCommand.h"
#include "tools/ToolJob.h"
#include "tools/Workspace.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QPointer>
#include <QProcess>

using namespace Qt::StringLiterals;

namespace Tandem {

namespace {

const QStringList kGit { u"git"_s, u"--no-pager"_s, u"-c"_s, u"core.editor=true"_s };

// The person's identity as git finds it for the workspace; read outside the sandbox, config only, nothing runs.
QStringList identity(const QString &workspaceRoot)
{
    QStringList result;
    for (const QString &key : { u"user.name"_s, u"user.email"_s }) {
        QProcess git;
        git.setWorkingDirectory(workspaceRoot);
        git.start(u"git"_s, { u"config"_s, u"--get"_s, key });
        if (!git.waitForFinished(5000) || git.exitCode() != 0)
            continue;
        const QString value = QString::fromUtf8(git.readAllStandardOutput()).trimmed();
        if (!value.isEmpty() && !value.contains(u'\n'))
            result << u"-c"_s << key + u'=' + value;
    }
    return result;
}

int exitCode(const ToolResult &result)
{
    return QJsonDocument::fromJson(result.output.toUtf8()).object().value(u"exit_code").toInt(-1);
}

} // namespace

ToolDefinition GitCommitTool::definition() const
{
    return {
        kName.toString(),
        u"Commits changes of the workspace with git: stages the given files (all changes when none are given) and "
        "commits them with the message."_s,
        QJsonObject {
            { u"type"_s, u"object"_s },
            { u"properties"_s,
                QJsonObject {
                    { u"message"_s,
                        QJsonObject { { u"type"_s, u"string"_s }, { u"minLength"_s, 1 },
                            { u"description"_s, u"The commit message."_s } } },
                    { u"files"_s,
                        QJsonObject { { u"type"_s, u"array"_s },
                            { u"items"_s, QJsonObject { { u"type"_s, u"string"_s } } },
                            { u"description"_s, u"The files to commit, relative to the workspace."_s } } },
                } },
            { u"required"_s, QJsonArray { u"message"_s } },
            { u"additionalProperties"_s, false },
        },
        false,
    };
}

ToolResult GitCommitTool::run(const QJsonObject &, const ToolContext &) const
{
    return ToolResult::failure(tr("git_commit runs as a job."));
}

ToolJob *GitCommitTool::start(const QJsonObject &arguments, const ToolContext &context) const
{
    QStringList files;
    QString problem;
    if (arguments.contains(u"files"_s))
        problem = CommandLine::strings(arguments.value(u"files"), &files);
    for (const QString &file : std::as_const(files))
        if (file.startsWith(u'-'))
            problem = tr("The file \"%1\" starts with '-'; files cannot be options.").arg(file);
    const Workspace workspace(context.workspaceRoot);
    CommandLine add;
    CommandLine commit;
    if (problem.isEmpty())
        problem = add.check(workspace, kGit + QStringList { u"add"_s, u"-A"_s, u"--"_s } + files, {}, {});
    if (problem.isEmpty())
        problem = commit.check(workspace,
            kGit + identity(context.workspaceRoot) + QStringList { u"commit"_s, u"--no-verify"_s, u"-F"_s, u"-"_s },
            arguments.value(u"message").toString(), {});
    if (!problem.isEmpty())
        return ToolJob::failing({ ToolError::Type::Failed, problem });

    SandboxedCommand::Options options;
    options.workspaceRoot = context.workspaceRoot;
    options.withoutSandbox = context.commandsWithoutSandbox;
    // Two steps, one job: the commit starts once the files are staged; a Stop ends whichever runs.
    auto *job = new ToolJob;
    QPointer<ToolJob> step = SandboxedCommand::start(add, options);
    const auto forward = [job](ToolJob *inner, std::function<void(const ToolResult &)> next) {
        QObject::connect(inner, &ToolJob::finished, job, next);
        QObject::connect(inner, &ToolJob::failed, job, [job](const ToolError &error) { job->fail(error); });
    };
    auto *current = new QPointer<ToolJob>(step);
    job->setAbortHandler([current] {
        if (*current)
            (*current)->abort();
    });
    QObject::connect(job, &QObject::destroyed, [current] { delete current; });
    forward(step, [job, current, commit, options, forward](const ToolResult &staged) {
        if (exitCode(staged) != 0) {
            job->complete(staged); // git add's own output says why
            return;
        }
        *current = SandboxedCommand::start(commit, options);
        forward(*current, [job](const ToolResult &committed) { job->complete(committed); });
    });
    return job;
}

} // namespace Tandem
