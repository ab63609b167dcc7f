#include "SafeTextDocument.h"

#include <QColor>
#include <QTextBlock>
#include <QTextBlockFormat>
#include <QTextCursor>
#include <QUrl>

using namespace Qt::StringLiterals;

namespace Tandem {

QVariant SafeTextDocument::loadResource(int type, const QUrl &name)
{
    if (name.scheme() == u"qrc"_s || (name.scheme().isEmpty() && name.path().startsWith(u':')))
        return QTextDocument::loadResource(type, name);
    ++m_refused;
    return {};
}

void SafeTextDocument::setChatMarkdown(const QString &markdown, const QColor &codeBackground)
{
    setMarkdown(markdown, kChatMarkdown);
    // A reply is never an empty bubble: what Markdown would hide is shown as written.
    if (showsNoText() && !markdown.trimmed().isEmpty()) {
        setPlainText(markdown);
        breakLongRuns();
        return;
    }
    if (codeBackground.isValid())
        tintCodeBlocks(codeBackground);
    breakLongRuns();
}

void SafeTextDocument::breakLongRuns(int from)
{
    QTextCursor cursor(this);
    cursor.beginEditBlock(); // one layout at the end, not one per insertion
    for (QTextBlock block = findBlock(from); block.isValid(); block = block.next()) {
        const QString text = block.text();
        if (text.size() <= kLongRun)
            continue;
        QList<int> breaks;
        int run = 0;
        for (qsizetype i = 0; i < text.size(); ++i) {
            const QChar ch = text.at(i);
            run = ch.isSpace() || ch == QChar(0x200B) ? 0 : run + 1;
            if (run > kLongRun && !ch.isLowSurrogate()) {
                breaks << int(i);
                run = 1;
            }
        }
        // From the last to the first, so each position still counts the block's text as it was.
        for (qsizetype i = breaks.size() - 1; i >= 0; --i) {
            cursor.setPosition(block.position() + breaks.at(i));
            cursor.insertText(QString(QChar(0x200B)));
        }
    }
    cursor.endEditBlock();
}

bool SafeTextDocument::showsNoText() const
{
    const QString text = toPlainText();
    for (const QChar ch : text)
        if (!ch.isSpace() && ch != QChar::ObjectReplacementCharacter)
            return false;
    return true;
}

void SafeTextDocument::tintCodeBlocks(const QColor &codeBackground, int from)
{
    QTextCursor cursor(this);
    for (QTextBlock block = findBlock(from); block.isValid(); block = block.next()) {
        const QTextBlockFormat format = block.blockFormat();
        if (!format.hasProperty(QTextFormat::BlockCodeFence) && !format.hasProperty(QTextFormat::BlockCodeLanguage))
            continue;
        QTextBlockFormat tinted = format;
        tinted.setBackground(codeBackground);
        tinted.setLeftMargin(6);
        tinted.setRightMargin(6);
        // Markdown code keeps its lines whole; in a bubble a long line (a tool's JSON) would run past the edge, so
        // it wraps, its indentation kept.
        tinted.setNonBreakableLines(false);
        cursor.setPosition(block.position());
        cursor.setBlockFormat(tinted);
    }
}

} // namespace Tandem
