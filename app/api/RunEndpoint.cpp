#include "RunEndpoint.h"

#include "BoardRequest.h"
#include "chat/ChatRepository.h"
#include "chat/StoryIds.h"
#include "domain/BoardJson.h"

#include <QJsonDocument>
#include <QJsonValue>

using namespace Qt::StringLiterals;

namespace Tandem {

ApiReply RunEndpoint::post(ChatRepository &repository, const QByteArray &body, Change *change)
{
    QJsonParseError error;
    const QJsonDocument document = QJsonDocument::fromJson(body, &error);
    if (error.error != QJsonParseError::NoError)
        return ApiReply::error(
            400, u"The body is not valid JSON: %1 at character %2."_s.arg(error.errorString()).arg(error.offset));
    if (!document.isObject())
        return ApiReply::error(
            400, u"The body must be a JSON object, such as {\"action\": \"start\", \"storyId\": \"v0.1:1.1.1\"}."_s);
    const QJsonObject request = document.object();
    const QString action = request.value(u"action"_s).toString();
    if (action != u"start" && action != u"stop")
        return ApiReply::error(400,
            action.isEmpty() ? u"Say what to do: action is start or stop."_s
                             : u"Unknown action “%1”: use start or stop."_s.arg(action.left(100)));
    const QString storyText = BoardRequest::storyTextFrom(request.value(u"storyId"_s));
    if (storyText.isEmpty())
        return ApiReply::error(400, u"%1 needs storyId (a story's id or a conversation's id)."_s.arg(action));
    const QJsonValue payload = request.value(u"payload"_s);
    if (!payload.isUndefined() && !payload.isNull() && !payload.isObject())
        return ApiReply::error(400, u"payload must be a JSON object, such as {\"story\": \"…\"}."_s);
    const std::optional<Conversation> story = repository.conversationForStory(storyText);
    if (!story)
        return BoardRequest::noStory(storyText);
    const QString storyId = StoryIds::of(*story);
    const BoardResult result = action == u"start"
        ? repository.startStory(story->id,
            payload.isObject()
                ? payload.toObject()
                : QJsonObject { { u"story"_s, QJsonObject { { u"id"_s, storyId }, { u"title"_s, story->title } } } })
        : repository.stopStory(story->id);
    if (!result.ok())
        return ApiReply::error(BoardRequest::statusOf(result), result.message);
    *change = Change { storyId, action == u"start" ? u"running"_s : u"stopped"_s };
    if (action == u"stop")
        return ApiReply::ok(
            { { u"storyId"_s, storyId }, { u"status"_s, change->status }, { u"cancelled"_s, result.count } });
    return ApiReply::ok({ { u"storyId"_s, storyId }, { u"status"_s, change->status },
                            { u"handoff"_s, BoardJson::handoff(result.handoff, storyId) } },
        201);
}

} // namespace Tandem
