#pragma once

#include "domain/Task.h"

#include <QDialog>
#include <QJsonObject>

#include <functional>

class QComboBox;
class QLabel;
class QLineEdit;
class QPlainTextEdit;

namespace Tandem {

/// @brief Edits one task from the tasks panel: title, notes, priority, due date (as update_task reads it: "Friday",
/// "2026-11-27", empty for none) and status. OK hands the changed fields to the apply function; its error keeps the
/// dialog open with the sentence shown.
class TaskEditDialog final : public QDialog
{
    Q_OBJECT

public:
    /// @p apply stores the fields and returns the error sentence, or empty on success.
    TaskEditDialog(const Task &task, std::function<QString(const QJsonObject &)> apply, QWidget *parent = nullptr);
    Q_DISABLE_COPY_MOVE(TaskEditDialog)

    /// @brief The fields that differ from the task as it was opened.
    QJsonObject changedFields() const;
    QLineEdit *titleEdit() const { return m_title; }
    QLineEdit *dueEdit() const { return m_due; }
    QComboBox *priorityBox() const { return m_priority; }
    QComboBox *statusBox() const { return m_status; }
    QLabel *errorLabel() const { return m_error; }

public Q_SLOTS:
    void accept() override;

private:
    Task m_task;
    std::function<QString(const QJsonObject &)> m_apply;
    QLineEdit *m_title;
    QPlainTextEdit *m_notes;
    QComboBox *m_priority;
    QLineEdit *m_due;
    QComboBox *m_status;
    QLabel *m_error;
};

} // namespace Tandem
