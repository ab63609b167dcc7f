#include "Workspace.h"

#include "domain/Logging.h"

#include <QDir>
#include <QFileInfo>
#include <QJsonArray>

using namespace Qt::StringLiterals;

namespace Tandem {

namespace {

bool isUnder(const QString &path, const QString &root)
{
    if (path == root)
        return true;
    const QString prefix = root.endsWith(u'/') ? root : root + u'/';
    return path.startsWith(prefix);
}

// The canonical form of the deepest part of @p path that exists; a dangling link counts as existing and makes
// the result empty, since nobody can say where a write through it would land.
QString canonicalDeepestExisting(const QString &path)
{
    QString candidate = path;
    for (;;) {
        const QFileInfo info(candidate);
        if (info.exists() || info.isSymLink())
            return info.canonicalFilePath();
        const QString parent = QFileInfo(candidate).path();
        if (parent == candidate)
            return {};
        candidate = parent;
    }
}

} // namespace

Workspace::Workspace(const QString &root)
    : m_root(root)
{ }

QString Workspace::canonicalRoot() const
{
    if (m_root.isEmpty())
        return {};
    const QFileInfo info(m_root);
    return info.isDir() ? info.canonicalFilePath() : QString();
}

bool Workspace::contains(const QString &absolutePath) const
{
    const QString root = canonicalRoot();
    if (root.isEmpty())
        return false;
    const QString canonical = canonicalDeepestExisting(QDir::cleanPath(absolutePath));
    return !canonical.isEmpty() && isUnder(canonical, root);
}

Workspace::Resolved Workspace::resolve(const QString &relativePath) const
{
    Resolved result;
    if (m_root.isEmpty()) {
        result.error = tr("No workspace folder is chosen. Ask the person to choose one for this conversation.");
        return result;
    }
    const QString root = canonicalRoot();
    if (root.isEmpty()) {
        result.error = tr("The workspace folder %1 does not exist or is not a folder.").arg(m_root);
        return result;
    }

    const QString path = relativePath.trimmed().isEmpty() ? u"."_s : relativePath;
    if (path.contains(QChar(0))) {
        result.error = tr("The path contains a NUL character.");
        return result;
    }
    if (QDir::isAbsolutePath(path) || path.startsWith(u'/') || path.startsWith(u'\\')) {
        result.error = tr("The path \"%1\" is absolute; give a path relative to the workspace folder.").arg(path);
        return result;
    }
    if (path == u"~" || path.startsWith(u"~/")) {
        result.error
            = tr("The path \"%1\" points into a home folder; give a path relative to the workspace folder.").arg(path);
        return result;
    }

    // Lexical first: the cleaned path is what the file system sees later, so "a/../b" is plain "b" and a link
    // named "a" cannot turn the ".." into a step outside.
    const QString cleaned = QDir::cleanPath(path);
    if (cleaned == u".." || cleaned.startsWith(u"../")) {
        result.error = tr("The path \"%1\" leads outside the workspace folder.").arg(path);
        return result;
    }

    const QString absolute = cleaned == u"." ? root : QDir::cleanPath(root + u'/' + cleaned);
    const QString canonical = canonicalDeepestExisting(absolute);
    if (canonical.isEmpty()) {
        result.error = tr("The path \"%1\" goes through a symbolic link whose target does not exist.").arg(path);
        return result;
    }
    if (!isUnder(canonical, root)) {
        qCInfo(lcAgents) << "Refused a path that leaves the workspace through a symbolic link:" << path;
        result.error
            = tr("The path \"%1\" goes through a symbolic link that leads outside the workspace folder.").arg(path);
        return result;
    }

    result.ok = true;
    result.absolutePath = absolute;
    result.relativePath = cleaned;
    return result;
}

QJsonObject Workspace::onePathParameters(const QString &description)
{
    return QJsonObject {
        { u"type"_s, u"object"_s },
        { u"properties"_s,
            QJsonObject {
                { u"path"_s, QJsonObject { { u"type"_s, u"string"_s }, { u"description"_s, description } } } } },
        { u"required"_s, QJsonArray { u"path"_s } },
        { u"additionalProperties"_s, false },
    };
}

} // namespace Tandem
