#include "ConnectionChanges.h"

#include "SqlConnection.h"
#include "UnitOfWork.h"

namespace Tandem {

const MessageJournal &ConnectionChanges::messageRewrites(UnitOfWork &work)
{
    return work.connection().messageRewrites();
}

quint64 ConnectionChanges::rollbacks(UnitOfWork &work)
{
    return work.connection().rollbacks();
}

quint64 ConnectionChanges::agentWrites(UnitOfWork &work)
{
    return work.connection().agentWrites();
}

quint64 ConnectionChanges::branchMoves(UnitOfWork &work)
{
    return work.connection().branchMoves();
}

} // namespace Tandem
