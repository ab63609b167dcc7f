#pragma once

#include <QCoreApplication>
#include <QString>
#include <QStringList>

namespace Tandem {

/// @brief The sandbox commands run in: Debian's bubblewrap (`bwrap`).
///
/// Inside: the system folders read-only, the workspace read-write, a private /tmp, /proc and /dev, no network
/// unless asked, and nothing else: not the home folder, not Tandem's database, not /run (the keychain's socket).
/// The sandbox has its own process, user and network namespaces and dies with Tandem (`--die-with-parent`).
class Bubblewrap
{
    Q_DECLARE_TR_FUNCTIONS(Bubblewrap)

public:
    /// @brief The bwrap program on PATH, or empty.
    static QString program();
    /// @brief An empty string if bwrap is there and can create its namespaces here, otherwise why not (translated).
    /// Probed once per process: a short run of `bwrap … true`.
    static QString unavailableReason();

    /// @brief bwrap's arguments to run @p argv in @p workingFolder with @p workspaceRoot writable; @p network keeps
    /// the network namespace shared.
    static QStringList arguments(
        const QString &workspaceRoot, const QString &workingFolder, bool network, const QStringList &argv);

private:
    static QString probe();
};

} // namespace Tandem
