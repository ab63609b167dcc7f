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
        return;
    }
    if (codeBackground.isValid())
        tintCodeBlocks(codeBackground);
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
        cursor.setPosition(block.position());
        cursor.setBlockFormat(tinted);
    }
}

} // namespace Tandem
