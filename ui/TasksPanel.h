#pragma once

#include <QPointer>
#include <QWidget>

class QLabel;
class QPushButton;
class QTreeView;

namespace Tandem {

class ChatRepository;
class TaskEditDialog;
class TasksViewModel;

/// @brief The tasks panel (a dock): the task list with status, priority, due date and a stale
/// marker, refreshed whenever a task tool or the person changes a task, the open conversation's pending confirmation,
/// and Complete / Edit… for the selected task.
class TasksPanel final : public QWidget
{
    Q_OBJECT

public:
    explicit TasksPanel(ChatRepository *repository, QWidget *parent = nullptr);
    Q_DISABLE_COPY_MOVE(TasksPanel)

    /// @brief Shows @p conversationId's pending confirmation (0: none).
    void setConversation(qint64 conversationId);
    TasksViewModel *viewModel() const { return m_viewModel; }
    QTreeView *view() const { return m_view; }
    QPushButton *completeButton() const { return m_complete; }
    QPushButton *editButton() const { return m_edit; }
    QLabel *pendingLabel() const { return m_pending; }
    QLabel *errorLabel() const { return m_error; }
    /// @brief The edit dialog opened by Edit…, while it is open.
    TaskEditDialog *editDialog() const;

public Q_SLOTS:
    /// @brief Marks the selected task done.
    void completeSelected();
    /// @brief Opens the edit dialog on the selected task (not modal).
    void editSelected();

protected:
    void changeEvent(QEvent *event) override;

private:
    void retranslate();
    void refresh();
    void updateButtons();
    int selectedRow() const;

    TasksViewModel *m_viewModel;
    QLabel *m_pending;
    QLabel *m_empty;
    QTreeView *m_view;
    QLabel *m_error;
    QPushButton *m_complete;
    QPushButton *m_edit;
    QPointer<TaskEditDialog> m_dialog;
    qint64 m_selectedTask = 0;
};

} // namespace Tandem
