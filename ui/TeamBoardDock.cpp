#include "TeamBoardDock.h"

#include "TeamBoardPanel.h"

#include <QAction>
#include <QEvent>
#include <QMainWindow>
#include <QMenu>
#include <QMenuBar>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace Tandem {

TeamBoardDock::TeamBoardDock(TeamBoardViewModel *board, QWidget *parent)
    : QDockWidget(parent)
    , m_panel(new TeamBoardPanel(board, this))
{
    setObjectName(u"TeamBoardDock"_s);
    setWidget(m_panel);
    setAllowedAreas(Qt::LeftDockWidgetArea | Qt::RightDockWidgetArea | Qt::BottomDockWidgetArea);
    toggleViewAction()->setObjectName(u"TeamBoardAction"_s);
    toggleViewAction()->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_B));
    retranslate();
}

TeamBoardDock *TeamBoardDock::addTo(QMainWindow *window, TeamBoardViewModel *board)
{
    auto *dock = new TeamBoardDock(board, window);
    window->addDockWidget(Qt::LeftDockWidgetArea, dock);
    window->resizeDocks({ dock }, { 460 }, Qt::Horizontal); // the five columns and a handoff's line fit
    dock->hide(); // opened from View → Team Board; the window remembers it after
    window->restoreDockWidget(dock); // made after the window restored its layout: its place and state from there
    window->addAction(dock->toggleViewAction());
    // View's panels end at its first separator: the team board joins them there.
    if (auto *view = window->menuBar()->findChild<QMenu *>(u"ViewMenu"_s)) {
        const QList<QAction *> items = view->actions();
        const auto separator = std::find_if(items.begin(), items.end(), [](QAction *a) { return a->isSeparator(); });
        view->insertAction(separator == items.end() ? nullptr : *separator, dock->toggleViewAction());
    }
    return dock;
}

void TeamBoardDock::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QDockWidget::changeEvent(event);
}

void TeamBoardDock::retranslate()
{
    setWindowTitle(tr("Team Board"));
    toggleViewAction()->setText(tr("&Team Board"));
}

} // namespace Tandem
