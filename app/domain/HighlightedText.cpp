#include "HighlightedText.h"

namespace Tandem {

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
