#include "WriteFileTool.h"

#include "domain/Logging.h"
#include "tools/Workspace.h"

#include <QDir>
#include <QFileInfo>
#include <QJsonArray>
#include <QSaveFile>

using namespace Qt::StringLiterals;

namespace Tandem {

ToolDefinition WriteFileTool::definition() const
{
    return {
        kName.toString(),
        u"Writes UTF-8 text to a file of the workspace the person chose, creating missing folders and replacing "
        "any existing content. The person must approve each write."_s,
        QJsonObject {
            { u"type"_s, u"object"_s },
            { u"properties"_s,
                QJsonObject {
                    { u"path"_s,
                        QJsonObject { { u"type"_s, u"string"_s },
                            { u"description"_s, u"The file, relative to the workspace, e.g. \"notes/todo.md\"."_s } } },
                    { u"content"_s,
                        QJsonObject { { u"type"_s, u"string"_s },
                            { u"description"_s, u"The complete new content of the file."_s } } },
                } },
            { u"required"_s, QJsonArray { u"path"_s, u"content"_s } },
            { u"additionalProperties"_s, false },
        },
        false,
    };
}

ToolResult WriteFileTool::run(const QJsonObject &arguments, const ToolContext &context) const
{
    const Workspace workspace(context.workspaceRoot);
    const Workspace::Resolved resolved = workspace.resolve(arguments.value(u"path").toString());
    if (!resolved.ok)
        return ToolResult::failure(resolved.error);

    const QFileInfo info(resolved.absolutePath);
    if (info.isDir())
        return ToolResult::failure(
            tr("\"%1\" is a folder; write_file needs the path of a file.").arg(resolved.relativePath));

    const QString parent = info.path();
    if (!QDir().mkpath(parent))
        return ToolResult::failure(tr("The folder for \"%1\" could not be created.").arg(resolved.relativePath));

    const bool created = !info.exists();
    const QByteArray bytes = arguments.value(u"content").toString().toUtf8();
    QSaveFile file(resolved.absolutePath);
    if (!file.open(QIODevice::WriteOnly) || file.write(bytes) != bytes.size() || !file.commit())
        return ToolResult::failure(
            tr("The file \"%1\" could not be written: %2").arg(resolved.relativePath, file.errorString()));

    qCDebug(lcAgents) << "write_file wrote" << bytes.size() << "bytes to" << resolved.relativePath;
    return ToolResult::success(QJsonObject {
        { u"path"_s, resolved.relativePath },
        { u"bytes"_s, qint64(bytes.size()) },
        { u"created"_s, created },
    });
}

} // namespace Tandem
