#pragma once

#include <QDockWidget>

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

    TeamBoardPanel *panel() const { return m_panel; }

protected:
    void changeEvent(QEvent *event) override;

private:
    void retranslate();

    TeamBoardPanel *m_panel;
};

} // namespace Tandem
