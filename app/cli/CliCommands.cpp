#include "CliCommands.h"

#include "agents/AgentCatalog.h"
#include "chat/EngineSettings.h"
#include "chat/LocalChatRepository.h"
#include "cli/AgentsCommand.h"
#include "cli/AppSetup.h"
#include "cli/ChatCommand.h"
#include "cli/CliOutput.h"
#include "cli/CommandHelp.h"
#include "cli/CommandSuggestion.h"
#include "cli/EvalRoutingCommand.h"
#include "cli/GuardrailOptions.h"
#include "cli/HandoffCommands.h"
#include "cli/Handover.h"
#include "cli/MetricsCommand.h"
#include "cli/RunCommand.h"
#include "cli/ServeCommand.h"
#include "cli/TerminalStream.h"
#include "domain/HandoffSignal.h"
#include "domain/Logging.h"
#include "domain/UrlSecrets.h"
#include "llm/NetworkAccess.h"
#include "storage/DataLocation.h"
#include "storage/Database.h"
#include "storage/SecretStore.h"
#include "storage/UnitOfWork.h"
#include "tools/ToolCatalog.h"

#include <QCommandLineParser>
#include <QCryptographicHash>
#include <QEventLoop>
#include <QHash>
#include <QLoggingCategory>
#include <QUrl>

#include <cstring>

using namespace Qt::StringLiterals;

