#include "HighlightedText.h"

namespace Tandem {

HighlightedText HighlightedText::fromMarked(QStringView marked, QChar open, QChar close)
{
    HighlightedText result;
    result.text.reserve(marked.size());
    qsizetype openedAt = -1;
    for (const QChar c : marked) {
        if (c == open) {
            if (openedAt < 0)
                openedAt = result.text.size();
        } else if (c == close) {
            if (openedAt >= 0 && result.text.size() > openedAt)
                result.spans.append({ openedAt, result.text.size() - openedAt });
            openedAt = -1;
        } else if (c == u'\n' || c == u'\r' || c == u'\t') {
            result.text.append(u' ');
        } else {
            result.text.append(c);
        }
    }
    if (openedAt >= 0 && result.text.size() > openedAt)
        result.spans.append({ openedAt, result.text.size() - openedAt });
    return result;
}

HighlightedText HighlightedText::findAll(const QString &text, const QString &needle)
{
    HighlightedText result { text, {} };
    if (needle.isEmpty())
        return result;
    for (qsizetype at = text.indexOf(needle, 0, Qt::CaseInsensitive); at >= 0;
         at = text.indexOf(needle, at + needle.size(), Qt::CaseInsensitive))
        result.spans.append({ at, needle.size() });
    return result;
}

} // namespace Tandem
