#include "DeleteFileTool.h"

#include "domain/Logging.h"
#include "tools/Workspace.h"

#include <QFile>
#include <QFileInfo>

using namespace Qt::StringLiterals;

namespace Tandem {

ToolDefinition DeleteFileTool::definition() const
{
    return {
        kName.toString(),
        u"Deletes one file of the workspace the person chose. Folders cannot be deleted. The person must approve "
        "each deletion."_s,
        Workspace::onePathParameters(u"The file, relative to the workspace, e.g. \"notes/old.md\"."_s),
        false,
    };
}

ToolResult DeleteFileTool::run(const QJsonObject &arguments, const ToolContext &context) const
{
    const Workspace workspace(context.workspaceRoot);
    const Workspace::Resolved resolved = workspace.resolve(arguments.value(u"path").toString());
    if (!resolved.ok)
        return ToolResult::failure(resolved.error);

    const QFileInfo info(resolved.absolutePath);
    if (!info.exists() && !info.isSymLink())
        return ToolResult::failure(tr("The file \"%1\" does not exist in the workspace.").arg(resolved.relativePath));
    if (info.isDir())
        return ToolResult::failure(
            tr("\"%1\" is a folder; delete_file deletes files only.").arg(resolved.relativePath));

    QFile file(resolved.absolutePath);
    if (!file.remove())
        return ToolResult::failure(
            tr("The file \"%1\" could not be deleted: %2").arg(resolved.relativePath, file.errorString()));

    qCDebug(lcAgents) << "delete_file deleted" << resolved.relativePath;
    return ToolResult::success(QJsonObject {
        { u"path"_s, resolved.relativePath },
        { u"deleted"_s, true },
    });
}

} // namespace Tandem
