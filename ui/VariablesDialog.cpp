#include "VariablesDialog.h"

#include "Theme.h"
#include "presentation/VariablesViewModel.h"

#include <QDialogButtonBox>
#include <QEvent>
#include <QGridLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPalette>
#include <QPushButton>
#include <QSignalBlocker>
#include <QTableWidget>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace Tandem {

VariablesDialog::VariablesDialog(VariablesViewModel *model, QWidget *parent)
    : QDialog(parent)
    , m_model(model)
    , m_intro(new QLabel(this))
    , m_table(new QTableWidget(0, 2, this))
    , m_nameLabel(new QLabel(this))
    , m_name(new QLineEdit(this))
    , m_valueLabel(new QLabel(this))
    , m_value(new QLineEdit(this))
    , m_set(new QPushButton(this))
    , m_remove(new QPushButton(this))
    , m_status(new QLabel(this))
    , m_buttons(new QDialogButtonBox(QDialogButtonBox::Close, this))
{
    setObjectName(u"VariablesDialog"_s);
    m_intro->setWordWrap(true);
    m_table->setObjectName(u"VariablesTable"_s);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->verticalHeader()->hide();
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_name->setObjectName(u"VariableName"_s);
    m_value->setObjectName(u"VariableValue"_s);
    m_nameLabel->setBuddy(m_name);
    m_valueLabel->setBuddy(m_value);
    m_set->setObjectName(u"SetVariable"_s);
    m_remove->setObjectName(u"RemoveVariable"_s);
    m_status->setObjectName(u"VariablesStatus"_s);
    m_status->setWordWrap(true);
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);

    auto *fields = new QGridLayout;
    fields->addWidget(m_nameLabel, 0, 0);
    fields->addWidget(m_name, 0, 1);
    fields->addWidget(m_set, 0, 2);
    fields->addWidget(m_valueLabel, 1, 0);
    fields->addWidget(m_value, 1, 1);
    fields->addWidget(m_remove, 1, 2);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_intro);
    layout->addWidget(m_table, 1);
    layout->addLayout(fields);
    layout->addWidget(m_status);
    layout->addWidget(m_buttons);

    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_set, &QPushButton::clicked, this, &VariablesDialog::setCurrent);
    connect(m_remove, &QPushButton::clicked, this, &VariablesDialog::removeCurrent);
    connect(m_name, &QLineEdit::returnPressed, this, &VariablesDialog::setCurrent);
    connect(m_value, &QLineEdit::returnPressed, this, &VariablesDialog::setCurrent);
    connect(m_table, &QTableWidget::itemSelectionChanged, this, &VariablesDialog::fillFields);
    connect(m_model, &VariablesViewModel::changed, this, &VariablesDialog::reload);
    // Return in a field sets the variable; it must not also close the dialog.
    m_buttons->button(QDialogButtonBox::Close)->setAutoDefault(false);
    m_set->setAutoDefault(false);
    m_remove->setAutoDefault(false);
    retranslate();
    reload();
    resize(560, 380);
}

void VariablesDialog::open(ChatRepository *repository, qint64 conversationId, QWidget *parent)
{
    if (!repository || conversationId <= 0)
        return;
    VariablesViewModel model(repository, conversationId);
    VariablesDialog dialog(&model, parent);
    dialog.exec();
}

void VariablesDialog::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QDialog::changeEvent(event);
}

void VariablesDialog::retranslate()
{
    setWindowTitle(tr("Conversation Variables"));
    m_intro->setText(tr("The agents' prompts of this conversation read these values where they write $NAME or "
                        "${NAME}. A name is in capitals, digits and underscores, starting with a capital."));
    m_table->setHorizontalHeaderLabels({ tr("Name"), tr("Value") });
    m_nameLabel->setText(tr("&Name:"));
    m_valueLabel->setText(tr("&Value:"));
    m_set->setText(tr("&Set"));
    m_set->setToolTip(tr("Add the variable, or change its value"));
    m_remove->setText(tr("&Remove"));
    m_remove->setToolTip(tr("Remove the selected variable"));
}

void VariablesDialog::reload()
{
    const QList<QPair<QString, QString>> rows = m_model->variables();
    const QSignalBlocker blocker(m_table);
    m_table->setRowCount(int(rows.size()));
    for (int row = 0; row < rows.size(); ++row) {
        m_table->setItem(row, 0, new QTableWidgetItem(rows[row].first));
        m_table->setItem(row, 1, new QTableWidgetItem(rows[row].second));
    }
    m_remove->setEnabled(!rows.isEmpty());
}

void VariablesDialog::fillFields()
{
    const QList<QTableWidgetItem *> selected = m_table->selectedItems();
    if (selected.isEmpty())
        return;
    const int row = selected.constFirst()->row();
    m_name->setText(m_table->item(row, 0)->text());
    m_value->setText(m_table->item(row, 1)->text());
}

void VariablesDialog::setCurrent()
{
    showProblem(m_model->set(m_name->text().trimmed(), m_value->text()));
}

void VariablesDialog::removeCurrent()
{
    const QList<QTableWidgetItem *> selected = m_table->selectedItems();
    const QString name
        = selected.isEmpty() ? m_name->text().trimmed() : m_table->item(selected.constFirst()->row(), 0)->text();
    if (!name.isEmpty())
        showProblem(m_model->remove(name));
}

void VariablesDialog::showProblem(const QString &problem)
{
    m_status->setText(problem);
    QPalette palette = m_status->palette();
    palette.setColor(
        QPalette::WindowText, problem.isEmpty() ? this->palette().color(QPalette::WindowText) : Theme::errorColor());
    m_status->setPalette(palette);
}

} // namespace Tandem
