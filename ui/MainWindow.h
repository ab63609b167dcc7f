#pragma once

#include "domain/Conversation.h"
#include "domain/ProviderProfile.h"

#include <QMainWindow>
#include <QPointer>

class QAction;
class QDockWidget;
class QLabel;
class QMenu;
class QProgressDialog;
class QSplitter;
class QStackedWidget;

namespace Tandem {

class ChatRepository;
class ChatView;
class ChatViewModel;
class Composer;
class ConversationListModel;
class ConversationCommands;
class ExchangeFlow;
class ExchangeViewModel;
class HandoffInspector;
class LocalApi;
class McpServersViewModel;
class MainActions;
class MainToolBar;
class PanelDocks;
class PipelinePanel;
class Sidebar;
class SettingsViewModel;
class TeamBoardDock;
class TeamBoardSettingsViewModel;
class TeamBoardViewModel;
struct ApprovalRequest;

/// @brief The main window: the conversation sidebar, the chat view, the composer, the menu bar, a toolbar with the
/// mode (the one control for dual-agent mode), and a status line with the active agent, provider and model.
///
/// Its parts are their own classes: MainActions (the actions and the menu bar), MainToolBar, Sidebar. The language
/// can change while it is open: each part says itself again on QEvent::LanguageChange.
///
/// Construct it with the repository (and the settings view model, if there are settings to show):
/// `MainWindow window(&repository, &settings);` Both are borrowed and must outlive the window. Without a
/// repository it shows an empty, disabled window.
class MainWindow final : public QMainWindow
{
    Q_OBJECT

public:
    explicit MainWindow(
        ChatRepository *repository = nullptr, SettingsViewModel *settings = nullptr, QWidget *parent = nullptr);
    ~MainWindow() override;
    Q_DISABLE_COPY_MOVE(MainWindow)

    Composer *composer() const { return m_composer; }
    ChatView *chatView() const { return m_chatView; }
    ChatViewModel *viewModel() const { return m_viewModel; }
    ConversationListModel *conversations() const { return m_conversationModel; }
    /// @brief The mode menu's "Dual agents" (checked while the open conversation is in dual-agent mode).
    QAction *dualAction() const;
    /// @brief The mode menu's action for @p mode.
    QAction *modeAction(Conversation::Mode mode) const;
    MainActions *actions() const { return m_actions; }
    /// @brief The pipeline panel (in the "Pipeline" dock, "Router" in router mode).
    PipelinePanel *pipelinePanel() const { return m_pipelinePanel; }
    QDockWidget *pipelineDock() const { return m_pipelineDock; }
    /// @brief The tasks panel's and the metrics view's docks.
    PanelDocks *panelDocks() const { return m_docks; }
    /// @brief "Reset an agent": its menu names each agent of the open conversation.
    QAction *resetAgentAction() const;
    /// @brief File → Export… (Ctrl+E) and File → Import…; enabled once setExchange() gave them a view model.
    QAction *exportAction() const;
    QAction *importAction() const;
    /// @brief Export and import go through @p exchange (borrowed; it must outlive the window).
    void setExchange(ExchangeViewModel *exchange);
    /// @brief Settings gets a "Local API" page for @p api (borrowed; it must outlive the window).
    void setLocalApi(LocalApi *api) { m_localApi = api; }
    /// @brief The MCP servers Settings → Tools edits (borrowed).
    void setMcpServers(McpServersViewModel *servers) { m_mcpServers = servers; }
    /// @brief The team's board in a dock beside the conversations (View → Team Board) and Settings → Team board
    /// (both borrowed).
    void setTeamBoard(TeamBoardViewModel *board, TeamBoardSettingsViewModel *settings);
    TeamBoardDock *teamBoardDock() const { return m_teamBoardDock; }
    /// @brief The progress dialog of the running export, or null.
    QProgressDialog *exportProgress() const;

    /// @brief Opens the first-run dialog if no provider is configured, else looks for model servers running on this
    /// computer that are not configured yet and offers them in the status bar; call after show(). Never blocks.
    void runFirstRunIfNeeded();
    /// @brief The status bar's offer to add model servers found on this computer (hidden when there is none).
    QLabel *localServerOffer() const { return m_localServerOffer; }

public Q_SLOTS:
    void newConversation();
    void openSettings();
    void renameCurrent();
    void deleteCurrent();
    void togglePinCurrent();
    /// @brief File → Export…: asks what, how and where, then exports with a cancellable progress dialog.
    void exportConversations();
    /// @brief File → Import…: asks for a Tandem JSON export and adds its conversations.
    void importConversations();
    /// @brief Exports without asking (the dialogs' result), showing progress; false if it could not start.
    bool startExport(const QList<qint64> &ids, bool all, const QString &format, const QString &path, bool toFolder);
    /// @brief Imports @p path without asking, then opens the first imported conversation; false if refused.
    bool importFrom(const QString &path);
    /// @brief Opens the handoff inspector (one, not modal) on @p handoffId; null if it is not stored.
    HandoffInspector *inspectHandoff(qint64 handoffId);

protected:
    void closeEvent(QCloseEvent *event) override;
    void showEvent(QShowEvent *event) override;
    void changeEvent(QEvent *event) override;

private:
    void connectActions();
    void createDocks();
    QWidget *createChatArea();
    void retranslate();
    void restoreLayout();
    void saveLayout() const;
    void bindBranches();
    void bindViewModel();
    void selectCurrentInSidebar();
    void updateSendingState();
    void updateModeControls();
    /// The panel's dock is named for the open conversation's mode: "Router" in router mode, "Pipeline" otherwise.
    void updatePanelTitle();
    /// The empty chat area's line: "No conversation yet" only when there is none.
    void updateEmptyChat();
    void showApproval(const Tandem::ApprovalRequest &request);
    void offerLocalServers();
    void fillResetAgentMenu(QMenu *menu);

    ChatRepository *m_repository; ///< borrowed; it outlives the window
    qint64 m_chatShown = 0; ///< the conversation whose rows the chat last read (bindBranches)
    QPointer<SettingsViewModel> m_settings;
    LocalApi *m_localApi = nullptr;
    McpServersViewModel *m_mcpServers = nullptr;
    TeamBoardSettingsViewModel *m_teamBoardSettings = nullptr;
    TeamBoardDock *m_teamBoardDock = nullptr;
    QPointer<HandoffInspector> m_inspector;
    ExchangeFlow *m_exchangeFlow = nullptr;
    ConversationCommands *m_commands = nullptr;
    ChatViewModel *m_viewModel = nullptr;
    ConversationListModel *m_conversationModel = nullptr;

    MainActions *m_actions = nullptr;
    MainToolBar *m_toolBar = nullptr;
    PipelinePanel *m_pipelinePanel = nullptr;
    QDockWidget *m_pipelineDock = nullptr;
    PanelDocks *m_docks = nullptr;
    Sidebar *m_sidebar = nullptr;
    QSplitter *m_splitter = nullptr;
    QStackedWidget *m_chatStack = nullptr;
    ChatView *m_chatView = nullptr;
    QLabel *m_emptyChat = nullptr;
    QLabel *m_working = nullptr;
    QLabel *m_error = nullptr;
    Composer *m_composer = nullptr;
    QLabel *m_statusAgent = nullptr;
    QLabel *m_localServerOffer = nullptr;
    QList<ProviderProfile> m_foundServers;
};

} // namespace Tandem
