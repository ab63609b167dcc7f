#pragma once

#include <QPointer>
#include <QWidget>

class QLabel;
class QListWidget;
class QTreeView;

namespace Tandem {

class TeamBoardViewModel;

/// @brief The window's "Team board": the board's state, its stories (phase, agent, status, handoffs) and, for the story
/// picked, its pipeline's handoffs in order; all of it following the board live.
class TeamBoardPanel final : public QWidget
{
    Q_OBJECT

public:
    /// @brief @p board is borrowed and must outlive the panel.
    explicit TeamBoardPanel(TeamBoardViewModel *board, QWidget *parent = nullptr);
    Q_DISABLE_COPY_MOVE(TeamBoardPanel)

    QLabel *statusLabel() const { return m_status; }
    QTreeView *storyList() const { return m_stories; }
    QLabel *storySummary() const { return m_summary; }
    QListWidget *handoffList() const { return m_handoffs; }

protected:
    void changeEvent(QEvent *event) override;

private:
    void showState();
    void showStory();

    QPointer<TeamBoardViewModel> m_board;
    QLabel *m_status = nullptr;
    QTreeView *m_stories = nullptr;
    QLabel *m_summary = nullptr;
    QListWidget *m_handoffs = nullptr;
};

} // namespace Tandem
