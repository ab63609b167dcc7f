#include "MainWindow.h"

#include "AgentsEditor.h"
#include "ApprovalDialog.h"
#include "ChatView.h"
#include "Composer.h"
#include "ConversationCommands.h"
#include "ExchangeFlow.h"
#include "FirstRunDialog.h"
#include "HandoffInspector.h"
#include "Icons.h"
#include "MainActions.h"
#include "MainToolBar.h"
#include "PanelDocks.h"
#include "PipelinePanel.h"
#include "ScreenFit.h"
#include "SettingsDialog.h"
#include "Sidebar.h"
#include "TasksPanel.h"
#include "TeamBoardDock.h"
#include "Theme.h"
#include "VariablesDialog.h"
#include "presentation/ChatViewModel.h"
#include "presentation/ConversationListModel.h"
#include "presentation/ExchangeViewModel.h"
#include "presentation/McpServersViewModel.h"
#include "presentation/MessageListModel.h"
#include "presentation/PipelineViewModel.h"
#include "presentation/SettingsViewModel.h"
#include "presentation/TasksViewModel.h"

#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QCloseEvent>
#include <QDockWidget>
#include <QFileDialog>
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
#include <QShowEvent>
#include <QSplitter>
#include <QStackedWidget>
#include <QStatusBar>
#include <QTimer>
#include <QToolButton>
#include <QVBoxLayout>

#include <utility>

using namespace Qt::StringLiterals;

namespace Tandem {

MainWindow::MainWindow(ChatRepository *repository, SettingsViewModel *settings, QWidget *parent)
    : QMainWindow(parent)
    , m_repository(repository)
    , m_settings(settings)
    , m_viewModel(new ChatViewModel(repository, this))
    , m_conversationModel(new ConversationListModel(repository, this))
{
    setObjectName(u"MainWindow"_s);

    m_actions = new MainActions(this);
    connectActions();
    createDocks();
    const QList<QAction *> panels = QList<QAction *> { m_pipelineDock->toggleViewAction() } + m_docks->toggleActions();
    m_actions->fillMenuBar(menuBar(), panels);
    m_toolBar = new MainToolBar(m_actions, panels, this);
    addToolBar(m_toolBar);
    m_sidebar = new Sidebar(m_conversationModel, m_actions, this);
    m_exchangeFlow = new ExchangeFlow(this, m_conversationModel, m_viewModel, m_actions, m_sidebar);
    m_commands = new ConversationCommands(this, m_conversationModel, m_viewModel, m_sidebar);
    m_sidebar->newButton()->setEnabled(m_viewModel->hasRepository());
    connect(m_sidebar, &Sidebar::conversationPicked, m_viewModel, &ChatViewModel::openConversation);
    connect(m_sidebar, &Sidebar::filterApplied, this, &MainWindow::selectCurrentInSidebar);
    connect(m_conversationModel, &QAbstractItemModel::rowsMoved, this, &MainWindow::selectCurrentInSidebar);
    connect(m_conversationModel, &QAbstractItemModel::rowsInserted, this, &MainWindow::selectCurrentInSidebar);
    connect(m_conversationModel, &QAbstractItemModel::modelReset, this, &MainWindow::selectCurrentInSidebar);

    m_splitter = new QSplitter(Qt::Horizontal, this);
    m_splitter->setObjectName(u"MainSplitter"_s);
    m_splitter->setChildrenCollapsible(false);
    m_splitter->addWidget(m_sidebar);
    m_splitter->addWidget(createChatArea());
    m_splitter->setStretchFactor(0, 0);
    m_splitter->setStretchFactor(1, 1);
    setCentralWidget(m_splitter);

    m_statusAgent = new QLabel(this);
    m_statusAgent->setObjectName(u"StatusLine"_s);
    statusBar()->addPermanentWidget(m_statusAgent);
    m_localServerOffer = new QLabel(this);
    m_localServerOffer->setObjectName(u"LocalServerOffer"_s);
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

    retranslate();
    bindViewModel();
    restoreLayout();
    // A refused agent file is said once, until another message replaces it; the shipped agent answers meanwhile.
    if (const QString problems = m_viewModel->agentProblemsText(); !problems.isEmpty())
        statusBar()->showMessage(problems);
}

MainWindow::~MainWindow() = default;

QAction *MainWindow::dualAction() const
{
    return m_actions->mode(Conversation::Mode::Dual);
}

QAction *MainWindow::modeAction(Conversation::Mode mode) const
{
    return m_actions->mode(mode);
}

QAction *MainWindow::resetAgentAction() const
{
    return m_actions->resetAgent();
}

QAction *MainWindow::exportAction() const
{
    return m_actions->exportConversations();
}

QAction *MainWindow::importAction() const
{
    return m_actions->importConversations();
}

HandoffInspector *MainWindow::inspectHandoff(qint64 handoffId)
{
    if (!m_repository)
        return nullptr;
    if (!m_inspector) {
        m_inspector = new HandoffInspector(m_repository, this);
        m_inspector->setAttribute(Qt::WA_DeleteOnClose);
    }
    if (!m_inspector->inspect(handoffId)) {
        statusBar()->showMessage(tr("That handoff is not stored any more."), 5000);
        return nullptr;
    }
    m_inspector->show();
    m_inspector->raise();
    m_inspector->activateWindow();
    return m_inspector;
}

void MainWindow::createDocks()
{
    m_pipelinePanel = new PipelinePanel(m_repository, this);
    connect(m_pipelinePanel, &PipelinePanel::handoffActivated, this, &MainWindow::inspectHandoff);
    m_pipelineDock = new QDockWidget(this);
    m_pipelineDock->setObjectName(u"PipelineDock"_s);
    m_pipelineDock->setWidget(m_pipelinePanel);
    connect(m_pipelinePanel->viewModel(), &PipelineViewModel::changed, this, &MainWindow::updatePanelTitle);
    m_pipelineDock->setAllowedAreas(Qt::LeftDockWidgetArea | Qt::RightDockWidgetArea | Qt::BottomDockWidgetArea);
    m_pipelineDock->toggleViewAction()->setObjectName(u"PipelinePanelAction"_s);
    m_pipelineDock->toggleViewAction()->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_J));
    m_pipelineDock->toggleViewAction()->setIcon(Icons::action(u"pipeline"_s, palette()));
    addDockWidget(Qt::RightDockWidgetArea, m_pipelineDock);
    resizeDocks({ m_pipelineDock }, { 480 }, Qt::Horizontal);
    // Closed until the person opens it (View → Pipeline Panel, Ctrl+J, the toolbar); the window remembers it after.
    m_pipelineDock->hide();
    addAction(m_pipelineDock->toggleViewAction());
    m_docks = new PanelDocks(this, m_repository);
    for (QDockWidget *dock : { m_pipelineDock, m_docks->tasksDock(), m_docks->metricsDock() })
        connect(dock, &QDockWidget::visibilityChanged, this,
            [this] { QTimer::singleShot(0, this, [this] { ScreenFit::keepOnScreen(this); }); });
}

