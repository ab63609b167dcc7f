#include "StreamingMarkdownDocument.h"

#include "presentation/SafeTextDocument.h"

#include <QTextBlock>
#include <QTextCursor>
#include <QTextDocumentFragment>
#include <QTextList>

using namespace Qt::StringLiterals;

namespace Tandem {

namespace {

/// The fence a line opens or closes (``` or ~~~, three or more, up to three spaces in), else empty.
QStringView fenceOf(QStringView line)
{
    qsizetype i = 0;
    while (i < line.size() && i < 3 && line.at(i) == u' ')
        ++i;
    const QStringView rest = line.mid(i);
    if (rest.startsWith(u"```") || rest.startsWith(u"~~~")) {
        qsizetype n = 0;
        while (n < rest.size() && rest.at(n) == rest.at(0))
            ++n;
        return rest.left(n);
    }
    return {};
}

/// True if a block that starts with @p line may belong to the block before the blank line: a list item (which can
/// continue a loose list), an indented line (a continuation or indented code), a quote or a table row. A line too
/// short to tell counts as such.
bool mayContinue(QStringView line)
{
    if (line.isEmpty())
        return true;
    const QChar first = line.at(0);
    if (first == u' ' || first == u'\t' || first == u'-' || first == u'*' || first == u'+' || first == u'>'
        || first == u'|' || first.isDigit())
        return true;
    return false;
}

} // namespace

StreamingMarkdownDocument::StreamingMarkdownDocument(const QFont &font, const QColor &codeBackground, int textWidth)
    : m_document(std::make_unique<SafeTextDocument>())
    , m_codeBackground(codeBackground)
    , m_textWidth(textWidth)
{
    m_document->setDocumentMargin(0);
    m_document->setUndoRedoEnabled(false);
    m_document->setDefaultFont(font);
    m_document->setTextWidth(textWidth);
}

StreamingMarkdownDocument::~StreamingMarkdownDocument() = default;

QTextDocument *StreamingMarkdownDocument::document() const
{
    return m_document.get();
}

qsizetype StreamingMarkdownDocument::stableLength(const QString &markdown, qsizetype from)
{
    qsizetype stable = from;
    QStringView fence;
    bool previousBlank = false;
    qsizetype lineStart = from;
    while (lineStart < markdown.size()) {
        const qsizetype newline = markdown.indexOf(u'\n', lineStart);
        if (newline < 0) {
            // The last line is still being written: it may start a new block after a blank line.
            if (previousBlank && fence.isEmpty() && !mayContinue(QStringView(markdown).mid(lineStart)))
                stable = lineStart;
            break;
        }
        const QStringView line = QStringView(markdown).mid(lineStart, newline - lineStart);
        const bool blank = line.trimmed().isEmpty();
        if (previousBlank && !blank && fence.isEmpty() && !mayContinue(line))
            stable = lineStart;
        if (const QStringView marker = fenceOf(line); !marker.isEmpty()) {
            if (fence.isEmpty())
                fence = marker;
            else if (marker.at(0) == fence.at(0) && marker.size() >= fence.size() && line.trimmed() == marker)
                fence = {};
        }
        previousBlank = blank && fence.isEmpty();
        lineStart = newline + 1;
    }
    return stable;
}

qsizetype StreamingMarkdownDocument::endPosition() const
{
    return m_document->characterCount() - 1;
}

void StreamingMarkdownDocument::reset()
{
    m_document->clear();
    m_stable = 0;
    m_tailStart = 0;
    ++m_fullParses;
}

void StreamingMarkdownDocument::append(const QString &chunk)
{
    if (chunk.trimmed().isEmpty())
        return;
    SafeTextDocument parsed;
    parsed.setMarkdown(chunk, SafeTextDocument::kChatMarkdown);
    if (parsed.isEmpty())
        return;
    const QTextBlock first = parsed.firstBlock();
    QTextCursor cursor(m_document.get());
    cursor.movePosition(QTextCursor::End);
    // An inserted fragment's first block takes the format of the block it lands in, so it gets a block of its own
    // with the right format; a list brings its own blocks.
    const bool ownBlock = !m_document->isEmpty() && !first.textList();
    if (ownBlock)
        cursor.insertBlock(first.blockFormat(), first.charFormat());
    const int start = cursor.position();
    cursor.insertFragment(QTextDocumentFragment(&parsed));
    if (ownBlock)
        QTextCursor(m_document->findBlock(start)).setBlockFormat(first.blockFormat());
    if (m_codeBackground.isValid())
        m_document->tintCodeBlocks(m_codeBackground, start);
    m_document->breakLongRuns(start);
}

void StreamingMarkdownDocument::setMarkdown(const QString &markdown)
{
    if (m_fullParses > 0 && markdown == m_text)
        return;
    if (m_fullParses == 0 || !markdown.startsWith(QStringView(m_text).left(m_stable)))
        reset();
    const qsizetype stable = stableLength(markdown, m_stable);
    // The tail is parsed again every time: it is the part that may still change its meaning.
    if (m_tailStart == 0) {
        m_document->clear();
    } else {
        QTextCursor tail(m_document.get());
        tail.setPosition(int(m_tailStart));
        tail.movePosition(QTextCursor::End, QTextCursor::KeepAnchor);
        tail.removeSelectedText();
    }
    if (stable > m_stable) {
        append(markdown.mid(m_stable, stable - m_stable));
        m_stable = stable;
    }
    m_tailStart = endPosition();
    append(markdown.mid(m_stable));
    m_text = markdown;
    // As SafeTextDocument::setChatMarkdown does: text that would show nothing is shown as written.
    if (m_document->showsNoText() && !markdown.trimmed().isEmpty()) {
        m_document->setPlainText(markdown);
        m_document->breakLongRuns();
        m_stable = 0;
        m_tailStart = 0;
    }
}

} // namespace Tandem
