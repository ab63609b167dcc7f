#include "TasksViewModel.h"

#include "chat/ChatRepository.h"

#include <QLocale>

using namespace Qt::StringLiterals;

namespace Tandem {

TasksViewModel::TasksViewModel(ChatRepository *repository, QObject *parent)
    : TasksViewModel(repository, repository, parent)
{ }

TasksViewModel::TasksViewModel(TasksApi *tasks, ChatEvents *events, QObject *parent)
    : QAbstractTableModel(parent)
    , m_events(events)
    , m_tasksApi(tasks)
{
    if (!events)
        return;
    connect(events, &ChatEvents::tasksChanged, this, &TasksViewModel::reload);
    connect(events, &ChatEvents::changedElsewhere, this, &TasksViewModel::reload);
    reload();
}

void TasksViewModel::setConversation(qint64 conversationId)
{
    m_conversationId = conversationId;
    reload();
}

void TasksViewModel::reload()
{
    beginResetModel();
    m_tasks.clear();
    m_stale.clear();
    m_pending.clear();
    if (m_events) {
        m_tasks = m_tasksApi->tasks();
        const QList<Task> stale = m_tasksApi->staleTasks();
        for (const Task &task : stale)
            m_stale.insert(task.id);
        if (m_conversationId > 0)
            if (const std::optional<PendingConfirmation> pending = m_tasksApi->pendingConfirmation(m_conversationId))
                m_pending = tr("Waiting for your answer: %1").arg(pending->summary);
    }
    endResetModel();
    Q_EMIT refreshed();
}

Task TasksViewModel::taskAt(int row) const
{
    return m_tasks.value(row);
}

int TasksViewModel::rowOf(qint64 taskId) const
{
    for (int row = 0; row < m_tasks.size(); ++row)
        if (m_tasks.at(row).id == taskId)
            return row;
    return -1;
}

bool TasksViewModel::isStale(int row) const
{
    return row >= 0 && row < m_tasks.size() && m_stale.contains(m_tasks.at(row).id);
}

QString TasksViewModel::complete(int row)
{
    if (!m_events || row < 0 || row >= m_tasks.size())
        return tr("Choose a task first.");
    return m_tasksApi->completeTask(m_tasks.at(row).id).error;
}

QString TasksViewModel::edit(int row, const QJsonObject &fields)
{
    if (!m_events || row < 0 || row >= m_tasks.size())
        return tr("Choose a task first.");
    return m_tasksApi->editTask(m_tasks.at(row).id, fields).error;
}

QString TasksViewModel::priorityText(Task::Priority priority)
{
    switch (priority) {
    case Task::Priority::Low:
        return tr("Low");
    case Task::Priority::Normal:
        return tr("Normal");
    case Task::Priority::High:
        return tr("High");
    }
    return {};
}

QString TasksViewModel::statusText(Task::Status status)
{
    return status == Task::Status::Done ? tr("Done") : tr("Open");
}

int TasksViewModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_tasks.size());
}

int TasksViewModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant TasksViewModel::display(const Task &task, int column, bool stale) const
{
    switch (column) {
    case Title:
        return task.title;
    case Priority:
        return priorityText(task.priority);
    case Due:
        return task.due.isValid() ? QLocale().toString(task.due, QLocale::ShortFormat) : tr("—");
    case Status:
        return stale ? tr("%1 · stale").arg(statusText(task.status)) : statusText(task.status);
    default:
        return {};
    }
}

QVariant TasksViewModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.row() >= m_tasks.size())
        return {};
    const Task &task = m_tasks.at(index.row());
    const bool stale = m_stale.contains(task.id);
    switch (role) {
    case Qt::DisplayRole:
        return display(task, index.column(), stale);
    case Qt::ToolTipRole:
        if (index.column() == Status && stale)
            return tr("Open and not touched for %n day(s), or overdue", nullptr, Task::kStaleDays);
        if (index.column() == Title && !task.notes.isEmpty())
            return task.notes;
        return display(task, index.column(), stale);
    case TaskIdRole:
        return task.id;
    case StaleRole:
        return stale;
    default:
        return {};
    }
}

QVariant TasksViewModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case Title:
        return tr("Task");
    case Priority:
        return tr("Priority");
    case Due:
        return tr("Due");
    case Status:
        return tr("Status");
    default:
        return {};
    }
}

} // namespace Tandem
