#include "CliCommands.h"

#include "cli/AppSetup.h"
#include "cli/CliOutput.h"
#include "cli/CommandHelp.h"
#include "cli/CommandRegistry.h"
#include "cli/CommandSuggestion.h"
#include "cli/GuardrailOptions.h"
#include "cli/TerminalStream.h"
#include "composition/AppContext.h"
#include "storage/Database.h"

#include <QCommandLineParser>
#include <QLoggingCategory>

#include <cstring>

using namespace Qt::StringLiterals;

namespace Tandem {

namespace {
// The window's own options that take a value (Qt's, accepted with - or --): their value is not the command either.
constexpr const char *kQtValueOptions[]
    = { "-platform", "-platformpluginpath", "-platformtheme", "-plugin", "-qwindowgeometry", "-qwindowicon",
          "-qwindowtitle", "-display", "-geometry", "-title", "-name", "-style", "-stylesheet", "-session" };

/// Our options that take a value, by each of their names, read from options() itself so that an option added
/// there cannot be forgotten here (`tandem --story 7 handoffs` once took "7" for the command).
const QStringList &valueOptionNames()
{
    static const QStringList names = [] {
        QStringList result;
        for (const QCommandLineOption &option : CliCommands::options())
            if (!option.valueName().isEmpty())
                result << option.names();
        return result;
    }();
    return names;
}

bool takesValue(const char *arg)
{
    // Qt's own options are accepted with one dash or two.
    const char *single = arg[1] == '-' ? arg + 1 : arg;
    for (const char *option : kQtValueOptions)
        if (std::strcmp(single, option) == 0)
            return true;
    const char *name = arg[1] == '-' ? arg + 2 : arg + 1;
    return valueOptionNames().contains(QString::fromLocal8Bit(name));
}

/// `help` is answered by exec() itself (before a command is looked for), so it is no Command of the registry.
const auto kHelp = u"help"_s;

TerminalStream &out()
{
    return CliOutput::out();
}
TerminalStream &err()
{
    return CliOutput::err();
}

int unknownCommand(const QString &command, const QStringList &names)
{
    const QString closest = CommandSuggestion::closest(command, names);
    if (closest.isEmpty())
        err() << CliCommands::tr("Unknown command “%1”. The commands are: %2.").arg(command, names.join(u", "_s));
    else
        err() << CliCommands::tr("Unknown command “%1”. Did you mean “%2”?").arg(command, closest);
    err() << '\n' << CliCommands::tr("See: tandem help") << '\n';
    return CliCommands::UsageError;
}

/// The description `tandem help` starts with: the commands of @p commands, a line each, and the exit codes.
QString description(const CommandRegistry &commands)
{
    return AppSetup::description() + u"\n\n"_s + CliCommands::tr("Commands:") + u'\n' + commands.listText()
        + CommandRegistry::line(kHelp,
            CliCommands::tr("this list; help COMMAND (or COMMAND --help): that command's usage, options and examples"))
        + u'\n'
        + CliCommands::tr("The API key of a stored provider comes from the keychain; for a base URL, from "
                          "TANDEM_API_KEY.")
        + u'\n' + CliCommands::exitCodesHelp();
}

/// Runs @p command once the command line is read: the database opened (and checked) first if it needs it.
int run(Command &command, const QCommandLineParser &parser)
{
    AppContext context(parser.value(u"data-dir"_s));
    // A headless command checks even a large file's pages first: an answer from a damaged file would be wrong silently.
    if (command.opensDatabase() && !context.open(AppContext::IntegrityCheck::Now)) {
        err() << context.database().errorString() << '\n';
        return CliCommands::StorageError;
    }
    return command.execute(parser, context);
}

} // namespace

bool CliCommands::isCommandLine(int argc, const char *const *argv)
{
    return !commandOf(argc, argv).isEmpty();
}

QString CliCommands::commandOf(int argc, const char *const *argv)
{
    for (int i = 1; i < argc; ++i) {
        const char *arg = argv[i];
        if (arg[0] == '-') {
            if (takesValue(arg))
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
              "6 cancelled, 7 routing accuracy below --min-accuracy (eval-agents: fewer cases passed than --min-pass), "
              "8 the conversation is busy (answering in another "
              "Tandem process for longer than --wait).");
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
    options.append({ u"min-pass"_s,
        tr("eval-agents: exit with 7 when fewer cases than this passed (a number, or a percentage such as 90%)."),
        tr("N") });
    options.append({ u"router"_s, tr("eval-agents: the cases go through router mode's orchestrator (the default).") });
    options.append(
        { u"provider"_s, tr("A stored provider profile's id, or a base URL ending in /v1."), tr("provider") });
    options.append({ u"model"_s, tr("The model to use."), tr("model") });
    options.append({ u"conversation"_s,
        tr("The conversation with this id: run and chat continue it (then --provider may be left out if it has a "
           "stored provider), export writes it (repeat for several), the others read it."),
        tr("id") });
    options.append({ u"story"_s,
        tr("The conversation of this story (a story id, such as v0.1:1.1.1, or a conversation's id): run "
           "and chat start it for that story or continue it, handoffs and handoff act on its board."),
        tr("story") });
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
    options.append({ u"json"_s, tr("handoffs, handoff: print the local API's JSON; metrics: print JSON.") });
    options.append(
        { u"port"_s, tr("serve, agents export-prompts: the local API's port (0: a free one)."), tr("port") });
    options.append({ u"print-token"_s, tr("serve: also print the local API's token.") });
    options.append({ u"listen"_s,
        tr("serve: listen on this address (and port); beyond 127.0.0.1 only with --tls-cert and --tls-key, and with "
           "per-agent tokens."),
        tr("address[:port]") });
    options.append({ u"tls-cert"_s, tr("serve: the server's certificate (PEM) for HTTPS."), tr("file") });
    options.append({ u"tls-key"_s, tr("serve: the certificate's private key (PEM, no pass phrase)."), tr("file") });
    options.append({ u"role"_s,
        tr("tokens create: the token's role, an agent of the pipeline (analyst, implementer, reviewer, refactorer, "
           "documenter), admin or observer."),
        tr("role") });
    options.append({ u"board"_s,
        tr("serve: the team's board on PostgreSQL, postgresql://USER@HOST[:PORT]/DATABASE[?sslmode=require] (its "
           "password from the keychain: tandem board password URL)."),
        tr("url") });
    options.append({ u"url"_s, tr("mcp add: the Streamable HTTP address of the MCP server."), tr("url") });
    options.append({ u"header"_s,
        tr("mcp add: an HTTP header the server wants (repeat for several); its value goes to the keychain."),
        tr("Name: value") });
    options.append(
        { u"env"_s, tr("mcp add: a variable of the server's environment (repeat for several)."), tr("NAME=value") });
    options.append({ u"branch"_s,
        tr("show: print this branch instead of the current one: the id of its last message, or its number in "
           "--tree's list."),
        tr("leaf") });
    options.append({ u"tree"_s, tr("show: print the conversation's tree of messages, the current branch marked.") });
    options.append({ u"edit"_s,
        tr("run: with --conversation, the message is a new version of the person's message ID; the old one stays on "
           "its branch."),
        tr("id") });
    options.append({ u"verbose"_s, tr("Also print what Tandem does (log lines) on standard error.") });
    return options;
}

int CliCommands::exec(QCoreApplication &app, const CommandRegistry &commands)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(description(commands));
    parser.addHelpOption();
    parser.addVersionOption();
    const QList<QCommandLineOption> all = options();
    parser.addOptions(all);
    //: %1 is the list of the commands' names, separated by commas (they are not translated).
    parser.addPositionalArgument(u"command"_s, tr("%1 or help").arg(commands.names().join(u", "_s)));
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
    const bool help = parser.isSet(u"help"_s) || command == kHelp;
    QString topic = command;
    if (command == kHelp) // `tandem help --help` is help's own page
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
    Command *found = commands.find(topic);
    if (!found && topic != kHelp)
        return unknownCommand(topic, commands.names() << kHelp);
    if (help) {
        out() << CommandHelp::text(found ? found->page() : CommandHelp::helpPage(), all);
        out().flush();
        return Success;
    }
    return run(*found, parser);
}

} // namespace Tandem
