#include "GitStatusTool.h"

using namespace Qt::StringLiterals;

namespace Tandem {

ToolDefinition GitStatusTool::definition() const
{
    return {
        kName.toString(),
        u"Shows the git status of the workspace: its branch and the changed, added and untracked files "
        "(git status --porcelain)."_s,
        noParameters(),
        false,
    };
}

QStringList GitStatusTool::gitArguments(const QJsonObject &, QString *) const
{
    return { u"status"_s, u"--porcelain=v1"_s, u"--branch"_s };
}

} // namespace Tandem
