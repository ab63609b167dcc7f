#pragma once

#include "TeamStoryListModel.h"
#include "chat/TeamBoard.h"

#include <QObject>
#include <QPointer>
#include <QStringList>

namespace Tandem {

/// @brief The window's "Team board" without widgets: whether the board is there (its state in a sentence), its
/// stories as an item model, and the opened story's pipeline: its phase and its handoffs as lines.
class TeamBoardViewModel final : public QObject
{
    Q_OBJECT

public:
    /// @brief @p board is borrowed and must outlive this object.
    explicit TeamBoardViewModel(TeamBoard *board, QObject *parent = nullptr);
    Q_DISABLE_COPY_MOVE(TeamBoardViewModel)

    TeamBoard::State state() const;
    bool isOnline() const { return state() == TeamBoard::State::Online; }
    /// @brief The board's state in one sentence (offline: why, and that it is tried again).
    QString statusText() const;
    TeamStoryListModel *stories() { return &m_stories; }

    /// @brief Opens the story of @p row of stories(): its handoffs follow as storyChanged().
    void openStory(int row);
    /// @brief The opened story's id; empty when none is open.
    QString openedStoryId() const;
    /// @brief The opened story's phase and current agent, in one line.
    QString openedStorySummary() const;
    /// @brief The opened story's handoffs in order, one line each: from → to, status, when.
    QStringList openedStoryHandoffs() const;

Q_SIGNALS:
    void stateChanged();
    void storyChanged();

private:
    QPointer<TeamBoard> m_board;
    TeamStoryListModel m_stories;
};

} // namespace Tandem
