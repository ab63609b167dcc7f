#include "McpStdioTransport.h"

#include "mcp/McpLogging.h"

#include <QDir>
#include <QJsonDocument>
#include <QTimer>

using namespace Qt::StringLiterals;

namespace Tandem {

McpStdioTransport::McpStdioTransport(const McpServerConfig &config, const QString &workspaceRoot, QObject *parent)
    : McpTransport(parent)
    , m_config(config)
    , m_workspaceRoot(workspaceRoot)
{
    m_process.setProcessChannelMode(QProcess::SeparateChannels);
    connect(&m_process, &QProcess::readyReadStandardOutput, this, &McpStdioTransport::readStdout);
    connect(&m_process, &QProcess::readyReadStandardError, this, &McpStdioTransport::readStderr);
    connect(&m_process, &QProcess::started, this, &McpTransport::opened);
    connect(&m_process, &QProcess::finished, this, &McpStdioTransport::onFinished);
    connect(&m_process, &QProcess::errorOccurred, this, [this](QProcess::ProcessError error) {
        if (error != QProcess::FailedToStart || m_ended)
            return;
        m_ended = true;
        Q_EMIT closed(
            tr("The MCP server \"%1\" could not be started: %2.").arg(m_config.name, m_process.errorString()));
    });
}

McpStdioTransport::~McpStdioTransport()
{
    // Whoever drops a transport without close() still leaves no process behind.
    if (m_process.state() != QProcess::NotRunning) {
        m_process.disconnect(this);
        m_process.kill();
        m_process.waitForFinished(1000);
    }
}

QProcessEnvironment McpStdioTransport::environmentFor(const McpServerConfig &config)
{
    const QProcessEnvironment own = QProcessEnvironment::systemEnvironment();
    QProcessEnvironment environment;
    for (const QString &name : { u"PATH"_s, u"HOME"_s, u"LANG"_s })
        if (own.contains(name))
            environment.insert(name, own.value(name));
    for (auto it = config.env.constBegin(); it != config.env.constEnd(); ++it)
        environment.insert(it.key(), it.value());
    return environment;
}

void McpStdioTransport::open()
{
    m_process.setProcessEnvironment(environmentFor(m_config));
    QString cwd = m_config.cwd.isEmpty() ? m_workspaceRoot : m_config.cwd;
    if (!cwd.isEmpty())
        m_process.setWorkingDirectory(cwd);
    qCInfo(lcMcp) << "starting" << m_config.name << m_config.command;
    m_process.start(m_config.command, m_config.args);
}

void McpStdioTransport::send(const QJsonObject &message)
{
    if (m_process.state() != QProcess::Running)
        return;
    QByteArray line = QJsonDocument(message).toJson(QJsonDocument::Compact);
    line.append('\n');
    m_process.write(line);
}

void McpStdioTransport::close()
{
    if (m_process.state() == QProcess::NotRunning) {
        if (!m_ended) {
            m_ended = true;
            QTimer::singleShot(0, this, [this] { Q_EMIT closed({}); });
        }
        return;
    }
    m_closing = true;
    m_process.closeWriteChannel();
    QTimer::singleShot(kShutdownStepMs, this, [this] {
        if (m_process.state() == QProcess::NotRunning)
            return;
        qCInfo(lcMcp) << m_config.name << "did not exit after stdin closed: SIGTERM";
        m_process.terminate();
        QTimer::singleShot(kShutdownStepMs, this, [this] {
            if (m_process.state() == QProcess::NotRunning)
                return;
            qCInfo(lcMcp) << m_config.name << "did not exit after SIGTERM: SIGKILL";
            m_process.kill();
        });
    });
}

qint64 McpStdioTransport::processId() const
{
    return m_process.state() == QProcess::NotRunning ? 0 : m_process.processId();
}

void McpStdioTransport::readStdout()
{
    m_line.append(m_process.readAllStandardOutput());
    qsizetype start = 0;
    for (qsizetype end = m_line.indexOf('\n'); end >= 0; end = m_line.indexOf('\n', start)) {
        const QByteArray line = m_line.sliced(start, end - start).trimmed();
        start = end + 1;
        if (line.isEmpty())
            continue;
        QJsonParseError error;
        const QJsonDocument document = QJsonDocument::fromJson(line, &error);
        if (!document.isObject()) {
            // Not MCP: a server that prints to stdout by mistake. Keep the evidence, drop the line.
            appendLog(QByteArray("[tandem] not a JSON-RPC message on stdout, skipped: " + line.left(200) + "\n"));
            continue;
        }
        Q_EMIT messageReceived(document.object());
    }
    m_line.remove(0, start);
    if (m_line.size() > kMaxLineBytes) {
        appendLog("[tandem] a line on stdout went over 16 MiB, dropped\n");
        m_line.clear();
    }
}

void McpStdioTransport::readStderr()
{
    appendLog(m_process.readAllStandardError());
}

void McpStdioTransport::appendLog(QByteArrayView bytes)
{
    m_log.append(bytes);
    if (m_log.size() > kMaxLogBytes)
        m_log.remove(0, m_log.size() - kMaxLogBytes);
}

void McpStdioTransport::onFinished()
{
    readStdout();
    readStderr();
    if (m_ended)
        return;
    m_ended = true;
    if (m_closing) {
        Q_EMIT closed({});
        return;
    }
    const QString reason = m_process.exitStatus() == QProcess::CrashExit
        ? tr("The MCP server \"%1\" crashed.").arg(m_config.name)
        : tr("The MCP server \"%1\" exited with code %2.").arg(m_config.name).arg(m_process.exitCode());
    Q_EMIT closed(reason);
}

} // namespace Tandem
