#include "HandoffEndpoint.h"

#include "BoardRequest.h"
#include "chat/ChatRepository.h"
#include "chat/StoryIds.h"
#include "domain/AgentIdMatch.h"
#include "domain/BoardJson.h"

#include <QJsonDocument>
#include <QJsonValue>

using namespace Qt::StringLiterals;

namespace Tandem {

namespace {

constexpr int kMaxMinutes = 60 * 24 * 365;

ApiReply replyOf(ChatRepository &repository, const BoardResult &result, int successStatus = 200)
{
    if (!result.ok())
        return ApiReply::error(BoardRequest::statusOf(result), result.message);
    if (result.handoff.id > 0)
        return ApiReply::ok(
            { { u"handoff"_s,
                BoardJson::handoff(result.handoff, StoryIds::of(repository, result.handoff.conversationId)) } },
            successStatus);
    return ApiReply::ok({ { u"cleaned"_s, result.count } }, successStatus);
}

} // namespace

ApiReply HandoffEndpoint::unknownAgent(const QString &field, const QString &given, const QStringList &known)
{
    return ApiReply::error(
        400, u"%1 “%2” is no agent's id; the ids are %3."_s.arg(field, given.left(100), known.join(u", "_s)));
}

ApiReply HandoffEndpoint::get(ChatRepository &repository, const QUrlQuery &query)
{
    if (query.queryItemValue(u"stale"_s) == u"true") {
        int minutes = Handoff::kStaleMinutes;
        if (query.hasQueryItem(u"minutes"_s)) {
            bool ok = false;
            minutes = query.queryItemValue(u"minutes"_s).toInt(&ok);
            if (!ok || minutes < 0 || minutes > kMaxMinutes)
                return ApiReply::error(400, u"minutes must be a whole number from 0 to %1."_s.arg(kMaxMinutes));
        }
        const QList<Handoff> stale = repository.staleHandoffs(minutes);
        return ApiReply::ok({ { u"handoffs"_s, BoardJson::handoffs(stale, StoryIds::of(repository, stale)) } });
    }
    if (!query.hasQueryItem(u"storyId"_s))
        return ApiReply::error(400,
            u"Say which handoffs: ?storyId=ID (with &agent=AGENT for an agent's pending handoff) or "
            "?stale=true&minutes=N."_s);
    const QString storyText = query.queryItemValue(u"storyId"_s, QUrl::FullyDecoded).trimmed();
    if (storyText.isEmpty())
        return ApiReply::error(400, u"storyId needs a story's id, such as v0.1:1.1.1, or a conversation's id."_s);
    const std::optional<Conversation> story = repository.conversationForStory(storyText);
    if (!story)
        return BoardRequest::noStory(storyText);
    const qint64 storyId = story->id;
    if (query.hasQueryItem(u"agent"_s)) {
        const QString agent = query.queryItemValue(u"agent"_s, QUrl::FullyDecoded).trimmed();
        if (agent.isEmpty())
            return ApiReply::error(400, u"agent needs an agent's id, such as implementer."_s);
        const QStringList known = repository.handoffAgentIds();
        const QString id = AgentIdMatch::find(known, agent);
        if (id.isEmpty())
            return unknownAgent(u"agent"_s, agent, known);
        const std::optional<Handoff> pending = repository.pendingHandoff(storyId, id);
        return ApiReply::ok({ { u"handoff"_s,
            pending ? QJsonValue(BoardJson::handoff(*pending, StoryIds::of(*story))) : QJsonValue() } });
    }
    return ApiReply::ok(BoardJson::state(repository.boardState(storyId), StoryIds::of(*story)));
}

ApiReply HandoffEndpoint::post(ChatRepository &repository, const QByteArray &body)
{
    QJsonParseError error;
    const QJsonDocument document = QJsonDocument::fromJson(body, &error);
    if (error.error != QJsonParseError::NoError)
        return ApiReply::error(
            400, u"The body is not valid JSON: %1 at character %2."_s.arg(error.errorString()).arg(error.offset));
    if (!document.isObject())
        return ApiReply::error(
            400, u"The body must be a JSON object, such as {\"action\": \"accept\", \"handoffId\": 1}."_s);
    const QJsonObject request = document.object();
    const QString action = request.value(u"action"_s).toString();
    if (action == u"create") {
        const QString storyText = BoardRequest::storyTextFrom(request.value(u"storyId"_s));
        const QString from = request.value(u"fromAgent"_s).toString().trimmed();
        const QString to = request.value(u"toAgent"_s).toString().trimmed();
        if (storyText.isEmpty() || from.isEmpty() || to.isEmpty())
            return ApiReply::error(
                400, u"create needs storyId (a story's id or a conversation's id), fromAgent and toAgent."_s);
        const QJsonValue payload = request.value(u"payload"_s);
        if (!payload.isUndefined() && !payload.isNull() && !payload.isObject())
            return ApiReply::error(400, u"payload must be a JSON object, such as {\"plan\": \"…\"}."_s);
        // Named as the board knows them, so its answer (a transition outside the table) speaks of the same agents.
        const QStringList known = repository.handoffAgentIds();
        const QString fromId = AgentIdMatch::find(known, from);
        if (fromId.isEmpty())
            return unknownAgent(u"fromAgent"_s, from, known);
        const QString toId = AgentIdMatch::find(known, to);
        if (toId.isEmpty())
            return unknownAgent(u"toAgent"_s, to, known);
        const std::optional<Conversation> story = repository.conversationForStory(storyText);
        if (!story)
            return BoardRequest::noStory(storyText);
        return replyOf(repository,
            repository.createHandoff(
                story->id, fromId, toId, payload.toObject(), request.value(u"reason"_s).toString()),
            201);
    }
    if (action == u"cleanup") {
        const QString storyText = BoardRequest::storyTextFrom(request.value(u"storyId"_s));
        if (storyText.isEmpty())
            return ApiReply::error(400, u"cleanup needs storyId (a story's id or a conversation's id)."_s);
        const std::optional<Conversation> story = repository.conversationForStory(storyText);
        if (!story)
            return BoardRequest::noStory(storyText);
        return replyOf(repository, repository.cleanupHandoffs(story->id));
    }
    if (action != u"accept" && action != u"reject" && action != u"timeout")
        return ApiReply::error(400,
            action.isEmpty()
                ? u"Say what to do: action is create, accept, reject, timeout or cleanup."_s
                : u"Unknown action “%1”: use create, accept, reject, timeout or cleanup."_s.arg(action.left(100)));
    const qint64 handoffId = BoardRequest::idFrom(request.value(u"handoffId"_s));
    if (handoffId == 0)
        return ApiReply::error(400, u"%1 needs handoffId, the handoff's id."_s.arg(action));
    if (action == u"accept")
        return replyOf(repository, repository.acceptHandoff(handoffId));
    if (action == u"timeout")
        return replyOf(repository, repository.timeOutHandoff(handoffId));
    const QString reason = request.value(u"reason"_s).toString().trimmed();
    if (reason.isEmpty())
        return ApiReply::error(400, u"reject needs its reason: \"reason\": \"…\"."_s);
    return replyOf(repository, repository.rejectHandoff(handoffId, reason));
}

} // namespace Tandem
