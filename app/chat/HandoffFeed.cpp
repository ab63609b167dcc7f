// HandoffFeed owns where this process stands in the board's change log, so that every handoff change is announced
// once, in order, whether this process or another one made it.
#include "HandoffFeed.h"

#include "storage/UnitOfWork.h"

namespace Tandem {

namespace {
constexpr int kPage = 200;
} // namespace

HandoffFeed::HandoffFeed(UnitOfWork &work)
    : m_work(work)
    , m_lastRead(work.board().lastChangeId())
{ }

QList<Handoff> HandoffFeed::upTo(const Handoff &own)
{
    QList<Handoff> found;
    qint64 after = m_lastRead;
    for (;;) {
        const QList<HandoffChange> page = m_work.board().changesAfter(after, kPage);
        for (const HandoffChange &change : page) {
            if (change.handoff.id == own.id && change.handoff.status() == own.status()) {
                found << own; // the engine's own copy: what it announced
                m_lastRead = change.id;
                return found;
            }
            found << change.handoff;
            after = change.id;
        }
        if (page.size() < kPage)
            return {}; // read already (or never logged): the log's order decides, nothing is announced twice
    }
}

QList<Handoff> HandoffFeed::unread()
{
    QList<Handoff> found;
    for (;;) {
        const QList<HandoffChange> page = m_work.board().changesAfter(m_lastRead, kPage);
        for (const HandoffChange &change : page) {
            found << change.handoff;
            m_lastRead = change.id;
        }
        if (page.size() < kPage)
            return found;
    }
}

} // namespace Tandem
