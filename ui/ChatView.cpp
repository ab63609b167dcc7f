#include "ChatView.h"

#include "MessageDelegate.h"
#include "MessageEditor.h"
#include "presentation/ChatViewModel.h"
#include "presentation/MessageListModel.h"

#include <QApplication>
#include <QClipboard>
#include <QContextMenuEvent>
#include <QDesktopServices>
#include <QIdentityProxyModel>
#include <QMenu>
#include <QScrollBar>
#include <QTimer>
#include <QToolTip>

using namespace Qt::StringLiterals;

namespace Tandem {

namespace {

/// QAbstractItemView fetches more whenever the *last* row is visible, which for a chat (older pages go on top)
/// would load the whole history at once. The view pages in itself, near the top.
class NoAutoFetchProxy final : public QIdentityProxyModel
{
public:
    using QIdentityProxyModel::QIdentityProxyModel;
    bool canFetchMore(const QModelIndex &) const override { return false; }
    void fetchMore(const QModelIndex &) override { }
    QVariant data(const QModelIndex &index, int role) const override
    {
        // A screen reader hears that a message has other versions, and how to reach them.
        if (role == Qt::AccessibleDescriptionRole) {
            const int count = index.data(MessageListModel::SiblingCountRole).toInt();
            if (count > 1)
                return ChatView::tr("Version %1 of %2; Alt+Left and Alt+Right show the others")
                    .arg(index.data(MessageListModel::SiblingIndexRole).toInt() + 1)
                    .arg(count);
        }
        return QIdentityProxyModel::data(index, role);
    }
};

constexpr int kFollowSlack = 32;
constexpr int kFetchThreshold = 400;

} // namespace

ChatView::ChatView(QWidget *parent)
    : QListView(parent)
    , m_proxy(new NoAutoFetchProxy(this))
    , m_delegate(new MessageDelegate(this))
{
    setObjectName(u"MessageList"_s);
    setAccessibleName(tr("Messages"));
    setItemDelegate(m_delegate);
    setUniformItemSizes(false);
    setVerticalScrollMode(QAbstractItemView::ScrollPerPixel);
    setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    setResizeMode(QListView::Adjust);
    setWordWrap(true); // relayout on resize
    setSelectionMode(QAbstractItemView::SingleSelection);
    setEditTriggers(QAbstractItemView::DoubleClicked | QAbstractItemView::EditKeyPressed);
    setMouseTracking(true);
    setFrameShape(QFrame::NoFrame);
    setSpacing(0);
    verticalScrollBar()->setSingleStep(24);
}

ChatView::~ChatView() = default;

void ChatView::setViewModel(ChatViewModel *viewModel)
{
    m_viewModel = viewModel;
    m_source = viewModel->messages();
    m_proxy->setSourceModel(m_source);
    setModel(m_proxy);
    connect(m_source, &QAbstractItemModel::rowsInserted, this, &ChatView::onRowsInserted);
    connect(m_source, &QAbstractItemModel::dataChanged, this, &ChatView::onContentChanged);
    connect(m_source, &QAbstractItemModel::modelReset, this, [this] {
        m_delegate->setEditTarget(0); // the view closed the editor with the rows
        m_following = true;
        updateRegenerateTarget();
        followSoon();
    });
    connect(viewModel, &ChatViewModel::canRegenerateChanged, this, &ChatView::updateRegenerateTarget);
    updateRegenerateTarget();
}

void ChatView::updateRegenerateTarget()
{
    const qint64 target = m_viewModel && m_viewModel->canRegenerate() && m_source
        ? m_source->messageAt(m_source->lastAnswerRow()).id
        : 0;
    if (target == m_delegate->regenerateTarget())
        return;
    const qint64 old = m_delegate->regenerateTarget();
    m_delegate->setRegenerateTarget(target);
    for (const qint64 id : { old, target }) {
        const int row = m_source ? m_source->rowOf(id) : -1;
        if (row >= 0)
            Q_EMIT m_delegate->sizeHintChanged(m_proxy->index(row, 0));
    }
}

void ChatView::onRowsInserted(const QModelIndex &, int first, int)
{
    if (first > 0 || m_source->rowCount() == 0)
        followSoon();
    updateRegenerateTarget();
}

void ChatView::onContentChanged(const QModelIndex &topLeft, const QModelIndex &bottomRight)
{
    for (int row = topLeft.row(); row <= bottomRight.row(); ++row)
        Q_EMIT m_delegate->sizeHintChanged(m_proxy->index(row, 0));
    followSoon();
}

void ChatView::followSoon()
{
    if (!m_following || m_followQueued)
        return;
    m_followQueued = true;
    QTimer::singleShot(0, this, [this] {
        m_followQueued = false;
        if (m_following)
            scrollToBottom();
    });
}

void ChatView::scrollToEnd()
{
    m_following = true;
    if (m_source && m_source->hasNewer()) {
        m_source->showNewest(); // a reset: its handler scrolls to the end
        return;
    }
    scrollToBottom();
}

void ChatView::invalidateLayouts()
{
    m_delegate->invalidate();
    scheduleDelayedItemsLayout();
}

void ChatView::verticalScrollbarValueChanged(int value)
{
    // Not the base class: it would fetch more at the bottom. Following is on while the end is in view (and the
    // model's window reaches the newest row).
    const QScrollBar *bar = verticalScrollBar();
    const bool nearEnd = value >= bar->maximum() - kFollowSlack;
    m_following = nearEnd && !(m_source && m_source->hasNewer());
    if (value < kFetchThreshold && bar->maximum() > 0)
        QTimer::singleShot(0, this, &ChatView::fetchOlder);
    if (value > bar->maximum() - kFetchThreshold && m_source && m_source->canFetchNewer())
        QTimer::singleShot(0, this, &ChatView::fetchNewer);
}

void ChatView::fetchOlder()
{
    if (m_fetching || !m_source || !m_source->canFetchMore({}))
        return;
    if (verticalScrollBar()->value() >= kFetchThreshold)
        return;
    pageKeepingView([this] { m_source->fetchMore({}); });
}

void ChatView::fetchNewer()
{
    if (m_fetching || !m_source || !m_source->canFetchNewer())
        return;
    const QScrollBar *bar = verticalScrollBar();
    if (bar->value() <= bar->maximum() - kFetchThreshold)
        return;
    pageKeepingView([this] { m_source->fetchNewer(); });
}

void ChatView::pageKeepingView(const std::function<void()> &fetch)
{
    m_fetching = true;
    const QModelIndex anchor = indexAt(QPoint(viewport()->width() / 2, 0));
    const qint64 anchorId = anchor.isValid() ? m_source->messageAt(anchor.row()).id : 0;
    const int anchorTop = anchor.isValid() ? visualRect(anchor).top() : 0;
    const int oldMaximum = verticalScrollBar()->maximum();
    const int oldValue = verticalScrollBar()->value();
    fetch();
    doItemsLayout();
    // Keep the rows in view where they were: rows went in (and out) above and below them.
    const int row = anchorId > 0 ? m_source->rowOf(anchorId) : -1;
    if (row >= 0)
        verticalScrollBar()->setValue(
            verticalScrollBar()->value() + visualRect(m_proxy->index(row, 0)).top() - anchorTop);
    else
        verticalScrollBar()->setValue(oldValue + verticalScrollBar()->maximum() - oldMaximum);
    // The scroll bar may not have moved, while the window may now reach the newest row.
    m_following
        = verticalScrollBar()->value() >= verticalScrollBar()->maximum() - kFollowSlack && !m_source->hasNewer();
    m_fetching = false;
}

void ChatView::resizeEvent(QResizeEvent *event)
{
    const bool following = m_following;
    QListView::resizeEvent(event);
    m_following = following;
    followSoon();
}

void ChatView::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::PaletteChange || event->type() == QEvent::FontChange
        || event->type() == QEvent::StyleChange || event->type() == QEvent::LanguageChange)
        invalidateLayouts();
    if (event->type() == QEvent::LanguageChange)
        setAccessibleName(tr("Messages"));
    QListView::changeEvent(event);
}

