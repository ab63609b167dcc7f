#pragma once

#include <QStyledItemDelegate>

namespace Tandem {

/// @brief A sidebar row: the title (with a pin mark and the mode) and, above the first row of each date section,
/// the section's label ("Today", "Yesterday", …).
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
};

} // namespace Tandem
