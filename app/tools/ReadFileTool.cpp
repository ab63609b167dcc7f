#include "ReadFileTool.h"

#include "tools/Workspace.h"

#include <QFile>
#include <QFileInfo>
#include <QStringDecoder>

#include <limits>

using namespace Qt::StringLiterals;

namespace Tandem {

ToolDefinition ReadFileTool::definition() const
{
    return {
        kName.toString(),
        u"Reads a UTF-8 text file of the workspace the person chose and returns its content. Files above 256 KiB "
        "and binary files are refused."_s,
        Workspace::onePathParameters(u"The file, relative to the workspace, e.g. \"notes/todo.md\"."_s),
        false,
    };
}

ToolResult ReadFileTool::run(const QJsonObject &arguments, const ToolContext &context) const
{
    const Workspace workspace(context.workspaceRoot);
    const Workspace::Resolved resolved = workspace.resolve(arguments.value(u"path").toString());
    if (!resolved.ok)
        return ToolResult::failure(resolved.error);

    const QFileInfo info(resolved.absolutePath);
    if (!info.exists())
        return ToolResult::failure(tr("The file \"%1\" does not exist in the workspace.").arg(resolved.relativePath));
    if (info.isDir())
        return ToolResult::failure(
            tr("\"%1\" is a folder, not a file; use list_files to see its contents.").arg(resolved.relativePath));
    if (!info.isFile())
        return ToolResult::failure(tr("\"%1\" is not a regular file.").arg(resolved.relativePath));
    if (info.size() > kMaxBytes)
        // %2 is the exact size; the count given to tr() only picks the plural form of "bytes".
        return ToolResult::failure(tr("The file \"%1\" has %2 bytes; read_file reads at most %3 KiB.", nullptr,
            int(qMin<qint64>(info.size(), std::numeric_limits<int>::max())))
                                       .arg(resolved.relativePath)
                                       .arg(info.size())
                                       .arg(kMaxBytes / 1024));

    QFile file(resolved.absolutePath);
    if (!file.open(QIODevice::ReadOnly))
        return ToolResult::failure(
            tr("The file \"%1\" could not be read: %2").arg(resolved.relativePath, file.errorString()));
    // One byte more than allowed, in case the file grew since it was measured.
    const QByteArray bytes = file.read(kMaxBytes + 1);
    if (bytes.size() > kMaxBytes)
        return ToolResult::failure(tr("The file \"%1\" is larger than %2 KiB; read_file reads at most that much.")
                                       .arg(resolved.relativePath)
                                       .arg(kMaxBytes / 1024));

    QStringDecoder decoder(QStringDecoder::Utf8, QStringDecoder::Flag::Stateless);
    const QString text = decoder.decode(bytes);
    if (bytes.contains('\0') || decoder.hasError())
        return ToolResult::failure(
            tr("The file \"%1\" looks binary (not UTF-8 text); read_file only reads text.").arg(resolved.relativePath));

    return ToolResult::success(QJsonObject {
        { u"path"_s, resolved.relativePath },
        { u"size"_s, qint64(bytes.size()) },
        { u"content"_s, text },
    });
}

} // namespace Tandem
