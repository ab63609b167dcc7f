#include "ConversationDelegate.h"

#include "presentation/ConversationListModel.h"
#include "presentation/ConversationSearchModel.h"

#include <QApplication>
#include <QPainter>
#include <QTextLayout>

using namespace Qt::StringLiterals;

namespace Tandem {

bool ConversationDelegate::startsSection(const QModelIndex &index)
{
    if (index.row() == 0)
        return true;
    const QModelIndex previous = index.siblingAtRow(index.row() - 1);
    return previous.data(ConversationListModel::SectionRole) != index.data(ConversationListModel::SectionRole);
}

QFont ConversationDelegate::snippetFont(const QStyleOptionViewItem &option)
{
    QFont font = option.font;
    font.setPointSizeF(font.pointSizeF() > 0 ? font.pointSizeF() * 0.88 : 8);
    return font;
}

HighlightedText ConversationDelegate::snippetOf(const QModelIndex &index)
{
    return index.data(ConversationSearchModel::SnippetRole).value<HighlightedText>();
}

void ConversationDelegate::drawMarked(
    QPainter *painter, const QRect &rect, const QFont &font, const HighlightedText &marked, const QColor &accent)
{
    // Plain text with format ranges: what a message holds is never read as markup.
    const QFontMetrics metrics(font);
    HighlightedText text = marked;
    // The first match must be seen: when it would be elided, the line starts a few words before it instead.
    if (!text.spans.isEmpty()) {
        const HighlightedText::Span first = text.spans.constFirst();
        qsizetype from = 0;
        while (from < first.start
            && metrics.horizontalAdvance(text.text.mid(from, first.start + first.length - from)) > rect.width() * 2 / 3)
            from = std::max(from + 1, text.text.indexOf(u' ', from + 1));
        if (from > 0) {
            from = std::min(from, first.start);
            text.text = u"…"_s + text.text.mid(from);
            QList<HighlightedText::Span> spans;
            for (const HighlightedText::Span &span : std::as_const(text.spans))
                if (span.start >= from)
                    spans.append({ span.start - from + 1, span.length });
            text.spans = spans;
        }
    }
    const QString shown = metrics.elidedText(text.text, Qt::ElideRight, rect.width());
    const qsizetype kept = shown == text.text ? shown.size() : std::max<qsizetype>(0, shown.size() - 1);
    QList<QTextLayout::FormatRange> formats;
    for (const HighlightedText::Span &span : std::as_const(text.spans)) {
        if (span.start >= kept)
            continue;
        QTextCharFormat format;
        format.setFontWeight(QFont::Bold);
        format.setForeground(accent);
        formats.append({ int(span.start), int(std::min(span.length, kept - span.start)), format });
    }
    QTextLayout layout(shown, font);
    layout.setFormats(formats);
    layout.beginLayout();
    QTextLine line = layout.createLine();
    line.setLineWidth(rect.width() * 2);
    layout.endLayout();
    painter->save();
    painter->setClipRect(rect);
    layout.draw(painter, QPointF(rect.left(), rect.top() + (rect.height() - line.height()) / 2));
    painter->restore();
}

int ConversationDelegate::sectionHeight(const QStyleOptionViewItem &option)
{
    return QFontMetrics(option.font).height() + 12;
}

QSize ConversationDelegate::sizeHint(const QStyleOptionViewItem &option, const QModelIndex &index) const
{
    int row = QFontMetrics(option.font).height() + 14;
    if (!snippetOf(index).isEmpty())
        row += QFontMetrics(snippetFont(option)).height() + 2;
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
    const QString badge = dual ? index.data(ConversationListModel::ModeBadgeRole).toString() : QString();
    QRect textRect = pill.adjusted(8, 0, -8, 0);
    // A search result: the title with the words that matched in the accent colour, and under it a snippet of the
    // message that matched.
    const HighlightedText snippet = snippetOf(index);
    QRect snippetRect;
    if (!snippet.isEmpty()) {
        const int titleHeight = QFontMetrics(option.font).height() + 8;
        snippetRect = QRect(textRect.left(), pill.top() + titleHeight - 2, textRect.width(),
            QFontMetrics(snippetFont(option)).height() + 2);
        textRect.setHeight(titleHeight);
    }
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
    const QVariant marked = index.data(ConversationSearchModel::HighlightedTitleRole);
    const QColor accent = option.palette.color(QPalette::Highlight);
    if (!snippet.isEmpty()) {
        QColor muted = option.palette.color(QPalette::Text);
        muted.setAlphaF(0.7f);
        painter->setPen(muted);
        drawMarked(painter, snippetRect, snippetFont(option), snippet, accent);
    }
    painter->setPen(option.palette.color(QPalette::Text));
    if (marked.isValid()) {
        HighlightedText shown = marked.value<HighlightedText>();
        if (index.data(ConversationListModel::PinnedRole).toBool()) {
            shown.text.prepend(u"\u2605 "_s);
            for (HighlightedText::Span &span : shown.spans)
                span.start += 2;
        }
        drawMarked(painter, textRect, option.font, shown, accent);
    } else {
        painter->drawText(textRect, Qt::AlignVCenter | Qt::AlignLeft,
            QFontMetrics(option.font).elidedText(title, Qt::ElideRight, textRect.width()));
    }
    painter->restore();
}

} // namespace Tandem