void MainWindow::connectActions()
{
    connect(m_actions->newConversation(), &QAction::triggered, this, &MainWindow::newConversation);
    connect(m_actions->stop(), &QAction::triggered, m_viewModel, &ChatViewModel::stop);
    connect(m_actions->settings(), &QAction::triggered, this, &MainWindow::openSettings);
    connect(m_actions->agentsEditor(), &QAction::triggered, this, [this] {
        AgentsEditor::open(m_repository, m_viewModel->conversationId(), m_viewModel->mode(), this,
            m_mcpServers ? m_mcpServers->servers() : nullptr);
    });
    connect(m_actions->variables(), &QAction::triggered, this,
        [this] { VariablesDialog::open(m_repository, m_viewModel->conversationId(), this); });
    connect(m_actions->rename(), &QAction::triggered, this, &MainWindow::renameCurrent);
    connect(m_actions->remove(), &QAction::triggered, this, &MainWindow::deleteCurrent);
    connect(m_actions->pin(), &QAction::triggered, this, &MainWindow::togglePinCurrent);
    connect(m_actions->exportConversations(), &QAction::triggered, this, &MainWindow::exportConversations);
    connect(m_actions->importConversations(), &QAction::triggered, this, &MainWindow::importConversations);
    connect(m_actions->quit(), &QAction::triggered, this, &QWidget::close);
    connect(m_actions->find(), &QAction::triggered, this, [this] { m_sidebar->focusSearch(); });
    connect(m_actions->focusComposer(), &QAction::triggered, this, [this] { m_composer->focusEditor(); });
    connect(m_actions->about(), &QAction::triggered, this, [this] {
        QMessageBox::about(this, tr("About Tandem"),
            tr("<h3>Tandem %1</h3><p>A desktop chat in which several AI agents share one conversation and hand it to "
               "each other, visibly.</p>")
                .arg(QApplication::applicationVersion().toHtmlEscaped()));
    });
    connect(m_actions->aboutQt(), &QAction::triggered, qApp, &QApplication::aboutQt);
    connect(m_actions->modes(), &QActionGroup::triggered, this, [this](QAction *action) {
        m_viewModel->setMode(Conversation::Mode(action->data().toInt()));
        updateModeControls();
    });
    connect(m_actions->languages(), &QActionGroup::triggered, this, [this](QAction *action) {
        if (m_settings)
            m_settings->setLanguage(action->data().toString());
    });
    connect(m_actions->resetAgentMenu(), &QMenu::aboutToShow, this,
        [this] { fillResetAgentMenu(m_actions->resetAgentMenu()); });
}

