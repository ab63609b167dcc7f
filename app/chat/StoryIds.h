#pragma once

#include "domain/BoardJson.h"
#include "domain/Conversation.h"

namespace Tandem {

class ChatRepository;

/// @brief The story id a conversation answers to on the board (seed 002's storyId): the one it was created for, or
/// else its own id as text, for the board's JSON (BoardJson) and the event stream.
class StoryIds
{
public:
    /// @brief @p conversation's story id.
    static QString of(const Conversation &conversation);
    /// @brief The story id of conversation @p conversationId; its id as text if it is gone.
    static QString of(ChatRepository &repository, qint64 conversationId);
    /// @brief The story id of the conversation of each of @p handoffs.
    static BoardJson::StoryIds of(ChatRepository &repository, const QList<Handoff> &handoffs);
};

} // namespace Tandem
