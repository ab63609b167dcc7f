#pragma once

#include <QObject>

class QWidget;

namespace Tandem {

class ChatViewModel;
class ConversationListModel;
class Sidebar;

/// @brief Rename, delete and pin of the conversation under the sidebar's cursor (else the open one): the Edit menu's
/// commands on one conversation, with their dialogs.
class ConversationCommands final : public QObject
{
    Q_OBJECT

public:
    ConversationCommands(
        QWidget *window, ConversationListModel *conversations, ChatViewModel *viewModel, Sidebar *sidebar);
    Q_DISABLE_COPY_MOVE(ConversationCommands)

    void rename();
    void remove();
    void togglePin();

private:
    qint64 conversationAtCursor() const;

    QWidget *m_window;
    ConversationListModel *m_conversationModel;
    ChatViewModel *m_viewModel;
    Sidebar *m_sidebar;
};

} // namespace Tandem
