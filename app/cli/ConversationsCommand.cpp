#include "ConversationsCommand.h"

#include "chat/LocalChatRepository.h"
#include "cli/CliCommands.h"
#include "cli/CliOutput.h"
#include "cli/CommandHelp.h"
#include "cli/TerminalStream.h"

using namespace Qt::StringLiterals;

namespace Tandem {

QString ConversationsCommand::name() const
{
    return u"conversations"_s;
}

QString ConversationsCommand::description() const
{
    return CliCommands::tr("list the stored conversations");
}

int ConversationsCommand::execute(const QCommandLineParser &parser, AppContext &context)
{
    LocalChatRepository &repository = storedRepository(parser, context);
    const QList<Conversation> all = repository.conversations();
    TerminalStream &out = CliOutput::out();
    for (const Conversation &conversation : all)
        out << conversation.id << '\t' << Conversation::modeName(conversation.mode) << '\t'
            << conversation.updatedAt.toString(Qt::ISODate) << '\t' << conversation.title << '\n';
    out.flush();
    return CliCommands::Success;
}

CommandPage ConversationsCommand::page() const
{
    return CommandPage { CommandHelp::tr("tandem conversations"),
        CommandHelp::tr("Lists the stored conversations, one a line: id, mode, last activity and title, separated "
                        "by tabs."),
        {}, { u"tandem conversations"_s, u"tandem conversations | cut -f1"_s } };
}

} // namespace Tandem