void ChatView::mousePressEvent(QMouseEvent *event)
{
    const QModelIndex index = indexAt(event->position().toPoint());
    m_pressedAnchor = index.isValid() && event->button() == Qt::LeftButton
        ? m_delegate->anchorAt(visualRect(index), index, event->position().toPoint())
        : QString();
    QListView::mousePressEvent(event);
}

void ChatView::mouseReleaseEvent(QMouseEvent *event)
{
    const QPoint pos = event->position().toPoint();
    const QModelIndex index = indexAt(pos);
    if (index.isValid() && event->button() == Qt::LeftButton) {
        const auto action = m_delegate->actionAt(visualRect(index), index, pos);
        if (action != MessageDelegate::Action::None) {
            triggerAction(int(action), index.row());
            event->accept();
            return;
        }
        if (const qint64 handoff = handoffAt(index); handoff > 0) {
            Q_EMIT handoffActivated(handoff);
            event->accept();
            m_pressedAnchor.clear();
            QListView::mouseReleaseEvent(event);
            return;
        }
        const QString anchor = m_delegate->anchorAt(visualRect(index), index, pos);
        if (!anchor.isEmpty() && anchor == m_pressedAnchor) {
            const QUrl url(anchor);
            if (url.scheme() == u"https"_s || url.scheme() == u"http"_s || url.scheme() == u"mailto"_s) {
                QDesktopServices::openUrl(url);
                Q_EMIT linkActivated(url);
            }
        }
    }
    m_pressedAnchor.clear();
    QListView::mouseReleaseEvent(event);
}

