#pragma once

#include <QList>
#include <QtGlobal>

#include <optional>

namespace Tandem {

/// @brief The ids of the message rows one connection rewrote in place (MessageStore::update, linkHandoff), in order,
/// so that a reader keeping rows in memory (the engine's ThreadCache) reads again only those. Appended rows need no
/// entry: a reader asks for the ids above the last it has. Bounded: a reader that fell too far behind is told so.
class MessageJournal final
{
public:
    /// @brief Notes that row @p messageId was rewritten.
    void noteRewrite(qint64 messageId);
    /// @brief A position to pass to rewrittenSince() later: what has been noted so far.
    quint64 position() const;
    /// @brief The rows rewritten since @p position (duplicates possible); nullopt if the journal no longer reaches
    /// that far back, and the reader must read everything again.
    std::optional<QList<qint64>> rewrittenSince(quint64 position) const;

private:
    static constexpr qsizetype kKept = 4096;
    QList<qint64> m_ids; ///< the last kKept rewrites; a row rewritten twice in a row (a streamed reply) is kept once
    quint64 m_end = 0; ///< entries noted, so m_ids holds [m_end - m_ids.size(), m_end)
    mutable bool m_lastSeen = false; ///< a position was taken after the last entry: its next rewrite is a new entry
};

} // namespace Tandem
