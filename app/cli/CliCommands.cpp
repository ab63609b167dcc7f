#include "CliCommands.h"

#include "agents/ToolRegistry.h"
#include "chat/EngineSettings.h"
#include "chat/LocalChatRepository.h"
#include "cli/AppSetup.h"
#include "cli/CommandSuggestion.h"
#include "cli/ExportCommand.h"
#include "cli/GuardrailOptions.h"
#include "cli/ImportCommand.h"
#include "cli/TerminalStream.h"
#include "domain/HandoffSignal.h"
#include "domain/Logging.h"
#include "domain/UrlSecrets.h"
#include "llm/NetworkAccess.h"
#include "storage/DataLocation.h"
#include "storage/Database.h"
#include "storage/SecretStore.h"
#include "storage/UnitOfWork.h"

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
constexpr const char *kCommands[] = { "run", "conversations", "show", "export", "import" };
// Options that take a value: their value is not the command. Ours (the guardrail options too, see
// GuardrailOptions), then the window's (Qt's, with - or --).
constexpr const char *kValueOptions[] = { "--data-dir", "--mode", "--provider", "--model", "--conversation",
    "--protocol", "--workspace", "--format", "-o", "--output", "-platform", "-platformpluginpath", "-platformtheme",
    "-plugin", "-qwindowgeometry", "-qwindowicon", "-qwindowtitle", "-display", "-geometry", "-title", "-name",
    "-style", "-stylesheet", "-session" };

// Everything the CLI prints goes through TerminalText: model text, titles, errors and log lines alike.
TerminalStream &out()
{
    return TerminalStream::out();
}
TerminalStream &err()
{
    return TerminalStream::err();
}

QStringList commandNames()
{
    QStringList names;
    for (const char *command : kCommands)
        names << QString::fromLatin1(command);
    return names;
}

QString agentLabel(const QHash<QString, QString> &names, const QString &agentId)
{
    return names.value(agentId, agentId);
}

/// One stored row as the CLI prints it, shared by `run` (live) and `show` (stored).
QString formatRow(const Message &row, const QHash<QString, QString> &names)
{
    QString suffix;
    if (row.status == Message::Status::Interrupted)
        suffix = u" [interrupted]"_s;
    else if (row.status == Message::Status::Cancelled)
        suffix = u" [cancelled]"_s;
    else if (row.status == Message::Status::Error && row.kind == Message::Kind::Text)
        suffix = u" [error: %1]"_s.arg(row.error);
    switch (row.kind) {
    case Message::Kind::Divider:
        return u"── %1 ──"_s.arg(row.content);
    case Message::Kind::ToolCall:
        return u"  → %1 %2"_s.arg(row.toolName, row.content);
    case Message::Kind::ToolResult:
        return u"  ← %1"_s.arg(row.content);
    case Message::Kind::Error:
        return u"! %1"_s.arg(row.content);
    case Message::Kind::Text:
        break;
    }
    if (row.role == Message::Role::User)
        return u"> %1"_s.arg(row.content);
    return u"[%1] %2%3"_s.arg(agentLabel(names, row.agentId), row.displayText(), suffix);
}

/// Why a write failed, for the person: a locked database is named as such, anything else is @p what.
QString storageProblem(const Database &database, const QString &what)
{
    const QString locked = database.lockProblem();
    return locked.isEmpty() ? what : locked;
}

int storageFailure(const Database &database, const QString &what)
{
    err() << storageProblem(database, what) << '\n';
    return CliCommands::StorageError;
}

QHash<QString, QString> agentNames(UnitOfWork &work)
{
    QHash<QString, QString> names;
    const QList<Agent> agents = work.agents().list();
    for (const Agent &agent : agents)
        names.insert(agent.id, agent.name);
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
    const QHash<QString, QString> names = agentNames(work);
    out() << "# " << conversation->title << " (" << Conversation::modeName(conversation->mode) << ")\n";
    const QList<Message> rows = repository.messages(id, 0, std::numeric_limits<int>::max());
    for (const Message &row : rows)
        out() << formatRow(row, names) << '\n';
    out().flush();
    return CliCommands::Success;
}

