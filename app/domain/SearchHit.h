#pragma once

#include "Conversation.h"
#include "HighlightedText.h"

namespace Tandem {

/// @brief One conversation a search found: its title with the matched words marked and, when a message matched,
/// a snippet of the newest such message around the match.
struct SearchHit
{
    Conversation conversation;
    HighlightedText title; ///< the title, its matched words marked (none when only messages matched)
    HighlightedText snippet; ///< a few words of the newest matching message around the match; empty if none
    qint64 messageId = 0; ///< the message the snippet comes from, 0 if none
};

} // namespace Tandem
