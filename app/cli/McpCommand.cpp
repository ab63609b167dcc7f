#include "McpCommand.h"

#include "cli/CliCommands.h"
#include "cli/CliOutput.h"
#include "cli/CommandHelp.h"
#include "cli/TerminalStream.h"
#include "composition/AppContext.h"
#include "mcp/McpServers.h"
#include "mcp/McpToolProvider.h"
#include "storage/SecretStore.h"

#include <QCommandLineParser>
#include <QDir>
#include <QEventLoop>

using namespace Qt::StringLiterals;

namespace Tandem {

namespace {

int usageError(const QString &problem)
{
    CliOutput::err() << problem << '\n'
                     << McpCommand::tr("Usage: tandem mcp list | add NAME -- COMMAND ARGS… | add NAME --url URL "
                                       "[--header \"Name: value\"]… | remove NAME | tools NAME")
                     << '\n';
    return CliCommands::UsageError;
}

/// Waits for the keychain: the command must not end before the values are stored or removed.
bool waitForKeychain(bool *ok, bool *ended)
{
    QEventLoop loop;
    while (!*ended)
        loop.processEvents(QEventLoop::WaitForMoreEvents);
    return *ok;
}

} // namespace

QString McpCommand::name() const
{
    return u"mcp"_s;
}

QString McpCommand::synopsis() const
{
    return u"mcp ACTION"_s;
}

QString McpCommand::description() const
{
    return CliCommands::tr("list, add, remove or show the tools of the MCP servers Tandem's agents may use");
}

CommandPage McpCommand::page() const
{
    return CommandPage { CommandHelp::tr("tandem mcp list\ntandem mcp add NAME [--env NAME=value]… -- COMMAND ARGS…\n"
                                         "tandem mcp add NAME --url URL [--header \"Name: value\"]…\n"
                                         "tandem mcp remove NAME\ntandem mcp tools NAME"),
        CommandHelp::tr("Keeps the MCP servers in mcp.json in Tandem's config folder. A header's value (such as "
                        "Authorization) goes to the keychain; the file keeps only its name. `tools` starts the server "
                        "and lists its tools under the names the model sees."),
        { u"url"_s, u"header"_s, u"env"_s },
        { u"tandem mcp add fs -- npx -y @modelcontextprotocol/server-filesystem ~/notes"_s,
            u"tandem mcp add docs --url https://example.com/mcp --header \"Authorization: Bearer x\""_s,
            u"tandem mcp tools fs"_s } };
}

int McpCommand::execute(const QCommandLineParser &parser, AppContext &context)
{
    const QStringList positional = parser.positionalArguments();
    const QString action = positional.value(1);
    const QString server = positional.value(2);
    if (action.isEmpty())
        return usageError(tr("Say what to do with the MCP servers: list, add, remove or tools."));
    if (action != u"list" && server.isEmpty())
        return usageError(tr("Give the name of the MCP server."));
    McpServers &servers = context.mcpServers();
    for (const QString &problem : servers.problems())
        CliOutput::err() << problem << '\n';
    if (action == u"list")
        return list(servers);
    if (action == u"add") {
        const int added = add(parser, servers);
        // Without a keychain a header value would live in this process only and be gone when it ends.
        if (added == CliCommands::Success && parser.isSet(u"header"_s) && !context.secrets().isPersistent()) {
            CliOutput::err() << context.secrets().persistenceNotice() << '\n';
            servers.remove(server);
            return CliCommands::StorageError;
        }
        return added;
    }
    if (action == u"remove")
        return remove(server, servers);
    if (action == u"tools")
        return tools(server, servers);
    return usageError(tr("Unknown action “%1”: use list, add, remove or tools.").arg(action));
}

int McpCommand::list(McpServers &servers)
{
    const QList<McpServers::Server> all = servers.servers();
    if (all.isEmpty())
        CliOutput::err() << tr("No MCP server is configured (%1).").arg(QDir::toNativeSeparators(servers.configPath()))
                         << '\n';
    CliOutput::err().flush();
    for (const McpServers::Server &server : all) {
        const McpServerConfig &config = server.config;
        const QString target = config.transport == McpServerConfig::Transport::Http
            ? config.url.toString()
            : QStringList(QStringList { config.command } + config.args).join(u' ');
        QString line = config.name + u'\t' + target;
        if (!config.headerNames.isEmpty())
            line += u'\t' + tr("headers: %1").arg(config.headerNames.join(u", "_s));
        if (!config.enabled)
            line += u'\t' + tr("disabled");
        CliOutput::out() << line << '\n';
    }
    CliOutput::out().flush();
    return CliCommands::Success;
}

int McpCommand::add(const QCommandLineParser &parser, McpServers &servers)
{
    const QStringList positional = parser.positionalArguments();
    McpServerConfig config;
    config.name = positional.value(2);
    const QStringList command = positional.mid(3);
    QList<QPair<QString, QString>> headerValues;
    if (parser.isSet(u"url"_s) == !command.isEmpty())
        return usageError(tr("Give either --url URL or, after --, the command that runs the server."));
    if (parser.isSet(u"url"_s)) {
        config.transport = McpServerConfig::Transport::Http;
        config.url = QUrl(parser.value(u"url"_s));
        if (!config.url.isValid() || !config.url.scheme().startsWith(u"http"))
            return usageError(tr("--url needs an http or https address."));
        for (const QString &header : parser.values(u"header"_s)) {
            const qsizetype colon = header.indexOf(u':');
            if (colon <= 0)
                return usageError(tr("--header needs \"Name: value\"."));
            headerValues.append({ header.left(colon).trimmed(), header.mid(colon + 1).trimmed() });
        }
    } else {
        config.command = command.first();
        config.args = command.mid(1);
        for (const QString &pair : parser.values(u"env"_s)) {
            const qsizetype equals = pair.indexOf(u'=');
            if (equals <= 0)
                return usageError(tr("--env needs NAME=value."));
            config.env.insert(pair.left(equals), pair.mid(equals + 1));
        }
    }
    if (const QString problem = servers.check(config); !problem.isEmpty())
        return usageError(problem);
    bool ended = false;
    bool stored = false;
    QString error;
    if (!servers.add(config, headerValues, &error, [&ended, &stored](bool ok) {
            stored = ok;
            ended = true;
        })) {
        CliOutput::err() << error << '\n';
        return CliCommands::StorageError;
    }
    if (!waitForKeychain(&stored, &ended)) {
        CliOutput::err() << tr("The header values could not be stored in the keychain.") << '\n';
        return CliCommands::StorageError;
    }
    CliOutput::out() << tr("Added the MCP server “%1”.").arg(config.name) << '\n';
    CliOutput::out().flush();
    return CliCommands::Success;
}

int McpCommand::remove(const QString &name, McpServers &servers)
{
    bool ended = false;
    bool removed = false;
    QString error;
    if (!servers.server(name))
        return usageError(tr("There is no MCP server named “%1”.").arg(name));
    if (!servers.remove(name, &error, [&ended, &removed](bool ok) {
            removed = ok;
            ended = true;
        })) {
        CliOutput::err() << error << '\n';
        return CliCommands::StorageError;
    }
    if (!waitForKeychain(&removed, &ended)) {
        CliOutput::err() << tr("The header values could not be removed from the keychain.") << '\n';
        return CliCommands::StorageError;
    }
    CliOutput::out() << tr("Removed the MCP server “%1”.").arg(name) << '\n';
    CliOutput::out().flush();
    return CliCommands::Success;
}

int McpCommand::tools(const QString &name, McpServers &servers)
{
    const std::optional<McpServers::Server> server = servers.server(name);
    if (!server)
        return usageError(tr("There is no MCP server named “%1”.").arg(name));
    if (!server->config.enabled) {
        CliOutput::err() << tr("The MCP server “%1” is disabled.").arg(name) << '\n';
        return CliCommands::UsageError;
    }
    McpToolProvider *provider = servers.provider(name);
    QEventLoop loop;
    QString failure;
    QObject::connect(provider, &McpToolProvider::started, &loop, &QEventLoop::quit);
    QObject::connect(provider, &McpToolProvider::stopped, &loop, [&loop, &failure, name](const QString &reason) {
        failure = reason.isEmpty() ? tr("The MCP server “%1” stopped.").arg(name) : reason;
        loop.quit();
    });
    servers.start(name);
    loop.exec();
    if (!failure.isEmpty()) {
        CliOutput::err() << failure << '\n' << servers.log(name);
        return CliCommands::ProviderError;
    }
    for (const McpToolInfo &tool : servers.tools(name)) {
        QString line = McpToolProvider::modelSafeName(name, tool.name) + u'\t' + tool.description.simplified();
        if (tool.readOnly)
            line += u'\t' + tr("read-only");
        CliOutput::out() << line << '\n';
    }
    for (const QString &problem : provider->problems())
        CliOutput::err() << problem << '\n';
    CliOutput::out().flush();
    // Shut down as the spec says rather than kill it when the context goes.
    QObject::disconnect(provider, nullptr, &loop, nullptr);
    QObject::connect(provider, &McpToolProvider::stopped, &loop, &QEventLoop::quit);
    servers.shutdownAll();
    loop.exec();
    return CliCommands::Success;
}

} // namespace Tandem
