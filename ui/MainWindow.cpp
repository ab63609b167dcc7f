#include "MainWindow.h"

#include "Composer.h"

#include <QCloseEvent>
#include <QLabel>
#include <QLineEdit>
#include <QListView>
#include <QPushButton>
#include <QSettings>
#include <QSplitter>
#include <QStackedWidget>
#include <QStatusBar>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace Tandem {

MainWindow::MainWindow(QWidget *parent)
    : QMainWindow(parent)
{
    setWindowTitle(tr("Tandem"));
    setObjectName(u"MainWindow"_s);

    m_splitter = new QSplitter(Qt::Horizontal, this);
    m_splitter->setObjectName(u"MainSplitter"_s);
    m_splitter->setChildrenCollapsible(false);
    m_splitter->addWidget(createSidebar());
    m_splitter->addWidget(createChatArea());
    m_splitter->setStretchFactor(0, 0);
    m_splitter->setStretchFactor(1, 1);
    setCentralWidget(m_splitter);

    m_statusAgent = new QLabel(tr("No provider configured"), this);
    m_statusAgent->setAccessibleName(tr("Active agent, provider and model"));
    statusBar()->addPermanentWidget(m_statusAgent);

    restoreLayout();
}

MainWindow::~MainWindow() = default;

QWidget *MainWindow::createSidebar()
{
    auto *sidebar = new QWidget(this);
    sidebar->setObjectName(u"Sidebar"_s);

    m_newConversation = new QPushButton(tr("New conversation"), sidebar);
    m_newConversation->setAccessibleName(tr("New conversation"));
    m_newConversation->setEnabled(false);
    m_newConversation->setToolTip(tr("Conversations arrive with the chat engine"));

    m_search = new QLineEdit(sidebar);
    m_search->setPlaceholderText(tr("Search conversations"));
    m_search->setAccessibleName(tr("Search conversations"));
    m_search->setClearButtonEnabled(true);

    m_conversations = new QListView(sidebar);
    m_conversations->setObjectName(u"ConversationList"_s);
    m_conversations->setAccessibleName(tr("Conversations"));
    m_conversations->setUniformItemSizes(true);

    auto *layout = new QVBoxLayout(sidebar);
    layout->setContentsMargins(6, 6, 0, 6);
    layout->addWidget(m_newConversation);
    layout->addWidget(m_search);
    layout->addWidget(m_conversations, 1);
    sidebar->setMinimumWidth(200);
    return sidebar;
}

QWidget *MainWindow::createChatArea()
{
    auto *area = new QWidget(this);

    m_chatStack = new QStackedWidget(area);
    m_emptyChat = new QLabel(tr("No conversation yet.\nWrite a message below to start one."), m_chatStack);
    m_emptyChat->setAlignment(Qt::AlignCenter);
    m_emptyChat->setWordWrap(true);
    m_emptyChat->setForegroundRole(QPalette::PlaceholderText);
    m_messages = new QListView(m_chatStack);
    m_messages->setObjectName(u"MessageList"_s);
    m_messages->setAccessibleName(tr("Messages"));
    m_messages->setVerticalScrollMode(QAbstractItemView::ScrollPerPixel);
    m_chatStack->addWidget(m_emptyChat);
    m_chatStack->addWidget(m_messages);

    m_composer = new Composer(area);
    m_composer->setSendingEnabled(false, tr("Add a provider in Settings to start chatting"));

    auto *layout = new QVBoxLayout(area);
    layout->setContentsMargins(0, 6, 6, 6);
    layout->addWidget(m_chatStack, 1);
    layout->addWidget(m_composer);
    return area;
}

void MainWindow::restoreLayout()
{
    QSettings settings;
    if (!restoreGeometry(settings.value(u"window/geometry"_s).toByteArray()))
        resize(1100, 720);
    if (!m_splitter->restoreState(settings.value(u"window/splitter"_s).toByteArray()))
        m_splitter->setSizes({260, 840});
}

void MainWindow::saveLayout() const
{
    QSettings settings;
    settings.setValue(u"window/geometry"_s, saveGeometry());
    settings.setValue(u"window/splitter"_s, m_splitter->saveState());
}

void MainWindow::closeEvent(QCloseEvent *event)
{
    saveLayout();
    QMainWindow::closeEvent(event);
}

} // namespace Tandem
