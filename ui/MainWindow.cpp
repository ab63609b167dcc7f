#include "MainWindow.h"

#include "ApprovalDialog.h"
#include "ChatView.h"
#include "Composer.h"
#include "ConversationDelegate.h"
#include "ExportDialog.h"
#include "FirstRunDialog.h"
#include "SettingsDialog.h"
#include "presentation/ChatViewModel.h"
#include "presentation/ConversationListModel.h"
#include "presentation/ExchangeViewModel.h"
#include "presentation/MessageListModel.h"
#include "presentation/SettingsViewModel.h"

#include <QAction>
#include <QCloseEvent>
#include <QComboBox>
#include <QFileDialog>
#include <QInputDialog>
#include <QLabel>
#include <QLineEdit>
#include <QListView>
#include <QLocale>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QProgressDialog>
#include <QPushButton>
#include <QSettings>
#include <QShortcut>
#include <QSplitter>
#include <QStackedWidget>
#include <QStatusBar>
#include <QTimer>
#include <QToolBar>
#include <QToolButton>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace Tandem {

MainWindow::MainWindow(ChatRepository *repository, SettingsViewModel *settings, QWidget *parent)
    : QMainWindow(parent)
    , m_settings(settings)
    , m_viewModel(new ChatViewModel(repository, this))
    , m_conversationModel(new ConversationListModel(repository, this))
{
    setWindowTitle(tr("Tandem"));
    setObjectName(u"MainWindow"_s);

    createActions();
    createMenuBar();
    createToolBar();
    m_splitter = new QSplitter(Qt::Horizontal, this);
    m_splitter->setObjectName(u"MainSplitter"_s);
    m_splitter->setChildrenCollapsible(false);
    m_splitter->addWidget(createSidebar());
    m_splitter->addWidget(createChatArea());
    m_splitter->setStretchFactor(0, 0);
    m_splitter->setStretchFactor(1, 1);
    setCentralWidget(m_splitter);

    m_statusAgent = new QLabel(this);
    m_statusAgent->setObjectName(u"StatusLine"_s);
    m_statusAgent->setAccessibleName(tr("Active agent, provider and model"));
    statusBar()->addPermanentWidget(m_statusAgent);
    m_localServerOffer = new QLabel(this);
    m_localServerOffer->setObjectName(u"LocalServerOffer"_s);
    m_localServerOffer->setAccessibleName(tr("Model servers found on this computer"));
    m_localServerOffer->setTextFormat(Qt::RichText);
    m_localServerOffer->setTextInteractionFlags(Qt::LinksAccessibleByMouse | Qt::LinksAccessibleByKeyboard);
    m_localServerOffer->hide();
    statusBar()->addWidget(m_localServerOffer);
    connect(m_localServerOffer, &QLabel::linkActivated, this, [this] {
        for (const ProviderProfile &found : std::exchange(m_foundServers, {}))
            if (!m_settings->isConfigured(found))
                m_settings->saveProvider(found);
        offerLocalServers();
    });
    if (m_settings) {
        connect(m_settings, &SettingsViewModel::localServerDetected, this,
            [this](const ProviderProfile &profile, const QStringList &) {
                if (isVisible() && !m_settings->isConfigured(profile)) {
                    m_foundServers.append(profile);
                    offerLocalServers();
                }
            });
        connect(m_settings, &SettingsViewModel::providersChanged, this, [this] {
            m_foundServers.removeIf([this](const ProviderProfile &found) { return m_settings->isConfigured(found); });
            offerLocalServers();
        });
    }

    bindViewModel();
    restoreLayout();
    // A refused agent file is said once, until another message replaces it; the shipped agent answers meanwhile.
    if (const QString problems = m_viewModel->agentProblemsText(); !problems.isEmpty())
        statusBar()->showMessage(problems);
}

MainWindow::~MainWindow() = default;

