#include "CommandRegistry.h"

#include "cli/AgentsCommand.h"
#include "cli/BoardCommand.h"
#include "cli/ChatCommand.h"
#include "cli/ConversationsCommand.h"
#include "cli/EvalAgentsCommand.h"
#include "cli/EvalRoutingCommand.h"
#include "cli/HandedOverCommand.h"
#include "cli/HandoffCommand.h"
#include "cli/HandoffsCommand.h"
#include "cli/McpCommand.h"
#include "cli/MetricsCommand.h"
#include "cli/RunCommand.h"
#include "cli/ServeCommand.h"
#include "cli/ShowCommand.h"
#include "cli/StoryCommand.h"
#include "cli/TokensCommand.h"

using namespace Qt::StringLiterals;

namespace Tandem {

CommandRegistry CommandRegistry::headless()
{
    CommandRegistry registry;
    registry.add(std::make_unique<RunCommand>());
    registry.add(std::make_unique<ChatCommand>());
    registry.add(std::make_unique<ConversationsCommand>());
    registry.add(std::make_unique<ShowCommand>());
    registry.add(std::make_unique<HandedOverCommand>(HandedOverCommand::Export));
    registry.add(std::make_unique<HandedOverCommand>(HandedOverCommand::Import));
    registry.add(std::make_unique<HandoffsCommand>());
    registry.add(std::make_unique<HandoffCommand>());
    registry.add(std::make_unique<StoryCommand>());
    registry.add(std::make_unique<ServeCommand>());
    registry.add(std::make_unique<TokensCommand>());
    registry.add(std::make_unique<BoardCommand>());
    registry.add(std::make_unique<AgentsCommand>());
    registry.add(std::make_unique<McpCommand>());
    registry.add(std::make_unique<MetricsCommand>());
    registry.add(std::make_unique<EvalRoutingCommand>());
    registry.add(std::make_unique<EvalAgentsCommand>());
    return registry;
}

void CommandRegistry::add(std::unique_ptr<Command> command)
{
    for (std::unique_ptr<Command> &each : m_commands)
        if (each->name() == command->name()) {
            each = std::move(command);
            return;
        }
    m_commands.push_back(std::move(command));
}

Command *CommandRegistry::find(QStringView name) const
{
    for (const std::unique_ptr<Command> &command : m_commands)
        if (command->name() == name)
            return command.get();
    return nullptr;
}

QStringList CommandRegistry::names() const
{
    QStringList names;
    for (const std::unique_ptr<Command> &command : m_commands)
        names << command->name();
    return names;
}

QString CommandRegistry::listText() const
{
    QString text;
    for (const std::unique_ptr<Command> &command : m_commands)
        text += line(command->synopsis(), command->description());
    return text;
}

QString CommandRegistry::line(const QString &synopsis, const QString &description)
{
    // The descriptions start in one column, as QCommandLineParser lays out its options; a longer synopsis pushes
    // its own description one space further.
    constexpr qsizetype kColumn = 13;
    return u"  "_s + synopsis.leftJustified(kColumn) + u' ' + description + u'\n';
}

} // namespace Tandem
