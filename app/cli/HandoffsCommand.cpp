#include "HandoffsCommand.h"

#include "chat/LocalChatRepository.h"
#include "cli/CliCommands.h"
#include "cli/CommandHelp.h"
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

CommandPage HandoffsCommand::page() const
{
    return CommandPage { CommandHelp::tr("tandem handoffs --conversation ID [--json]\n"
                                         "       tandem handoffs --stale MINUTES [--json]"),
        CommandHelp::tr("Prints a conversation's handoff board, or the handoffs of every conversation left "
                        "pending for longer than MINUTES. --json prints seed 002's shapes (a conversation's id "
                        "is the storyId)."),
        { u"conversation"_s, u"stale"_s, u"json"_s },
        { u"tandem handoffs --conversation 9 --json"_s, u"tandem handoffs --stale 30"_s } };
}

} // namespace Tandem
