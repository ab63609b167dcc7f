#include "HandoffCommand.h"

#include "chat/LocalChatRepository.h"
#include "cli/CliCommands.h"
#include "cli/CommandHelp.h"
#include "cli/HandoffCommands.h"

using namespace Qt::StringLiterals;

namespace Tandem {

QString HandoffCommand::name() const
{
    return u"handoff"_s;
}

QString HandoffCommand::description() const
{
    return CliCommands::tr("act on the board: create --story STORY --from A --to B [--payload JSON], accept ID, "
                           "reject ID --reason TEXT, timeout ID, cleanup --story STORY");
}

int HandoffCommand::execute(const QCommandLineParser &parser, AppContext &context)
{
    return HandoffCommands::act(parser, storedRepository(parser, context));
}

CommandPage HandoffCommand::page() const
{
    return CommandPage { CommandHelp::tr(
                             "tandem handoff create --story STORY|--conversation ID --from AGENT --to AGENT "
                             "[--payload JSON] [--reason TEXT]\n"
                             "       tandem handoff accept ID | reject ID --reason TEXT | timeout ID\n"
                             "       tandem handoff cleanup --story STORY|--conversation ID"),
        CommandHelp::tr(
            "Acts on the handoff board as an outside agent does through the local API, and prints the handoff it "
            "made or changed. A transition outside the table, an unknown id or a handoff that is not "
            "pending is refused."),
        { u"story"_s, u"conversation"_s, u"from"_s, u"to"_s, u"payload"_s, u"reason"_s, u"json"_s },
        { u"tandem handoff create --story v0.1:1.1.1 --from analyst --to implementer"_s,
            u"tandem handoff reject 2 --reason \"Tests first\""_s } };
}

} // namespace Tandem
