#pragma once

#include <QList>
#include <QMap>
#include <QPair>
#include <QString>
#include <QStringList>
#include <QUrl>

namespace Tandem {

/// @brief One entry of the `mcpServers` file: a stdio server (command) or a Streamable HTTP one (url).
struct McpServerConfig
{
    enum class Transport { Stdio, Http };

    QString name; ///< the key of the entry; the prefix of its tools' names
    Transport transport = Transport::Stdio;
    QString command;
    QStringList args;
    QMap<QString, QString> env; ///< added to the minimal environment (PATH, HOME, LANG)
    QString cwd; ///< empty: the workspace folder, else Tandem's
    QUrl url;
    /// Header names the HTTP server wants (Authorization, ...). Their values live in the keychain: the file keeps
    /// only the names, and an imported value is handed to the keychain by the composition root (see docs/mcp.md).
    QStringList headerNames;
    /// Values found in an imported file; never written back to a file.
    QList<QPair<QString, QString>> importedHeaders;
    int timeoutMs = 60'000; ///< per request; `timeout` (ms) in the entry
    bool enabled = true; ///< `"disabled": true` in the entry (as Claude Code and Cline write it) turns it off
};

} // namespace Tandem