void MainWindow::createActions()
{
    m_newAction = new QAction(tr("&New Conversation"), this);
    m_newAction->setShortcut(QKeySequence::New);
    m_newAction->setToolTip(
        tr("Start a new conversation (%1)").arg(m_newAction->shortcut().toString(QKeySequence::NativeText)));
    connect(m_newAction, &QAction::triggered, this, &MainWindow::newConversation);
    addAction(m_newAction);

    m_dualAction = new QAction(tr("&Dual agents"), this);
    m_dualAction->setObjectName(u"DualAgentAction"_s);
    m_dualAction->setCheckable(true);
    m_dualAction->setToolTip(
        tr("Dual-agent mode for this conversation: agent 1 clarifies, then hands over to agent 2"));
    connect(m_dualAction, &QAction::toggled, this, [this](bool on) {
        if (on != m_viewModel->isDualMode())
            m_viewModel->setDualMode(on);
    });

    m_stopAction = new QAction(tr("S&top"), this);
    m_stopAction->setShortcut(Qt::Key_Escape);
    m_stopAction->setShortcutContext(Qt::WindowShortcut);
    m_stopAction->setEnabled(false);
    connect(m_stopAction, &QAction::triggered, m_viewModel, &ChatViewModel::stop);
    addAction(m_stopAction);

    m_settingsAction = new QAction(tr("&Settings…"), this);
    m_settingsAction->setShortcut(QKeySequence::Preferences);
    m_settingsAction->setToolTip(tr("Providers, models, language and theme"));
    connect(m_settingsAction, &QAction::triggered, this, &MainWindow::openSettings);

    m_renameAction = new QAction(tr("&Rename…"), this);
    m_renameAction->setShortcut(Qt::Key_F2);
    m_renameAction->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    connect(m_renameAction, &QAction::triggered, this, &MainWindow::renameCurrent);
    m_deleteAction = new QAction(tr("&Delete…"), this);
    m_deleteAction->setShortcut(QKeySequence::Delete);
    m_deleteAction->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    connect(m_deleteAction, &QAction::triggered, this, &MainWindow::deleteCurrent);
    m_pinAction = new QAction(tr("&Pin"), this);
    connect(m_pinAction, &QAction::triggered, this, &MainWindow::togglePinCurrent);

    m_exportAction = new QAction(tr("&Export…"), this);
    m_exportAction->setObjectName(u"ExportAction"_s);
    m_exportAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_E));
    m_exportAction->setToolTip(tr("Export conversations to Markdown, JSON, HTML, PDF or plain text"));
    m_exportAction->setEnabled(false);
    connect(m_exportAction, &QAction::triggered, this, &MainWindow::exportConversations);
    addAction(m_exportAction);
    m_importAction = new QAction(tr("&Import…"), this);
    m_importAction->setObjectName(u"ImportAction"_s);
    m_importAction->setToolTip(tr("Add the conversations of a Tandem JSON export"));
    m_importAction->setEnabled(false);
    connect(m_importAction, &QAction::triggered, this, &MainWindow::importConversations);
    m_quitAction = new QAction(tr("&Quit"), this);
    m_quitAction->setShortcut(QKeySequence::Quit);
    m_quitAction->setMenuRole(QAction::QuitRole);
    connect(m_quitAction, &QAction::triggered, this, &QWidget::close);

    auto *focusComposer = new QShortcut(QKeySequence(Qt::CTRL | Qt::Key_L), this);
    connect(focusComposer, &QShortcut::activated, this, [this] { m_composer->focusEditor(); });
    auto *focusSearch = new QShortcut(QKeySequence::Find, this);
    connect(focusSearch, &QShortcut::activated, this, [this] {
        m_search->setFocus(Qt::ShortcutFocusReason);
        m_search->selectAll();
    });
}

void MainWindow::createMenuBar()
{
    QMenu *file = menuBar()->addMenu(tr("&File"));
    file->setObjectName(u"FileMenu"_s);
    file->addAction(m_newAction);
    file->addSeparator();
    file->addAction(m_exportAction);
    file->addAction(m_importAction);
    file->addSeparator();
    file->addAction(m_settingsAction);
    file->addSeparator();
    file->addAction(m_quitAction);
}

