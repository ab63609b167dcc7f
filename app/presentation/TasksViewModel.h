#pragma once

#include "domain/Task.h"

#include <QAbstractTableModel>
#include <QJsonObject>
#include <QList>
#include <QPointer>
#include <QSet>
#include <QString>

namespace Tandem {

class ChatRepository;
class ChatEvents;
class TasksApi;

/// @brief The tasks panel, refreshed whenever a task changes: every task with its status, priority and due date, the
/// stale ones marked, and the open conversation's pending confirmation. Reads again whenever the repository announces
/// tasksChanged (a task tool's step committed, or the person changed a task here).
class TasksViewModel final : public QAbstractTableModel
{
    Q_OBJECT

public:
    enum Column { Title, Priority, Due, Status, ColumnCount };
    enum Roles {
        TaskIdRole = Qt::UserRole + 1, ///< qint64
        StaleRole, ///< bool: open and untouched for Task::kStaleDays days, or overdue
    };

    /// @brief The interfaces it reads and calls, and the events it follows (borrowed, of one façade).
    TasksViewModel(TasksApi *tasks, ChatEvents *events, QObject *parent = nullptr);
    /// @brief All of them from @p repository (may be null: nothing to read or call), for the window, which wires the
    /// façade whole.
    explicit TasksViewModel(ChatRepository *repository, QObject *parent = nullptr);
    Q_DISABLE_COPY_MOVE(TasksViewModel)

    /// @brief The conversation whose pending confirmation is shown (0: none).
    void setConversation(qint64 conversationId);
    /// @brief Reads the tasks again (tasksChanged does this on its own).
    void reload();

    Task taskAt(int row) const;
    int rowOf(qint64 taskId) const;
    bool isStale(int row) const;
    /// @brief "Waiting for your answer: …", or empty when the open conversation awaits no confirmation.
    QString pendingText() const { return m_pending; }

    /// @brief Marks the task of @p row done; the error sentence, or empty on success.
    QString complete(int row);
    /// @brief Changes the task of @p row with @p fields (update_task's: title, notes, priority, due, status).
    QString edit(int row, const QJsonObject &fields);

    static QString priorityText(Task::Priority priority);
    static QString statusText(Task::Status status);

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

Q_SIGNALS:
    /// The tasks or the pending confirmation were read again.
    void refreshed();

private:
    QVariant display(const Task &task, int column, bool stale) const;

    QPointer<ChatEvents> m_events; ///< null once the façade is gone: then nothing is read or called
    TasksApi *m_tasksApi = nullptr;
    qint64 m_conversationId = 0;
    QList<Task> m_tasks;
    QSet<qint64> m_stale;
    QString m_pending;
};

} // namespace Tandem
