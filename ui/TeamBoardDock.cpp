#include "TeamBoardDock.h"

#include "TeamBoardPanel.h"

#include <QAction>
#include <QEvent>

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
