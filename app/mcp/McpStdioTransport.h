#pragma once

#include "mcp/McpServerConfig.h"
#include "mcp/McpTransport.h"

#include <QByteArray>
#include <QCoreApplication>
#include <QProcess>
#include <QProcessEnvironment>

namespace Tandem {

/// @brief MCP over stdio: the server is a child process; newline-delimited JSON-RPC on its stdin and stdout, its stderr
/// kept as its log (the newest kMaxLogBytes).
///
/// The child gets a minimal environment (PATH, HOME, LANG and what its entry names), never Tandem's own, so no key of
/// Tandem's reaches a server. close() follows the spec: close stdin, wait, SIGTERM, wait, SIGKILL. A line on stdout
/// that is not a JSON object is skipped and noted in the log, the server keeps running.
class McpStdioTransport final : public McpTransport
{
    Q_OBJECT

public:
    static constexpr qsizetype kMaxLogBytes = 64 * 1024;
    static constexpr qsizetype kMaxLineBytes = 16 * 1024 * 1024;
    /// How long close() waits after closing stdin, and again after SIGTERM.
    static constexpr int kShutdownStepMs = 2000;

    McpStdioTransport(const McpServerConfig &config, const QString &workspaceRoot, QObject *parent = nullptr);
    ~McpStdioTransport() override;
    Q_DISABLE_COPY_MOVE(McpStdioTransport)

    /// @brief The environment a server of @p config starts with: PATH, HOME, LANG and the entry's env.
    static QProcessEnvironment environmentFor(const McpServerConfig &config);

    void open() override;
    void send(const QJsonObject &message) override;
    void close() override;
    qint64 processId() const override;
    QString log() const override { return QString::fromUtf8(m_log); }

private:
    void readStdout();
    void readStderr();
    void appendLog(QByteArrayView bytes);
    void onFinished();

    McpServerConfig m_config;
    QString m_workspaceRoot;
    QProcess m_process;
    QByteArray m_line;
    QByteArray m_log;
    bool m_closing = false;
    bool m_ended = false;
};

} // namespace Tandem
