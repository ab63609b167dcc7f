#pragma once

#include "api/ApiReply.h"

namespace Tandem {

class ChatRepository;

/// @brief `GET /api/stories/{storyId}`: the story's own page on the board, the URL an exported prompt gives an outside
/// agent. It answers the story's id, its title, whether it is running, and the board's state (currentAgent, phase,
/// handoffs); a story id that names none is a 404 with a sentence.
class StoryEndpoint
{
public:
    /// @brief The story @p storyText (percent-decoded from the path) names.
    static ApiReply get(ChatRepository &repository, const QString &storyText);
};

} // namespace Tandem