namespace Tandem {

namespace {
constexpr const char *kCommands[] = { "run", "chat", "conversations", "show", "export", "import", "handoffs", "handoff",
    "serve", "agents", "metrics", "eval-routing", "help" };
// Options that take a value: their value is not the command. Ours (the guardrail options too, see
// GuardrailOptions), then the window's (Qt's, with - or --).
constexpr const char *kValueOptions[] = { "--data-dir", "--mode", "--provider", "--model", "--conversation",
    "--protocol", "--workspace", "--wait", "--var", "--agent", "--allow-tool", "--min-accuracy", "--format", "-o",
    "--output", "--port", "-platform", "-platformpluginpath", "-platformtheme", "-plugin", "-qwindowgeometry",
    "-qwindowicon", "-qwindowtitle", "-display", "-geometry", "-title", "-name", "-style", "-stylesheet", "-session" };

CliCommands::ExternalCommand g_exportCommand = nullptr;
CliCommands::ExternalCommand g_importCommand = nullptr;

TerminalStream &out()
{
    return CliOutput::out();
}
TerminalStream &err()
{
    return CliOutput::err();
}

QStringList commandNames()
{
    QStringList names;
    for (const char *command : kCommands)
        names << QString::fromLatin1(command);
    return names;
}

int listConversations(LocalChatRepository &repository)
{
    const QList<Conversation> all = repository.conversations();
    for (const Conversation &conversation : all)
        out() << conversation.id << '\t' << Conversation::modeName(conversation.mode) << '\t'
              << conversation.updatedAt.toString(Qt::ISODate) << '\t' << conversation.title << '\n';
    out().flush();
    return CliCommands::Success;
}

int showConversation(LocalChatRepository &repository, UnitOfWork &work, const QString &idText)
{
    bool ok = false;
    const qint64 id = idText.toLongLong(&ok);
    const std::optional<Conversation> conversation = ok ? repository.conversation(id) : std::nullopt;
    if (!conversation) {
        err() << CliCommands::tr("There is no conversation %1.").arg(idText) << '\n';
        return CliCommands::UsageError;
    }
    const QHash<QString, QString> names = CliOutput::agentNames(work);
    out() << "# " << conversation->title << " (" << Conversation::modeName(conversation->mode) << ")\n";
    const QList<Message> rows = repository.messages(id, 0, std::numeric_limits<int>::max());
    QHash<qint64, Handoff> handoffs;
    for (const Handoff &handoff : repository.handoffs(id))
        handoffs.insert(handoff.id, handoff);
    for (const Message &row : rows) {
        const auto handoff = handoffs.constFind(row.handoffId);
        out() << CliOutput::formatRow(row, names, handoff == handoffs.cend() ? nullptr : &handoff.value()) << '\n';
    }
    out().flush();
    return CliCommands::Success;
}

int unknownCommand(const QString &command)
{
    const QString closest = CommandSuggestion::closest(command, commandNames());
    if (closest.isEmpty())
        err() << CliCommands::tr("Unknown command “%1”. The commands are: %2.")
                     .arg(command, commandNames().join(u", "_s));
    else
        err() << CliCommands::tr("Unknown command “%1”. Did you mean “%2”?").arg(command, closest);
    err() << '\n' << CliCommands::tr("See: tandem help") << '\n';
    return CliCommands::UsageError;
}

} // namespace

bool CliCommands::isCommand(QStringView name)
{
    for (const char *command : kCommands)
        if (name == QLatin1StringView(command))
            return true;
    return false;
}

bool CliCommands::isCommandLine(int argc, const char *const *argv)
{
    return !commandOf(argc, argv).isEmpty();
}

QString CliCommands::commandOf(int argc, const char *const *argv)
{
    for (int i = 1; i < argc; ++i) {
        const char *arg = argv[i];
        if (arg[0] == '-') {
            // Qt's own options are accepted with one dash or two.
            const char *single = arg[1] == '-' ? arg + 1 : arg;
            bool takesValue = false;
            for (const char *option : kValueOptions)
                takesValue = takesValue || std::strcmp(arg, option) == 0 || std::strcmp(single, option) == 0;
            takesValue = takesValue || GuardrailOptions::isOption(arg);
            if (takesValue)
                ++i;
            continue;
        }
        // The window takes no words: any word is a command, and a mistyped one is answered as such.
        return QString::fromLocal8Bit(arg);
    }
    return {};
}

QString CliCommands::exitCodesHelp()
{
    return tr("Exit codes: 0 success, 1 storage error (the database or the keychain), 2 usage error, 3 provider "
              "error, 4 stopped by a guardrail, 5 a tool waits for approval (no terminal to ask on, no --allow-tool), "
              "6 cancelled, 7 routing accuracy below --min-accuracy, 8 the conversation is busy (answering in another "
              "Tandem process for longer than --wait).");
}

void CliCommands::setExchangeCommands(ExternalCommand exportCommand, ExternalCommand importCommand)
{
    g_exportCommand = exportCommand;
    g_importCommand = importCommand;
}

QList<QCommandLineOption> CliCommands::options()
{
    QList<QCommandLineOption> options;
    options.append({ u"data-dir"_s, tr("Keep the database in <folder>."), tr("folder") });
    options.append({ u"mode"_s,
        tr("single, dual (agent 1 clarifies, agent 2 answers), pipeline or router (an orchestrator picks the agent)."),
        tr("mode") });
    options.append({ u"agent"_s, tr("run: this agent answers, without router mode's orchestrator."), tr("id") });
    options.append({ u"min-accuracy"_s, tr("eval-routing: exit with 7 below this share of right answers (0 to 1)."),
        tr("share") });
    options.append(
        { u"provider"_s, tr("A stored provider profile's id, or a base URL ending in /v1."), tr("provider") });
    options.append({ u"model"_s, tr("The model to use."), tr("model") });
    options.append({ u"conversation"_s,
        tr("The conversation with this id: run and chat continue it (then --provider may be left out if it has a "
           "stored provider), export writes it (repeat for several), the others read it."),
        tr("id") });
    options.append({ u"protocol"_s, tr("For a base URL: responses or chat (default chat)."), tr("protocol") });
    options.append({ u"workspace"_s, tr("The folder the file tools may use."), tr("folder") });
    options.append({ u"var"_s,
        tr("Set a variable of the conversation that the agents' prompts use as $NAME (NAME in capitals, such as "
           "STORY_ID), before the turn. Repeat it for several."),
        tr("NAME=value") });
    options.append({ u"allow-tool"_s,
        tr("run, chat: let the tool NAME run without asking, each of its calls during this command (for scripts; "
           "repeat for several tools). Without it, a tool that needs approval is asked about on the terminal."),
        tr("NAME") });
    options << GuardrailOptions::options();
    options.append({ u"wait"_s,
        tr("If another Tandem process is answering the conversation, wait this long for its turn (default 60)."),
        tr("seconds") });
    options.append({ u"format"_s, tr("Export format: md, json, html, pdf or txt."), tr("format") });
    options.append({ { u"o"_s, u"output"_s }, tr("The file (or folder) to export to."), tr("path") });
    options.append({ u"all"_s, tr("Export every conversation.") });
    options.append({ u"from"_s, tr("handoff create: the agent handing over."), tr("agent") });
    options.append({ u"to"_s, tr("handoff create: the agent (or person) receiving the work."), tr("agent") });
    options.append({ u"payload"_s, tr("handoff create: what travels, a JSON object."), tr("json") });
    options.append({ u"reason"_s, tr("handoff create or reject: why."), tr("text") });
    options.append({ u"stale"_s, tr("handoffs: the pending ones older than this many minutes."), tr("minutes") });
    options.append({ u"json"_s, tr("handoffs, handoff: print seed 002's JSON; metrics: print JSON.") });
    options.append(
        { u"port"_s, tr("serve, agents export-prompts: the local API's port (0: a free one)."), tr("port") });
    options.append({ u"print-token"_s, tr("serve: also print the local API's token.") });
    options.append({ u"verbose"_s, tr("Also print what Tandem does (log lines) on standard error.") });
    return options;
}

int CliCommands::exec(QCoreApplication &app)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(AppSetup::description() + u"\n\n"_s
        + tr("Commands:\n"
             "  run           send a message and stream the answer with its handoffs; a tool that needs approval "
             "is asked about on the terminal (or allowed with --allow-tool)\n"
             "  chat          one conversation from standard input, a message a line (the options of run)\n"
             "  conversations list the stored conversations\n"
             "  show ID       print one conversation with its dividers\n"
             "  export        write conversations to a file: --conversation ID|--all --format md|json|html|pdf|txt "
             "-o PATH (a folder: one file per conversation)\n"
             "  import FILE   add the conversations of a Tandem JSON export as new ones\n"
             "  handoffs      print a conversation's handoff board: --conversation ID [--json], or --stale MINUTES\n"
             "  handoff       act on the board: create --conversation ID --from A --to B [--payload JSON], "
             "accept ID, reject ID --reason TEXT, timeout ID, cleanup --conversation ID\n"
             "  serve         run the local API (the handoff board over HTTP on 127.0.0.1) until stopped: "
             "[--port N] [--print-token]\n"
             "  agents        export-prompts DIR [--conversation ID] [--port N]: write the pipeline's agent files "
             "with DASHBOARD_URL, STORY_ID and BRANCH filled in\n"
             "  metrics       print router mode's metrics per agent: [--conversation ID] [--json]\n"
             "  eval-routing  classify each case of a JSONL file as router mode would: CASES.jsonl [--provider P] "
             "[--min-accuracy X]\n"
             "  help          this list; help COMMAND (or COMMAND --help): that command's usage, options and "
             "examples\n\n"
             "The API key of a stored provider comes from the keychain; for a base URL, from TANDEM_API_KEY.")
        + u"\n"_s + exitCodesHelp());
    parser.addHelpOption();
    parser.addVersionOption();
    const QList<QCommandLineOption> all = options();
    parser.addOptions(all);
    parser.addPositionalArgument(u"command"_s,
        tr("run, chat, conversations, show, export, import, handoffs, handoff, serve, agents, metrics, eval-routing "
           "or help"));
    const bool parsed = parser.parse(app.arguments());
    // Quiet unless asked: a successful command writes nothing to standard error. QT_LOGGING_RULES still wins.
    // A failing command says why in its own sentence; the log lines behind it (a failed query) are for --verbose.
    QLoggingCategory::setFilterRules(parsed && parser.isSet(u"verbose"_s)
            ? u"tandem.*.debug=true\ntandem.*.info=true"_s
            : u"*.debug=false\n*.info=false\ntandem.*.warning=false"_s);
    if (!parsed) {
        err() << parser.errorText() << '\n';
        return UsageError;
    }
    const QStringList positional = parser.positionalArguments();
    const QString command = positional.value(0);
    // `tandem COMMAND --help` and `tandem help COMMAND`: that command's own help; without a command, all of them.
    const bool help = parser.isSet(u"help"_s) || command == u"help";
    QString topic = command;
    if (command == u"help") // `tandem help --help` is help's own page
        topic = positional.size() > 1 ? positional.at(1) : (parser.isSet(u"help"_s) ? command : QString());
    if (help && topic.isEmpty()) {
        out() << parser.helpText();
        out().flush();
        return Success;
    }
    if (parser.isSet(u"version"_s)) {
        out() << QCoreApplication::applicationName() << ' ' << QCoreApplication::applicationVersion() << '\n';
        out().flush();
        return Success;
    }
    if (command.isEmpty()) { // `tandem-cli` alone
        err() << parser.helpText();
        return UsageError;
    }
    if (!isCommand(topic))
        return unknownCommand(topic);
    if (help) {
        out() << CommandHelp::text(topic, all);
        out().flush();
        return Success;
    }
    const ExternalCommand external
        = command == u"export" ? g_exportCommand : (command == u"import" ? g_importCommand : nullptr);
    if ((command == u"export" || command == u"import") && !external) {
        // tandem-cli carries no QtGui, which the exporters lay text out with: the full binary does these two.
        Handover::exec(Handover::kFullProgram, app.arguments());
        err() << tr("“%1” needs the full tandem executable, which is not installed beside tandem-cli.").arg(command)
              << '\n';
        return UsageError;
    }

