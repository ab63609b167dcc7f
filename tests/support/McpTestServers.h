#pragma once

#include "mcp/McpServerConfig.h"
#include "tools/ToolError.h"
#include "tools/ToolResult.h"

#include <QString>
#include <QStringList>

#include <functional>

namespace Tandem {
class ToolJob;
}

namespace Tandem::Test {

/// @brief How a ToolJob ended, as McpTestServers::wait() saw it.
struct ToolJobOutcome
{
    enum class End { None, Finished, Failed, Cancelled };
    End end = End::None;
    ToolResult result;
    ToolError error;
    QList<double> progress; ///< every progress value the job reported
};

/// @brief The MCP servers of tests/mcp (installed by `npm ci --prefix tests/mcp`) as server entries: the third-party
/// reference servers and the misbehaving one of our own.
class McpTestServers
{
public:
    /// @brief The node executable, or empty (the tests skip then: CI has it).
    static QString node();
    /// @brief Empty if tests/mcp/node_modules holds the servers, else what to run.
    static QString missingPackages();
    /// @brief tests/mcp/node_modules, where the pinned servers are installed.
    static QString packagesFolder();
    /// @brief @modelcontextprotocol/server-everything over stdio, named @p name.
    static McpServerConfig everythingStdio(const QString &name = QStringLiteral("everything"));
    /// @brief @modelcontextprotocol/server-filesystem with @p root as its one allowed folder.
    static McpServerConfig filesystem(const QString &root, const QString &name = QStringLiteral("fs"));
    /// @brief tests/mcp/misbehaving-server.mjs in @p mode (see the script).
    static McpServerConfig misbehaving(const QString &mode, const QString &name = QStringLiteral("bad"));
    /// @brief The script that serves server-everything over Streamable HTTP, for a QProcess of the test's own.
    static QStringList everythingHttpArguments();
    /// @brief A TCP port on loopback nobody listens on now.
    static quint16 freePort();
    /// @brief Waits (up to @p timeoutMs) for @p job to end; @p onProgress runs at its first progress report.
    static ToolJobOutcome wait(ToolJob *job, int timeoutMs = 30'000, const std::function<void()> &onProgress = {});
    /// @brief Whether process @p pid still exists (a zombie counts as gone).
    static bool processExists(qint64 pid);
};

} // namespace Tandem::Test
