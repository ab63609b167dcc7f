#include "BubbleGeometry.h"

#include <algorithm>

namespace Tandem {

int BubbleGeometry::maxBubbleWidth(int viewportWidth, Side side, const Metrics &m)
{
    const int available = std::max(1, viewportWidth - 2 * m.outerMargin);
    if (side == Side::Center)
        return std::min(available, m.maxDividerWidth);
    const int share = viewportWidth * m.maxWidthPercent / 100;
    const int wanted
        = std::clamp(share, std::min(m.minBubbleWidth, available), std::max(m.minBubbleWidth, m.maxBubbleWidth));
    return std::min(wanted, available);
}

int BubbleGeometry::maxContentWidth(int viewportWidth, Side side, const Metrics &m)
{
    const int bubble = maxBubbleWidth(viewportWidth, side, m);
    if (side == Side::Center)
        return std::max(1, bubble - 2 * m.dividerPaddingX - m.iconSize - m.iconSpacing);
    return std::max(1, bubble - 2 * m.padding);
}

int BubbleGeometry::footerWidth(const Input &in, const Metrics &m)
{
    int width = in.footer.isEmpty() ? 0 : in.footer.width();
    for (const int action : in.actions)
        width += (width > 0 ? m.actionGap : 0) + action;
    return width;
}

int BubbleGeometry::placeFooter(const Input &in, const Metrics &m, int x, int top, int width, Layout &out)
{
    const int lineHeight
        = std::max(in.footer.isEmpty() ? 0 : in.footer.height(), in.actions.isEmpty() ? 0 : in.actionHeight);
    // Lines from the top: the text starts the first; an action that does not fit after what the line holds starts a
    // new one. Each line's actions are then right-aligned.
    QList<int> lineOf(in.actions.size(), 0);
    int line = 0;
    int used = in.footer.isEmpty() ? 0 : in.footer.width();
    for (qsizetype i = 0; i < in.actions.size(); ++i) {
        const int needed = (used > 0 ? m.actionGap : 0) + in.actions.at(i);
        if (used > 0 && used + needed > width) {
            ++line;
            used = in.actions.at(i);
        } else {
            used += needed;
        }
        lineOf[i] = line;
    }
    const auto lineTop = [&](int l) {
        return top + l * (lineHeight + m.footerLineSpacing);
    };
    if (!in.footer.isEmpty())
        out.footerText = QRect(x, lineTop(0), std::min(in.footer.width(), width), lineHeight);
    out.actions.resize(in.actions.size());
    int right = x + width;
    for (qsizetype i = in.actions.size() - 1; i >= 0; --i) {
        if (i + 1 < in.actions.size() && lineOf.at(i + 1) != lineOf.at(i))
            right = x + width;
        const int w = std::min(in.actions.at(i), width);
        out.actions[i] = QRect(right - w, lineTop(lineOf.at(i)), w, lineHeight);
        right -= w + m.actionGap;
    }
    const int height = lineTop(line) + lineHeight - top;
    out.footer = QRect(x, top, width, height);
    return height;
}

BubbleGeometry::Layout BubbleGeometry::compute(const Input &in, const Metrics &m)
{
    Layout out;
    const int top = m.rowGap / 2;
    const int maxBubble = maxBubbleWidth(in.viewportWidth, in.side, m);

    if (in.side == Side::Center) {
        const int contentWidth = std::min(in.content.width(), maxContentWidth(in.viewportWidth, in.side, m));
        const int innerHeight = std::max(in.content.height(), m.iconSize);
        const int width = std::min(maxBubble, 2 * m.dividerPaddingX + m.iconSize + m.iconSpacing + contentWidth);
        const int x = std::max(0, (in.viewportWidth - width) / 2);
        out.bubble = QRect(x, top, width, innerHeight + 2 * m.dividerPaddingY);
        out.icon = QRect(
            x + m.dividerPaddingX, top + m.dividerPaddingY + (innerHeight - m.iconSize) / 2, m.iconSize, m.iconSize);
        out.content = QRect(out.icon.right() + 1 + m.iconSpacing,
            top + m.dividerPaddingY + (innerHeight - in.content.height()) / 2, contentWidth, in.content.height());
        out.height = out.bubble.height() + m.rowGap;
        return out;
    }

    const int innerMax = std::max(1, maxBubble - 2 * m.padding);
    const int innerWidth
        = std::min(innerMax, std::max({ in.content.width(), in.header.width(), footerWidth(in, m), 1 }));
    const int width = std::clamp(innerWidth + 2 * m.padding, std::min(m.minBubbleWidth, maxBubble), maxBubble);
    const int x = in.side == Side::Right ? std::max(0, in.viewportWidth - m.outerMargin - width) : m.outerMargin;
    const int innerX = x + m.padding;
    const int innerW = width - 2 * m.padding;

    int y = top + m.padding;
    if (!in.header.isEmpty()) {
        out.header = QRect(innerX, y, innerW, in.header.height());
        y += in.header.height() + m.sectionSpacing;
    }
    out.content = QRect(innerX, y, innerW, in.content.height());
    y += in.content.height();
    if (!in.footer.isEmpty() || !in.actions.isEmpty()) {
        y += m.sectionSpacing;
        y += placeFooter(in, m, innerX, y, innerW, out);
    }
    y += m.padding;
    out.bubble = QRect(x, top, width, y - top);
    out.height = out.bubble.height() + m.rowGap;
    return out;
}

} // namespace Tandem
