// RunCommand owns `tandem run`: its options, the provider it names (a stored profile or a base URL), the
// conversation it continues or starts, and the engine it builds for the turn; TurnRunner runs the turn itself.
#include "RunCommand.h"

#include "chat/LocalChatRepository.h"
#include "cli/ApprovalPrompt.h"
#include "cli/CliCommands.h"
#include "cli/CliOutput.h"
#include "cli/CommandHelp.h"
#include "cli/GuardrailOptions.h"
#include "cli/TerminalStream.h"
#include "cli/TurnRunner.h"
#include "composition/AppContext.h"
#include "domain/UrlSecrets.h"
#include "domain/VariableAssignment.h"
#include "storage/Database.h"
#include "storage/SecretStore.h"
#include "storage/UnitOfWork.h"
#include "tools/ToolCatalog.h"
#include "tools/ToolRegistry.h"

#include <QCommandLineParser>
#include <QCryptographicHash>
#include <QSet>
#include <QUrl>

using namespace Qt::StringLiterals;

namespace Tandem {

RunCommand::ResolvedProvider RunCommand::resolveProvider(Database &database, const QCommandLineParser &parser)
{
    ResolvedProvider resolved;
    const QString value = parser.value(u"provider"_s);
    ProviderStore &providers = database.work().providers();
    if (std::optional<ProviderProfile> stored = providers.get(value)) {
        resolved.profile = stored;
        return resolved;
    }
    const QUrl url(value, QUrl::StrictMode);
    if (!url.isValid() || (url.scheme() != u"http" && url.scheme() != u"https") || url.host().isEmpty()) {
        resolved.exitCode = CliCommands::UsageError;
        resolved.problem = CliCommands::tr("Unknown provider “%1”: give a stored profile's id or a base URL such as "
                                           "http://127.0.0.1:11434/v1.")
                               .arg(value);
        return resolved;
    }
    // A key in the URL would be stored with it and shown in log lines: refused, the key has its own way in.
    const QString secretParameter = UrlSecrets::secretParameter(url);
    if (!url.userInfo().isEmpty() || !secretParameter.isEmpty()) {
        resolved.exitCode = CliCommands::UsageError;
        resolved.problem = !url.userInfo().isEmpty()
            ? CliCommands::tr("The base URL contains a user name or password. Give the URL without it and the key "
                              "in the environment variable TANDEM_API_KEY.")
            : CliCommands::tr("The base URL contains the secret parameter “%1”. Give the URL without it and the key "
                              "in the environment variable TANDEM_API_KEY.")
                  .arg(secretParameter);
        return resolved;
    }
    resolved.isUrl = true;
    ProviderProfile profile;
    profile.id = u"url-"_s
        + QString::fromLatin1(QCryptographicHash::hash(value.toUtf8(), QCryptographicHash::Sha1).toHex().left(12));
    profile.name = UrlSecrets::redacted(url);
    profile.baseUrl = url;
    profile.protocol = parser.value(u"protocol"_s) == u"responses" ? ProviderProfile::Protocol::Responses
                                                                   : ProviderProfile::Protocol::ChatCompletions;
    profile.defaultModel = parser.value(u"model"_s);
    // Used for this command only (EngineConfig::unstoredProvider): a base URL given once does not become one of the
    // person's provider profiles.
    resolved.profile = profile;
    return resolved;
}

namespace {

/// The stored provider of @p conversation, for a turn of it that names none (`--conversation ID` alone).
RunCommand::ResolvedProvider storedProviderOf(Database &database, const Conversation &conversation)
{
    RunCommand::ResolvedProvider resolved;
    if (!conversation.providerId.isEmpty())
        resolved.profile = database.work().providers().get(conversation.providerId);
    if (!resolved.profile) {
        resolved.exitCode = CliCommands::UsageError;
        resolved.problem = CliCommands::tr("Conversation %1 has no stored provider (a base URL given with --provider "
                                           "is used for that command only): add --provider with a stored profile's "
                                           "id or the base URL.")
                               .arg(conversation.id);
    }
    return resolved;
}

/// The tools of `--allow-tool`; false, with @p problem saying why, if one of them is no tool.
bool readAllowedTools(
    const QCommandLineParser &parser, const ToolRegistry &tools, QSet<QString> *names, QString *problem)
{
    const QStringList given = parser.values(u"allow-tool"_s);
    for (const QString &name : given) {
        if (!tools.contains(name)) {
            *problem = CliCommands::tr("--allow-tool: there is no tool “%1”. The tools are: %2.")
                           .arg(name, tools.names().join(u", "_s));
            return false;
        }
        names->insert(name);
    }
    return true;
}

} // namespace

QString RunCommand::name() const
{
    return u"run"_s;
}

QString RunCommand::description() const
{
    return CliCommands::tr("send a message and stream the answer with its handoffs; a tool that needs approval is "
                           "asked about on the terminal (or allowed with --allow-tool)");
}

int RunCommand::execute(const QCommandLineParser &parser, AppContext &context)
{
    return run(parser, context);
}

int RunCommand::run(const QCommandLineParser &parser, AppContext &context, const Turns &turns)
{
    const QStringList positional = parser.positionalArguments();
    const QString text = positional.mid(1).join(u' ');
    const QString modeName = parser.value(u"mode"_s);
    const std::optional<Conversation::Mode> mode
        = modeName.isEmpty() ? std::optional(Conversation::Mode::Single) : Conversation::modeFromName(modeName);
    const QString protocol = parser.value(u"protocol"_s);
    // Each mistake gets its own sentence, then the usage line.
    QString problem;
    if (!mode)
        problem = CliCommands::tr("Unknown mode “%1”: use single, dual, pipeline or router.").arg(modeName);
    else if (!protocol.isEmpty() && protocol != u"responses" && protocol != u"chat")
        problem = CliCommands::tr("Unknown protocol “%1”: use responses or chat.").arg(protocol);
    else if (parser.isSet(u"provider"_s) ? parser.value(u"provider"_s).trimmed().isEmpty()
                                         : !parser.isSet(u"conversation"_s) && !parser.isSet(u"story"_s))
        problem = CliCommands::tr("No provider given: add --provider with a stored profile's id or a base URL.");
    else if (!turns && text.trimmed().isEmpty())
        problem = CliCommands::tr("The message is empty: write it after the options, in quotes.");
    // The prompt variables to set: NAME=value, checked as the window's Conversation → Variables… checks a name.
    QList<std::pair<QString, QString>> variables;
    const QStringList assignments = parser.values(u"var"_s);
    for (const QString &assignment : assignments) {
        const qsizetype equals = assignment.indexOf(u'=');
        if (problem.isEmpty())
            problem = VariableAssignment::problem(assignment);
        variables.append({ assignment.left(equals), assignment.mid(equals + 1) });
    }
    if (!problem.isEmpty()) {
        CliOutput::err() << problem << '\n'
                         << (turns ? CliCommands::tr(
                                 "Usage: tandem chat --mode single|dual|pipeline|router --provider "
                                 "<profile or base URL> [--model M] [--conversation ID] [--agent ID] "
                                 "[--protocol responses|chat] [--var NAME=value]... [--allow-tool NAME]... "
                                 "(the messages on standard input, one a line)")
                                   : CliCommands::tr(
                                       "Usage: tandem run --mode single|dual|pipeline|router --provider "
                                       "<profile or base URL> [--model M] [--conversation ID] [--agent ID] "
                                       "[--protocol responses|chat] [--var NAME=value]... [--allow-tool NAME]... "
                                       "\"message\""))
                         << '\n';
        return CliCommands::UsageError;
    }

    // The window's choices (models per agent, workspace, guardrail limits) hold here too, so a turn runs as it would
    // in the window; the options given here win. A bad value is refused before anything is stored.
    EngineConfig config = context.engineConfig(true);
    if (parser.isSet(u"workspace"_s))
        config.workspaceRoot = parser.value(u"workspace"_s);
    if (QString error; !GuardrailOptions::apply(parser, config.limits, &error)
        || !GuardrailOptions::applyRouterThreshold(parser, config.routerThreshold, &error)) {
        CliOutput::err() << error << '\n';
        return CliCommands::UsageError;
    }

    Database &database = context.database();
    UnitOfWork &work = database.work();
    std::optional<Conversation> existing;
    // --story: the conversation of that story (seed 002's story id), created for it on its first turn.
    const QString story = parser.value(u"story"_s).trimmed();
    if (parser.isSet(u"story"_s)) {
        existing = story.isEmpty() ? std::nullopt : work.conversations().forStory(story);
        if (story.isEmpty() || (!existing && !parser.isSet(u"provider"_s))) {
            CliOutput::err() << (story.isEmpty()
                    ? CliCommands::tr("--story needs a story id, such as v0.1:1.1.1.")
                    : CliCommands::tr("There is no story %1 yet: give --provider to start it.").arg(story))
                             << '\n';
            return CliCommands::UsageError;
        }
    } else if (parser.isSet(u"conversation"_s)) {
        bool ok = false;
        const qint64 id = parser.value(u"conversation"_s).toLongLong(&ok);
        existing = ok ? work.conversations().get(id) : std::nullopt;
        if (!existing) {
            CliOutput::err() << CliCommands::tr("There is no conversation %1.").arg(parser.value(u"conversation"_s))
                             << '\n';
            return CliCommands::UsageError;
        }
    }
    const ResolvedProvider resolved
        = parser.isSet(u"provider"_s) ? resolveProvider(database, parser) : storedProviderOf(database, *existing);
    if (!resolved.profile) {
        CliOutput::err() << resolved.problem << '\n';
        return resolved.exitCode;
    }
    const bool isUrl = resolved.isUrl;
    const std::optional<ProviderProfile> &profile = resolved.profile;
    if (isUrl)
        config.unstoredProvider = *profile;

    int waitSeconds = 60;
    if (parser.isSet(u"wait"_s)) {
        bool ok = false;
        waitSeconds = parser.value(u"wait"_s).toInt(&ok);
        if (!ok || waitSeconds < 0) {
            CliOutput::err() << CliCommands::tr("--wait needs a number of seconds (0 or more).") << '\n';
            return CliCommands::UsageError;
        }
    }
    // Keys of stored profiles come from the keychain; a raw URL takes TANDEM_API_KEY (or none).
    LocalChatRepository &repository = context.makeRepository(config, isUrl ? nullptr : &context.secrets());
    if (isUrl)
        repository.setApiKey(profile->id, qEnvironmentVariable("TANDEM_API_KEY"));
    // --allow-tool may name an MCP server's tool: its name is known once the server has listed its tools.
    context.startMcpServers(config, true);
    QSet<QString> allowedTools;
    if (QString error; !readAllowedTools(parser, context.tools().registry(), &allowedTools, &error)) {
        CliOutput::err() << error << '\n';
        return CliCommands::UsageError;
    }
    if (parser.isSet(u"verbose"_s))
        CliOutput::printAgentProblems(repository);

    const bool created = !existing;
    const qint64 conversationId = existing ? existing->id
        : story.isEmpty()                  ? repository.createConversation(*mode)
                                           : repository.createStoryConversation(*mode, story);
    if (conversationId == 0)
        return CliOutput::storageFailure(database, CliCommands::tr("The conversation could not be stored."));
    if (existing && parser.isSet(u"mode"_s) && !repository.setMode(conversationId, *mode))
        return CliOutput::storageFailure(database, CliCommands::tr("The conversation's mode could not be stored."));
    const std::optional<Conversation> conversation = repository.conversation(conversationId);
    if (!conversation)
        return CliOutput::storageFailure(database, CliCommands::tr("The conversation could not be read."));
    const QString model = parser.isSet(u"model"_s) ? parser.value(u"model"_s) : conversation->model;
    // A base URL names no stored profile: the conversation then names none, and the window asks for one rather than
    // sending this model's name to another provider.
    if (!repository.setProvider(conversationId, isUrl ? QString() : profile->id, model))
        return CliOutput::storageFailure(database, CliCommands::tr("The conversation's provider could not be stored."));
    for (const auto &[name, value] : std::as_const(variables))
        if (!repository.setVariable(conversationId, name, value))
            return CliOutput::storageFailure(
                database, CliCommands::tr("The conversation's variable %1 could not be stored.").arg(name));

    // One agent tested on its own, without the orchestrator.
    const QString agentId = parser.value(u"agent"_s);
    if (!agentId.isEmpty()) {
        const std::optional<Agent> agent = work.agents().get(agentId);
        if (!agent || !agent->enabled) {
            CliOutput::err() << CliCommands::tr("There is no enabled agent “%1”.").arg(agentId) << '\n';
            return CliCommands::UsageError;
        }
    }
    qint64 editOf = 0;
    if (parser.isSet(u"edit"_s)) {
        const std::optional<Message> old = work.messages().get(parser.value(u"edit"_s).toLongLong());
        if (created || !old || old->conversationId != conversationId || old->role != Message::Role::User) {
            CliOutput::err() << CliCommands::tr("--edit takes the id of one of the person's messages of the "
                                                "conversation given with --conversation.")
                             << '\n';
            return CliCommands::UsageError;
        }
        editOf = old->id;
    }
    TurnRunner turn(repository, database, CliOutput::agentNames(work));
    turn.setWaitSeconds(waitSeconds);
    turn.setEdit(editOf);
    turn.setAgent(agentId);
    turn.setAllowedTools(allowedTools);
    turn.setAskOnTerminal(ApprovalPrompt::available());
    CliOutput::out() << CliCommands::tr("Conversation %1").arg(conversationId) << '\n';
    CliOutput::out().flush();
    const int exitCode = turns ? turns(turn, conversationId) : turn.run(conversationId, text);
    // A conversation made for a message that could not be stored (a full disk) is not left behind empty.
    if (created && exitCode == CliCommands::StorageError && repository.messages(conversationId, 0, 1).isEmpty())
        repository.deleteConversation(conversationId);
    return exitCode;
}

CommandPage RunCommand::page() const
{
    return CommandPage { CommandHelp::tr("tandem run --provider PROFILE|URL [options] \"message\""),
        CommandHelp::tr("Sends one message and streams the answer, with its dividers and tool calls, to standard "
                        "output; the turn is stored as the window stores it. Without --conversation a new "
                        "conversation is started and its id printed first. A tool that needs approval is asked "
                        "about on the terminal; in a script, --allow-tool lets it run."),
        CommandHelp::turnOptions() << u"edit"_s,
        { u"tandem run --provider %1 --model llama3.2 \"Shorten this text: ...\""_s.arg(CommandHelp::exampleUrl()),
            u"tandem run --mode dual --provider %1 --conversation 3 \"And on Sunday?\""_s.arg(
                CommandHelp::exampleUrl()),
            u"tandem run --workspace ~/notes --allow-tool write_file --provider %1 \"Save a summary as notes.md\""_s
                .arg(CommandHelp::exampleUrl()) } };
}

} // namespace Tandem
