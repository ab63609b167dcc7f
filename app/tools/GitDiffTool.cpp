#include "GitDiffTool.h"

#include "tools/CommandLine.h"

#include <QJsonArray>

using namespace Qt::StringLiterals;

namespace Tandem {

ToolDefinition GitDiffTool::definition() const
{
    return {
        kName.toString(),
        u"Shows the changes in the workspace as a unified diff (git diff); with staged: true, the changes staged for "
        "the next commit."_s,
        QJsonObject {
            { u"type"_s, u"object"_s },
            { u"properties"_s,
                QJsonObject {
                    { u"staged"_s,
                        QJsonObject { { u"type"_s, u"boolean"_s },
                            { u"description"_s, u"Show the staged changes instead of the unstaged ones."_s } } },
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
    // "--" first: a path is never read as an option; CommandLine keeps each inside the workspace.
    result << u"--"_s << paths;
    return result;
}

} // namespace Tandem