void MainWindow::setExchange(ExchangeViewModel *exchange)
{
    if (m_exchange)
        disconnect(m_exchange, nullptr, this, nullptr);
    m_exchange = exchange;
    m_exportAction->setEnabled(m_exchange && m_viewModel->hasRepository());
    m_importAction->setEnabled(m_exchange && m_viewModel->hasRepository());
    if (!m_exchange)
        return;
    connect(m_exchange, &ExchangeViewModel::exportProgress, this, [this](qint64 done, qint64 total) {
        if (m_progress)
            m_progress->setValue(total > 0 ? int(done * 1000 / total) : 0);
    });
    connect(m_exchange, &ExchangeViewModel::exportFinished, this, [this](bool ok, const QString &message) {
        const bool cancelled = m_progress && m_progress->wasCanceled();
        if (m_progress) {
            m_progress->hide();
            m_progress->deleteLater();
            m_progress = nullptr;
        }
        statusBar()->showMessage(message, 8000);
        if (!ok && !cancelled)
            QMessageBox::warning(this, tr("Export failed"), message);
    });
}

void MainWindow::exportConversations()
{
    if (!m_exchange || m_exchange->isExporting())
        return;
    ExportDialog dialog(m_conversationModel, m_viewModel->conversationId(), this);
    if (dialog.exec() != QDialog::Accepted)
        return;
    const QList<qint64> ids = dialog.conversationIds();
    const bool all = dialog.scope() == ExportDialog::Scope::All;
    const QString format = dialog.format();
    QString path;
    if (dialog.toFolder()) {
        path = QFileDialog::getExistingDirectory(this, tr("Export to Folder"));
    } else {
        QString title;
        if (ids.size() == 1)
            if (const auto conversation = m_conversationModel->conversation(ids.constFirst()))
                title = conversation->title;
        path = QFileDialog::getSaveFileName(this, tr("Export Conversations"),
            ExchangeViewModel::suggestedFileName(title, all ? 0 : int(ids.size()), format),
            ExchangeViewModel::fileFilter(format));
    }
    if (!path.isEmpty())
        startExport(ids, all, format, path, dialog.toFolder());
}

bool MainWindow::startExport(
    const QList<qint64> &ids, bool all, const QString &format, const QString &path, bool toFolder)
{
    if (!m_exchange)
        return false;
    auto *progress = new QProgressDialog(tr("Exporting conversations…"), tr("Cancel"), 0, 1000, this);
    progress->setObjectName(u"ExportProgress"_s);
    progress->setWindowTitle(tr("Export"));
    progress->setWindowModality(Qt::WindowModal);
    progress->setAutoClose(false);
    progress->setAutoReset(false);
    progress->setMinimumDuration(400); // a short export finishes before it would show
    progress->setValue(0);
    connect(progress, &QProgressDialog::canceled, this, [this] {
        if (m_exchange)
            m_exchange->cancelExport();
    });
    m_progress = progress;
    if (!m_exchange->startExport(ids, all, format, path, toFolder)) {
        m_progress = nullptr;
        progress->deleteLater();
        QMessageBox::warning(this, tr("Export failed"), m_exchange->lastMessage());
        return false;
    }
    return true;
}

void MainWindow::importConversations()
{
    if (!m_exchange)
        return;
    const QString path = QFileDialog::getOpenFileName(
        this, tr("Import Conversations"), QString(), ExchangeViewModel::fileFilter(u"json"_s));
    if (!path.isEmpty())
        importFrom(path);
}

bool MainWindow::importFrom(const QString &path)
{
    if (!m_exchange)
        return false;
    if (!m_exchange->importFile(path)) {
        QMessageBox::warning(this, tr("Import refused"), m_exchange->lastMessage());
        return false;
    }
    if (!m_search->text().isEmpty())
        m_search->clear();
    m_conversationModel->refresh();
    const QList<qint64> ids = m_exchange->lastImportedIds();
    if (!ids.isEmpty())
        m_viewModel->openConversation(ids.constFirst());
    statusBar()->showMessage(m_exchange->lastMessage(), 8000);
    return true;
}