void ChatView::mouseMoveEvent(QMouseEvent *event)
{
    const QPoint pos = event->position().toPoint();
    const QModelIndex index = indexAt(pos);
    const bool hand = index.isValid()
        && (handoffAt(index) > 0 || m_delegate->actionAt(visualRect(index), index, pos) != MessageDelegate::Action::None
            || !m_delegate->anchorAt(visualRect(index), index, pos).isEmpty());
    viewport()->setCursor(hand ? Qt::PointingHandCursor : Qt::ArrowCursor);
    QListView::mouseMoveEvent(event);
}

void ChatView::triggerAction(int action, int row)
{
    switch (MessageDelegate::Action(action)) {
    case MessageDelegate::Action::Copy:
        copyRow(row);
        break;
    case MessageDelegate::Action::Regenerate:
        if (m_viewModel)
            m_viewModel->regenerate();
        break;
    case MessageDelegate::Action::Retry:
        if (m_viewModel)
            m_viewModel->retry();
        break;
    case MessageDelegate::Action::PreviousVersion:
        switchVersion(row, -1);
        break;
    case MessageDelegate::Action::NextVersion:
        switchVersion(row, 1);
        break;
    case MessageDelegate::Action::None:
        break;
    }
}

qint64 ChatView::handoffAt(const QModelIndex &index)
{
    if (!index.isValid() || index.data(MessageListModel::KindRole).toInt() != int(Message::Kind::Divider))
        return 0;
    return index.data(MessageListModel::HandoffIdRole).toLongLong();
}

void ChatView::copyRow(int row)
{
    const QModelIndex index = m_proxy->index(row, 0);
    if (index.isValid())
        QGuiApplication::clipboard()->setText(MessageDelegate::copyText(index));
}

void ChatView::contextMenuEvent(QContextMenuEvent *event)
{
    const QModelIndex index = indexAt(event->pos());
    if (!index.isValid())
        return;
    setCurrentIndex(index);
    QMenu menu(this);
    menu.setAccessibleName(tr("Message actions"));
    const int row = index.row();
    menu.addAction(tr("&Copy"), this, [this, row] { copyRow(row); });
    menu.addAction(tr("&Select Text"), this, [this, index] { edit(index); });
    const QString anchor = m_delegate->anchorAt(visualRect(index), index, event->pos());
    if (!anchor.isEmpty())
        menu.addAction(tr("Copy &Link"), this, [anchor] { QGuiApplication::clipboard()->setText(anchor); });
    if (const qint64 handoff = handoffAt(index); handoff > 0)
        menu.addAction(tr("&Inspect Handoff…"), this, [this, handoff] { Q_EMIT handoffActivated(handoff); });
    if (m_viewModel && m_source) {
        const Message message = m_source->messageAt(row);
        if (row == m_source->lastAnswerRow() && m_viewModel->canRegenerate())
            menu.addAction(tr("&Regenerate"), m_viewModel.data(), &ChatViewModel::regenerate);
        if ((message.kind == Message::Kind::Error || message.status == Message::Status::Error)
            && !m_viewModel->isRunning())
            menu.addAction(tr("Re&try"), m_viewModel.data(), &ChatViewModel::retry);
        const bool idle = !m_viewModel->isRunning() && message.id > 0;
        if (message.role == Message::Role::User && message.kind == Message::Kind::Text && idle)
            menu.addAction(tr("&Edit…"), this, [this, row] { startEdit(row); });
        if (message.role == Message::Role::Assistant && message.kind == Message::Kind::Text && idle
            && row != m_source->lastAnswerRow())
            menu.addAction(
                tr("Regenerate T&his Answer"), this, [this, id = message.id] { m_viewModel->regenerateAnswer(id); });
        if (m_source->siblingPosition(message.id).count > 1) {
            menu.addAction(tr("&Previous Version"), this, [this, row] { switchVersion(row, -1); });
            menu.addAction(tr("&Next Version"), this, [this, row] { switchVersion(row, 1); });
        }
        // A new conversation with the history up to this message, to try another way from there.
        if (message.id > 0 && message.status != Message::Status::Streaming)
            menu.addAction(tr("&Fork from Here"), this, [this, id = message.id] { m_viewModel->forkAt(id); });
    }
    menu.exec(event->globalPos());
}

