#pragma once

#include <QRect>
#include <QSize>

namespace Tandem {

/// @brief Where the parts of one chat row go, from sizes alone: pure arithmetic, no fonts and no widgets, so the
/// delegate and its tests agree to the pixel.
///
/// A row is a bubble (user on the right, agents on the left, dividers centred) inside a full-width item. Inside
/// a bubble, from the top: the header (agent name), the content (the laid-out Markdown), the footer (usage,
/// duration, actions). A divider has an icon left of its content and neither header nor footer.
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
    };

    /// @brief What is known before the layout: the viewport's width and the natural sizes of the parts.
    struct Input
    {
        int viewportWidth = 0;
        Side side = Side::Left;
        QSize header; ///< empty: no header
        QSize content;
        QSize footer; ///< empty: no footer
    };

    /// @brief The result, in item coordinates (the item's top-left is 0,0; its width is the viewport's).
    struct Layout
    {
        QRect bubble;
        QRect header; ///< null when there is none
        QRect content;
        QRect footer; ///< null when there is none
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
};

} // namespace Tandem
