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
    return CommandPage { CommandHelp::tr("tandem handoffs --story STORY|--conversation ID [--json]\n"
                                         "       tandem handoffs --stale MINUTES [--json]"),
        CommandHelp::tr("Prints a story's handoff board, or the handoffs of every conversation left pending for "
                        "longer than MINUTES. --json prints the local API's shapes (the story id a conversation was "
                        "created for, or else its id, is the storyId)."),
        { u"story"_s, u"conversation"_s, u"stale"_s, u"json"_s },
        { u"tandem handoffs --story v0.1:1.1.1 --json"_s, u"tandem handoffs --stale 30"_s } };
}

} // namespace Tandem
