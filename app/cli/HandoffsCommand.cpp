#include "HandoffsCommand.h"

#include "chat/LocalChatRepository.h"
#include "cli/CliCommands.h"
#include "cli/HandoffCommands.h"

using namespace Qt::StringLiterals;

namespace Tandem {

QString HandoffsCommand::name() const
{
    return u"handoffs"_s;
}

QString HandoffsCommand::description() const
{
    return CliCommands::tr("print a conversation's handoff board: --conversation ID [--json], or --stale MINUTES");
}

int HandoffsCommand::execute(const QCommandLineParser &parser, AppContext &context)
{
    return HandoffCommands::list(parser, storedRepository(parser, context));
}

} // namespace Tandem
