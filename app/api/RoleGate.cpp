#include "RoleGate.h"

#include "ApiAccess.h"
#include "BoardRequest.h"
#include "chat/ChatRepository.h"
#include "domain/AgentIdMatch.h"
#include "domain/Logging.h"
#include "domain/TokenRole.h"

#include <QJsonDocument>
#include <QJsonObject>

using namespace Qt::StringLiterals;

namespace Tandem {

namespace {

/// The board's id of the agent @p given names, or @p given itself when it names none (the endpoint refuses it).
QString agentId(ChatRepository &repository, const QString &given)
{
    const QString id = AgentIdMatch::find(repository.handoffAgentIds(), given.trimmed());
    return id.isEmpty() ? given.trimmed() : id;
}

QString refusalFor(ChatRepository &repository, const QString &role, const QString &path, const QJsonObject &request)
{
    const QString action = request.value(u"action"_s).toString();
    if (path == u"/api/run")
        return action == u"start" || action == u"stop" ? TokenRole::refusal(role, action) : QString();
    if (path != u"/api/handoffs")
        return {};
    if (action == u"create")
        return TokenRole::refusal(role, action, agentId(repository, request.value(u"fromAgent"_s).toString()),
            agentId(repository, request.value(u"toAgent"_s).toString()));
    if (action == u"cleanup")
        return TokenRole::refusal(role, action);
    if (action != u"accept" && action != u"reject" && action != u"timeout")
        return {};
    const qint64 handoffId = BoardRequest::idFrom(request.value(u"handoffId"_s));
    const std::optional<HandoffDetails> details = handoffId > 0 ? repository.handoffDetails(handoffId) : std::nullopt;
    if (!details)
        return role == TokenRole::kObserver ? TokenRole::refusal(role, action) : QString();
    return TokenRole::refusal(role, action, details->handoff.fromAgent, details->handoff.toAgent);
}

} // namespace

std::optional<ApiReply> RoleGate::check(
    ChatRepository &repository, const ApiCaller &caller, bool post, const QString &path, const QByteArray &body)
{
    if (!post || caller.role == TokenRole::kAdmin)
        return std::nullopt;
    QString reason;
    const QJsonDocument document = QJsonDocument::fromJson(body);
    if (caller.role == TokenRole::kObserver)
        reason = TokenRole::refusal(caller.role, u"change the board"_s);
    else if (document.isObject())
        reason = refusalFor(repository, caller.role, path, document.object());
    if (reason.isEmpty())
        return std::nullopt;
    qCInfo(lcApi) << "refused the token" << caller.name << "(" << caller.role << ") on" << path;
    return ApiReply::error(403, reason);
}

} // namespace Tandem
