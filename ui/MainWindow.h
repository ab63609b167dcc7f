#pragma once

#include "domain/Conversation.h"
#include "domain/ProviderProfile.h"

#include <QMainWindow>
#include <QPointer>

class QAction;
class QComboBox;
class QLabel;
class QLineEdit;
class QListView;
class QMenu;
class QProgressDialog;
class QPushButton;
class QSplitter;
class QStackedWidget;

namespace Tandem {

class ChatRepository;
class ChatView;
class ChatViewModel;
class Composer;
class ConversationListModel;
class ExchangeViewModel;
class LocalApi;
class SettingsViewModel;
struct ApprovalRequest;

/// @brief The main window: the conversation sidebar, the chat view, the composer, a toolbar with the mode selector
/// and the dual-agent toggle, and a status line with the active agent, provider and model.
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
    QAction *dualAction() const { return m_dualAction; }
    /// @brief "Reset an agent": its menu names each agent of the open conversation.
    QAction *resetAgentAction() const { return m_resetAgentAction; }
    /// @brief File → Export… (Ctrl+E) and File → Import…; enabled once setExchange() gave them a view model.
    QAction *exportAction() const { return m_exportAction; }
    QAction *importAction() const { return m_importAction; }
    /// @brief Export and import go through @p exchange (borrowed; it must outlive the window).
    void setExchange(ExchangeViewModel *exchange);
    /// @brief Settings gets a "Local API" page for @p api (borrowed; it must outlive the window).
    void setLocalApi(LocalApi *api) { m_localApi = api; }
    /// @brief The progress dialog of the running export, or null.
    QProgressDialog *exportProgress() const { return m_progress; }

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

protected:
    void closeEvent(QCloseEvent *event) override;

private:
    void createActions();
    QWidget *createSidebar();
    QWidget *createChatArea();
    void createToolBar();
    void createMenuBar();
    void restoreLayout();
    void saveLayout() const;
    void bindViewModel();
    void selectCurrentInSidebar();
    void updateSendingState();
    void updateModeControls();
    /// The empty chat area's line: "No conversation yet" only when there is none.
    void updateEmptyChat();
    void showApproval(const Tandem::ApprovalRequest &request);
    void offerLocalServers();
    void fillResetAgentMenu(QMenu *menu);
    qint64 conversationAtCursor() const;

    QPointer<SettingsViewModel> m_settings;
    LocalApi *m_localApi = nullptr;
    QPointer<ExchangeViewModel> m_exchange;
    QProgressDialog *m_progress = nullptr;
    ChatViewModel *m_viewModel = nullptr;
    ConversationListModel *m_conversationModel = nullptr;

    QSplitter *m_splitter = nullptr;
    QLineEdit *m_search = nullptr;
    QPushButton *m_newConversation = nullptr;
    QListView *m_conversations = nullptr;
    QStackedWidget *m_chatStack = nullptr;
    ChatView *m_chatView = nullptr;
    QLabel *m_emptyChat = nullptr;
    QLabel *m_working = nullptr;
    QLabel *m_error = nullptr;
    Composer *m_composer = nullptr;
    QLabel *m_statusAgent = nullptr;
    QLabel *m_localServerOffer = nullptr;
    QList<ProviderProfile> m_foundServers;
    QComboBox *m_modeSelector = nullptr;
    QAction *m_newAction = nullptr;
    QAction *m_dualAction = nullptr;
    QAction *m_stopAction = nullptr;
    QAction *m_settingsAction = nullptr;
    QAction *m_renameAction = nullptr;
    QAction *m_deleteAction = nullptr;
    QAction *m_pinAction = nullptr;
    QAction *m_resetAgentAction = nullptr;
    QAction *m_exportAction = nullptr;
    QAction *m_importAction = nullptr;
    QAction *m_quitAction = nullptr;
    bool m_syncingSelection = false;
};

} // namespace Tandem