void MainWindow::changeEvent(QEvent *event)
{
    // The window first, then (Qt sends the event on to the children) each part of it says itself again.
    if (event->type() == QEvent::LanguageChange) {
        m_actions->retranslate();
        retranslate();
    } else if (event->type() == QEvent::PaletteChange) {
        m_actions->updateIcons();
        m_pipelineDock->toggleViewAction()->setIcon(Icons::action(u"pipeline"_s, palette()));
        m_docks->updateIcons();
    }
    QMainWindow::changeEvent(event);
}

void MainWindow::retranslate()
{
    setWindowTitle(tr("Tandem"));
    updatePanelTitle();
    m_pipelineDock->toggleViewAction()->setToolTip(
        tr("Who holds the conversation, the phase and the handoffs (%1)")
            .arg(m_pipelineDock->toggleViewAction()->shortcut().toString(QKeySequence::NativeText)));
    m_docks->retranslate();
    m_statusAgent->setAccessibleName(tr("Active agent, provider and model"));
    m_localServerOffer->setAccessibleName(tr("Model servers found on this computer"));
    m_working->setAccessibleName(tr("Working agent"));
    m_error->setAccessibleName(tr("Last error"));
    updateEmptyChat();
    offerLocalServers();
    if (m_settings) {
        const QString language = m_settings->language();
        const QList<QAction *> languages = m_actions->languages()->actions();
        for (QAction *action : languages)
            action->setChecked(action->data().toString() == language);
    }
    m_viewModel->retranslate();
    m_statusAgent->setText(m_viewModel->statusText());
    updateSendingState();
}

void MainWindow::setExchange(ExchangeViewModel *exchange)
{
    m_exchangeFlow->setExchange(exchange);
}

void MainWindow::exportConversations()
{
    m_exchangeFlow->exportConversations();
}

bool MainWindow::startExport(
    const QList<qint64> &ids, bool all, const QString &format, const QString &path, bool toFolder)
{
    return m_exchangeFlow->startExport(ids, all, format, path, toFolder);
}

void MainWindow::importConversations()
{
    m_exchangeFlow->importConversations();
}

bool MainWindow::importFrom(const QString &path)
{
    return m_exchangeFlow->importFrom(path);
}

