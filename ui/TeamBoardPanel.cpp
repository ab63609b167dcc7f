#include "TeamBoardPanel.h"

#include "Theme.h"
#include "presentation/TeamBoardViewModel.h"

#include <QEvent>
#include <QHeaderView>
#include <QLabel>
#include <QListWidget>
#include <QSplitter>
#include <QTreeView>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace Tandem {

TeamBoardPanel::TeamBoardPanel(TeamBoardViewModel *board, QWidget *parent)
    : QWidget(parent)
    , m_board(board)
{
    setObjectName(u"TeamBoardPanel"_s);
    m_status = new QLabel(this);
    m_status->setObjectName(u"TeamBoardState"_s);
    m_status->setWordWrap(true);
    m_stories = new QTreeView(this);
    m_stories->setObjectName(u"TeamStories"_s);
    m_stories->setRootIsDecorated(false);
    m_stories->setUniformRowHeights(true);
    m_stories->setAllColumnsShowFocus(true);
    m_summary = new QLabel(this);
    m_summary->setObjectName(u"TeamStorySummary"_s);
    m_summary->setWordWrap(true);
    m_handoffs = new QListWidget(this);
    m_handoffs->setObjectName(u"TeamStoryHandoffs"_s);

    auto *story = new QWidget(this);
    auto *storyLayout = new QVBoxLayout(story);
    storyLayout->setContentsMargins(0, 0, 0, 0);
    storyLayout->addWidget(m_summary);
    storyLayout->addWidget(m_handoffs);
    auto *splitter = new QSplitter(Qt::Vertical, this);
    splitter->addWidget(m_stories);
    splitter->addWidget(story);
    splitter->setChildrenCollapsible(false);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_status);
    layout->addWidget(splitter, 1);

    if (m_board) {
        m_stories->setModel(m_board->stories());
        m_stories->header()->setSectionResizeMode(QHeaderView::ResizeToContents);
        connect(m_stories->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            [this](const QModelIndex &current) { m_board->openStory(current.row()); });
        connect(m_board, &TeamBoardViewModel::stateChanged, this, &TeamBoardPanel::showState);
        connect(m_board->stories(), &QAbstractItemModel::rowsInserted, this, &TeamBoardPanel::showState);
        connect(m_board->stories(), &QAbstractItemModel::modelReset, this, &TeamBoardPanel::showState);
        connect(m_board, &TeamBoardViewModel::storyChanged, this, &TeamBoardPanel::showStory);
    }
    changeEvent(nullptr);
}

void TeamBoardPanel::changeEvent(QEvent *event)
{
    if (!event || event->type() == QEvent::LanguageChange) {
        m_stories->setAccessibleName(tr("Team stories"));
        m_handoffs->setAccessibleName(tr("The story's handoffs"));
        showState();
        showStory();
    }
    if (event)
        QWidget::changeEvent(event);
}

void TeamBoardPanel::showState()
{
    m_status->setText(m_board ? m_board->statusText() : QString());
    const bool offline = m_board && m_board->state() == TeamBoard::State::Offline;
    QPalette palette = m_status->palette();
    palette.setColor(QPalette::WindowText, offline ? Theme::errorColor() : this->palette().color(QPalette::WindowText));
    m_status->setPalette(palette);
    // What an offline board showed last stays readable, greyed: it is no longer live.
    m_stories->setEnabled(m_board && m_board->state() != TeamBoard::State::Offline);
}

void TeamBoardPanel::showStory()
{
    if (!m_board)
        return;
    const QString summary = m_board->openedStorySummary();
    m_summary->setText(summary.isEmpty() ? tr("Pick a story to see its handoffs.") : summary);
    m_handoffs->clear();
    m_handoffs->addItems(m_board->openedStoryHandoffs());
}

} // namespace Tandem
