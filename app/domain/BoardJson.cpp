#include "BoardJson.h"

using namespace Qt::StringLiterals;

namespace Tandem {

namespace {
QJsonValue time(const QDateTime &when)
{
    return when.isValid() ? QJsonValue(when.toUTC().toString(Qt::ISODate)) : QJsonValue(QJsonValue::Null);
}
} // namespace

BoardJson::StoryIds BoardJson::storyIds(const QList<Handoff> &handoffs, const QString &storyId)
{
    StoryIds ids;
    for (const Handoff &each : handoffs)
        ids.insert(each.conversationId, storyId);
    return ids;
}

QJsonObject BoardJson::handoff(const Handoff &handoff, const QString &storyId)
{
    return QJsonObject {
        { u"id"_s, handoff.id },
        { u"story_id"_s, storyId.isEmpty() ? QString::number(handoff.conversationId) : storyId },
        { u"from_agent"_s, handoff.fromAgent },
        { u"to_agent"_s, handoff.toAgent },
        { u"status"_s, Handoff::statusName(handoff.status()) },
        { u"payload"_s, handoff.payload },
        { u"rejection_reason"_s,
            handoff.rejectionReason().isEmpty() ? QJsonValue(QJsonValue::Null)
                                                : QJsonValue(handoff.rejectionReason()) },
        { u"created_at"_s, time(handoff.createdAt) },
        { u"processed_at"_s, time(handoff.processedAt()) },
    };
}

QJsonArray BoardJson::handoffs(const QList<Handoff> &list, const StoryIds &storyIds)
{
    QJsonArray array;
    for (const Handoff &each : list)
        array.append(handoff(each, storyIds.value(each.conversationId)));
    return array;
}

QJsonObject BoardJson::state(const BoardState &state, const QString &storyId)
{
    return QJsonObject {
        { u"currentAgent"_s, state.currentAgent },
        { u"phase"_s, state.phase.isEmpty() ? QJsonValue(QJsonValue::Null) : QJsonValue(state.phase) },
        { u"handoffs"_s, handoffs(state.handoffs, storyIds(state.handoffs, storyId)) },
    };
}

} // namespace Tandem
