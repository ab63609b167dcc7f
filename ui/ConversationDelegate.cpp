#include "ConversationDelegate.h"

#include "presentation/ConversationListModel.h"

#include <QApplication>
#include <QPainter>

using namespace Qt::StringLiterals;

namespace Tandem {

bool ConversationDelegate::startsSection(const QModelIndex &index)
{
    if (index.row() == 0)
        return true;
    const QModelIndex previous = index.siblingAtRow(index.row() - 1);
    return previous.data(ConversationListModel::SectionRole) != index.data(ConversationListModel::SectionRole);
}

int ConversationDelegate::sectionHeight(const QStyleOptionViewItem &option)
{
    return QFontMetrics(option.font).height() + 12;
}

QSize ConversationDelegate::sizeHint(const QStyleOptionViewItem &option, const QModelIndex &index) const
{
    const int row = QFontMetrics(option.font).height() + 14;
    return { option.rect.width(), row + (startsSection(index) ? sectionHeight(option) : 0) };
}

void ConversationDelegate::paint(QPainter *painter, const QStyleOptionViewItem &option, const QModelIndex &index) const
{
    QStyleOptionViewItem opt = option;
    initStyleOption(&opt, index);
    painter->save();
    QRect rect = option.rect;
    if (startsSection(index)) {
        const int h = sectionHeight(option);
        QFont font = option.font;
        font.setPointSizeF(font.pointSizeF() > 0 ? font.pointSizeF() * 0.85 : 8);
        font.setWeight(QFont::DemiBold);
        painter->setFont(font);
        QColor muted = option.palette.color(QPalette::Text);
        muted.setAlphaF(0.55f);
        painter->setPen(muted);
        painter->drawText(rect.adjusted(10, 4, -6, 0).topLeft() + QPoint(0, QFontMetrics(font).ascent() + 2),
            index.data(ConversationListModel::SectionRole).toString().toUpper());
        rect.setTop(rect.top() + h);
    }
    painter->setRenderHint(QPainter::Antialiasing);
    const QRect pill = rect.adjusted(4, 1, -4, -1);
    if (opt.state & QStyle::State_Selected) {
        QColor fill = option.palette.color(QPalette::Highlight);
        fill.setAlphaF(0.22f);
        painter->setPen(Qt::NoPen);
        painter->setBrush(fill);
        painter->drawRoundedRect(pill, 8, 8);
    } else if (opt.state & QStyle::State_MouseOver) {
        QColor fill = option.palette.color(QPalette::Text);
        fill.setAlphaF(0.06f);
        painter->setPen(Qt::NoPen);
        painter->setBrush(fill);
        painter->drawRoundedRect(pill, 8, 8);
    }
    QString title = index.data(Qt::DisplayRole).toString();
    if (index.data(ConversationListModel::PinnedRole).toBool())
        title.prepend(u"\u2605 "_s);
    const bool dual = index.data(ConversationListModel::ModeRole).toInt() != 0;
    const QString badge = dual ? index.data(ConversationListModel::ModeNameRole).toString() : QString();
    QRect textRect = pill.adjusted(8, 0, -8, 0);
    painter->setFont(option.font);
    if (!badge.isEmpty()) {
        QFont small = option.font;
        small.setPointSizeF(small.pointSizeF() > 0 ? small.pointSizeF() * 0.8 : 8);
        const QFontMetrics fm(small);
        const int w = fm.horizontalAdvance(badge) + 10;
        const QRect badgeRect(textRect.right() - w, textRect.center().y() - fm.height() / 2 - 1, w, fm.height() + 2);
        QColor fill = option.palette.color(QPalette::Highlight);
        fill.setAlphaF(0.18f);
        painter->setPen(Qt::NoPen);
        painter->setBrush(fill);
        painter->drawRoundedRect(badgeRect, 6, 6);
        painter->setFont(small);
        painter->setPen(option.palette.color(QPalette::Text));
        painter->drawText(badgeRect, Qt::AlignCenter, badge);
        painter->setFont(option.font);
        textRect.setRight(badgeRect.left() - 6);
    }
    painter->setPen(option.palette.color(QPalette::Text));
    painter->drawText(textRect, Qt::AlignVCenter | Qt::AlignLeft,
        QFontMetrics(option.font).elidedText(title, Qt::ElideRight, textRect.width()));
    painter->restore();
}

} // namespace Tandem
