#pragma once

#include "domain/Handoff.h"

#include <QList>

namespace Tandem {

class UnitOfWork;

/// @brief Every change of the handoff board, once each and in the order it was committed, whichever process made it:
/// read from the board's change log (BoardStore::changesAfter) since the last change read, not from the latest
/// state.
///
/// This process's own changes arrive as the engine announces them; each is read up to its place in the log, so the
/// changes other processes committed before it come first. Changes committed before the feed was made are not read.
class HandoffFeed final
{
public:
    explicit HandoffFeed(UnitOfWork &work);
    Q_DISABLE_COPY_MOVE(HandoffFeed)

    /// @brief The changes before this process's change @p own that were not read yet, then @p own itself; nothing if
    /// @p own was read already.
    QList<Handoff> upTo(const Handoff &own);
    /// @brief Every change not read yet.
    QList<Handoff> unread();

private:
    UnitOfWork &m_work;
    qint64 m_lastRead = 0;
};

} // namespace Tandem
