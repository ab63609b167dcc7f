#include "HandoffCommand.h"

#include "chat/LocalChatRepository.h"
#include "cli/CliCommands.h"
#include "cli/HandoffCommands.h"

using namespace Qt::StringLiterals;

namespace Tandem {

QString HandoffCommand::name() const
{
    return u"handoff"_s;
}

QString HandoffCommand::description() const
{
    return CliCommands::tr("act on the board: create --conversation ID --from A --to B [--payload JSON], accept ID, "
                           "reject ID --reason TEXT, timeout ID, cleanup --conversation ID");
}

int HandoffCommand::execute(const QCommandLineParser &parser, AppContext &context)
{
    return HandoffCommands::act(parser, storedRepository(parser, context));
}

} // namespace Tandem
