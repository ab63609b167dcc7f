#pragma once

#include <QCoreApplication>
#include <QJsonObject>
#include <QString>

namespace Tandem {

/// @brief The folder the person chose for the file tools; resolves paths and keeps them inside it.
///
/// A path is relative to the root and uses '/'. Refused: no root chosen, a root that is not an existing folder,
/// absolute paths, home-relative paths (`~/…`), paths that leave the root through `..`, and paths whose deepest
/// existing part is, or passes through, a symbolic link leading outside the root (or a dangling link). Links
/// that stay inside the root are followed. The checks run against the file system as it is at the call.
class Workspace
{
    Q_DECLARE_TR_FUNCTIONS(Workspace)

public:
    /// @brief A path inside the workspace, or why there is none.
    struct Resolved
    {
        bool ok = false;
        QString absolutePath; ///< under the canonical root; links inside the workspace are not resolved
        QString relativePath; ///< cleaned, relative to the root; "." for the root itself
        QString error; ///< one translated sentence when not ok
    };

    /// @brief A workspace rooted at @p root; an empty root means no workspace was chosen.
    explicit Workspace(const QString &root = {});

    /// @brief The root as given.
    QString root() const { return m_root; }
    /// @brief True if a root was given (it may still not exist).
    bool isSet() const { return !m_root.isEmpty(); }

    /// @brief Resolves @p relativePath (empty = the root) to a path inside the workspace.
    Resolved resolve(const QString &relativePath) const;
    /// @brief True if @p absolutePath, with every link resolved, is the root or lies under it.
    /// A path that does not exist is judged by its deepest existing ancestor.
    bool contains(const QString &absolutePath) const;

    /// @brief The JSON-schema parameters of a tool whose one argument is `path`, a file of the workspace described to
    /// the model by @p description.
    static QJsonObject onePathParameters(const QString &description);

private:
    QString canonicalRoot() const;

    QString m_root;
};

} // namespace Tandem
