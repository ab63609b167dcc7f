#include "PanelDocks.h"

#include "Icons.h"
#include "MetricsView.h"
#include "TasksPanel.h"

#include <QAction>
#include <QDockWidget>
#include <QMainWindow>

using namespace Qt::StringLiterals;

namespace Tandem {

PanelDocks::PanelDocks(QMainWindow *window, ChatRepository *repository)
    : QObject(window)
    , m_window(window)
    , m_tasks(new TasksPanel(repository, window))
    , m_metrics(new MetricsView(repository, window))
    , m_tasksDock(addDock(m_tasks, u"Tasks"_s, Qt::Key_T))
    , m_metricsDock(addDock(m_metrics, u"Metrics"_s, Qt::Key_M))
{
    updateIcons();
    retranslate();
}

QDockWidget *PanelDocks::addDock(QWidget *panel, const QString &name, Qt::Key key)
{
    auto *dock = new QDockWidget(m_window);
    dock->setObjectName(name + u"Dock"_s);
    dock->setWidget(panel);
    dock->setAllowedAreas(Qt::LeftDockWidgetArea | Qt::RightDockWidgetArea | Qt::BottomDockWidgetArea);
    dock->toggleViewAction()->setObjectName(name + u"PanelAction"_s);
    dock->toggleViewAction()->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | key));
    m_window->addDockWidget(Qt::RightDockWidgetArea, dock);
    m_window->resizeDocks({ dock }, { 480 }, Qt::Horizontal);
    // Closed until the person opens it (the View menu, its shortcut); the window remembers it after.
    dock->hide();
    m_window->addAction(dock->toggleViewAction());
    return dock;
}

QList<QAction *> PanelDocks::toggleActions() const
{
    return { m_tasksDock->toggleViewAction(), m_metricsDock->toggleViewAction() };
}

void PanelDocks::setConversation(qint64 conversationId)
{
    m_tasks->setConversation(conversationId);
    m_metrics->setConversation(conversationId);
}

void PanelDocks::retranslate()
{
    const auto shortcut = [](const QDockWidget *dock) {
        return dock->toggleViewAction()->shortcut().toString(QKeySequence::NativeText);
    };
    m_tasksDock->setWindowTitle(tr("Tasks"));
    m_tasksDock->toggleViewAction()->setText(tr("&Tasks Panel"));
    m_tasksDock->toggleViewAction()->setToolTip(
        tr("The task list the router's agents work on (%1)").arg(shortcut(m_tasksDock)));
    m_metricsDock->setWindowTitle(tr("Metrics"));
    m_metricsDock->toggleViewAction()->setText(tr("&Metrics"));
    m_metricsDock->toggleViewAction()->setToolTip(
        tr("Turns, handoffs, rejections, tokens and latency per agent (%1)").arg(shortcut(m_metricsDock)));
}

void PanelDocks::updateIcons()
{
    m_tasksDock->toggleViewAction()->setIcon(Icons::action(u"tasks"_s, m_window->palette()));
    m_metricsDock->toggleViewAction()->setIcon(Icons::action(u"metrics"_s, m_window->palette()));
}

} // namespace Tandem
