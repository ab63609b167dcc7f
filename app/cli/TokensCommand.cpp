#include "TokensCommand.h"

#include "cli/CliCommands.h"
#include "cli/CliOutput.h"
#include "cli/CommandHelp.h"
#include "cli/TerminalStream.h"
#include "composition/AppContext.h"
#include "domain/TokenRole.h"
#include "storage/ApiTokenStore.h"
#include "storage/Database.h"
#include "storage/UnitOfWork.h"

#include <QCommandLineParser>
#include <QRegularExpression>

using namespace Qt::StringLiterals;

namespace Tandem {

namespace {

constexpr qsizetype kLongestName = 64;

int usageError(const QString &problem)
{
    CliOutput::err() << problem << '\n'
                     << TokensCommand::tr("Usage: tandem tokens create NAME --role ROLE | list | revoke NAME") << '\n';
    return CliCommands::UsageError;
}

QString timeText(const QDateTime &time)
{
    return time.isValid() ? time.toUTC().toString(u"yyyy-MM-dd HH:mm 'UTC'"_s) : TokensCommand::tr("never");
}

} // namespace

QString TokensCommand::name() const
{
    return u"tokens"_s;
}

QString TokensCommand::synopsis() const
{
    return u"tokens ACTION"_s;
}

QString TokensCommand::description() const
{
    return CliCommands::tr("the per-agent tokens of a server beyond loopback: create NAME --role ROLE, list, "
                           "revoke NAME");
}

int TokensCommand::execute(const QCommandLineParser &parser, AppContext &context)
{
    ApiTokenStore tokens(context.database().work().connection());
    return run(parser, tokens);
}

int TokensCommand::run(const QCommandLineParser &parser, ApiTokens &tokens)
{
    const QStringList arguments = parser.positionalArguments();
    const QString action = arguments.value(1);
    if (action == u"list")
        return list(tokens);
    if (action != u"create" && action != u"revoke")
        return usageError(action.isEmpty() ? tr("Say what to do with the tokens: create, list or revoke.")
                                           : tr("Unknown action “%1”: use create, list or revoke.").arg(action));
    const QString name = arguments.value(2).trimmed();
    static const QRegularExpression valid(u"^[A-Za-z0-9._-]+$"_s);
    if (name.isEmpty() || name.size() > kLongestName || !valid.match(name).hasMatch())
        return usageError(tr("Give the token's name: up to %1 letters, digits, dots, dashes or underscores, such as "
                             "ci-implementer.")
                              .arg(kLongestName));
    return action == u"create" ? create(parser, tokens, name) : revoke(tokens, name);
}

int TokensCommand::create(const QCommandLineParser &parser, ApiTokens &tokens, const QString &name)
{
    const QString role = parser.value(u"role"_s).trimmed();
    if (!TokenRole::isKnown(role))
        return usageError(role.isEmpty()
                ? tr("Give the token's role: --role ROLE, one of %1.").arg(TokenRole::all().join(u", "_s))
                : tr("“%1” is no role; the roles are %2.").arg(role, TokenRole::all().join(u", "_s)));
    const QString token = ApiTokens::newToken();
    const StoreResult stored
        = tokens.add(ApiToken { name, role, ApiTokens::hashOf(token), QDateTime::currentDateTimeUtc(), {} });
    if (!stored) {
        if (stored.error().kind() == StoreError::Kind::Constraint) {
            CliOutput::err()
                << tr("There is a token named %1 already: revoke it first, or choose another name.").arg(name) << '\n';
            return CliCommands::UsageError;
        }
        CliOutput::err() << tr("The token could not be stored: %1").arg(tokens.lastError()) << '\n';
        return CliCommands::StorageError;
    }
    CliOutput::out() << tr("Created the token %1 with the role %2. It is shown only this once; keep it in the "
                           "agent's secrets:")
                            .arg(name, role)
                     << '\n'
                     << token << '\n';
    return CliCommands::Success;
}

int TokensCommand::list(ApiTokens &tokens)
{
    const QList<ApiToken> all = tokens.all();
    if (!tokens.lastError().isEmpty()) {
        CliOutput::err() << tr("The tokens could not be read: %1").arg(tokens.lastError()) << '\n';
        return CliCommands::StorageError;
    }
    if (all.isEmpty()) {
        CliOutput::out() << tr("There are no tokens: make one with tandem tokens create NAME --role ROLE.") << '\n';
        return CliCommands::Success;
    }
    CliOutput::out() << tr("NAME\tROLE\tCREATED\tLAST USED") << '\n';
    for (const ApiToken &token : all)
        CliOutput::out() << token.name << '\t' << token.role << '\t' << timeText(token.createdAt) << '\t'
                         << timeText(token.lastUsedAt) << '\n';
    return CliCommands::Success;
}

int TokensCommand::revoke(ApiTokens &tokens, const QString &name)
{
    const StoreResult removed = tokens.revoke(name);
    if (!removed) {
        if (removed.error().kind() == StoreError::Kind::Lost) {
            CliOutput::err() << tr("There is no token named %1.").arg(name) << '\n';
            return CliCommands::UsageError;
        }
        CliOutput::err() << tr("The token could not be revoked: %1").arg(tokens.lastError()) << '\n';
        return CliCommands::StorageError;
    }
    CliOutput::out() << tr("Revoked the token %1: servers refuse it from its next request.").arg(name) << '\n';
    return CliCommands::Success;
}

CommandPage TokensCommand::page() const
{
    return CommandPage { CommandHelp::tr("tandem tokens create NAME --role ROLE\n"
                                         "       tandem tokens list\n"
                                         "       tandem tokens revoke NAME"),
        CommandHelp::tr("Makes, lists and revokes the per-agent tokens that tandem serve takes when it listens "
                        "beyond 127.0.0.1 (--listen). A token is printed once, when it is made; only its SHA-256 is "
                        "stored. Its role is an agent of the pipeline (analyst, implementer, reviewer, refactorer, "
                        "documenter), which may act only as that agent, or admin (everything) or observer (read "
                        "and follow events only)."),
        { u"role"_s },
        { u"tandem tokens create ci-implementer --role implementer"_s, u"tandem tokens list"_s,
            u"tandem tokens revoke ci-implementer"_s } };
}

} // namespace Tandem
