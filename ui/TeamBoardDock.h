#pragma once

#include <QDockWidget>

class QMainWindow;

namespace Tandem {

class TeamBoardPanel;
class TeamBoardViewModel;

/// @brief The "Team board" dock beside the conversations (View → Team Board, Ctrl+Shift+B): the TeamBoardPanel.
class TeamBoardDock final : public QDockWidget
{
    Q_OBJECT

public:
    /// @brief @p board is borrowed and must outlive the dock.
    explicit TeamBoardDock(TeamBoardViewModel *board, QWidget *parent = nullptr);
    Q_DISABLE_COPY_MOVE(TeamBoardDock)

    /// @brief Docks a new TeamBoardDock of @p board in @p window (its parent): on the left, closed unless the saved
    /// layout had it open, its show/hide action among the View menu's panels.
    static TeamBoardDock *addTo(QMainWindow *window, TeamBoardViewModel *board);

    TeamBoardPanel *panel() const { return m_panel; }

protected:
    void changeEvent(QEvent *event) override;

private:
    void retranslate();

    TeamBoardPanel *m_panel;
};

} // namespace Tandem