void MainWindow::createToolBar()
{
    auto *bar = addToolBar(tr("Conversation"));
    bar->setObjectName(u"ConversationToolBar"_s);
    bar->setMovable(false);
    bar->setToolButtonStyle(Qt::ToolButtonTextOnly);
    bar->addAction(m_newAction);
    bar->addSeparator();

    auto *modeLabel = new QLabel(tr("Mode:"), bar);
    modeLabel->setContentsMargins(6, 0, 4, 0);
    bar->addWidget(modeLabel);
    m_modeSelector = new QComboBox(bar);
    m_modeSelector->setObjectName(u"ModeSelector"_s);
    m_modeSelector->setAccessibleName(tr("Conversation mode"));
    m_modeSelector->setToolTip(tr("How the agents share this conversation"));
    m_modeSelector->addItem(tr("Single agent"), int(Conversation::Mode::Single));
    m_modeSelector->addItem(tr("Dual agents"), int(Conversation::Mode::Dual));
    m_modeSelector->addItem(tr("Pipeline"), int(Conversation::Mode::Pipeline));
    // Router mode joins the selector when the engine runs it (seed 004).
    modeLabel->setBuddy(m_modeSelector);
    connect(m_modeSelector, &QComboBox::activated, this, [this](int index) {
        m_viewModel->setMode(Conversation::Mode(m_modeSelector->itemData(index).toInt()));
        updateModeControls();
    });
    bar->addWidget(m_modeSelector);

    bar->addAction(m_dualAction);
    if (auto *button = qobject_cast<QToolButton *>(bar->widgetForAction(m_dualAction))) {
        button->setObjectName(u"DualAgentToggle"_s);
        button->setAccessibleName(tr("Dual-agent mode"));
        button->setCheckable(true);
        button->setAutoRaise(false);
    }
    // Agent-specific reset (seed 000): one agent forgets the conversation, the others keep their threads.
    m_resetAgentAction = new QAction(tr("&Reset an Agent"), this);
    m_resetAgentAction->setToolTip(tr("Make one agent forget this conversation; the messages and the other agents' "
                                      "threads stay"));
    auto *resetMenu = new QMenu(this);
    resetMenu->setObjectName(u"ResetAgentMenu"_s);
    connect(resetMenu, &QMenu::aboutToShow, this, [this, resetMenu] { fillResetAgentMenu(resetMenu); });
    m_resetAgentAction->setMenu(resetMenu);
    bar->addAction(m_resetAgentAction);
    if (auto *button = qobject_cast<QToolButton *>(bar->widgetForAction(m_resetAgentAction))) {
        button->setObjectName(u"ResetAgentButton"_s);
        button->setPopupMode(QToolButton::InstantPopup);
    }

    auto *spacer = new QWidget(bar);
    spacer->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Preferred);
    bar->addWidget(spacer);
    bar->addAction(m_settingsAction);
    for (QAction *action : bar->actions())
        if (auto *button = qobject_cast<QToolButton *>(bar->widgetForAction(action));
            button && button->accessibleName().isEmpty())
            button->setAccessibleName(action->text().remove(u'&'));
}

