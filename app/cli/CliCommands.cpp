#include "CliCommands.h"

#include "agents/ToolRegistry.h"
#include "chat/EngineSettings.h"
#include "chat/LocalChatRepository.h"
#include "cli/AppSetup.h"
#include "cli/GuardrailOptions.h"
#include "domain/HandoffSignal.h"
#include "domain/Logging.h"
#include "llm/NetworkAccess.h"
#include "storage/DataLocation.h"
#include "storage/Database.h"
#include "storage/SecretStore.h"
#include "storage/UnitOfWork.h"

#include <QCommandLineParser>
#include <QCryptographicHash>
#include <QEventLoop>
#include <QHash>
#include <QTextStream>
#include <QUrl>

#include <cstring>

using namespace Qt::StringLiterals;

namespace Tandem {

namespace {
constexpr const char *kCommands[] = { "run", "conversations", "show" };
// Options that take a value: their value is not the command (the guardrail options too, see GuardrailOptions).
constexpr const char *kValueOptions[]
    = { "--data-dir", "--mode", "--provider", "--model", "--conversation", "--protocol", "--workspace" };

QTextStream &out()
{
    static QTextStream stream(stdout);
    return stream;
}
QTextStream &err()
{
    static QTextStream stream(stderr);
    return stream;
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

/// The profile `--provider` names: a stored profile's id, or a base URL (stored as a profile so that the
/// conversation can name it, exactly as the GUI would).
std::optional<ProviderProfile> resolveProvider(
    UnitOfWork &work, const QCommandLineParser &parser, bool *isUrl, bool *saved)
{
    const QString value = parser.value(u"provider"_s);
    ProviderStore &providers = work.providers();
    if (std::optional<ProviderProfile> stored = providers.get(value)) {
        *isUrl = false;
        return stored;
    }
    const QUrl url(value, QUrl::StrictMode);
    if (!url.isValid() || (url.scheme() != u"http" && url.scheme() != u"https") || url.host().isEmpty())
        return std::nullopt;
    *isUrl = true;
    ProviderProfile profile;
    profile.id = u"url-"_s
        + QString::fromLatin1(QCryptographicHash::hash(value.toUtf8(), QCryptographicHash::Sha1).toHex().left(12));
    profile.name = url.toString(QUrl::RemoveUserInfo);
    profile.baseUrl = url;
    profile.protocol = parser.value(u"protocol"_s) == u"responses" ? ProviderProfile::Protocol::Responses
                                                                   : ProviderProfile::Protocol::ChatCompletions;
    profile.defaultModel = parser.value(u"model"_s);
    if (!providers.save(profile)) {
        *saved = false;
        return std::nullopt;
    }
    return profile;
}

int runMessage(QCommandLineParser &parser, Database &database)
{
    const QStringList positional = parser.positionalArguments();
    const QString text = positional.mid(1).join(u' ');
    const QString modeName = parser.value(u"mode"_s);
    const std::optional<Conversation::Mode> mode
        = modeName.isEmpty() ? std::optional(Conversation::Mode::Single) : Conversation::modeFromName(modeName);
    const QString protocol = parser.value(u"protocol"_s);
    if (text.trimmed().isEmpty() || !parser.isSet(u"provider"_s) || !mode
        || (*mode != Conversation::Mode::Single && *mode != Conversation::Mode::Dual)
        || (!protocol.isEmpty() && protocol != u"responses" && protocol != u"chat")) {
        err() << CliCommands::tr("Usage: tandem run --mode single|dual --provider <profile or base URL> [--model M] "
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
    bool isUrl = false;
    bool stored = true;
    const std::optional<ProviderProfile> profile = resolveProvider(work, parser, &isUrl, &stored);
    if (!stored) {
        err() << CliCommands::tr("The provider could not be stored.") << '\n';
        return CliCommands::StorageError;
    }
    if (!profile) {
        err() << CliCommands::tr("Unknown provider “%1”: give a stored profile's id or a base URL such as "
                                 "http://127.0.0.1:11434/v1.")
                     .arg(parser.value(u"provider"_s))
              << '\n';
        return CliCommands::UsageError;
    }

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
            return CliCommands::StorageError;
    } else {
        conversationId = repository.createConversation(*mode);
        if (conversationId == 0)
            return CliCommands::StorageError;
    }
    const std::optional<Conversation> conversation = repository.conversation(conversationId);
    if (!conversation)
        return CliCommands::StorageError;
    const QString model = parser.isSet(u"model"_s) ? parser.value(u"model"_s) : conversation->model;
    if (!repository.setProvider(conversationId, profile->id, model))
        return CliCommands::StorageError;

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
                err() << message << '\n';
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
    if (repository.send(conversationId, text) == 0) {
        err() << CliCommands::tr("The message could not be stored.") << '\n';
        return CliCommands::StorageError;
    }
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
    for (int i = 1; i < argc; ++i) {
        const char *arg = argv[i];
        if (arg[0] == '-') {
            bool takesValue = false;
            for (const char *option : kValueOptions)
                takesValue = takesValue || std::strcmp(arg, option) == 0;
            takesValue = takesValue || GuardrailOptions::isOption(arg);
            if (takesValue)
                ++i;
            continue;
        }
        return isCommand(QString::fromLocal8Bit(arg));
    }
    return false;
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
             "  show ID       print one conversation with its dividers\n\n"
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
    parser.addPositionalArgument(u"command"_s, tr("run, conversations or show"));
    if (!parser.parse(app.arguments())) {
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
        err() << tr("Unknown command “%1”.").arg(command) << '\n';
        return UsageError;
    }

    Database database;
    if (!database.open(DataLocation::databasePath(parser.value(u"data-dir"_s)))) {
        err() << database.errorString() << '\n';
        return StorageError;
    }
    if (command == u"run")
        return runMessage(parser, database);

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
