#pragma once

#include <QWidget>

class QAbstractItemModel;
class QLineEdit;
class QListView;
class QPushButton;

namespace Tandem {

class ConversationListModel;
class ConversationSearchModel;
class MainActions;

/// @brief The conversation list on the left: "New conversation", the search field and the conversations, with their
/// context menu (rename, pin, delete). While the search field holds text, the list shows the search's results
/// (ConversationSearchModel) instead of every conversation.
class Sidebar final : public QWidget
{
    Q_OBJECT

public:
    /// @brief Shows @p model (borrowed); the context menu and the list's shortcuts use @p actions.
    Sidebar(ConversationListModel *model, MainActions *actions, QWidget *parent = nullptr);
    Q_DISABLE_COPY_MOVE(Sidebar)

    QLineEdit *search() const { return m_search; }
    QListView *list() const { return m_list; }
    /// @brief The results the list shows while the search field holds text.
    ConversationSearchModel *searchModel() const { return m_searchModel; }
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
    /// Shows @p model in the list (the conversations or the search's results), keeping the list's signals.
    void showModel(QAbstractItemModel *model);
    int rowOf(qint64 conversationId) const;

    ConversationListModel *m_model;
    ConversationSearchModel *m_searchModel = nullptr;
    MainActions *m_actions;
    QPushButton *m_newButton = nullptr;
    QLineEdit *m_search = nullptr;
    QListView *m_list = nullptr;
    bool m_selecting = false;
};

} // namespace Tandem
