#include "Step.h"

#include "agents/EngineEvents.h"
#include "storage/UnitOfWork.h"

namespace Tandem {

Step::Step(UnitOfWork &work, EngineEvents &events)
    : m_transaction(work)
    , m_events(events)
    , m_mark(events.mark())
{ }

Step::~Step()
{
    rollback();
}

bool Step::commit()
{
    if (m_closed)
        return false;
    m_closed = true;
    if (m_transaction.commit())
        return true;
    m_events.drop(m_mark);
    return false;
}

void Step::rollback()
{
    if (m_closed)
        return;
    m_closed = true;
    m_transaction.rollback();
    m_events.drop(m_mark);
}

} // namespace Tandem