/// What `--provider` named: a stored profile, a base URL (stored as a profile so that the conversation can name
/// it, exactly as the GUI would), or a sentence saying why neither.
struct ResolvedProvider
{
    std::optional<ProviderProfile> profile;
    bool isUrl = false;
    int exitCode = CliCommands::Success;
    QString problem;
};

ResolvedProvider resolveProvider(Database &database, const QCommandLineParser &parser)
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
    if (!providers.save(profile)) {
        resolved.exitCode = CliCommands::StorageError;
        resolved.problem = storageProblem(database, CliCommands::tr("The provider could not be stored."));
        return resolved;
    }
    resolved.profile = profile;
    return resolved;
}

int runMessage(QCommandLineParser &parser, Database &database)
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
        problem = CliCommands::tr("Unknown mode “%1”: use single or dual.").arg(modeName);
    else if (*mode != Conversation::Mode::Single && *mode != Conversation::Mode::Dual)
        problem = CliCommands::tr("The mode “%1” is not available from the command line: use single or dual.")
                      .arg(modeName);
    else if (!protocol.isEmpty() && protocol != u"responses" && protocol != u"chat")
        problem = CliCommands::tr("Unknown protocol “%1”: use responses or chat.").arg(protocol);
    else if (!parser.isSet(u"provider"_s) || parser.value(u"provider"_s).trimmed().isEmpty())
        problem = CliCommands::tr("No provider given: add --provider with a stored profile's id or a base URL.");
    else if (text.trimmed().isEmpty())
        problem = CliCommands::tr("The message is empty: write it after the options, in quotes.");
    if (!problem.isEmpty()) {
        err() << problem << '\n'
              << CliCommands::tr("Usage: tandem run --mode single|dual --provider <profile or base URL> [--model M] "
                                 "[--conversation ID] [--protocol responses|chat] \"message\"")
              << '\n';
        return CliCommands::UsageError;
    }
    // The window's choices (models per agent, workspace, guardrail limits) hold here too, so a turn runs as it would
    // in the window; the options given here win. A bad value is refused before anything is stored.
    EngineConfig config;
    EngineSettings::applyTo(config);
    if (parser.isSet(u"workspace"_s))
        config.workspaceRoot = parser.value(u"workspace"_s);
    if (QString error; !GuardrailOptions::apply(parser, config.limits, &error)) {
        err() << error << '\n';
        return CliCommands::UsageError;
    }

    UnitOfWork &work = database.work();
    const ResolvedProvider resolved = resolveProvider(database, parser);
    if (!resolved.profile) {
        err() << resolved.problem << '\n';
        return resolved.exitCode;
    }
    const bool isUrl = resolved.isUrl;
    const std::optional<ProviderProfile> &profile = resolved.profile;

    QNetworkAccessManager *network = NetworkAccess::createManager(qApp);
    // Keys of stored profiles come from the keychain; a raw URL takes TANDEM_API_KEY (or none).
    SecretStore *secrets = isUrl ? nullptr : new SecretStore(SecretStore::kDefaultService.toString(), qApp);
    const ToolRegistry tools = ToolRegistry::withBuiltins();
    LocalChatRepository repository(work, network, secrets, &tools, config);
    if (isUrl)
        repository.setApiKey(profile->id, qEnvironmentVariable("TANDEM_API_KEY"));

    qint64 conversationId = 0;
    if (parser.isSet(u"conversation"_s)) {
        bool ok = false;
        conversationId = parser.value(u"conversation"_s).toLongLong(&ok);
        if (!ok || !repository.conversation(conversationId)) {
            err() << CliCommands::tr("There is no conversation %1.").arg(parser.value(u"conversation"_s)) << '\n';
            return CliCommands::UsageError;
        }
        if (parser.isSet(u"mode"_s) && !repository.setMode(conversationId, *mode))
            return storageFailure(database, CliCommands::tr("The conversation's mode could not be stored."));
    } else {
        conversationId = repository.createConversation(*mode);
        if (conversationId == 0)
            return storageFailure(database, CliCommands::tr("The conversation could not be stored."));
    }
    const std::optional<Conversation> conversation = repository.conversation(conversationId);
    if (!conversation)
        return storageFailure(database, CliCommands::tr("The conversation could not be read."));
    const QString model = parser.isSet(u"model"_s) ? parser.value(u"model"_s) : conversation->model;
    if (!repository.setProvider(conversationId, profile->id, model))
        return storageFailure(database, CliCommands::tr("The conversation's provider could not be stored."));

    const QHash<QString, QString> names = agentNames(work);
    int exitCode = CliCommands::Success;
    RunFailure failure = RunFailure::Provider;
    bool lineOpen = false;
    QEventLoop loop;
    auto endLine = [&lineOpen] {
        if (lineOpen)
            out() << '\n';
        lineOpen = false;
    };
    QObject::connect(&repository, &ChatRepository::messageAdded, &loop, [&](const Message &row) {
        if (row.conversationId != conversationId || row.role == Message::Role::User)
            return;
        endLine();
        if (row.kind == Message::Kind::Text && row.status == Message::Status::Streaming) {
            out() << '[' << agentLabel(names, row.agentId) << "] ";
            lineOpen = true;
        } else {
            out() << formatRow(row, names) << '\n';
        }
        out().flush();
    });
    QObject::connect(
        &repository, &ChatRepository::messageDelta, &loop, [&](qint64 conversation_, qint64, const QString &delta) {
            if (conversation_ != conversationId)
                return;
            out() << delta;
            out().flush();
        });
    QObject::connect(&repository, &ChatRepository::messageUpdated, &loop, [&](const Message &row) {
        if (row.conversationId == conversationId && row.kind == Message::Kind::Text
            && row.status != Message::Status::Complete && row.status != Message::Status::Streaming) {
            endLine();
            out() << "  (" << Message::statusName(row.status) << (row.error.isEmpty() ? u""_s : u": "_s + row.error)
                  << ")\n";
            out().flush();
        }
    });
    QObject::connect(&repository, &ChatRepository::approvalNeeded, &loop, [&](const ApprovalRequest &request) {
        endLine();
        err() << CliCommands::tr("“%1” needs your approval (request %2); decide in Tandem's window.")
                     .arg(request.toolName)
                     .arg(request.id)
              << '\n';
        exitCode = CliCommands::ApprovalPending;
        loop.quit();
    });
    QObject::connect(
        &repository, &ChatRepository::runFailed, &loop, [&](qint64 conversation_, qint64, RunFailure kind) {
            if (conversation_ == conversationId)
                failure = kind;
        });
    QObject::connect(&repository, &ChatRepository::runFinished, &loop,
        [&](qint64 conversation_, qint64, RunOutcome outcome, const QString &message) {
            if (conversation_ != conversationId)
                return;
            endLine();
            switch (outcome) {
            case RunOutcome::Completed:
                exitCode = CliCommands::Success;
                break;
            case RunOutcome::Failed:
                // Only the provider's failures are provider errors; this machine's are not.
                exitCode = failure == RunFailure::Provider ? CliCommands::ProviderError
                    : failure == RunFailure::Storage       ? CliCommands::StorageError
                                                           : CliCommands::UsageError;
                err() << (failure == RunFailure::Storage ? storageProblem(database, message) : message) << '\n';
                break;
            case RunOutcome::GuardrailStopped:
                exitCode = CliCommands::GuardrailStop;
                err() << message << '\n';
                break;
            case RunOutcome::Cancelled:
                exitCode = CliCommands::Cancelled;
                break;
            }
            loop.quit();
        });

    out() << CliCommands::tr("Conversation %1").arg(conversationId) << '\n';
    out().flush();
    if (repository.send(conversationId, text) == 0)
        return storageFailure(database, CliCommands::tr("The message could not be stored."));
    if (repository.isRunning(conversationId))
        loop.exec();
    err().flush();
    out().flush();
    return exitCode;
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
              "error, 4 stopped by a guardrail, 5 a tool waits for approval, 6 cancelled.");
}

