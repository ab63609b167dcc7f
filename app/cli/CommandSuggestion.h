#pragma once

#include <QString>
#include <QStringList>
#include <QStringView>

namespace Tandem {

/// @brief The command a mistyped one most likely meant: a near spelling (`conversation`, `shwo`) or a word other
/// tools use for it (`list`, `ls` for `conversations`; `send`, `ask`, `chat` for `run`; `print`, `view` for `show`).
class CommandSuggestion
{
public:
    /// @brief The closest of @p commands to @p typed, empty if none is close enough to suggest.
    static QString closest(QStringView typed, const QStringList &commands);
    /// @brief The edit distance (insertions, deletions, substitutions, swaps of neighbours) between two words.
    static int distance(QStringView a, QStringView b);
};

} // namespace Tandem
