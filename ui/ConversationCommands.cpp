#include "ConversationCommands.h"

#include "Sidebar.h"
#include "presentation/ChatViewModel.h"
#include "presentation/ConversationListModel.h"

#include <QInputDialog>
#include <QLineEdit>
#include <QMessageBox>
#include <QPushButton>
#include <QWidget>

namespace Tandem {

ConversationCommands::ConversationCommands(
    QWidget *window, ConversationListModel *conversations, ChatViewModel *viewModel, Sidebar *sidebar)
    : QObject(window)
    , m_window(window)
    , m_conversationModel(conversations)
    , m_viewModel(viewModel)
    , m_sidebar(sidebar)
{ }

qint64 ConversationCommands::conversationAtCursor() const
{
    const qint64 id = m_sidebar->currentId();
    return id > 0 ? id : m_viewModel->conversationId();
}

void ConversationCommands::rename()
{
    const qint64 id = conversationAtCursor();
    const auto conversation = m_conversationModel->conversation(id);
    if (!conversation)
        return;
    bool ok = false;
    const QString title = QInputDialog::getText(
        m_window, tr("Rename Conversation"), tr("Title:"), QLineEdit::Normal, conversation->title, &ok);
    if (ok)
        m_conversationModel->rename(id, title);
}

void ConversationCommands::remove()
{
    const qint64 id = conversationAtCursor();
    const auto conversation = m_conversationModel->conversation(id);
    if (!conversation)
        return;
    const QString title = !conversation->title.isEmpty() ? conversation->title : tr("New conversation");
    QMessageBox box(QMessageBox::Warning, tr("Delete Conversation"),
        tr("Delete “%1” with all its messages and handoffs? This cannot be undone.").arg(title), QMessageBox::Cancel,
        m_window);
    QPushButton *removeButton = box.addButton(tr("&Delete"), QMessageBox::DestructiveRole);
    box.setDefaultButton(QMessageBox::Cancel);
    box.exec();
    if (box.clickedButton() != removeButton)
        return;
    if (id == m_viewModel->conversationId())
        m_viewModel->openConversation(0);
    m_conversationModel->remove(id);
}

void ConversationCommands::togglePin()
{
    const qint64 id = conversationAtCursor();
    if (const auto conversation = m_conversationModel->conversation(id))
        m_conversationModel->setPinned(id, !conversation->pinned);
}

} // namespace Tandem
