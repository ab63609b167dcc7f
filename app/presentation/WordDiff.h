#pragma once

#include <QList>
#include <QString>

namespace Tandem {

/// @brief Word-level differences between two texts (Debian's dtl computes the edit script).
///
/// Words and the white space between them are separate tokens, so a changed word is marked alone and the texts put
/// back together from the segments are exactly the two inputs.
class WordDiff
{
public:
    enum class Op { Same, Removed, Added };
    struct Segment
    {
        Op op = Op::Same;
        QString text;
        friend bool operator==(const Segment &, const Segment &) = default;
    };

    /// @brief The segments turning @p before into @p after, in order; neighbouring segments of one kind are merged.
    static QList<Segment> diff(const QString &before, const QString &after);
    /// @brief @p before's side: its same and removed segments.
    static QList<Segment> left(const QList<Segment> &segments);
    /// @brief @p after's side: its same and added segments.
    static QList<Segment> right(const QList<Segment> &segments);
    /// @brief The number of words removed and added.
    static int changedWords(const QList<Segment> &segments);
    /// @brief @p text split into words and the white space between them.
    static QList<QString> tokens(const QString &text);
};

} // namespace Tandem
