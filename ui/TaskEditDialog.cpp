#include "TaskEditDialog.h"

#include "Theme.h"
#include "presentation/TasksViewModel.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace Tandem {

TaskEditDialog::TaskEditDialog(const Task &task, std::function<QString(const QJsonObject &)> apply, QWidget *parent)
    : QDialog(parent)
    , m_task(task)
    , m_apply(std::move(apply))
    , m_title(new QLineEdit(task.title, this))
    , m_notes(new QPlainTextEdit(task.notes, this))
    , m_priority(new QComboBox(this))
    , m_due(new QLineEdit(task.due.isValid() ? task.due.toString(Qt::ISODate) : QString(), this))
    , m_status(new QComboBox(this))
    , m_error(new QLabel(this))
{
    setObjectName(u"TaskEditDialog"_s);
    setWindowTitle(tr("Edit Task"));
    for (const Task::Priority priority : { Task::Priority::Low, Task::Priority::Normal, Task::Priority::High })
        m_priority->addItem(TasksViewModel::priorityText(priority), Task::priorityName(priority));
    m_priority->setCurrentIndex(m_priority->findData(Task::priorityName(task.priority)));
    for (const Task::Status status : { Task::Status::Open, Task::Status::Done })
        m_status->addItem(TasksViewModel::statusText(status), Task::statusName(status));
    m_status->setCurrentIndex(m_status->findData(Task::statusName(task.status)));
    m_due->setPlaceholderText(tr("Friday, tomorrow, 2026-11-27; empty: no date"));
    m_notes->setTabChangesFocus(true);
    m_notes->setFixedHeight(m_notes->fontMetrics().lineSpacing() * 4 + 12);
    m_error->setWordWrap(true);
    m_error->setObjectName(u"TaskEditError"_s);
    QPalette palette = m_error->palette();
    palette.setColor(QPalette::WindowText, Theme::errorColor());
    m_error->setPalette(palette);
    m_error->hide();

    auto *form = new QFormLayout;
    form->addRow(tr("&Title:"), m_title);
    form->addRow(tr("&Notes:"), m_notes);
    form->addRow(tr("&Priority:"), m_priority);
    form->addRow(tr("&Due:"), m_due);
    form->addRow(tr("&Status:"), m_status);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    connect(buttons, &QDialogButtonBox::accepted, this, &TaskEditDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(m_error);
    layout->addWidget(buttons);
    resize(460, sizeHint().height());
}

QJsonObject TaskEditDialog::changedFields() const
{
    QJsonObject fields;
    if (m_title->text() != m_task.title)
        fields.insert(u"title"_s, m_title->text());
    if (m_notes->toPlainText() != m_task.notes)
        fields.insert(u"notes"_s, m_notes->toPlainText());
    if (m_priority->currentData().toString() != Task::priorityName(m_task.priority))
        fields.insert(u"priority"_s, m_priority->currentData().toString());
    const QString due = m_task.due.isValid() ? m_task.due.toString(Qt::ISODate) : QString();
    if (m_due->text().trimmed() != due)
        fields.insert(u"due"_s, m_due->text().trimmed());
    if (m_status->currentData().toString() != Task::statusName(m_task.status))
        fields.insert(u"status"_s, m_status->currentData().toString());
    return fields;
}

void TaskEditDialog::accept()
{
    const QJsonObject fields = changedFields();
    const QString error = fields.isEmpty() || !m_apply ? QString() : m_apply(fields);
    if (!error.isEmpty()) {
        m_error->setText(error);
        m_error->show();
        return;
    }
    QDialog::accept();
}

} // namespace Tandem
