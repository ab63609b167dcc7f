#pragma once

namespace Tandem {

/// @brief Where a message stands among its siblings (the messages of the same parent: its other versions after an
/// edit or a regeneration), for the "‹ 2/3 ›" switcher: 0-based index, oldest first, and how many there are.
struct SiblingPosition
{
    int index = 0;
    int count = 1;
};

} // namespace Tandem
