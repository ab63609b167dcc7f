#include "TasksPanel.h"

#include "TaskEditDialog.h"
#include "Theme.h"
#include "presentation/TasksViewModel.h"

#include <QEvent>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QPushButton>
#include <QTreeView>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace Tandem {

TasksPanel::TasksPanel(ChatRepository *repository, QWidget *parent)
    : QWidget(parent)
    , m_viewModel(new TasksViewModel(repository, this))
    , m_pending(new QLabel(this))
    , m_empty(new QLabel(this))
    , m_view(new QTreeView(this))
    , m_error(new QLabel(this))
    , m_complete(new QPushButton(this))
    , m_edit(new QPushButton(this))
{
    setObjectName(u"TasksPanel"_s);
    m_view->setObjectName(u"TaskList"_s);
    m_view->setModel(m_viewModel);
    m_view->setRootIsDecorated(false);
    m_view->setUniformRowHeights(true);
    m_view->setAlternatingRowColors(true);
    m_view->setSelectionMode(QAbstractItemView::SingleSelection);
    m_view->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_view->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_view->header()->setStretchLastSection(false);
    m_view->header()->setSectionResizeMode(TasksViewModel::Title, QHeaderView::Stretch);
    for (const int column : { TasksViewModel::Priority, TasksViewModel::Due, TasksViewModel::Status })
        m_view->header()->setSectionResizeMode(column, QHeaderView::ResizeToContents);
    m_pending->setObjectName(u"PendingConfirmation"_s);
    m_pending->setWordWrap(true);
    m_empty->setWordWrap(true);
    m_empty->setForegroundRole(QPalette::PlaceholderText);
    m_error->setWordWrap(true);
    QPalette palette = m_error->palette();
    palette.setColor(QPalette::WindowText, Theme::errorColor());
    m_error->setPalette(palette);
    m_error->hide();
    m_complete->setObjectName(u"CompleteTaskButton"_s);
    m_edit->setObjectName(u"EditTaskButton"_s);

    auto *buttons = new QHBoxLayout;
    buttons->addStretch(1);
    buttons->addWidget(m_complete);
    buttons->addWidget(m_edit);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(8, 6, 8, 6);
    layout->addWidget(m_pending);
    layout->addWidget(m_empty);
    layout->addWidget(m_view, 1);
    layout->addWidget(m_error);
    layout->addLayout(buttons);

    connect(m_complete, &QPushButton::clicked, this, &TasksPanel::completeSelected);
    connect(m_edit, &QPushButton::clicked, this, &TasksPanel::editSelected);
    connect(m_view, &QTreeView::activated, this, &TasksPanel::editSelected);
    connect(m_view->selectionModel(), &QItemSelectionModel::selectionChanged, this, [this] {
        const int row = selectedRow();
        m_selectedTask = row < 0 ? 0 : m_viewModel->taskAt(row).id;
        updateButtons();
    });
    connect(m_viewModel, &TasksViewModel::refreshed, this, &TasksPanel::refresh);
    retranslate();
    refresh();
}

void TasksPanel::setConversation(qint64 conversationId)
{
    m_viewModel->setConversation(conversationId);
}

TaskEditDialog *TasksPanel::editDialog() const
{
    return m_dialog.data();
}

void TasksPanel::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange) {
        retranslate();
        m_viewModel->reload();
    }
    QWidget::changeEvent(event);
}

void TasksPanel::retranslate()
{
    m_complete->setText(tr("&Complete"));
    m_complete->setToolTip(tr("Mark the selected task done"));
    m_edit->setText(tr("&Edit…"));
    m_edit->setToolTip(tr("Change the selected task's title, notes, priority, due date or status"));
    m_view->setAccessibleName(tr("Tasks"));
    m_empty->setText(tr("No tasks yet. In a router conversation, ask for one: “Create a task to review the code by "
                        "Friday”."));
}

void TasksPanel::refresh()
{
    m_pending->setText(m_viewModel->pendingText());
    m_pending->setVisible(!m_viewModel->pendingText().isEmpty());
    const bool empty = m_viewModel->rowCount() == 0;
    m_empty->setVisible(empty);
    m_view->setVisible(!empty);
    // The reset lost the selection: the same task stays selected.
    if (const int row = m_viewModel->rowOf(m_selectedTask); row >= 0)
        m_view->selectionModel()->select(m_viewModel->index(row, 0),
            QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows | QItemSelectionModel::Current);
    updateButtons();
}

void TasksPanel::updateButtons()
{
    const int row = selectedRow();
    m_complete->setEnabled(row >= 0 && m_viewModel->taskAt(row).isOpen());
    m_edit->setEnabled(row >= 0);
}

int TasksPanel::selectedRow() const
{
    const QModelIndexList rows = m_view->selectionModel()->selectedRows();
    return rows.isEmpty() ? -1 : rows.constFirst().row();
}

void TasksPanel::completeSelected()
{
    const QString error = m_viewModel->complete(selectedRow());
    m_error->setText(error);
    m_error->setVisible(!error.isEmpty());
}

void TasksPanel::editSelected()
{
    const int row = selectedRow();
    if (row < 0)
        return;
    delete m_dialog;
    const qint64 taskId = m_viewModel->taskAt(row).id;
    m_dialog = new TaskEditDialog(
        m_viewModel->taskAt(row),
        [this, taskId](const QJsonObject &fields) { return m_viewModel->edit(m_viewModel->rowOf(taskId), fields); },
        this);
    m_dialog->setAttribute(Qt::WA_DeleteOnClose);
    m_error->hide();
    m_dialog->show();
}

} // namespace Tandem
