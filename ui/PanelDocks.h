#pragma once

#include <QList>
#include <QObject>

class QAction;
class QDockWidget;
class QMainWindow;
class QWidget;

namespace Tandem {

class ChatRepository;
class MetricsView;
class TasksPanel;

/// @brief The window's router-mode docks: the tasks panel (Ctrl+Shift+T) and the metrics view
/// (Ctrl+Shift+M), each closed until the person opens it, both following the open conversation.
class PanelDocks final : public QObject
{
    Q_OBJECT

public:
    /// @brief Adds the docks to @p window (their parent) on @p repository (borrowed).
    PanelDocks(QMainWindow *window, ChatRepository *repository);
    Q_DISABLE_COPY_MOVE(PanelDocks)

    /// @brief The docks' show/hide actions, for the View menu and the toolbar.
    QList<QAction *> toggleActions() const;
    void setConversation(qint64 conversationId);
    /// @brief The titles and the actions' texts in the installed language.
    void retranslate();
    /// @brief The actions' icons in the window's palette.
    void updateIcons();

    TasksPanel *tasksPanel() const { return m_tasks; }
    QDockWidget *tasksDock() const { return m_tasksDock; }
    MetricsView *metricsView() const { return m_metrics; }
    QDockWidget *metricsDock() const { return m_metricsDock; }

private:
    QDockWidget *addDock(QWidget *panel, const QString &name, Qt::Key key);

    QMainWindow *m_window;
    TasksPanel *m_tasks;
    MetricsView *m_metrics;
    QDockWidget *m_tasksDock;
    QDockWidget *m_metricsDock;
};

} // namespace Tandem
