#include "Run.h"

#include "storage/ConversationLock.h"

namespace Tandem {

Run::Run(UnitOfWork &work, EngineEvents &events, const EngineConfig &config)
    : reply(work, events, config)
{ }

Run::~Run() = default;

} // namespace Tandem