    Database database;
    // A headless command checks even a large file's pages first: an answer from a damaged file would be wrong silently.
    if (!database.open(DataLocation::databasePath(parser.value(u"data-dir"_s)))
        || (database.isCheckPending() && !database.checkIntegrity())) {
        err() << database.errorString() << '\n';
        return StorageError;
    }
    // The process's one tool catalog: every command that runs agents gives them the same tools.
    const std::unique_ptr<ToolCatalog> tools = ToolCatalog::withBuiltins();
    if (command == u"run")
        return RunCommand::run(parser, database, *tools);
    if (command == u"eval-routing")
        return EvalRoutingCommand::run(parser, database, *tools);
    if (command == u"chat")
        return ChatCommand::run(parser, database, *tools);
    if (external)
        return external(parser, database);

    EngineConfig config;
    config.agentsFolder = AgentCatalog::userFolder();
    LocalChatRepository repository(
        database.work(), NetworkAccess::createManager(&app), nullptr, &tools->registry(), config);
    if (parser.isSet(u"verbose"_s))
        CliOutput::printAgentProblems(repository);
    if (command == u"conversations")
        return listConversations(repository);
    if (command == u"handoffs")
        return HandoffCommands::list(parser, repository);
    if (command == u"handoff")
        return HandoffCommands::act(parser, repository);
    if (command == u"serve")
        return ServeCommand::run(parser, repository, DataLocation::folder(parser.value(u"data-dir"_s)));
    if (command == u"agents")
        return AgentsCommand::run(parser, repository);
    if (command == u"metrics")
        return MetricsCommand::run(parser, repository);
    if (positional.size() < 2) {
        err() << tr("Usage: tandem show ID") << '\n';
        return UsageError;
    }
    return showConversation(repository, database.work(), positional.at(1));
}

} // namespace Tandem
