#include "FrontMatterLines.h"

namespace Tandem {

bool FrontMatterLines::next(Line *line)
{
    if (m_pos > m_text.size())
        return false;
    qsizetype end = m_text.indexOf(u'\n', m_pos);
    if (end < 0)
        end = m_text.size();
    QStringView text = m_text.sliced(m_pos, end - m_pos);
    if (text.endsWith(u'\r'))
        text.chop(1);
    m_lastStart = m_pos;
    m_pos = end + 1;
    line->number = ++m_number;
    line->text = text;
    return true;
}

std::optional<QStringView> FrontMatterLines::keyOf(QStringView text)
{
    const qsizetype colon = text.indexOf(u':');
    if (colon <= 0)
        return std::nullopt;
    const QStringView key = text.first(colon);
    for (const QChar c : key)
        if (!isLower(c) && c != u'_')
            return std::nullopt;
    if (colon + 1 < text.size() && text.at(colon + 1) != u' ')
        return std::nullopt;
    return key;
}

QString FrontMatterLines::withLineFeeds(QStringView text)
{
    QString out;
    out.reserve(text.size());
    qsizetype pendingCrs = 0;
    for (const QChar c : text) {
        if (c == u'\r') {
            ++pendingCrs;
            continue;
        }
        if (c != u'\n')
            out += QString(pendingCrs, u'\r');
        pendingCrs = 0;
        out += c;
    }
    return out + QString(pendingCrs, u'\r');
}

} // namespace Tandem
