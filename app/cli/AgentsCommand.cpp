#include "AgentsCommand.h"

#include "agents/AgentCatalog.h"
#include "api/LocalApi.h"
#include "chat/LocalChatRepository.h"
#include "cli/CliCommands.h"
#include "cli/CliOutput.h"
#include "cli/CommandHelp.h"
#include "cli/OutsideAgentPrompt.h"
#include "cli/ServeCommand.h"
#include "cli/TerminalStream.h"

#include <QCommandLineParser>
#include <QDir>
#include <QSaveFile>

using namespace Qt::StringLiterals;

namespace Tandem {

namespace {

int usageError(const QString &problem)
{
    CliOutput::err() << problem << '\n'
                     << AgentsCommand::tr("Usage: tandem agents export-prompts DIR [--conversation ID] [--port N]")
                     << '\n';
    return CliCommands::UsageError;
}

} // namespace

QString AgentsCommand::name() const
{
    return u"agents"_s;
}

QString AgentsCommand::description() const
{
    return CliCommands::tr("export-prompts DIR [--conversation ID] [--port N]: write the pipeline's agent files with "
                           "DASHBOARD_URL, STORY_ID and BRANCH filled in");
}

int AgentsCommand::execute(const QCommandLineParser &parser, AppContext &context)
{
    return run(parser, storedRepository(parser, context));
}

int AgentsCommand::run(const QCommandLineParser &parser, LocalChatRepository &repository)
{
    const QStringList positional = parser.positionalArguments();
    if (positional.value(1) != u"export-prompts")
        return usageError(positional.value(1).isEmpty()
                ? tr("Say what to do with the agents: export-prompts.")
                : tr("Unknown action “%1”: use export-prompts.").arg(positional.value(1)));
    const QString folder = positional.value(2);
    if (folder.isEmpty())
        return usageError(tr("Give the folder to write the prompts into."));

    QHash<QString, QString> values;
    bool ok = false;
    quint16 port = ServeCommand::portOption(parser, &ok);
    if (!ok)
        return usageError(tr("--port needs a port number from 1 to 65535."));
    if (port == 0)
        port = LocalApi::portInSettings();
    if (port != 0)
        values.insert(u"DASHBOARD_URL"_s, u"http://127.0.0.1:%1"_s.arg(port));
    if (parser.isSet(u"conversation"_s)) {
        // A conversation's id or the story id it was created for (`v0.1:1.1.1`), as the board takes them.
        const std::optional<Conversation> conversation
            = repository.conversationForStory(parser.value(u"conversation"_s).trimmed());
        if (!conversation) {
            CliOutput::err() << tr("There is no conversation %1.").arg(parser.value(u"conversation"_s)) << '\n';
            return CliCommands::UsageError;
        }
        // As the engine does (RequestBuilder): a conversation is the story; its own variables win.
        const qint64 id = conversation->id;
        values.insert(u"STORY_ID"_s, conversation->storyId.isEmpty() ? QString::number(id) : conversation->storyId);
        values.insert(u"BRANCH"_s, u"story-%1"_s.arg(id));
        const QHash<QString, QString> stored = repository.variables(id);
        for (auto it = stored.cbegin(); it != stored.cend(); ++it)
            values.insert(it.key(), it.value());
    }

    if (!QDir().mkpath(folder)) {
        CliOutput::err() << tr("The folder %1 cannot be made.").arg(folder) << '\n';
        return CliCommands::StorageError;
    }
    const AgentCatalog catalog(AgentCatalog::userFolder());
    int written = 0;
    for (const Agent &agent : catalog.agents()) {
        if (!agent.modes.contains(u"pipeline"_s))
            continue;
        // Written for an agent outside Tandem: the board's curl lines instead of the tools it does not have.
        const QString text = OutsideAgentPrompt::render(agent, catalog.agents(), values);
        QSaveFile target(QDir(folder).filePath(agent.id + u".md"_s));
        if (!target.open(QIODevice::WriteOnly) || target.write(text.toUtf8()) < 0 || !target.commit()) {
            CliOutput::err() << tr("%1 cannot be written: %2").arg(target.fileName(), target.errorString()) << '\n';
            return CliCommands::StorageError;
        }
        CliOutput::out() << QDir::toNativeSeparators(target.fileName()) << '\n';
        ++written;
    }
    CliOutput::out().flush();
    return written > 0 ? CliCommands::Success : CliCommands::UsageError;
}

CommandPage AgentsCommand::page() const
{
    return CommandPage { CommandHelp::tr("tandem agents export-prompts DIR [--conversation ID] [--port N]"),
        CommandHelp::tr("Writes the pipeline's agent files into DIR with DASHBOARD_URL, STORY_ID and BRANCH filled "
                        "in, for an outside agent to read."),
        { u"conversation"_s, u"port"_s }, { u"tandem agents export-prompts agents --conversation 9"_s } };
}

} // namespace Tandem
