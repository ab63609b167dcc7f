#include "GitDiffTool.h"

#include "tools/CommandLine.h"

#include <QJsonArray>
#include <QRegularExpression>

using namespace Qt::StringLiterals;

namespace Tandem {

ToolDefinition GitDiffTool::definition() const
{
    return {
        kName.toString(),
        u"Shows the changes in the workspace as a unified diff (git diff); with staged: true, the changes staged for "
        "the next commit; with base, every change since that commit or branch, committed or not."_s,
        QJsonObject {
            { u"type"_s, u"object"_s },
            { u"properties"_s,
                QJsonObject {
                    { u"staged"_s,
                        QJsonObject { { u"type"_s, u"boolean"_s },
                            { u"description"_s, u"Show the staged changes instead of the unstaged ones."_s } } },
                    { u"base"_s,
                        QJsonObject { { u"type"_s, u"string"_s }, { u"minLength"_s, 1 },
                            { u"description"_s,
                                u"A commit or branch (e.g. the commit a story's branch started from): the diff "
                                "from it to the working tree, the commits since it included."_s } } },
                    { u"paths"_s,
                        QJsonObject { { u"type"_s, u"array"_s },
                            { u"items"_s, QJsonObject { { u"type"_s, u"string"_s } } },
                            { u"description"_s, u"Only these files or folders, relative to the workspace."_s } } },
                } },
            { u"additionalProperties"_s, false },
        },
        false,
    };
}

QStringList GitDiffTool::gitArguments(const QJsonObject &arguments, QString *problem) const
{
    QStringList result { u"diff"_s };
    if (arguments.value(u"staged").toBool())
        result << u"--staged"_s;
    QStringList paths;
    if (arguments.contains(u"paths"_s)) {
        *problem = CommandLine::strings(arguments.value(u"paths"), &paths);
        for (const QString &path : std::as_const(paths))
            if (path.startsWith(u'-'))
                *problem = tr("The path \"%1\" starts with '-'; paths cannot be options.").arg(path);
    }
    // The reviewer reads a story's committed work: without a base, git diff shows only what is not committed yet.
    if (arguments.contains(u"base"_s)) {
        const QString base = arguments.value(u"base"_s).toString();
        static const QRegularExpression revision(u"^[A-Za-z0-9_./@^~{}+-]+$"_s);
        if (base.startsWith(u'-') || !revision.match(base).hasMatch())
            *problem = tr("The base \"%1\" is no commit or branch name.").arg(base);
        result << u"--end-of-options"_s << base;
    }
    // "--" first: a path is never read as an option; CommandLine keeps each inside the workspace.
    result << u"--"_s << paths;
    return result;
}

} // namespace Tandem
