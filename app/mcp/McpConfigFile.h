#pragma once

#include "mcp/McpServerConfig.h"

#include <QCoreApplication>
#include <QJsonObject>
#include <QList>
#include <QStringList>

namespace Tandem {

/// @brief Reads and writes the `mcpServers` JSON file in Tandem's config folder, and imports the files other clients
/// keep (Claude Desktop's and Cursor's `mcpServers`, VS Code's `servers`, `type`, `url` / `serverUrl` / `httpUrl`).
class McpConfigFile
{
    Q_DECLARE_TR_FUNCTIONS(McpConfigFile)

public:
    /// @brief <config folder>/mcp.json.
    static QString defaultPath();
    /// @brief The servers of @p document; every entry it cannot use is skipped with one sentence in @p problems.
    static QList<McpServerConfig> parse(const QJsonObject &document, QStringList *problems = nullptr);
    /// @brief parse() of the file at @p path; a missing file is no server and no problem.
    static QList<McpServerConfig> read(const QString &path, QStringList *problems = nullptr);
    /// @brief The `mcpServers` document for @p servers: header names only, never their values.
    static QJsonObject toJson(const QList<McpServerConfig> &servers);

private:
    static bool parseEntry(const QString &name, const QJsonObject &entry, McpServerConfig *server, QString *problem);
};

} // namespace Tandem
