#include "StoryIds.h"

#include "chat/ChatRepository.h"

namespace Tandem {

QString StoryIds::of(const Conversation &conversation)
{
    return conversation.storyId.isEmpty() ? QString::number(conversation.id) : conversation.storyId;
}

QString StoryIds::of(ChatRepository &repository, qint64 conversationId)
{
    const std::optional<Conversation> conversation = repository.conversation(conversationId);
    return conversation ? of(*conversation) : QString::number(conversationId);
}

BoardJson::StoryIds StoryIds::of(ChatRepository &repository, const QList<Handoff> &handoffs)
{
    BoardJson::StoryIds ids;
    for (const Handoff &handoff : handoffs)
        if (!ids.contains(handoff.conversationId))
            ids.insert(handoff.conversationId, of(repository, handoff.conversationId));
    return ids;
}

} // namespace Tandem
