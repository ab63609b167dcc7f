#pragma once

#include "BoardState.h"

#include <QJsonArray>
#include <QJsonObject>

namespace Tandem {

/// @brief The board in the JSON shapes outside agents already speak, for the CLI's --json and the local API: a handoff
/// with story_id, from_agent, to_agent, status, payload, rejection_reason, created_at, processed_at; a state with
/// currentAgent, phase and handoffs. A conversation is a story there: its id, as text, is the storyId.
namespace BoardJson {

QJsonObject handoff(const Handoff &handoff);
QJsonArray handoffs(const QList<Handoff> &handoffs);
QJsonObject state(const BoardState &state);

} // namespace BoardJson

} // namespace Tandem
