#pragma once

#include <QList>
#include <QRect>
#include <QSize>

namespace Tandem {

/// @brief Where the parts of one chat row go, from sizes alone: pure arithmetic, no fonts and no widgets, so the
/// delegate and its tests agree to the pixel.
///
/// A row is a bubble (user on the right, agents on the left, dividers centred) inside a full-width item. Inside
/// a bubble, from the top: the header (agent name), the content (the laid-out Markdown), the footer (usage,
/// duration, then the actions, right-aligned). A footer that does not fit on one line wraps: the text stays left on the
/// first line and the actions move to the next, never drawn over it. A divider has an icon left of its content and
/// neither header nor footer.
class BubbleGeometry
{
public:
    enum class Side { Left, Right, Center };

    /// @brief The spacing of the chat, in device-independent pixels.
    struct Metrics
    {
        int outerMargin = 14; ///< between the viewport's edge and a bubble
        int rowGap = 10; ///< vertical space between two rows (half above, half below)
        int padding = 12; ///< inside a bubble, around its parts
        int dividerPaddingX = 14; ///< inside a divider pill, left and right
        int dividerPaddingY = 6; ///< inside a divider pill, top and bottom
        int sectionSpacing = 6; ///< between header, content and footer
        int iconSize = 18; ///< a divider's icon
        int iconSpacing = 8; ///< between a divider's icon and its text
        int maxWidthPercent = 78; ///< a bubble takes at most this share of the viewport
        int maxBubbleWidth = 760; ///< and never more than this
        int maxDividerWidth = 620;
        int minBubbleWidth = 96;
        int actionGap = 14; ///< between the footer's text and an action, and between two actions
        int footerLineSpacing = 2; ///< between two lines of a footer that wraps
    };

    /// @brief What is known before the layout: the viewport's width and the natural sizes of the parts.
    struct Input
    {
        int viewportWidth = 0;
        Side side = Side::Left;
        QSize header; ///< empty: no header
        QSize content;
        QSize footer; ///< the footer's text (usage, duration); empty: none
        QList<int> actions; ///< the widths of the footer's actions (Copy, Regenerate …), in order
        int actionHeight = 0; ///< the actions' height
    };

    /// @brief The result, in item coordinates (the item's top-left is 0,0; its width is the viewport's).
    struct Layout
    {
        QRect bubble;
        QRect header; ///< null when there is none
        QRect content;
        QRect footer; ///< the whole footer, every line of it; null when there is none
        QRect footerText; ///< the footer's text; null when there is none
        QList<QRect> actions; ///< one per Input::actions, right-aligned on their line
        QRect icon; ///< dividers only
        int height = 0; ///< the item's height, rowGap included
    };

    /// @brief The widest the content may be laid out at for @p side in a viewport @p viewportWidth wide (>= 1).
    static int maxContentWidth(int viewportWidth, Side side, const Metrics &metrics);
    static int maxContentWidth(int viewportWidth, Side side) { return maxContentWidth(viewportWidth, side, {}); }
    /// @brief The layout of one row.
    static Layout compute(const Input &input, const Metrics &metrics);
    static Layout compute(const Input &input) { return compute(input, {}); }

private:
    static int maxBubbleWidth(int viewportWidth, Side side, const Metrics &metrics);
    /// The footer's width on one line: its text, then its actions, a gap between each.
    static int footerWidth(const Input &input, const Metrics &metrics);
    /// Places the footer's text and actions in @p out from @p top, @p width wide at @p x; returns its height.
    static int placeFooter(const Input &input, const Metrics &metrics, int x, int top, int width, Layout &out);
};

} // namespace Tandem
