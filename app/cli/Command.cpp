#include "Command.h"

#include "agents/EngineConfig.h"
#include "chat/LocalChatRepository.h"
#include "cli/CliOutput.h"
#include "composition/AppContext.h"

#include <QCommandLineParser>

using namespace Qt::StringLiterals;

namespace Tandem {

LocalChatRepository &Command::storedRepository(const QCommandLineParser &parser, AppContext &context)
{
    LocalChatRepository &repository = context.makeRepository(context.engineConfig(), nullptr);
    if (parser.isSet(u"verbose"_s))
        CliOutput::printAgentProblems(repository);
    return repository;
}

} // namespace Tandem
