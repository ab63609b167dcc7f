#include "GitPushTool.h"

using namespace Qt::StringLiterals;

namespace Tandem {

ToolDefinition GitPushTool::definition() const
{
    const auto text = [](const QString &description) {
        return QJsonObject { { u"type"_s, u"string"_s }, { u"description"_s, description } };
    };
    return {
        kName.toString(),
        u"Pushes the workspace's current branch to its remote (git push). The person must approve every push."_s,
        QJsonObject {
            { u"type"_s, u"object"_s },
            { u"properties"_s,
                QJsonObject {
                    { u"remote"_s, text(u"The remote, \"origin\" by default."_s) },
                    { u"branch"_s, text(u"The branch to push; the current one by default."_s) },
                } },
            { u"additionalProperties"_s, false },
        },
        false,
    };
}

QStringList GitPushTool::gitArguments(const QJsonObject &arguments, QString *problem) const
{
    const QString remote = arguments.value(u"remote").toString(u"origin"_s);
    const QString branch = arguments.value(u"branch").toString();
    for (const QString &word : { remote, branch })
        if (word.startsWith(u'-'))
            *problem = tr("\"%1\" starts with '-'; a remote or a branch cannot be an option.").arg(word);
    QStringList result { u"push"_s, u"--"_s, remote };
    if (!branch.isEmpty())
        result << branch;
    return result;
}

} // namespace Tandem
