#pragma once

#include "presentation/BubbleGeometry.h"
#include "presentation/TextLayoutCache.h"

#include <QHash>
#include <QStyledItemDelegate>

#include <memory>
#include <unordered_map>

class QAbstractItemView;
class QSvgRenderer;
class QTextDocument;

namespace Tandem {

class StreamingMarkdownDocument;

/// @brief Paints one chat row from MessageListModel's roles: user bubbles on the right, agent bubbles on the left
/// with the agent's name and colour, centred divider pills with an icon per kind, error bubbles with Retry.
///
/// Text is Markdown laid out in a SafeTextDocument, cached per (message id, revision, width); a reply that is still
/// streaming keeps one StreamingMarkdownDocument instead, which parses only the new text of each update. Geometry
/// comes from BubbleGeometry. Double-clicking opens a read-only editor over the text to select and copy from.
class MessageDelegate final : public QStyledItemDelegate
{
    Q_OBJECT

public:
    /// @brief A clickable text button in a bubble's footer.
    enum class Action { None, Copy, Regenerate, Retry, PreviousVersion, NextVersion };

    explicit MessageDelegate(QAbstractItemView *view);
    ~MessageDelegate() override;
    Q_DISABLE_COPY_MOVE(MessageDelegate)

    /// @brief The message whose bubble offers Regenerate (the last answer); 0: none.
    void setRegenerateTarget(qint64 messageId) { m_regenerateTarget = messageId; }
    qint64 regenerateTarget() const { return m_regenerateTarget; }
    /// @brief The person's message being edited: its row is as tall as a MessageEditor and its editor is one; 0: none.
    void setEditTarget(qint64 messageId) { m_editTarget = messageId; }
    qint64 editTarget() const { return m_editTarget; }
    /// @brief The bubble's footer line: state ("Running… 40%: message" for a tool call with progress), tokens, time.
    QString metaText(const QModelIndex &index) const;
    /// @brief Forgets every cached layout (fonts or palette changed).
    void invalidate();

    /// @brief The footer action under @p pos (viewport coordinates) of the row @p index drawn in @p rect.
    Action actionAt(const QRect &rect, const QModelIndex &index, const QPoint &pos) const;
    /// @brief What the footer action @p action does, for its tooltip and the screen reader ("Previous version").
    static QString actionDescription(Action action);
    /// @brief The link under @p pos, empty if none.
    QString anchorAt(const QRect &rect, const QModelIndex &index, const QPoint &pos) const;
    /// @brief The text a "Copy" of this row puts on the clipboard.
    static QString copyText(const QModelIndex &index);
    /// @brief The text the bubble of @p index shows, as laid out for painting (its document's plain text).
    QString shownText(const QModelIndex &index) const;
    /// @brief The line a divider shows, for @p index (its content, else a default for its kind).
    static QString dividerTitle(const QModelIndex &index);
    /// @brief The file of the icon a divider kind shows (":/icons/divider-….svg").
    static QString dividerIconPath(int dividerKind);
    const TextLayoutCache &cache() const { return m_cache; }

    void paint(QPainter *painter, const QStyleOptionViewItem &option, const QModelIndex &index) const override;
    QSize sizeHint(const QStyleOptionViewItem &option, const QModelIndex &index) const override;
    QWidget *createEditor(QWidget *parent, const QStyleOptionViewItem &option, const QModelIndex &index) const override;
    void setEditorData(QWidget *editor, const QModelIndex &index) const override;
    void setModelData(QWidget *editor, QAbstractItemModel *model, const QModelIndex &index) const override;
    void updateEditorGeometry(
        QWidget *editor, const QStyleOptionViewItem &option, const QModelIndex &index) const override;

private:
    enum class Shape { User, Agent, Divider, Error };
    struct FooterItem
    {
        Action action = Action::None;
        QString text;
        QRect rect; ///< item coordinates
    };
    struct RowLayout
    {
        Shape shape = Shape::Agent;
        BubbleGeometry::Layout geometry;
        QTextDocument *document = nullptr;
        QString header;
        QString meta;
        QList<FooterItem> actions;
    };

    RowLayout layoutFor(int viewportWidth, const QModelIndex &index) const;
    /// The laid-out text of @p index at @p textWidth: from the cache, or the streaming document of a growing reply.
    QTextDocument *documentFor(const QModelIndex &index, Shape shape, int textWidth) const;
    TextLayoutCache::Key cacheKey(const QModelIndex &index, Shape shape, int textWidth) const;
    static bool isStreamingText(const QModelIndex &index, Shape shape);
    QColor codeBackground() const;
    static Shape shapeOf(const QModelIndex &index);
    std::unique_ptr<QTextDocument> buildDocument(const QModelIndex &index, Shape shape, int width) const;
    QList<FooterItem> footerActions(const QModelIndex &index, Shape shape) const;
    int viewportWidth() const;
    QFont smallFont() const;
    QSvgRenderer *iconRenderer(int dividerKind) const;
    bool isDark() const;

    QAbstractItemView *m_view;
    mutable TextLayoutCache m_cache;
    struct Stream
    {
        std::unique_ptr<StreamingMarkdownDocument> document;
        int generation = 0;
    };
    mutable std::unordered_map<qint64, Stream> m_streams; ///< replies still streaming, by message id
    /// Row heights by (id, revision, viewport width, generation and shape): QListView asks every row's size hint on
    /// each relayout, and a streamed update relayouts. In two generations, like TextLayoutCache's sizes: a full table
    /// becomes the older one, and a height found there moves back, so the loaded rows are never measured again all at
    /// once.
    mutable QHash<TextLayoutCache::Key, int> m_heights;
    mutable QHash<TextLayoutCache::Key, int> m_olderHeights;
    mutable QHash<int, QSvgRenderer *> m_icons;
    qint64 m_regenerateTarget = 0;
    qint64 m_editTarget = 0;
    int m_generation = 0;
};

} // namespace Tandem
