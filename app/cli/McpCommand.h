#pragma once

#include "cli/Command.h"

#include <QCoreApplication>

class QCommandLineParser;

namespace Tandem {

class McpServers;

/// @brief `tandem mcp list|add|remove|tools NAME`: the MCP servers of mcp.json from the terminal. `add NAME -- COMMAND
/// ARGS…` adds a stdio server, `add NAME --url URL [--header "Name: value"]…` a Streamable HTTP one whose header
/// values go to the keychain (the file keeps their names); `tools NAME` starts the server and lists its tools.
class McpCommand final : public Command
{
    Q_DECLARE_TR_FUNCTIONS(McpCommand)

public:
    QString name() const override;
    QString synopsis() const override;
    QString description() const override;
    CommandPage page() const override;
    bool opensDatabase() const override { return false; }
    int execute(const QCommandLineParser &parser, AppContext &context) override;

private:
    static int list(McpServers &servers);
    static int add(const QCommandLineParser &parser, McpServers &servers);
    static int remove(const QString &name, McpServers &servers);
    static int tools(const QString &name, McpServers &servers);
};

} // namespace Tandem
