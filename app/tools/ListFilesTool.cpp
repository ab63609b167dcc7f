#include "ListFilesTool.h"

#include "tools/Workspace.h"

#include <QDir>
#include <QFileInfo>
#include <QJsonArray>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace Tandem {

namespace {

struct Listing
{
    QJsonArray entries;
    bool truncated = false;
};

QString childPath(const QString &folder, const QString &name)
{
    return folder == u"." ? name : folder + u'/' + name;
}

// Depth-first, sorted by name with a plain comparison, so the same tree always lists the same way.
void listFolder(const QString &absolute, const QString &relative, bool recursive, Listing &listing)
{
    QFileInfoList infos = QDir(absolute).entryInfoList(
        QDir::AllEntries | QDir::Hidden | QDir::System | QDir::NoDotAndDotDot, QDir::NoSort);
    std::sort(
        infos.begin(), infos.end(), [](const QFileInfo &a, const QFileInfo &b) { return a.fileName() < b.fileName(); });

    for (const QFileInfo &info : std::as_const(infos)) {
        if (listing.entries.size() >= ListFilesTool::kMaxEntries) {
            listing.truncated = true;
            return;
        }
        const QString path = childPath(relative, info.fileName());
        QJsonObject entry { { u"name"_s, info.fileName() }, { u"path"_s, path } };
        if (info.isSymLink()) {
            entry.insert(u"type"_s, u"symlink"_s);
        } else if (info.isDir()) {
            entry.insert(u"type"_s, u"directory"_s);
        } else {
            entry.insert(u"type"_s, u"file"_s);
            entry.insert(u"size"_s, info.size());
        }
        listing.entries.append(entry);
        if (recursive && info.isDir() && !info.isSymLink() && info.fileName() != u".git") {
            listFolder(info.absoluteFilePath(), path, true, listing);
            if (listing.truncated)
                return;
        }
    }
}

} // namespace

ToolDefinition ListFilesTool::definition() const
{
    return {
        kName.toString(),
        u"Lists a folder of the workspace the person chose: each entry's name, path relative to the workspace, "
        "type (file, directory, symlink) and size in bytes. At most 1000 entries; \"truncated\" tells whether more "
        "exist."_s,
        QJsonObject {
            { u"type"_s, u"object"_s },
            { u"properties"_s,
                QJsonObject {
                    { u"path"_s,
                        QJsonObject { { u"type"_s, u"string"_s },
                            { u"description"_s,
                                u"The folder, relative to the workspace; \".\" or empty for the workspace itself."_s } } },
                    { u"recursive"_s,
                        QJsonObject { { u"type"_s, u"boolean"_s },
                            { u"description"_s,
                                u"Also list the contents of subfolders (symbolic links and .git are not entered). "
                                "Default false."_s } } },
                } },
            { u"additionalProperties"_s, false },
        },
        false,
    };
}

ToolResult ListFilesTool::run(const QJsonObject &arguments, const ToolContext &context) const
{
    const Workspace workspace(context.workspaceRoot);
    const Workspace::Resolved resolved = workspace.resolve(arguments.value(u"path").toString());
    if (!resolved.ok)
        return ToolResult::failure(resolved.error);

    const QFileInfo info(resolved.absolutePath);
    if (!info.exists())
        return ToolResult::failure(tr("The folder \"%1\" does not exist in the workspace.").arg(resolved.relativePath));
    if (!info.isDir())
        return ToolResult::failure(
            tr("\"%1\" is a file, not a folder; use read_file to read it.").arg(resolved.relativePath));

    Listing listing;
    listFolder(resolved.absolutePath, resolved.relativePath, arguments.value(u"recursive").toBool(false), listing);
    return ToolResult::success(QJsonObject {
        { u"path"_s, resolved.relativePath },
        { u"entries"_s, listing.entries },
        { u"truncated"_s, listing.truncated },
    });
}

} // namespace Tandem
