#include "HandoffSignal.h"

#include <algorithm>

namespace Tandem {

namespace {
bool isBlank(QChar c)
{
    return c == u' ' || c == u'\t' || c == u'\r' || c == u'\n';
}

// Skips whole blank lines only: indentation on the signal line itself means it is not the signal.
QStringView fromFirstNonBlankLine(QStringView text)
{
    qsizetype lineStart = 0;
    for (qsizetype i = 0; i < text.size() && isBlank(text.at(i)); ++i) {
        if (text.at(i) == u'\n' || text.at(i) == u'\r')
            lineStart = i + 1;
    }
    return text.mid(lineStart);
}
} // namespace

std::optional<QString> HandoffSignal::extractPayload(QStringView reply)
{
    const QStringView rest = fromFirstNonBlankLine(reply);
    if (!rest.startsWith(kSignal))
        return std::nullopt;

    qsizetype i = kSignal.size();
    while (i < rest.size() && (rest.at(i) == u' ' || rest.at(i) == u'\t'))
        ++i;
    if (i == rest.size())
        return QString();
    if (rest.at(i) == u'\r') {
        ++i;
        if (i < rest.size() && rest.at(i) == u'\n')
            ++i;
        return rest.mid(i).toString();
    }
    if (rest.at(i) == u'\n')
        return rest.mid(i + 1).toString();
    return std::nullopt;
}

bool HandoffSignal::mayBecomeHandoff(QStringView partialReply)
{
    const QStringView rest = fromFirstNonBlankLine(partialReply);
    if (std::all_of(rest.begin(), rest.end(), isBlank))
        return true; // still only a blank line that may be skipped
    if (rest.size() <= kSignal.size())
        return kSignal.startsWith(rest);
    return isHandoff(partialReply);
}

} // namespace Tandem
