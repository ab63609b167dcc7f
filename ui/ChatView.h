#pragma once

#include <QListView>
#include <QPointer>

#include <functional>

class QIdentityProxyModel;

namespace Tandem {

class ChatViewModel;
class MessageDelegate;
class MessageListModel;

/// @brief The message list: a virtualized QListView over the current conversation's MessageListModel, painted by
/// MessageDelegate. Follows the stream unless the person scrolled up; pages older history in near the top; opens
/// links only on click; Copy, Regenerate and Retry from the bubble footers, the context menu and the keyboard.
class ChatView final : public QListView
{
    Q_OBJECT

public:
    explicit ChatView(QWidget *parent = nullptr);
    ~ChatView() override;
    Q_DISABLE_COPY_MOVE(ChatView)

    void setViewModel(ChatViewModel *viewModel);
    MessageDelegate *messageDelegate() const { return m_delegate; }
    /// @brief True while new text scrolls the view to the end (the person has not scrolled up).
    bool isFollowing() const { return m_following; }
    /// @brief Puts @p row's text on the clipboard.
    void copyRow(int row);
    /// @brief Scrolls to the end and follows the stream again.
    void scrollToEnd();
    /// @brief Forgets cached layouts (after a palette or font change).
    void invalidateLayouts();
    /// @brief Turns the person's message at @p row into a MessageEditor (Send makes a new version and runs); false if
    /// it is no message of the person's or a run is going.
    bool startEdit(int row);
    /// @brief Shows the version @p step places away (-1, 1) of the message at @p row; false if there is none.
    bool switchVersion(int row, int step);

Q_SIGNALS:
    /// A link in a message was clicked; it has been opened (http, https and mailto only).
    void linkActivated(const QUrl &url);
    /// A divider belonging to handoff @p handoffId was clicked (or Enter pressed on it): the window inspects it.
    void handoffActivated(qint64 handoffId);

protected:
    void mousePressEvent(QMouseEvent *event) override;
    void mouseReleaseEvent(QMouseEvent *event) override;
    void mouseMoveEvent(QMouseEvent *event) override;
    void contextMenuEvent(QContextMenuEvent *event) override;
    void keyPressEvent(QKeyEvent *event) override;
    bool viewportEvent(QEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;
    void changeEvent(QEvent *event) override;
    void verticalScrollbarValueChanged(int value) override;

private:
    void onRowsInserted(const QModelIndex &parent, int first, int last);
    void onContentChanged(const QModelIndex &topLeft, const QModelIndex &bottomRight);
    void updateRegenerateTarget();
    void fetchOlder();
    void fetchNewer();
    /// Pages rows in with @p fetch, keeping the row at the top of the view where it was (rows go in and out at both
    /// ends).
    void pageKeepingView(const std::function<void()> &fetch);
    void followSoon();
    void triggerAction(int action, int row);
    /// Closes the open MessageEditor, if any.
    void endEdit();
    /// The handoff of the divider at @p index, 0 if it is no divider or has none.
    static qint64 handoffAt(const QModelIndex &index);

    QPointer<ChatViewModel> m_viewModel;
    MessageListModel *m_source = nullptr;
    QIdentityProxyModel *m_proxy;
    MessageDelegate *m_delegate;
    QString m_pressedAnchor;
    bool m_following = true;
    bool m_followQueued = false;
    bool m_fetching = false;
};

} // namespace Tandem
