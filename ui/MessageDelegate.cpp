#include "MessageDelegate.h"

#include "MessageEditor.h"
#include "Theme.h"
#include "domain/DividerLook.h"
#include "presentation/MessageListModel.h"
#include "presentation/SafeTextDocument.h"
#include "presentation/StreamingMarkdownDocument.h"
#include "presentation/ToolRowText.h"

#include <QAbstractItemView>
#include <QAbstractTextDocumentLayout>
#include <QApplication>
#include <QDesktopServices>
#include <QLocale>
#include <QPainter>
#include <QPainterPath>
#include <QSvgRenderer>
#include <QTextBrowser>
#include <QTextCursor>

#include <cmath>
#include <utility>

using namespace Qt::StringLiterals;

namespace Tandem {

namespace {

constexpr int kRadius = 14;

QColor mix(const QColor &a, const QColor &b, qreal t)
{
    return QColor::fromRgbF(float(a.redF() * (1 - t) + b.redF() * t), float(a.greenF() * (1 - t) + b.greenF() * t),
        float(a.blueF() * (1 - t) + b.blueF() * t));
}

QColor dividerColor(int kind)
{
    return QColor::fromRgb(DividerLook::of(Message::Divider(kind)).rgb);
}

bool openable(const QUrl &url)
{
    return url.scheme() == u"https"_s || url.scheme() == u"http"_s || url.scheme() == u"mailto"_s;
}

} // namespace

MessageDelegate::MessageDelegate(QAbstractItemView *view)
    : QStyledItemDelegate(view)
    , m_view(view)
{ }

MessageDelegate::~MessageDelegate()
{
    qDeleteAll(m_icons);
}

void MessageDelegate::invalidate()
{
    ++m_generation;
    m_cache.clear();
    m_streams.clear();
    m_heights.clear();
    m_olderHeights.clear();
}

int MessageDelegate::viewportWidth() const
{
    return qMax(120, m_view->viewport()->width());
}

bool MessageDelegate::isDark() const
{
    return m_view->palette().color(QPalette::Base).lightness() < 128;
}

QFont MessageDelegate::smallFont() const
{
    QFont font = m_view->font();
    if (font.pointSizeF() > 0)
        font.setPointSizeF(font.pointSizeF() * 0.86);
    else
        font.setPixelSize(qMax(9, font.pixelSize() * 86 / 100));
    return font;
}

QSvgRenderer *MessageDelegate::iconRenderer(int dividerKind) const
{
    auto it = m_icons.find(dividerKind);
    if (it == m_icons.end())
        it = m_icons.insert(dividerKind, new QSvgRenderer(dividerIconPath(dividerKind)));
    return *it;
}

QString MessageDelegate::dividerIconPath(int dividerKind)
{
    return u":/icons/"_s + DividerLook::of(Message::Divider(dividerKind)).iconFile;
}

MessageDelegate::Shape MessageDelegate::shapeOf(const QModelIndex &index)
{
    const auto kind = Message::Kind(index.data(MessageListModel::KindRole).toInt());
    if (kind == Message::Kind::Divider)
        return Shape::Divider;
    if (kind == Message::Kind::Error
        || Message::Status(index.data(MessageListModel::StatusRole).toInt()) == Message::Status::Error)
        return Shape::Error;
    if (Message::Role(index.data(MessageListModel::MessageRoleRole).toInt()) == Message::Role::User)
        return Shape::User;
    return Shape::Agent;
}

QString MessageDelegate::dividerTitle(const QModelIndex &index)
{
    const QString content = index.data(MessageListModel::ContentRole).toString().trimmed();
    if (!content.isEmpty())
        return content.section(u'\n', 0, 0);
    QString agent = index.data(MessageListModel::AgentNameRole).toString();
    if (agent.isEmpty())
        agent = tr("the next agent");
    switch (Message::Divider(index.data(MessageListModel::DividerKindRole).toInt())) {
    case Message::Divider::HandingOver:
        return tr("Handing the message to %1").arg(agent);
    case Message::Divider::Accepted:
        return tr("Message accepted by %1").arg(agent);
    case Message::Divider::Rejected:
        return tr("Rejected by %1").arg(agent);
    case Message::Divider::Transferred:
        return tr("Transferred to %1").arg(agent);
    case Message::Divider::Error:
        return tr("The handoff failed");
    case Message::Divider::ApprovalNeeded:
        return tr("Approval needed");
    case Message::Divider::Completed:
        return tr("Pipeline complete");
    case Message::Divider::WaitingForYou:
        return tr("%1 is waiting for you").arg(agent);
    case Message::Divider::Routed:
        return tr("Routed to %1").arg(agent);
    case Message::Divider::Combined:
        return tr("%1 combines the answers").arg(agent);
    case Message::Divider::None:
        break;
    }
    return {};
}

QString MessageDelegate::copyText(const QModelIndex &index)
{
    switch (shapeOf(index)) {
    case Shape::Divider: {
        const QString detail = index.data(MessageListModel::ErrorRole).toString();
        return detail.isEmpty() ? index.data(MessageListModel::ContentRole).toString()
                                : dividerTitle(index) + u'\n' + detail;
    }
    case Shape::Error: {
        const QString error = index.data(MessageListModel::ErrorRole).toString();
        const QString content = index.data(MessageListModel::ContentRole).toString();
        if (error.isEmpty() || error == content)
            return content.isEmpty() ? error : content;
        return content.isEmpty() ? error : content + u"\n\n"_s + error;
    }
    case Shape::User:
    case Shape::Agent:
        break;
    }
    return index.data(MessageListModel::ContentRole).toString();
}

std::unique_ptr<QTextDocument> MessageDelegate::buildDocument(const QModelIndex &index, Shape shape, int width) const
{
    auto document = std::make_unique<SafeTextDocument>();
    document->setDocumentMargin(0);
    document->setUndoRedoEnabled(false);
    const QPalette palette = m_view->palette();
    const QString content = index.data(MessageListModel::ContentRole).toString();
    const QString error = index.data(MessageListModel::ErrorRole).toString();

    if (shape == Shape::Divider) {
        document->setDefaultFont(smallFont());
        QTextCursor cursor(document.get());
        QTextCharFormat title;
        title.setFontWeight(QFont::DemiBold);
        cursor.insertText(dividerTitle(index), title);
        QStringList details;
        const QString rest = content.trimmed().section(u'\n', 1).trimmed();
        if (!rest.isEmpty())
            details << rest;
        if (!error.isEmpty())
            details << error;
        if (!details.isEmpty()) {
            QTextCharFormat muted;
            muted.setForeground(mix(palette.color(QPalette::Text), palette.color(QPalette::Base), 0.3));
            cursor.insertBlock();
            cursor.insertText(details.join(u'\n'), muted);
        }
    } else {
        document->setDefaultFont(m_view->font());
        const QColor code = codeBackground();
        if (shape == Shape::Error) {
            QString text = content;
            if (!error.isEmpty() && error != content)
                text = text.isEmpty() ? error : text + u"\n\n"_s + error;
            document->setPlainText(text.isEmpty() ? tr("Something went wrong.") : text);
            document->breakLongRuns();
        } else if (content.isEmpty() && index.data(MessageListModel::PendingRole).toBool()) {
            document->setPlainText(u"…"_s);
        } else {
            const auto kind = Message::Kind(index.data(MessageListModel::KindRole).toInt());
            if (kind == Message::Kind::ToolCall || kind == Message::Kind::ToolResult)
                document->setChatMarkdown(
                    ToolRowText::markdown(kind, index.data(MessageListModel::ToolNameRole).toString(), content), code);
            else
                document->setChatMarkdown(content, code);
        }
    }
    document->setTextWidth(width);
    // Shrink-wrap short text, so block backgrounds (code) end with the bubble.
    const qreal ideal = document->idealWidth();
    if (ideal + 1 < width)
        document->setTextWidth(std::ceil(ideal));
    return document;
}

QString MessageDelegate::metaText(const QModelIndex &index) const
{
    QStringList parts;
    const auto status = Message::Status(index.data(MessageListModel::StatusRole).toInt());
    const QString progress = index.data(MessageListModel::ToolProgressRole).toString();
    if (status == Message::Status::Streaming && !progress.isEmpty()) // a running tool's last progress report
        parts << progress;
    else if (status == Message::Status::Streaming) // a tool call streams while its tool runs
        parts << (Message::Kind(index.data(MessageListModel::KindRole).toInt()) == Message::Kind::ToolCall
                ? tr("Running…")
                : tr("Writing…"));
    else if (status == Message::Status::Cancelled)
        parts << tr("Stopped");
    else if (status == Message::Status::Interrupted)
        parts << tr("Interrupted");
    const qint64 tokens = index.data(MessageListModel::TotalTokensRole).toLongLong();
    if (tokens > 0)
        parts << tr("%Ln tokens", nullptr, int(tokens));
    const qint64 duration = index.data(MessageListModel::DurationMsRole).toLongLong();
    if (duration >= 0 && status != Message::Status::Streaming)
        parts << tr("%1 s").arg(QLocale().toString(double(duration) / 1000.0, 'f', 1));
    return parts.join(u"  ·  "_s);
}

QList<MessageDelegate::FooterItem> MessageDelegate::footerActions(const QModelIndex &index, Shape shape) const
{
    QList<FooterItem> items;
    if (shape == Shape::Error)
        items.append({ Action::Retry, tr("Retry"), {} });
    if (shape == Shape::Agent || shape == Shape::Error)
        items.append({ Action::Copy, tr("Copy"), {} });
    if (shape == Shape::Agent && m_regenerateTarget != 0
        && index.data(MessageListModel::IdRole).toLongLong() == m_regenerateTarget)
        items.append({ Action::Regenerate, tr("Regenerate"), {} });
    // The "‹ 2/3 ›" switcher of a message with other versions (an edit's or a regeneration's siblings).
    if (const int count = index.data(MessageListModel::SiblingCountRole).toInt();
        count > 1 && (shape == Shape::Agent || shape == Shape::User)) {
        const int place = index.data(MessageListModel::SiblingIndexRole).toInt() + 1;
        items.append({ Action::PreviousVersion, u"‹"_s, {} });
        items.append({ Action::None, tr("%1/%2").arg(place).arg(count), {} });
        items.append({ Action::NextVersion, u"›"_s, {} });
    }
    return items;
}

TextLayoutCache::Key MessageDelegate::cacheKey(const QModelIndex &index, Shape shape, int textWidth) const
{
    return { index.data(MessageListModel::IdRole).toLongLong(), index.data(MessageListModel::RevisionRole).toInt(),
        textWidth, m_generation * 4 + int(shape) };
}

bool MessageDelegate::isStreamingText(const QModelIndex &index, Shape shape)
{
    return shape == Shape::Agent && index.data(MessageListModel::PendingRole).toBool()
        && Message::Kind(index.data(MessageListModel::KindRole).toInt()) == Message::Kind::Text
        && !index.data(MessageListModel::ContentRole).toString().isEmpty();
}

QColor MessageDelegate::codeBackground() const
{
    const QPalette palette = m_view->palette();
    return mix(palette.color(QPalette::Base), palette.color(QPalette::Text), isDark() ? 0.12 : 0.07);
}

QTextDocument *MessageDelegate::documentFor(const QModelIndex &index, Shape shape, int textWidth) const
{
    if (!isStreamingText(index, shape))
        return m_cache.document(
            cacheKey(index, shape, textWidth), [&] { return buildDocument(index, shape, textWidth); });
    Stream &stream = m_streams[index.data(MessageListModel::IdRole).toLongLong()];
    if (!stream.document || stream.document->textWidth() != textWidth || stream.generation != m_generation) {
        stream.document = std::make_unique<StreamingMarkdownDocument>(m_view->font(), codeBackground(), textWidth);
        stream.generation = m_generation;
    }
    stream.document->setMarkdown(index.data(MessageListModel::ContentRole).toString());
    return stream.document->document();
}

MessageDelegate::RowLayout MessageDelegate::layoutFor(int width, const QModelIndex &index) const
{
    RowLayout row;
    row.shape = shapeOf(index);
    const BubbleGeometry::Side side = row.shape == Shape::Divider ? BubbleGeometry::Side::Center
        : row.shape == Shape::User                                ? BubbleGeometry::Side::Right
                                                                  : BubbleGeometry::Side::Left;
    const int textWidth = BubbleGeometry::maxContentWidth(width, side);
    QSizeF natural;
    if (isStreamingText(index, row.shape)) {
        const QTextDocument *document = documentFor(index, row.shape, textWidth);
        natural = QSizeF(document->idealWidth(), document->size().height());
    } else {
        if (!m_streams.empty())
            m_streams.erase(index.data(MessageListModel::IdRole).toLongLong()); // finished: the cache takes over
        natural = m_cache.size(
            cacheKey(index, row.shape, textWidth), [&] { return buildDocument(index, row.shape, textWidth); });
    }
    row.document = nullptr;

    BubbleGeometry::Input input;
    input.viewportWidth = width;
    input.side = side;
    input.content = QSize(int(std::ceil(qMin<qreal>(natural.width(), textWidth))), int(std::ceil(natural.height())));
    const QFontMetrics small(smallFont());
    if (row.shape == Shape::Agent || row.shape == Shape::Error) {
        row.header = index.data(MessageListModel::AgentNameRole).toString();
        if (row.shape == Shape::Error)
            row.header = row.header.isEmpty() ? tr("Error") : tr("%1 · error").arg(row.header);
        if (row.header.isEmpty())
            row.header = tr("Assistant");
        QFont bold = smallFont();
        bold.setWeight(QFont::DemiBold);
        input.header = QSize(QFontMetrics(bold).horizontalAdvance(row.header), QFontMetrics(bold).height());
        row.meta = metaText(index);
        row.actions = footerActions(index, row.shape);
        if (!row.meta.isEmpty())
            input.footer = QSize(small.horizontalAdvance(row.meta), small.height());
        for (const FooterItem &item : std::as_const(row.actions))
            input.actions.append(small.horizontalAdvance(item.text));
        input.actionHeight = small.height();
    } else if (row.shape == Shape::User) {
        const auto status = Message::Status(index.data(MessageListModel::StatusRole).toInt());
        if (status == Message::Status::Cancelled || status == Message::Status::Interrupted) {
            row.meta = metaText(index);
            input.footer = QSize(small.horizontalAdvance(row.meta), small.height());
        }
        // Only a message with other versions has actions: the others keep their height.
        row.actions = footerActions(index, row.shape);
        for (const FooterItem &item : std::as_const(row.actions))
            input.actions.append(small.horizontalAdvance(item.text));
        if (!row.actions.isEmpty())
            input.actionHeight = small.height();
    }
    row.geometry = BubbleGeometry::compute(input);
    for (qsizetype i = 0; i < row.actions.size(); ++i)
        row.actions[i].rect = row.geometry.actions.value(i);
    return row;
}

QSize MessageDelegate::sizeHint(const QStyleOptionViewItem &, const QModelIndex &index) const
{
    const int width = viewportWidth();
    const Shape shape = shapeOf(index);
    if (m_editTarget != 0 && index.data(MessageListModel::IdRole).toLongLong() == m_editTarget)
        return { width, qMax(layoutFor(width, index).geometry.height, MessageEditor::preferredHeight() + 16) };
    if (isStreamingText(index, shape))
        return { width, layoutFor(width, index).geometry.height };
    TextLayoutCache::Key key = cacheKey(index, shape, width);
    // Regenerate is offered on one bubble only; the key tells that bubble apart.
    key.variant = key.variant * 2 + (key.id == m_regenerateTarget ? 1 : 0);
    if (const auto it = m_heights.constFind(key); it != m_heights.cend())
        return { width, *it };
    const auto older = m_olderHeights.constFind(key);
    const int height = older != m_olderHeights.cend() ? *older : layoutFor(width, index).geometry.height;
    if (m_heights.size() >= 25000)
        m_olderHeights = std::exchange(m_heights, {});
    m_heights.insert(key, height);
    return { width, height };
}

void MessageDelegate::paint(QPainter *painter, const QStyleOptionViewItem &option, const QModelIndex &index) const
{
    const int width = viewportWidth();
    const RowLayout row = layoutFor(width, index);
    const BubbleGeometry::Side side = row.shape == Shape::Divider ? BubbleGeometry::Side::Center
        : row.shape == Shape::User                                ? BubbleGeometry::Side::Right
                                                                  : BubbleGeometry::Side::Left;
    const int textWidth = BubbleGeometry::maxContentWidth(width, side);
    QTextDocument *document = documentFor(index, row.shape, textWidth);

    const QPalette &palette = option.palette;
    const bool dark = isDark();
    const QColor base = palette.color(QPalette::Base);
    const QColor text = palette.color(QPalette::Text);
    const QColor muted = mix(text, base, 0.4);
    const QColor agentColor = index.data(MessageListModel::AgentColorRole).value<QColor>();

    painter->save();
    painter->setRenderHint(QPainter::Antialiasing);
    painter->translate(option.rect.topLeft());
    const QRectF bubble = QRectF(row.geometry.bubble).adjusted(0.5, 0.5, -0.5, -0.5);

    QColor fill;
    QColor border;
    switch (row.shape) {
    case Shape::User:
        fill = mix(base, palette.color(QPalette::Highlight), dark ? 0.32 : 0.16);
        border = fill;
        break;
    case Shape::Agent:
        fill = mix(base, agentColor.isValid() ? agentColor : text, dark ? 0.14 : 0.07);
        border = mix(base, agentColor.isValid() ? agentColor : text, dark ? 0.30 : 0.22);
        break;
    case Shape::Error:
        fill = mix(base, Theme::errorColor(), dark ? 0.20 : 0.08);
        border = mix(base, Theme::errorColor(), 0.55);
        break;
    case Shape::Divider: {
        const QColor kind = dividerColor(index.data(MessageListModel::DividerKindRole).toInt());
        fill = mix(base, kind, dark ? 0.18 : 0.09);
        border = mix(base, kind, dark ? 0.45 : 0.35);
        break;
    }
    }
    const qreal radius = row.shape == Shape::Divider ? qMin<qreal>(kRadius, bubble.height() / 2) : kRadius;
    painter->setPen(QPen(border, 1));
    painter->setBrush(fill);
    painter->drawRoundedRect(bubble, radius, radius);
    if (option.state & QStyle::State_Selected) {
        painter->setPen(QPen(palette.color(QPalette::Highlight), 2));
        painter->setBrush(Qt::NoBrush);
        painter->drawRoundedRect(bubble.adjusted(-2, -2, 2, 2), radius + 2, radius + 2);
    }

    if (row.shape == Shape::Divider) {
        iconRenderer(index.data(MessageListModel::DividerKindRole).toInt())->render(painter, row.geometry.icon);
    }

    if (!row.header.isEmpty()) {
        QFont bold = smallFont();
        bold.setWeight(QFont::DemiBold);
        painter->setFont(bold);
        QColor nameColor = row.shape == Shape::Error ? Theme::errorColor() : agentColor.isValid() ? agentColor : text;
        nameColor = dark ? mix(nameColor, Qt::white, 0.25) : mix(nameColor, Qt::black, 0.15);
        painter->setPen(nameColor);
        painter->drawText(row.geometry.header, Qt::AlignLeft | Qt::AlignVCenter, row.header);
    }

    painter->save();
    painter->translate(row.geometry.content.topLeft());
    QAbstractTextDocumentLayout::PaintContext context;
    context.palette = palette;
    context.palette.setColor(QPalette::Text, text);
    // Only the part of the text inside the viewport: a long reply is far taller than the view, and drawing all of its
    // blocks on every streamed update would cost time that grows with its length.
    const QRect viewport
        = m_view->viewport()->rect().translated(-option.rect.topLeft() - row.geometry.content.topLeft());
    context.clip = QRectF(0, 0, row.geometry.content.width() + 1, row.geometry.content.height() + 1)
                       .intersected(QRectF(viewport).adjusted(0, -1, 0, 1));
    document->documentLayout()->draw(painter, context);
    painter->restore();

    if (!row.geometry.footer.isNull()) {
        painter->setFont(smallFont());
        painter->setPen(muted);
        painter->drawText(row.geometry.footerText, Qt::AlignLeft | Qt::AlignVCenter, row.meta);
        const QColor link = palette.color(QPalette::Link);
        for (const FooterItem &item : row.actions) {
            painter->setPen(item.action == Action::None ? muted
                    : item.action == Action::Retry
                    ? (dark ? mix(Theme::errorColor(), Qt::white, 0.3) : Theme::errorColor())
                    : (dark ? mix(link, Qt::white, 0.3) : link));
            painter->drawText(item.rect, Qt::AlignCenter, item.text);
        }
    }
    painter->restore();
}

MessageDelegate::Action MessageDelegate::actionAt(const QRect &rect, const QModelIndex &index, const QPoint &pos) const
{
    const RowLayout row = layoutFor(viewportWidth(), index);
    const QPoint local = pos - rect.topLeft();
    for (const FooterItem &item : row.actions)
        if (item.rect.adjusted(-4, -3, 4, 3).contains(local))
            return item.action;
    return Action::None;
}

QString MessageDelegate::actionDescription(Action action)
{
    switch (action) {
    case Action::Copy:
        return tr("Copy the message");
    case Action::Regenerate:
        return tr("Answer again");
    case Action::Retry:
        return tr("Try again");
    case Action::PreviousVersion:
        return tr("Previous version (Alt+Left)");
    case Action::NextVersion:
        return tr("Next version (Alt+Right)");
    case Action::None:
        break;
    }
    return {};
}

QString MessageDelegate::anchorAt(const QRect &rect, const QModelIndex &index, const QPoint &pos) const
{
    const int width = viewportWidth();
    const RowLayout row = layoutFor(width, index);
    const QPoint local = pos - rect.topLeft();
    if (!row.geometry.content.contains(local) || row.shape == Shape::Divider)
        return {};
    const BubbleGeometry::Side side
        = row.shape == Shape::User ? BubbleGeometry::Side::Right : BubbleGeometry::Side::Left;
    const int textWidth = BubbleGeometry::maxContentWidth(width, side);
    QTextDocument *document = documentFor(index, row.shape, textWidth);
    return document->documentLayout()->anchorAt(QPointF(local - row.geometry.content.topLeft()));
}

QString MessageDelegate::shownText(const QModelIndex &index) const
{
    const Shape shape = shapeOf(index);
    const BubbleGeometry::Side side = shape == Shape::Divider ? BubbleGeometry::Side::Center
        : shape == Shape::User                                ? BubbleGeometry::Side::Right
                                                              : BubbleGeometry::Side::Left;
    return documentFor(index, shape, BubbleGeometry::maxContentWidth(viewportWidth(), side))->toPlainText();
}

QWidget *MessageDelegate::createEditor(QWidget *parent, const QStyleOptionViewItem &, const QModelIndex &index) const
{
    const Shape shape = shapeOf(index);
    if (m_editTarget != 0 && index.data(MessageListModel::IdRole).toLongLong() == m_editTarget)
        return new MessageEditor(parent); // ChatView takes its Send and Cancel
    auto *browser = new QTextBrowser(parent);
    browser->setObjectName(u"MessageSelection"_s);
    browser->setAccessibleName(tr("Message text"));
    browser->setDocument(new SafeTextDocument(browser));
    browser->setReadOnly(true);
    browser->setOpenLinks(false);
    browser->setFrameShape(QFrame::NoFrame);
    browser->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    browser->setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    browser->viewport()->setAutoFillBackground(false);
    browser->setAutoFillBackground(false);
    browser->setTextInteractionFlags(Qt::TextSelectableByMouse | Qt::TextSelectableByKeyboard
        | Qt::LinksAccessibleByMouse | Qt::LinksAccessibleByKeyboard);
    connect(browser, &QTextBrowser::anchorClicked, browser, [](const QUrl &url) {
        if (openable(url))
            QDesktopServices::openUrl(url);
    });
    browser->document()->setDocumentMargin(0);
    browser->setFont(shape == Shape::Divider ? smallFont() : m_view->font());
    return browser;
}

void MessageDelegate::setEditorData(QWidget *editor, const QModelIndex &index) const
{
    if (auto *messageEditor = qobject_cast<MessageEditor *>(editor)) {
        if (messageEditor->text().isEmpty()) // once: what the person typed is not overwritten by an update
            messageEditor->setText(index.data(MessageListModel::ContentRole).toString());
        return;
    }
    auto *browser = qobject_cast<QTextBrowser *>(editor);
    if (!browser)
        return;
    auto *document = qobject_cast<SafeTextDocument *>(browser->document());
    const Shape shape = shapeOf(index);
    if (shape == Shape::User || shape == Shape::Agent) {
        const QPalette palette = m_view->palette();
        const QColor code = mix(palette.color(QPalette::Base), palette.color(QPalette::Text), isDark() ? 0.12 : 0.07);
        document->setChatMarkdown(index.data(MessageListModel::ContentRole).toString(), code);
    } else {
        document->setPlainText(copyText(index));
    }
    document->setDocumentMargin(0);
}

void MessageDelegate::setModelData(QWidget *, QAbstractItemModel *, const QModelIndex &) const
{
    // Read-only: the editor is there to select and copy.
}

void MessageDelegate::updateEditorGeometry(
    QWidget *editor, const QStyleOptionViewItem &option, const QModelIndex &index) const
{
    if (qobject_cast<MessageEditor *>(editor)) {
        // Where the person's bubble is, as wide as the widest one.
        const int width = viewportWidth();
        const int left = width - BubbleGeometry::maxContentWidth(width, BubbleGeometry::Side::Right) - 28;
        editor->setGeometry(option.rect.adjusted(qMax(8, left), 8, -12, -8));
        return;
    }
    const RowLayout row = layoutFor(viewportWidth(), index);
    editor->setGeometry(row.geometry.content.translated(option.rect.topLeft()).adjusted(0, 0, 2, 2));
}

} // namespace Tandem
