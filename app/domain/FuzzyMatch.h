#pragma once

#include <QList>
#include <QString>
#include <QStringList>

namespace Tandem {

/// @brief Fuzzy matching of a task's title against what the person wrote ("Complete review code" finds
/// "Review cloud code for Yury" (75% match)).
///
/// Both texts are split into words (case and punctuation ignored, small words such as "for", "the", "для" left out);
/// a word matches its closest counterpart when they are equal, one is a prefix of the other (at least four letters),
/// or they differ by few edits; a near match counts by its similarity. The score is the mean of the share of the
/// query's words found in the title and the share of the title's words the query covers, in percent.
class FuzzyMatch
{
public:
    /// @brief Below this score a title is no match at all.
    static constexpr int kMinimumScore = 50;
    /// @brief Two best matches closer than this are ambiguous: ask "which one?" instead of guessing.
    static constexpr int kAmbiguityMargin = 10;

    /// @brief The score of @p title for @p query, 0–100 (100: the same words).
    static int score(const QString &query, const QString &title);
    /// @brief The words of @p text as they are compared.
    static QStringList words(const QString &text);
    /// @brief How alike two words are, 0–1 (1: equal; prefixes and few edits score high).
    static double wordSimilarity(const QString &a, const QString &b);
    /// @brief True if the best of @p sortedScores (descending) is not clearly ahead of the second.
    static bool isAmbiguous(const QList<int> &sortedScores);
};

} // namespace Tandem
