#pragma once

#include <QString>

namespace Tandem {

/// @brief The team board this profile is set to (Settings → Team board), read in one place for the window and
/// `tandem serve`, so both open the same board; the password comes from the keychain under the board's own key.
class TeamBoardChoice final
{
public:
    /// @brief The board's URL (postgresql://USER@HOST:PORT/DB?sslmode=...); empty: local only.
    static QString url();
};

} // namespace Tandem