QProgressDialog *MainWindow::exportProgress() const
{
    return m_exchangeFlow->progress();
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
    connect(m_chatView, &ChatView::handoffActivated, this, &MainWindow::inspectHandoff);
    m_chatStack->addWidget(m_emptyChat);
    m_chatStack->addWidget(m_chatView);
    updateEmptyChat();
    connect(m_conversationModel, &ConversationListModel::hasConversationsChanged, this, &MainWindow::updateEmptyChat);

    m_working = new QLabel(area);
    m_working->setObjectName(u"WorkingIndicator"_s);
    m_working->setForegroundRole(QPalette::PlaceholderText);
    m_working->setVisible(false);
    m_error = new QLabel(area);
    m_error->setObjectName(u"ErrorLine"_s);
    m_error->setWordWrap(true);
    m_error->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_error->setStyleSheet(u"color: %1;"_s.arg(Theme::errorColor().name()));
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

void MainWindow::bindBranches()
{
    // The panels show the branch the chat shows: its handoffs, routing decisions, figures. The chat's rows are read
    // again when the branch moves (an edit, a regeneration, a switch): a reset of the conversation already shown.
    connect(m_viewModel->messages(), &QAbstractItemModel::modelReset, this, [this] {
        const qint64 id = m_viewModel->conversationId();
        if (id <= 0 || id != std::exchange(m_chatShown, id))
            return; // another conversation: conversationChanged sets the panels
        m_pipelinePanel->viewModel()->reload();
        m_docks->setConversation(id);
    });
    // Tasks changed on the branch left happened in the world: a quiet word, not a question.
    connect(m_viewModel, &ChatViewModel::branchSwitched, this, [this](int taskChangesLeft) {
        if (taskChangesLeft > 0)
            statusBar()->showMessage(tr("Another branch is shown. The %n task change(s) made on the branch left stay "
                                        "as they are: a branch does not undo tasks.",
                                         nullptr, taskChangesLeft),
                15000);
    });
}

void MainWindow::bindViewModel()
{
    connect(m_viewModel, &ChatViewModel::conversationChanged, this, [this](qint64 id) {
        m_chatStack->setCurrentWidget(id > 0 ? static_cast<QWidget *>(m_chatView) : m_emptyChat);
        m_pipelinePanel->setConversation(id);
        m_docks->setConversation(id);
        selectCurrentInSidebar();
        updateModeControls();
    });
    connect(m_viewModel, &ChatViewModel::modeChanged, this, [this] {
        updateModeControls();
        m_pipelinePanel->viewModel()->reload(); // the agents of the new mode
    });
    connect(m_viewModel, &ChatViewModel::runningChanged, this, [this](bool running) {
        m_composer->setRunning(running);
        m_actions->stop()->setEnabled(running);
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
    bindBranches();
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
    const bool open = m_viewModel->conversationId() > 0;
    const Conversation::Mode mode = open ? m_viewModel->mode() : Conversation::Mode::Single;
    if (QAction *action = m_actions->mode(mode))
        action->setChecked(true);
    m_toolBar->showMode(mode);
    const bool engine = m_viewModel->hasRepository();
    m_actions->modes()->setEnabled(engine);
    m_toolBar->modeButton()->setEnabled(engine);
    m_actions->resetAgent()->setEnabled(engine && open);
    m_actions->variables()->setEnabled(engine && open);
}

void MainWindow::updatePanelTitle()
{
    // In router mode the panel shows the current agent and the routing decisions: it is the router's panel, and the
    // View menu's entry says so too.
    const bool router = m_pipelinePanel->viewModel()->isRouter();
    m_pipelineDock->setWindowTitle(router ? tr("Router") : tr("Pipeline"));
    m_pipelineDock->toggleViewAction()->setText(router ? tr("&Router Panel") : tr("&Pipeline Panel"));
}

void MainWindow::selectCurrentInSidebar()
{
    m_sidebar->select(m_viewModel->conversationId());
}

void MainWindow::newConversation()
{
    if (!m_viewModel->hasRepository())
        return;
    if (!m_sidebar->search()->text().isEmpty())
        m_sidebar->search()->clear();
    // A new conversation keeps the mode shown (the one of the conversation open now).
    const QAction *checked = m_actions->modes()->checkedAction();
    m_viewModel->newConversation(checked ? Conversation::Mode(checked->data().toInt()) : Conversation::Mode::Single);
    m_composer->focusEditor();
}

void MainWindow::renameCurrent()
{
    m_commands->rename();
}

void MainWindow::deleteCurrent()
{
    m_commands->remove();
}

void MainWindow::togglePinCurrent()
{
    m_commands->togglePin();
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
    if (m_mcpServers)
        dialog.addMcpServersPage(m_mcpServers);
    if (m_teamBoardSettings)
        dialog.addTeamBoardPage(m_teamBoardSettings);
    dialog.exec();
    updateSendingState();
}

void MainWindow::setTeamBoard(TeamBoardViewModel *board, TeamBoardSettingsViewModel *settings)
{
    m_teamBoardSettings = settings;
    m_teamBoardDock = TeamBoardDock::addTo(this, board);
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
    // A task tool's arguments name the task by its id alone: say which task that is.
    if (const qint64 taskId = ApprovalDialog::taskIdOf(request); taskId > 0 && m_docks) {
        const TasksViewModel *tasks = m_docks->tasksPanel()->viewModel();
        const int row = tasks->rowOf(taskId);
        dialog.setSubject(row < 0 ? tr("There is no task %1.").arg(taskId)
                                  : tr("Task %1: “%2”").arg(taskId).arg(tasks->taskAt(row).title));
    }
    const bool decided = dialog.exec() == QDialog::Accepted
        ? m_viewModel->decideApproval(request.id, dialog.decision(), dialog.editedArguments(), dialog.allowNetwork())
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
        resize(QSize(1100, 720).boundedTo(ScreenFit::room(this)));
    if (!m_splitter->restoreState(settings.value(u"window/splitter"_s).toByteArray()))
        m_splitter->setSizes({ 260, 840 });
    restoreState(settings.value(u"window/state"_s).toByteArray());
    ScreenFit::keepOnScreen(this);
}

void MainWindow::saveLayout() const
{
    QSettings settings;
    settings.setValue(u"window/geometry"_s, saveGeometry());
    settings.setValue(u"window/splitter"_s, m_splitter->saveState());
    settings.setValue(u"window/state"_s, saveState());
}

void MainWindow::showEvent(QShowEvent *event)
{
    QMainWindow::showEvent(event);
    // The frame is known once the window is shown: fit it, frame included.
    QTimer::singleShot(0, this, [this] { ScreenFit::keepOnScreen(this); });
}

void MainWindow::closeEvent(QCloseEvent *event)
{
    saveLayout();
    QMainWindow::closeEvent(event);
}

} // namespace Tandem
