#pragma once

#include <QObject>
#include <QPointer>

class QMainWindow;
class QProgressDialog;

namespace Tandem {

class ChatViewModel;
class ConversationListModel;
class ExchangeViewModel;
class MainActions;
class Sidebar;

/// @brief The window's export and import: File → Export… asks what, how and where and shows a cancellable progress
/// dialog; File → Import… reads a Tandem JSON export and opens what it added.
class ExchangeFlow final : public QObject
{
    Q_OBJECT

public:
    ExchangeFlow(QMainWindow *window, ConversationListModel *conversations, ChatViewModel *viewModel,
        MainActions *actions, Sidebar *sidebar);
    Q_DISABLE_COPY_MOVE(ExchangeFlow)

    /// @brief Export and import go through @p exchange (borrowed); the actions are enabled once there is one.
    void setExchange(ExchangeViewModel *exchange);
    void exportConversations();
    bool startExport(const QList<qint64> &ids, bool all, const QString &format, const QString &path, bool toFolder);
    void importConversations();
    bool importFrom(const QString &path);
    /// @brief The progress dialog of the running export, or null.
    QProgressDialog *progress() const { return m_progress; }

private:
    QMainWindow *m_window;
    ConversationListModel *m_conversationModel;
    ChatViewModel *m_viewModel;
    MainActions *m_actions;
    Sidebar *m_sidebar;
    QPointer<ExchangeViewModel> m_exchange;
    QProgressDialog *m_progress = nullptr;
};

} // namespace Tandem
