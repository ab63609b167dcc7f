#include "AgentTargetsTable.h"

#include <QCheckBox>
#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QPushButton>
#include <QTableWidget>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace Tandem {

namespace {
enum Column { Target, Transfer, Timing, Warm };
} // namespace

AgentTargetsTable::AgentTargetsTable(QWidget *parent)
    : QWidget(parent)
{
    m_table = new QTableWidget(0, 4, this);
    m_table->setObjectName(u"AgentTargets"_s);
    m_table->setAccessibleName(tr("Handoff targets"));
    m_table->setHorizontalHeaderLabels({ tr("Target"), tr("Context"), tr("Timing"), tr("Warm") });
    m_table->verticalHeader()->hide();
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_table->horizontalHeader()->setSectionResizeMode(Target, QHeaderView::Stretch);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    auto *add = new QPushButton(tr("Add &target"), this);
    add->setObjectName(u"AddTarget"_s);
    add->setAccessibleName(tr("Add a handoff target"));
    connect(add, &QPushButton::clicked, this, [this] { addTarget(); });
    auto *remove = new QPushButton(tr("Remo&ve target"), this);
    remove->setObjectName(u"RemoveTarget"_s);
    remove->setAccessibleName(tr("Remove the selected handoff target"));
    connect(remove, &QPushButton::clicked, this, [this] {
        const int row = m_table->currentRow();
        if (row < 0)
            return;
        m_table->removeRow(row);
        Q_EMIT changed();
    });
    auto *buttons = new QHBoxLayout;
    buttons->addWidget(add);
    buttons->addWidget(remove);
    buttons->addStretch(1);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_table, 1);
    layout->addLayout(buttons);
}

void AgentTargetsTable::setChoices(const QList<QPair<QString, QString>> &choices)
{
    m_choices = choices;
}

void AgentTargetsTable::setAgent(const Agent &agent)
{
    m_table->setRowCount(0);
    for (const QString &target : agent.handoffTargets)
        addRow(target, agent.edgeOptions.value(target));
}

int AgentTargetsTable::rowCount() const
{
    return m_table->rowCount();
}

void AgentTargetsTable::addTarget(const QString &targetId)
{
    QString target = targetId;
    if (target.isEmpty()) {
        QStringList listed;
        for (int row = 0; row < m_table->rowCount(); ++row)
            listed << targetAt(row);
        for (const auto &[id, name] : std::as_const(m_choices))
            if (target.isEmpty() && !listed.contains(id))
                target = id;
    }
    addRow(target, {});
    m_table->setCurrentCell(m_table->rowCount() - 1, Target);
    Q_EMIT changed();
}

void AgentTargetsTable::addRow(const QString &targetId, const EdgeOptions &options)
{
    const int row = m_table->rowCount();
    m_table->insertRow(row);
    auto *target = new QComboBox(m_table);
    target->setEditable(true); // an id typed by hand is kept, and checked before saving
    target->setAccessibleName(tr("Target agent"));
    for (const auto &[id, name] : std::as_const(m_choices))
        target->addItem(name, id);
    const int known = target->findData(targetId);
    if (known >= 0)
        target->setCurrentIndex(known);
    else
        target->setEditText(targetId);
    connect(target, &QComboBox::currentTextChanged, this, &AgentTargetsTable::changed);
    auto *transfer = new QComboBox(m_table);
    transfer->setAccessibleName(tr("Context transfer"));
    transfer->addItem(tr("Payload"), int(ContextTransfer::PayloadOnly));
    transfer->addItem(tr("Summary"), int(ContextTransfer::Summary));
    transfer->addItem(tr("Full history"), int(ContextTransfer::FullHistory));
    transfer->addItem(tr("Reference to history"), int(ContextTransfer::Reference));
    transfer->setCurrentIndex(transfer->findData(int(options.transfer)));
    connect(transfer, &QComboBox::currentIndexChanged, this, &AgentTargetsTable::changed);
    auto *timing = new QComboBox(m_table);
    timing->setAccessibleName(tr("Timing"));
    timing->addItem(tr("Same turn"), int(HandoffTiming::SameTurn));
    timing->addItem(tr("Next turn"), int(HandoffTiming::NextTurn));
    timing->setCurrentIndex(timing->findData(int(options.timing)));
    connect(timing, &QComboBox::currentIndexChanged, this, &AgentTargetsTable::changed);
    auto *warm = new QCheckBox(m_table);
    warm->setAccessibleName(tr("Warm handoff: the target confirms it"));
    warm->setChecked(options.warm);
    connect(warm, &QCheckBox::toggled, this, &AgentTargetsTable::changed);
    m_table->setCellWidget(row, Target, target);
    m_table->setCellWidget(row, Transfer, transfer);
    m_table->setCellWidget(row, Timing, timing);
    m_table->setCellWidget(row, Warm, warm);
}

QString AgentTargetsTable::targetAt(int row) const
{
    const auto *combo = qobject_cast<QComboBox *>(m_table->cellWidget(row, Target));
    if (!combo)
        return {};
    const QString text = combo->currentText().trimmed();
    const int index = combo->findText(text);
    return index >= 0 ? combo->itemData(index).toString() : text;
}

void AgentTargetsTable::applyTo(Agent &agent) const
{
    agent.handoffTargets.clear();
    agent.edgeOptions.clear();
    for (int row = 0; row < m_table->rowCount(); ++row) {
        const QString target = targetAt(row);
        if (target.isEmpty())
            continue;
        EdgeOptions options;
        options.transfer
            = ContextTransfer(qobject_cast<QComboBox *>(m_table->cellWidget(row, Transfer))->currentData().toInt());
        options.timing
            = HandoffTiming(qobject_cast<QComboBox *>(m_table->cellWidget(row, Timing))->currentData().toInt());
        options.warm = qobject_cast<QCheckBox *>(m_table->cellWidget(row, Warm))->isChecked();
        agent.handoffTargets << target;
        if (options != EdgeOptions {})
            agent.edgeOptions.insert(target, options);
    }
}

} // namespace Tandem
