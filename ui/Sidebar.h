#pragma once

#include <QWidget>

class QLineEdit;
class QListView;
class QPushButton;

namespace Tandem {

class ConversationListModel;
class MainActions;

/// @brief The conversation list on the left: "New conversation", the search field and the conversations, with their
/// context menu (rename, pin, delete).
class Sidebar final : public QWidget
{
    Q_OBJECT

public:
    /// @brief Shows @p model (borrowed); the context menu and the list's shortcuts use @p actions.
    Sidebar(ConversationListModel *model, MainActions *actions, QWidget *parent = nullptr);
    Q_DISABLE_COPY_MOVE(Sidebar)

    QLineEdit *search() const { return m_search; }
    QListView *list() const { return m_list; }
    QPushButton *newButton() const { return m_newButton; }
    /// @brief Selects @p conversationId's row without announcing it (none when it is not listed).
    void select(qint64 conversationId);
    /// @brief The conversation under the list's cursor, 0 if none.
    qint64 currentId() const;
    /// @brief Focuses the search field with its text selected.
    void focusSearch();

Q_SIGNALS:
    /// The person picked @p conversationId in the list.
    void conversationPicked(qint64 conversationId);
    /// The filter changed: the current conversation may have to be selected again.
    void filterApplied();

protected:
    void changeEvent(QEvent *event) override;

private:
    void retranslate();

    ConversationListModel *m_model;
    MainActions *m_actions;
    QPushButton *m_newButton = nullptr;
    QLineEdit *m_search = nullptr;
    QListView *m_list = nullptr;
    bool m_selecting = false;
};

} // namespace Tandem
