#pragma once

#include "domain/HighlightedText.h"

#include <QStyledItemDelegate>

namespace Tandem {

/// @brief A sidebar row: the title (with a pin mark and the mode) and, above the first row of each date section,
/// the section's label ("Today", "Yesterday", …). A search result's row marks the words that matched, in its title
/// and in a snippet line under it.
class ConversationDelegate final : public QStyledItemDelegate
{
    Q_OBJECT

public:
    using QStyledItemDelegate::QStyledItemDelegate;
    Q_DISABLE_COPY_MOVE(ConversationDelegate)

    void paint(QPainter *painter, const QStyleOptionViewItem &option, const QModelIndex &index) const override;
    QSize sizeHint(const QStyleOptionViewItem &option, const QModelIndex &index) const override;

private:
    static bool startsSection(const QModelIndex &index);
    static int sectionHeight(const QStyleOptionViewItem &option);
    static QFont snippetFont(const QStyleOptionViewItem &option);
    static HighlightedText snippetOf(const QModelIndex &index);
    /// Draws @p marked on one line of @p rect, elided, its spans bold in @p accent, the rest in the painter's pen.
    static void drawMarked(
        QPainter *painter, const QRect &rect, const QFont &font, const HighlightedText &marked, const QColor &accent);
};

} // namespace Tandem
