#include "ExportDialog.h"

#include "presentation/ConversationListModel.h"
#include "presentation/ExchangeViewModel.h"

#include <QAbstractItemModel>
#include <QButtonGroup>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QItemSelectionModel>
#include <QListView>
#include <QPushButton>
#include <QRadioButton>
#include <QScreen>
#include <QStyle>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace Tandem {

ExportDialog::ExportDialog(QAbstractItemModel *conversations, qint64 currentId, QWidget *parent)
    : QDialog(parent)
    , m_currentId(currentId)
{
    setWindowTitle(tr("Export Conversations"));
    setObjectName(u"ExportDialog"_s);

    auto *scopeBox = new QGroupBox(tr("What to export"), this);
    m_current = new QRadioButton(tr("&This conversation"), scopeBox);
    m_selected = new QRadioButton(tr("&Selected conversations:"), scopeBox);
    m_all = new QRadioButton(tr("&All conversations"), scopeBox);
    m_list = new QListView(scopeBox);
    m_list->setObjectName(u"ExportConversationList"_s);
    m_list->setAccessibleName(tr("Conversations to export"));
    m_list->setModel(conversations);
    m_list->setSelectionMode(QAbstractItemView::ExtendedSelection);
    m_list->setMinimumHeight(140);
    fitListWidth();
    auto *scopeLayout = new QVBoxLayout(scopeBox);
    scopeLayout->addWidget(m_current);
    scopeLayout->addWidget(m_selected);
    scopeLayout->addWidget(m_list);
    scopeLayout->addWidget(m_all);

    m_format = new QComboBox(this);
    m_format->setObjectName(u"ExportFormat"_s);
    for (const auto &[name, label] : ExchangeViewModel::formats())
        m_format->addItem(label, name);
    m_oneFile = new QRadioButton(tr("One &file"), this);
    m_folder = new QRadioButton(tr("A f&older, one file per conversation"), this);
    m_oneFile->setChecked(true);
    auto *fileGroup = new QButtonGroup(this);
    fileGroup->addButton(m_oneFile);
    fileGroup->addButton(m_folder);
    auto *target = new QVBoxLayout;
    target->addWidget(m_oneFile);
    target->addWidget(m_folder);

    auto *form = new QFormLayout;
    form->addRow(tr("F&ormat:"), m_format);
    form->addRow(tr("Write to:"), target);

    m_buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    m_buttons->button(QDialogButtonBox::Ok)->setText(tr("&Export…"));
    connect(m_buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);

    auto *layout = new QVBoxLayout(this);
    layout->addWidget(scopeBox);
    layout->addLayout(form);
    layout->addWidget(m_buttons);

    // The open conversation is selected in the list too, so "Selected" starts from it.
    if (m_currentId > 0 && conversations) {
        for (int row = 0; row < conversations->rowCount(); ++row) {
            const QModelIndex index = conversations->index(row, 0);
            if (index.data(ConversationListModel::IdRole).toLongLong() == m_currentId) {
                m_list->selectionModel()->select(index, QItemSelectionModel::ClearAndSelect);
                m_list->scrollTo(index);
            }
        }
    }
    m_current->setEnabled(m_currentId > 0);
    setScope(m_currentId > 0 ? Scope::Current : Scope::All);

    for (QRadioButton *button : { m_current, m_selected, m_all })
        connect(button, &QRadioButton::toggled, this, &ExportDialog::updateState);
    connect(m_format, &QComboBox::currentIndexChanged, this, &ExportDialog::updateState);
    connect(m_list->selectionModel(), &QItemSelectionModel::selectionChanged, this, &ExportDialog::updateState);
    updateState();
}

void ExportDialog::fitListWidth()
{
    // Each title in full, as far as the screen allows: a long one is otherwise cut at the list's edge.
    const QAbstractItemModel *model = m_list->model();
    if (!model)
        return;
    const QFontMetrics metrics = m_list->fontMetrics();
    int widest = 0;
    for (int row = 0; row < model->rowCount(); ++row)
        widest = std::max(widest, metrics.horizontalAdvance(model->index(row, 0).data().toString()));
    const int margin = 2 * (m_list->style()->pixelMetric(QStyle::PM_FocusFrameHMargin, nullptr, m_list) + 1);
    int width = widest + 2 * margin + 2 * m_list->frameWidth()
        + m_list->style()->pixelMetric(QStyle::PM_ScrollBarExtent, nullptr, m_list);
    if (const QScreen *screen = m_list->screen())
        width = std::min(width, screen->availableGeometry().width() * 9 / 10);
    m_list->setMinimumWidth(width);
}

ExportDialog::Scope ExportDialog::scope() const
{
    if (m_current->isChecked())
        return Scope::Current;
    if (m_selected->isChecked())
        return Scope::Selected;
    return Scope::All;
}

void ExportDialog::setScope(Scope scope)
{
    (scope == Scope::Current ? m_current : scope == Scope::Selected ? m_selected : m_all)->setChecked(true);
    updateState();
}

QList<qint64> ExportDialog::conversationIds() const
{
    switch (scope()) {
    case Scope::Current:
        return { m_currentId };
    case Scope::All:
        return {};
    case Scope::Selected:
        break;
    }
    QList<qint64> ids;
    QModelIndexList rows = m_list->selectionModel()->selectedRows();
    std::sort(rows.begin(), rows.end(), [](const QModelIndex &a, const QModelIndex &b) { return a.row() < b.row(); });
    for (const QModelIndex &index : std::as_const(rows))
        ids.append(index.data(ConversationListModel::IdRole).toLongLong());
    return ids;
}

QString ExportDialog::format() const
{
    return m_format->currentData().toString();
}

void ExportDialog::setFormat(const QString &name)
{
    const int index = m_format->findData(name);
    if (index >= 0)
        m_format->setCurrentIndex(index);
}

bool ExportDialog::toFolder() const
{
    return m_folder->isEnabled() && m_folder->isChecked();
}

void ExportDialog::setToFolder(bool toFolder)
{
    (toFolder ? m_folder : m_oneFile)->setChecked(true);
    updateState();
}

void ExportDialog::updateState()
{
    if (!m_list || !m_buttons)
        return;
    m_list->setEnabled(m_selected->isChecked());
    const bool several = m_all->isChecked() || (m_selected->isChecked() && conversationIds().size() != 1);
    m_oneFile->setEnabled(several);
    m_folder->setEnabled(several);
    m_buttons->button(QDialogButtonBox::Ok)
        ->setEnabled(m_all->isChecked() || m_current->isChecked() || !conversationIds().isEmpty());
}

} // namespace Tandem
