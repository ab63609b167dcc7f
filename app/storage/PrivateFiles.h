#pragma once

#include <QString>

namespace Tandem {

/// @brief Files only their owner may read: the database (and the WAL and shared-memory files SQLite creates beside
/// it with the database's mode) and the settings file are 0600, a folder Tandem creates for them 0700.
class PrivateFiles
{
public:
    /// @brief Creates @p folder (and its parents) if missing; the folder itself is made 0700. An existing folder is
    /// left as it is: it may be one the person chose. False if it cannot be created.
    static bool ensureFolder(const QString &folder);
    /// @brief Creates @p filePath empty with mode 0600 if missing (its folder through ensureFolder()); takes the
    /// group's and others' permissions away from an existing one. False if it cannot be created.
    static bool ensureFile(const QString &filePath);
    /// @brief Takes the group's and others' permissions away from @p filePath if it exists. False only if they
    /// stay.
    static bool restrict(const QString &filePath);
};

} // namespace Tandem
