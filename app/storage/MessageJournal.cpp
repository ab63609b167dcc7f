#include "MessageJournal.h"

namespace Tandem {

void MessageJournal::noteRewrite(qint64 messageId)
{
    // A streamed reply rewrites its row many times in a row: one entry is enough, unless a reader took its position
    // after that entry (it must hear of the row again).
    if (!m_ids.isEmpty() && m_ids.constLast() == messageId && !m_lastSeen)
        return;
    m_lastSeen = false;
    if (m_ids.size() == kKept)
        m_ids.removeFirst();
    m_ids.append(messageId);
    ++m_end;
}

quint64 MessageJournal::position() const
{
    m_lastSeen = true;
    return m_end;
}

std::optional<QList<qint64>> MessageJournal::rewrittenSince(quint64 position) const
{
    if (position > m_end)
        return std::nullopt;
    const quint64 wanted = m_end - position;
    // A reader further back than what is kept reads everything again.
    if (wanted > quint64(m_ids.size()))
        return std::nullopt;
    return m_ids.mid(m_ids.size() - qsizetype(wanted));
}

} // namespace Tandem