QWidget *MainWindow::createSidebar()
{
    auto *sidebar = new QWidget(this);
    sidebar->setObjectName(u"Sidebar"_s);

    m_newConversation = new QPushButton(tr("New conversation"), sidebar);
    m_newConversation->setObjectName(u"NewConversationButton"_s);
    m_newConversation->setAccessibleName(tr("New conversation"));
    m_newConversation->setToolTip(m_newAction->toolTip());
    m_newConversation->setEnabled(m_viewModel->hasRepository());
    connect(m_newConversation, &QPushButton::clicked, this, &MainWindow::newConversation);

    m_search = new QLineEdit(sidebar);
    m_search->setObjectName(u"SearchField"_s);
    m_search->setPlaceholderText(tr("Search titles and messages (Ctrl+F)"));
    m_search->setAccessibleName(tr("Search conversations"));
    m_search->setClearButtonEnabled(true);
    auto *searchDelay = new QTimer(this);
    searchDelay->setSingleShot(true);
    searchDelay->setInterval(200);
    connect(m_search, &QLineEdit::textChanged, searchDelay, qOverload<>(&QTimer::start));
    connect(searchDelay, &QTimer::timeout, this, [this] {
        m_conversationModel->setFilter(m_search->text());
        selectCurrentInSidebar();
    });

    m_conversations = new QListView(sidebar);
    m_conversations->setObjectName(u"ConversationList"_s);
    m_conversations->setAccessibleName(tr("Conversations"));
    m_conversations->setModel(m_conversationModel);
    m_conversations->setItemDelegate(new ConversationDelegate(m_conversations));
    m_conversations->setMouseTracking(true);
    m_conversations->setFrameShape(QFrame::NoFrame);
    m_conversations->setContextMenuPolicy(Qt::CustomContextMenu);
    m_conversations->addAction(m_renameAction);
    m_conversations->addAction(m_deleteAction);
    connect(m_conversations->selectionModel(), &QItemSelectionModel::currentChanged, this,
        [this](const QModelIndex &current) {
            if (m_syncingSelection || !current.isValid())
                return;
            m_viewModel->openConversation(current.data(ConversationListModel::IdRole).toLongLong());
        });
    connect(m_conversations, &QListView::customContextMenuRequested, this, [this](const QPoint &pos) {
        const QModelIndex index = m_conversations->indexAt(pos);
        if (!index.isValid())
            return;
        m_conversations->setCurrentIndex(index);
        m_pinAction->setText(index.data(ConversationListModel::PinnedRole).toBool() ? tr("Un&pin") : tr("&Pin"));
        QMenu menu(this);
        menu.setAccessibleName(tr("Conversation actions"));
        menu.addAction(m_renameAction);
        menu.addAction(m_pinAction);
        menu.addSeparator();
        menu.addAction(m_deleteAction);
        menu.exec(m_conversations->viewport()->mapToGlobal(pos));
    });
    connect(m_conversationModel, &QAbstractItemModel::rowsMoved, this, &MainWindow::selectCurrentInSidebar);
    connect(m_conversationModel, &QAbstractItemModel::rowsInserted, this, &MainWindow::selectCurrentInSidebar);
    connect(m_conversationModel, &QAbstractItemModel::modelReset, this, &MainWindow::selectCurrentInSidebar);

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
    m_emptyChat = new QLabel(m_chatStack);
    m_emptyChat->setObjectName(u"EmptyChat"_s);
    m_emptyChat->setAlignment(Qt::AlignCenter);
    m_emptyChat->setWordWrap(true);
    m_emptyChat->setForegroundRole(QPalette::PlaceholderText);
    m_chatView = new ChatView(m_chatStack);
    m_chatView->setViewModel(m_viewModel);
    m_chatStack->addWidget(m_emptyChat);
    m_chatStack->addWidget(m_chatView);
    updateEmptyChat();
    connect(m_conversationModel, &ConversationListModel::hasConversationsChanged, this, &MainWindow::updateEmptyChat);

    m_working = new QLabel(area);
    m_working->setObjectName(u"WorkingIndicator"_s);
    m_working->setAccessibleName(tr("Working agent"));
    m_working->setForegroundRole(QPalette::PlaceholderText);
    m_working->setVisible(false);
    m_error = new QLabel(area);
    m_error->setObjectName(u"ErrorLine"_s);
    m_error->setAccessibleName(tr("Last error"));
    m_error->setWordWrap(true);
    m_error->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_error->setStyleSheet(u"color: #d92d20;"_s);
    m_error->setVisible(false);

    m_composer = new Composer(area);
    connect(m_composer, &Composer::sendRequested, this, [this](const QString &text) {
        if (m_viewModel->send(text))
            m_composer->clear();
    });
    connect(m_composer, &Composer::stopRequested, m_viewModel, &ChatViewModel::stop);

    auto *layout = new QVBoxLayout(area);
    layout->setContentsMargins(0, 6, 6, 6);
    layout->addWidget(m_chatStack, 1);
    layout->addWidget(m_working);
    layout->addWidget(m_error);
    layout->addWidget(m_composer);
    return area;
}

void MainWindow::updateEmptyChat()
{
    m_emptyChat->setText(m_conversationModel->hasConversations()
            ? tr("Pick a conversation on the left,\nor write a message below to start a new one.")
            : tr("No conversation yet.\nWrite a message below to start one."));
}

