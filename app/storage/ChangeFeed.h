#pragma once

#include <QtGlobal>

namespace Tandem {

/// @brief Whether anyone else (another connection, another process) has written to the shared data since the last
/// look: a watcher asks it on a timer and reads again only when it says so. DataVersionFeed polls SQLite's
/// data_version today.
class ChangeFeed
{
public:
    virtual ~ChangeFeed() = default;

    /// @brief True if another writer committed since the previous call (or since the feed was made); this
    /// connection's own commits do not count.
    virtual bool changedElsewhere() = 0;

protected:
    ChangeFeed() = default;
    Q_DISABLE_COPY_MOVE(ChangeFeed)
};

} // namespace Tandem