int CliCommands::exec(QCoreApplication &app)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(AppSetup::description() + u"\n\n"_s
        + tr("Commands:\n"
             "  run           send a message and stream the answer with its handoffs\n"
             "  conversations list the stored conversations\n"
             "  show ID       print one conversation with its dividers\n"
             "  export        write conversations to a file: --conversation ID|--all --format md|json|html|pdf|txt "
             "-o PATH (a folder: one file per conversation)\n"
             "  import FILE   add the conversations of a Tandem JSON export as new ones\n\n"
             "The API key of a stored provider comes from the keychain; for a base URL, from TANDEM_API_KEY.")
        + u"\n"_s + exitCodesHelp());
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addOption({ u"data-dir"_s, tr("Keep the database in <folder>."), tr("folder") });
    parser.addOption({ u"mode"_s, tr("single or dual (dual: agent 1 clarifies, agent 2 answers)."), tr("mode") });
    parser.addOption(
        { u"provider"_s, tr("A stored provider profile's id, or a base URL ending in /v1."), tr("provider") });
    parser.addOption({ u"model"_s, tr("The model to use."), tr("model") });
    parser.addOption({ u"conversation"_s, tr("Continue the conversation with this id."), tr("id") });
    parser.addOption({ u"protocol"_s, tr("For a base URL: responses or chat (default chat)."), tr("protocol") });
    parser.addOption({ u"workspace"_s, tr("The folder the file tools may use."), tr("folder") });
    GuardrailOptions::addTo(parser);
    parser.addOption({ u"format"_s, tr("Export format: md, json, html, pdf or txt."), tr("format") });
    parser.addOption({ { u"o"_s, u"output"_s }, tr("The file (or folder) to export to."), tr("path") });
    parser.addOption({ u"all"_s, tr("Export every conversation.") });
    parser.addOption({ u"verbose"_s, tr("Also print what Tandem does (log lines) on standard error.") });
    parser.addPositionalArgument(u"command"_s, tr("run, conversations, show, export or import"));
    const bool parsed = parser.parse(app.arguments());
    // Quiet unless asked: a successful command writes nothing to standard error. QT_LOGGING_RULES still wins.
    QLoggingCategory::setFilterRules(parsed && parser.isSet(u"verbose"_s) ? u"tandem.*.debug=true\ntandem.*.info=true"_s
                                                                          : u"*.debug=false\n*.info=false"_s);
    if (!parsed) {
        err() << parser.errorText() << '\n';
        return UsageError;
    }
    if (parser.isSet(u"help"_s)) {
        out() << parser.helpText();
        out().flush();
        return Success;
    }
    if (parser.isSet(u"version"_s)) {
        out() << QCoreApplication::applicationName() << ' ' << QCoreApplication::applicationVersion() << '\n';
        out().flush();
        return Success;
    }
    const QStringList positional = parser.positionalArguments();
    const QString command = positional.value(0);
    if (!isCommand(command)) {
        const QString closest = CommandSuggestion::closest(command, commandNames());
        if (closest.isEmpty())
            err() << tr("Unknown command “%1”. The commands are: %2.").arg(command, commandNames().join(u", "_s));
        else
            err() << tr("Unknown command “%1”. Did you mean “%2”?").arg(command, closest);
        err() << '\n' << tr("See: tandem --help") << '\n';
        return UsageError;
    }

    Database database;
    // A headless command checks even a large file's pages first: an answer from a damaged file would be wrong silently.
    if (!database.open(DataLocation::databasePath(parser.value(u"data-dir"_s)))
        || (database.isCheckPending() && !database.checkIntegrity())) {
        err() << database.errorString() << '\n';
        return StorageError;
    }
    if (command == u"run")
        return runMessage(parser, database);
    if (command == u"export")
        return ExportCommand::run(parser, database);
    if (command == u"import")
        return ImportCommand::run(parser, database);

    LocalChatRepository repository(database.work(), NetworkAccess::createManager(&app), nullptr, nullptr);
    if (command == u"conversations")
        return listConversations(repository);
    if (positional.size() < 2) {
        err() << tr("Usage: tandem show ID") << '\n';
        return UsageError;
    }
    return showConversation(repository, database.work(), positional.at(1));
}

} // namespace Tandem
