#include "Sidebar.h"

#include "ConversationDelegate.h"
#include "MainActions.h"
#include "presentation/ConversationListModel.h"
#include "presentation/ConversationSearchModel.h"

#include <QAction>
#include <QEvent>
#include <QLineEdit>
#include <QListView>
#include <QMenu>
#include <QPushButton>
#include <QTimer>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace Tandem {

Sidebar::Sidebar(ConversationListModel *model, MainActions *actions, QWidget *parent)
    : QWidget(parent)
    , m_model(model)
    , m_actions(actions)
{
    setObjectName(u"Sidebar"_s);

    m_newButton = new QPushButton(this);
    m_newButton->setObjectName(u"NewConversationButton"_s);
    m_newButton->setIcon(actions->newConversation()->icon());
    connect(m_newButton, &QPushButton::clicked, actions->newConversation(), &QAction::trigger);

    m_search = new QLineEdit(this);
    m_search->setObjectName(u"SearchField"_s);
    m_search->setClearButtonEnabled(true);
    auto *searchDelay = new QTimer(this);
    searchDelay->setSingleShot(true);
    searchDelay->setInterval(200);
    connect(m_search, &QLineEdit::textChanged, searchDelay, qOverload<>(&QTimer::start));
    m_searchModel = new ConversationSearchModel(model->conversationsApi(), model->events(), this);
    connect(searchDelay, &QTimer::timeout, this, [this] {
        const bool searching = !m_search->text().trimmed().isEmpty();
        m_searchModel->setQuery(m_search->text());
        showModel(searching ? static_cast<QAbstractItemModel *>(m_searchModel) : m_model);
        Q_EMIT filterApplied();
    });
    // Results read again (a conversation changed) may have moved the current one.
    connect(m_searchModel, &ConversationSearchModel::searched, this, [this] {
        if (m_list->model() == m_searchModel)
            Q_EMIT filterApplied();
    });

    m_list = new QListView(this);
    m_list->setObjectName(u"ConversationList"_s);
    m_list->setItemDelegate(new ConversationDelegate(m_list));
    m_list->setMouseTracking(true);
    m_list->setFrameShape(QFrame::NoFrame);
    m_list->setContextMenuPolicy(Qt::CustomContextMenu);
    m_list->addAction(actions->rename());
    m_list->addAction(actions->remove());
    showModel(m_model);
    connect(m_list, &QListView::customContextMenuRequested, this, [this](const QPoint &pos) {
        const QModelIndex index = m_list->indexAt(pos);
        if (!index.isValid())
            return;
        m_list->setCurrentIndex(index);
        m_actions->pin()->setText(index.data(ConversationListModel::PinnedRole).toBool() ? tr("Un&pin") : tr("&Pin"));
        QMenu menu(this);
        menu.setAccessibleName(tr("Conversation actions"));
        menu.addAction(m_actions->rename());
        menu.addAction(m_actions->pin());
        menu.addSeparator();
        menu.addAction(m_actions->remove());
        menu.exec(m_list->viewport()->mapToGlobal(pos));
    });

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(6, 6, 0, 6);
    layout->addWidget(m_newButton);
    layout->addWidget(m_search);
    layout->addWidget(m_list, 1);
    setMinimumWidth(200);
    retranslate();
}

void Sidebar::showModel(QAbstractItemModel *model)
{
    if (m_list->model() == model)
        return;
    QItemSelectionModel *previous = m_list->selectionModel();
    m_list->setModel(model);
    delete previous; // setModel() gives the list a new selection model and leaves the old one
    connect(m_list->selectionModel(), &QItemSelectionModel::currentChanged, this, [this](const QModelIndex &current) {
        if (!m_selecting && current.isValid())
            Q_EMIT conversationPicked(current.data(ConversationListModel::IdRole).toLongLong());
    });
}

int Sidebar::rowOf(qint64 conversationId) const
{
    return m_list->model() == m_searchModel ? m_searchModel->rowOf(conversationId) : m_model->rowOf(conversationId);
}

void Sidebar::select(qint64 conversationId)
{
    const int row = rowOf(conversationId);
    m_selecting = true;
    if (row >= 0)
        m_list->setCurrentIndex(m_list->model()->index(row, 0));
    else
        m_list->clearSelection();
    m_selecting = false;
}

qint64 Sidebar::currentId() const
{
    const QModelIndex index = m_list->currentIndex();
    return index.isValid() ? index.data(ConversationListModel::IdRole).toLongLong() : 0;
}

void Sidebar::focusSearch()
{
    m_search->setFocus(Qt::ShortcutFocusReason);
    m_search->selectAll();
}

void Sidebar::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QWidget::changeEvent(event);
}

void Sidebar::retranslate()
{
    m_newButton->setText(tr("New conversation"));
    m_newButton->setAccessibleName(tr("New conversation"));
    m_newButton->setToolTip(m_actions->newConversation()->toolTip());
    m_search->setPlaceholderText(tr("Search titles and messages (Ctrl+F)"));
    m_search->setAccessibleName(tr("Search conversations"));
    m_list->setAccessibleName(tr("Conversations"));
}

} // namespace Tandem
