#include "ExportDocument.h"

#include <QFontDatabase>
#include <QTextBlock>
#include <QTextCursor>
#include <QUrl>

#include <tuple>

using namespace Qt::StringLiterals;

namespace Tandem {

QVariant ExportDocument::loadResource(int, const QUrl &)
{
    return {};
}

void ExportDocument::setSafeMarkdown(const QString &markdown)
{
    setMarkdown(markdown,
        QTextDocument::MarkdownFeatures(QTextDocument::MarkdownDialectGitHub | QTextDocument::MarkdownNoHTML));
    neutralize();
}

void ExportDocument::neutralize()
{
    // Collected first, changed last to first, so the positions stay valid while the text changes.
    std::vector<std::tuple<int, int, QString>> images; // position, length, replacement text
    std::vector<std::pair<int, int>> links; // position, length
    for (QTextBlock block = begin(); block.isValid(); block = block.next()) {
        for (auto it = block.begin(); !it.atEnd(); ++it) {
            const QTextFragment fragment = it.fragment();
            if (!fragment.isValid())
                continue;
            const QTextCharFormat format = fragment.charFormat();
            if (format.isImageFormat()) {
                images.emplace_back(
                    fragment.position(), fragment.length(), u"[%1]"_s.arg(format.toImageFormat().name()));
            } else if (format.isAnchor() && !format.anchorHref().isEmpty()) {
                const QString scheme = QUrl(format.anchorHref()).scheme().toLower();
                if (scheme != u"http" && scheme != u"https" && scheme != u"mailto")
                    links.emplace_back(fragment.position(), fragment.length());
            }
        }
    }
    QTextCursor cursor(this);
    for (auto it = links.rbegin(); it != links.rend(); ++it) {
        cursor.setPosition(it->first);
        cursor.setPosition(it->first + it->second, QTextCursor::KeepAnchor);
        QTextCharFormat plain = cursor.charFormat();
        plain.setAnchor(false);
        plain.setAnchorHref({});
        plain.setFontUnderline(false);
        plain.clearForeground();
        cursor.setCharFormat(plain);
    }
    for (auto it = images.rbegin(); it != images.rend(); ++it) {
        cursor.setPosition(std::get<0>(*it));
        cursor.setPosition(std::get<0>(*it) + std::get<1>(*it), QTextCursor::KeepAnchor);
        cursor.insertText(std::get<2>(*it), QTextCharFormat());
    }
}

QString ExportDocument::bodyHtml() const
{
    const QString html = toHtml();
    const qsizetype bodyTag = html.indexOf(u"<body"_s);
    const qsizetype start = bodyTag < 0 ? -1 : html.indexOf(u'>', bodyTag);
    const qsizetype end = html.lastIndexOf(u"</body>"_s);
    QString body = start < 0 || end < start ? QString() : html.mid(start + 1, end - start - 1).trimmed();
    const QString fixed = QFontDatabase::systemFont(QFontDatabase::FixedFont).family();
    if (!fixed.isEmpty())
        body.replace(u"font-family:'%1'"_s.arg(fixed), u"font-family:monospace"_s);
    return body;
}

} // namespace Tandem
