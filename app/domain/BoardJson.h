#pragma once

#include "BoardState.h"

#include <QHash>
#include <QJsonArray>
#include <QJsonObject>

namespace Tandem {

/// @brief The board in the JSON shapes outside agents already speak, for the CLI's --json and the local API: a handoff
/// with story_id, from_agent, to_agent, status, payload, rejection_reason, created_at, processed_at; a state with
/// currentAgent, phase and handoffs. A conversation is a story there: story_id is the story id it was created for, or
/// else its id as text.
namespace BoardJson {

/// The story id of each conversation (by conversation id) that has one.
using StoryIds = QHash<qint64, QString>;

QJsonObject handoff(const Handoff &handoff, const QString &storyId = {});
QJsonArray handoffs(const QList<Handoff> &handoffs, const StoryIds &storyIds = {});
QJsonObject state(const BoardState &state, const QString &storyId = {});
/// @brief @p storyId for the conversation of each of @p handoffs.
StoryIds storyIds(const QList<Handoff> &handoffs, const QString &storyId);

} // namespace BoardJson

} // namespace Tandem