void MainWindow::bindViewModel()
{
    connect(m_viewModel, &ChatViewModel::conversationChanged, this, [this](qint64 id) {
        m_chatStack->setCurrentWidget(id > 0 ? static_cast<QWidget *>(m_chatView) : m_emptyChat);
        selectCurrentInSidebar();
        updateModeControls();
    });
    connect(m_viewModel, &ChatViewModel::modeChanged, this, &MainWindow::updateModeControls);
    connect(m_viewModel, &ChatViewModel::runningChanged, this, [this](bool running) {
        m_composer->setRunning(running);
        m_stopAction->setEnabled(running);
    });
    connect(m_viewModel, &ChatViewModel::workingChanged, this, [this] {
        const QString text = m_viewModel->workingText();
        m_working->setText(text);
        m_working->setVisible(!text.isEmpty());
    });
    connect(m_viewModel, &ChatViewModel::statusChanged, this,
        [this] { m_statusAgent->setText(m_viewModel->statusText()); });
    connect(m_viewModel, &ChatViewModel::errorChanged, this, [this](const QString &error) {
        m_error->setText(error);
        m_error->setVisible(!error.isEmpty());
    });
    connect(m_viewModel, &ChatViewModel::approvalRequested, this, &MainWindow::showApproval, Qt::QueuedConnection);
    connect(m_viewModel->messages(), &QAbstractItemModel::rowsInserted, this, [this] {
        if (m_chatStack->currentWidget() != m_chatView && m_viewModel->conversationId() > 0)
            m_chatStack->setCurrentWidget(m_chatView);
    });
    if (m_settings) {
        const auto names = [this] {
            QHash<QString, QString> map;
            const QList<ProviderProfile> providers = m_settings->providers();
            for (const ProviderProfile &p : providers)
                map.insert(p.id, p.name);
            m_viewModel->setProviderNames(map);
            updateSendingState();
        };
        connect(m_settings, &SettingsViewModel::providersChanged, this, names);
        names();
    }
    m_statusAgent->setText(m_viewModel->statusText());
    updateSendingState();
    updateModeControls();
}

void MainWindow::updateSendingState()
{
    if (!m_viewModel->hasRepository())
        m_composer->setSendingEnabled(false, tr("Tandem has no chat engine"));
    else if (m_settings && !m_settings->hasProviders())
        m_composer->setSendingEnabled(false, tr("Add a provider in Settings to start chatting"));
    else
        m_composer->setSendingEnabled(true);
}

void MainWindow::updateModeControls()
{
    const int index = m_modeSelector->findData(int(m_viewModel->mode()));
    if (index >= 0)
        m_modeSelector->setCurrentIndex(index);
    const QSignalBlocker blocker(m_dualAction);
    m_dualAction->setChecked(m_viewModel->conversationId() > 0 && m_viewModel->isDualMode());
    const bool engine = m_viewModel->hasRepository();
    m_modeSelector->setEnabled(engine);
    m_dualAction->setEnabled(engine);
    m_resetAgentAction->setEnabled(engine && m_viewModel->conversationId() > 0);
}

void MainWindow::selectCurrentInSidebar()
{
    const int row = m_conversationModel->rowOf(m_viewModel->conversationId());
    m_syncingSelection = true;
    if (row >= 0)
        m_conversations->setCurrentIndex(m_conversationModel->index(row));
    else
        m_conversations->clearSelection();
    m_syncingSelection = false;
}

qint64 MainWindow::conversationAtCursor() const
{
    const QModelIndex index = m_conversations->currentIndex();
    return index.isValid() ? index.data(ConversationListModel::IdRole).toLongLong() : m_viewModel->conversationId();
}

void MainWindow::newConversation()
{
    if (!m_viewModel->hasRepository())
        return;
    if (!m_search->text().isEmpty())
        m_search->clear();
    const bool dual = m_dualAction->isChecked();
    m_viewModel->newConversation(dual ? Conversation::Mode::Dual : Conversation::Mode::Single);
    m_composer->focusEditor();
}

void MainWindow::renameCurrent()
{
    const qint64 id = conversationAtCursor();
    const auto conversation = m_conversationModel->conversation(id);
    if (!conversation)
        return;
    bool ok = false;
    const QString title = QInputDialog::getText(
        this, tr("Rename Conversation"), tr("Title:"), QLineEdit::Normal, conversation->title, &ok);
    if (ok)
        m_conversationModel->rename(id, title);
}

