#include "McpConfigFile.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QStandardPaths>

using namespace Qt::StringLiterals;

namespace Tandem {

QString McpConfigFile::defaultPath()
{
    return QStandardPaths::writableLocation(QStandardPaths::AppConfigLocation) + u"/mcp.json"_s;
}

QList<McpServerConfig> McpConfigFile::parse(const QJsonObject &document, QStringList *problems)
{
    // Claude Desktop, Cursor and most clients say mcpServers; VS Code says servers.
    const QJsonObject entries = document.contains(u"mcpServers"_s) ? document.value(u"mcpServers"_s).toObject()
                                                                   : document.value(u"servers"_s).toObject();
    QList<McpServerConfig> servers;
    for (auto it = entries.constBegin(); it != entries.constEnd(); ++it) {
        McpServerConfig server;
        QString problem;
        if (parseEntry(it.key(), it.value().toObject(), &server, &problem))
            servers << server;
        else if (problems)
            *problems << problem;
    }
    return servers;
}

bool McpConfigFile::parseEntry(const QString &name, const QJsonObject &entry, McpServerConfig *server, QString *problem)
{
    server->name = name;
    const QString type = entry.value(u"type"_s).toString().toLower();
    QString url;
    for (const QString &key : { u"url"_s, u"serverUrl"_s, u"httpUrl"_s })
        if (url.isEmpty())
            url = entry.value(key).toString();
    if (type == u"sse") {
        // The 2024-11-05 HTTP+SSE transport is not Streamable HTTP; guessing would talk past the server.
        *problem = tr("The MCP server \"%1\" uses the old HTTP+SSE transport, which Tandem does not speak.").arg(name);
        return false;
    }
    if (!url.isEmpty() && type != u"stdio") {
        server->transport = McpServerConfig::Transport::Http;
        server->url = QUrl(url);
        if (!server->url.isValid() || !server->url.scheme().startsWith(u"http")) {
            *problem = tr("The MCP server \"%1\" has no valid http or https address.").arg(name);
            return false;
        }
        const QJsonValue headers = entry.value(u"headers"_s);
        if (headers.isArray()) {
            for (const QJsonValue &header : headers.toArray())
                server->headerNames << header.toString();
        } else {
            const QJsonObject object = headers.toObject();
            for (auto it = object.constBegin(); it != object.constEnd(); ++it) {
                server->headerNames << it.key();
                server->importedHeaders.append({ it.key(), it.value().toString() });
            }
        }
    } else {
        server->command = entry.value(u"command"_s).toString();
        if (server->command.isEmpty()) {
            *problem = tr("The MCP server \"%1\" has neither a command nor an address.").arg(name);
            return false;
        }
        for (const QJsonValue &arg : entry.value(u"args"_s).toArray())
            server->args << arg.toString();
        const QJsonObject env = entry.value(u"env"_s).toObject();
        for (auto it = env.constBegin(); it != env.constEnd(); ++it)
            server->env.insert(it.key(), it.value().toString());
        server->cwd = entry.value(u"cwd"_s).toString();
    }
    const int timeout = entry.value(u"timeout"_s).toInt(0);
    if (timeout > 0)
        server->timeoutMs = timeout;
    server->enabled = !entry.value(u"disabled"_s).toBool(false);
    return true;
}

QList<McpServerConfig> McpConfigFile::read(const QString &path, QStringList *problems)
{
    QFile file(path);
    if (!file.exists())
        return {};
    if (!file.open(QIODevice::ReadOnly)) {
        if (problems)
            *problems << tr("Cannot read the MCP servers file %1.").arg(QDir::toNativeSeparators(path));
        return {};
    }
    QJsonParseError error;
    const QJsonDocument document = QJsonDocument::fromJson(file.readAll(), &error);
    if (!document.isObject()) {
        if (problems)
            *problems << tr("The MCP servers file %1 is not a JSON object: %2.")
                             .arg(QDir::toNativeSeparators(path), error.errorString());
        return {};
    }
    return parse(document.object(), problems);
}

QJsonObject McpConfigFile::toJson(const QList<McpServerConfig> &servers)
{
    QJsonObject entries;
    for (const McpServerConfig &server : servers) {
        QJsonObject entry;
        if (server.transport == McpServerConfig::Transport::Http) {
            entry.insert(u"type"_s, u"http"_s);
            entry.insert(u"url"_s, server.url.toString());
            if (!server.headerNames.isEmpty())
                entry.insert(u"headers"_s, QJsonArray::fromStringList(server.headerNames));
        } else {
            entry.insert(u"command"_s, server.command);
            entry.insert(u"args"_s, QJsonArray::fromStringList(server.args));
            QJsonObject env;
            for (auto it = server.env.constBegin(); it != server.env.constEnd(); ++it)
                env.insert(it.key(), it.value());
            if (!env.isEmpty())
                entry.insert(u"env"_s, env);
            if (!server.cwd.isEmpty())
                entry.insert(u"cwd"_s, server.cwd);
        }
        if (server.timeoutMs != McpServerConfig().timeoutMs)
            entry.insert(u"timeout"_s, server.timeoutMs);
        if (!server.enabled)
            entry.insert(u"disabled"_s, true);
        entries.insert(server.name, entry);
    }
    return { { u"mcpServers"_s, entries } };
}

} // namespace Tandem