void ChatView::keyPressEvent(QKeyEvent *event)
{
    if (event->matches(QKeySequence::Copy) && currentIndex().isValid() && state() != EditingState) {
        copyRow(currentIndex().row());
        return;
    }
    if ((event->key() == Qt::Key_Return || event->key() == Qt::Key_Enter) && handoffAt(currentIndex()) > 0
        && state() != EditingState) {
        Q_EMIT handoffActivated(handoffAt(currentIndex()));
        return;
    }
    if (event->modifiers() == Qt::AltModifier && (event->key() == Qt::Key_Left || event->key() == Qt::Key_Right)
        && currentIndex().isValid() && state() != EditingState) {
        switchVersion(currentIndex().row(), event->key() == Qt::Key_Left ? -1 : 1);
        return;
    }
    if (event->matches(QKeySequence::MoveToEndOfDocument)) {
        scrollToEnd();
        return;
    }
    QListView::keyPressEvent(event);
}

bool ChatView::viewportEvent(QEvent *event)
{
    if (event->type() == QEvent::ToolTip) {
        const QPoint pos = static_cast<QHelpEvent *>(event)->pos();
        const QModelIndex index = indexAt(pos);
        const QString tip = index.isValid()
            ? MessageDelegate::actionDescription(m_delegate->actionAt(visualRect(index), index, pos))
            : QString();
        if (!tip.isEmpty()) {
            QToolTip::showText(static_cast<QHelpEvent *>(event)->globalPos(), tip, viewport());
            return true;
        }
    }
    return QListView::viewportEvent(event);
}

bool ChatView::switchVersion(int row, int step)
{
    if (!m_viewModel || !m_source)
        return false;
    const qint64 id = m_source->messageAt(row).id;
    return id > 0 && m_source->siblingPosition(id).count > 1 && m_viewModel->switchSibling(id, step);
}

bool ChatView::startEdit(int row)
{
    if (!m_viewModel || !m_source || m_viewModel->isRunning())
        return false;
    const Message message = m_source->messageAt(row);
    if (message.id <= 0 || message.role != Message::Role::User || message.kind != Message::Kind::Text)
        return false;
    endEdit();
    const QModelIndex index = m_proxy->index(row, 0);
    m_delegate->setEditTarget(message.id);
    Q_EMIT m_delegate->sizeHintChanged(index);
    scrollTo(index);
    // A persistent editor: the rows are not editable (the selection editor opens on a double click only).
    openPersistentEditor(index);
    auto *editor = qobject_cast<MessageEditor *>(indexWidget(index));
    if (!editor) {
        m_delegate->setEditTarget(0);
        Q_EMIT m_delegate->sizeHintChanged(index);
        return false;
    }
    connect(editor, &MessageEditor::cancelled, this, &ChatView::endEdit);
    connect(editor, &MessageEditor::sendRequested, this, [this, id = message.id](const QString &text) {
        endEdit();
        if (m_viewModel)
            m_viewModel->editAndResend(id, text);
    });
    editor->setFocus();
    return true;
}

void ChatView::endEdit()
{
    const qint64 id = m_delegate->editTarget();
    if (id == 0)
        return;
    m_delegate->setEditTarget(0);
    const int row = m_source ? m_source->rowOf(id) : -1;
    if (row < 0)
        return;
    const QModelIndex index = m_proxy->index(row, 0);
    if (isPersistentEditorOpen(index))
        closePersistentEditor(index);
    Q_EMIT m_delegate->sizeHintChanged(index);
}

} // namespace Tandem
