#include "StoryEndpoint.h"

#include "BoardRequest.h"
#include "chat/ChatRepository.h"
#include "chat/StoryIds.h"
#include "domain/BoardJson.h"
#include "domain/PipelinePhase.h"

using namespace Qt::StringLiterals;

namespace Tandem {

ApiReply StoryEndpoint::get(ChatRepository &repository, const QString &storyText)
{
    const QString text = storyText.trimmed();
    if (text.isEmpty())
        return ApiReply::error(400, u"Name the story in the path: /api/stories/v0.1:1.1.1, for example."_s);
    const std::optional<Conversation> story = repository.conversationForStory(text);
    if (!story)
        return BoardRequest::noStory(text);
    const QString storyId = StoryIds::of(*story);
    const BoardState state = repository.boardState(story->id);
    QJsonObject answer = BoardJson::state(state, storyId);
    answer.insert(u"id"_s, storyId);
    answer.insert(u"title"_s, story->title);
    answer.insert(u"running"_s, !state.phase.isEmpty() && state.phase != PipelinePhase::kComplete);
    return ApiReply::ok(answer);
}

} // namespace Tandem
