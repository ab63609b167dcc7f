#pragma once

#include <QDateTime>
#include <QString>

namespace Tandem {

/// @brief One story of a team's board as its list shows it: the story, who holds it now and in which phase, and how
/// many handoffs it has had.
struct TeamStory
{
    qint64 key = 0; ///< the board's number for the story (PostgresBoardStore::story())
    QString storyId; ///< seed 002's id, the same on every machine
    QString currentAgent; ///< the agent the newest handoff went to; empty before the first
    QString phase; ///< PipelinePhase::of(currentAgent)
    QString lastStatus; ///< the newest handoff's status name (pending, accepted, ...)
    int handoffs = 0;
    int pending = 0;
    QDateTime updatedAt; ///< the newest handoff's creation or decision, UTC

    friend bool operator==(const TeamStory &, const TeamStory &) = default;
};

} // namespace Tandem