void MainWindow::deleteCurrent()
{
    const qint64 id = conversationAtCursor();
    const auto conversation = m_conversationModel->conversation(id);
    if (!conversation)
        return;
    const QString title = !conversation->title.isEmpty() ? conversation->title : tr("New conversation");
    QMessageBox box(QMessageBox::Warning, tr("Delete Conversation"),
        tr("Delete “%1” with all its messages and handoffs? This cannot be undone.").arg(title), QMessageBox::Cancel,
        this);
    QPushButton *remove = box.addButton(tr("&Delete"), QMessageBox::DestructiveRole);
    box.setDefaultButton(QMessageBox::Cancel);
    box.exec();
    if (box.clickedButton() != remove)
        return;
    if (id == m_viewModel->conversationId())
        m_viewModel->openConversation(0);
    m_conversationModel->remove(id);
}

void MainWindow::togglePinCurrent()
{
    const qint64 id = conversationAtCursor();
    if (const auto conversation = m_conversationModel->conversation(id))
        m_conversationModel->setPinned(id, !conversation->pinned);
}

void MainWindow::openSettings()
{
    if (!m_settings) {
        QMessageBox::information(this, tr("Settings"), tr("Settings are not available in this window."));
        return;
    }
    SettingsDialog dialog(m_settings, this);
    if (m_localApi)
        dialog.addLocalApiPage(m_localApi);
    dialog.exec();
    updateSendingState();
}

void MainWindow::runFirstRunIfNeeded()
{
    if (!m_settings)
        return;
    if (m_settings->hasProviders()) {
        m_foundServers.clear();
        m_settings->detectLocalServers(); // asynchronous: the window is already there
        return;
    }
    FirstRunDialog dialog(m_settings, this);
    dialog.exec();
    updateSendingState();
}

void MainWindow::fillResetAgentMenu(QMenu *menu)
{
    menu->clear();
    const QList<QPair<QString, QString>> agents = m_viewModel->agents();
    for (const auto &[id, name] : agents) {
        QAction *action = menu->addAction(tr("Reset %1…").arg(name));
        action->setData(id);
        action->setEnabled(!m_viewModel->isRunning());
        connect(action, &QAction::triggered, this, [this, id = id, name = name] {
            const auto answer = QMessageBox::question(this, tr("Reset %1").arg(name),
                tr("%1 will forget this conversation and start afresh with the next message that reaches it. The "
                   "messages stay, and the other agents keep their threads.")
                    .arg(name),
                QMessageBox::Reset | QMessageBox::Cancel, QMessageBox::Cancel);
            if (answer != QMessageBox::Reset)
                return;
            if (m_viewModel->resetAgent(id))
                statusBar()->showMessage(tr("%1 starts afresh.").arg(name), 5000);
        });
    }
    if (agents.isEmpty())
        menu->addAction(tr("No conversation open"))->setEnabled(false);
}

void MainWindow::offerLocalServers()
{
    QStringList names;
    for (const ProviderProfile &found : std::as_const(m_foundServers))
        names << found.name;
    if (names.isEmpty()) {
        m_localServerOffer->hide();
        return;
    }
    m_localServerOffer->setText(tr("Found on this computer: %1. <a href=\"add\">Add to providers</a>")
                                    .arg(QLocale().createSeparatedList(names).toHtmlEscaped()));
    m_localServerOffer->show();
}

void MainWindow::showApproval(const ApprovalRequest &request)
{
    ApprovalDialog dialog(request, this);
    const bool decided = dialog.exec() == QDialog::Accepted
        ? m_viewModel->decideApproval(request.id, dialog.decision(), dialog.editedArguments())
        : m_viewModel->decideApproval(request.id, ApprovalDecision::Deny);
    if (!decided)
        QMessageBox::warning(this, tr("Approval"),
            tr("The decision on “%1” could not be recorded. It is asked again when the conversation is opened.")
                .arg(request.toolName));
}

void MainWindow::restoreLayout()
{
    QSettings settings;
    if (!restoreGeometry(settings.value(u"window/geometry"_s).toByteArray()))
        resize(1100, 720);
    if (!m_splitter->restoreState(settings.value(u"window/splitter"_s).toByteArray()))
        m_splitter->setSizes({ 260, 840 });
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
