#pragma once

#include "HighlightedText.h"

#include <QString>
#include <QStringList>

namespace Tandem {

/// @brief Marks the words of a search in a text the way SQLite's `unicode61` tokenizer (with Latin accents removed)
/// matched them: words are runs of letters and digits, compared case-folded and without Latin accents; the last
/// query word may be the start of a longer word.
class SearchSnippet final
{
public:
    /// @brief The words of @p query (split at anything but letters and digits), folded as the index folds them.
    static QStringList terms(const QString &query);
    /// @brief @p text with every word matching @p terms marked (the last term also as a prefix when
    /// @p lastIsPrefix); when @p maxWords > 0, only about @p maxWords words around the first match, "…" where
    /// text was left out.
    static HighlightedText mark(const QString &text, const QStringList &terms, bool lastIsPrefix, int maxWords = 0);
    /// @brief @p word case-folded, its Latin letters without accents.
    static QString fold(QStringView word);
};

} // namespace Tandem
