#include "McpTestServers.h"

#include "tools/ToolJob.h"

#include <QDeadlineTimer>
#include <QDir>
#include <QFile>
#include <QStandardPaths>
#include <QTcpServer>
#include <QTest>

#include <cerrno>
#include <csignal>

using namespace Qt::StringLiterals;

namespace Tandem::Test {

namespace {

QString mcpDir()
{
    return QStringLiteral(TANDEM_SOURCE_DIR) + u"/tests/mcp"_s;
}

QString package(const QString &name)
{
    return mcpDir() + u"/node_modules/@modelcontextprotocol/"_s + name + u"/dist/index.js"_s;
}

McpServerConfig nodeServer(const QString &name, const QStringList &args)
{
    McpServerConfig config;
    config.name = name;
    config.command = McpTestServers::node();
    config.args = args;
    return config;
}

} // namespace

QString McpTestServers::node()
{
    return QStandardPaths::findExecutable(u"node"_s);
}

QString McpTestServers::missingPackages()
{
    for (const QString &name : { u"server-everything"_s, u"server-filesystem"_s })
        if (!QFile::exists(package(name)))
            return u"tests/mcp has no node_modules: run npm ci --prefix tests/mcp"_s;
    return {};
}

QString McpTestServers::packagesFolder()
{
    return mcpDir() + u"/node_modules"_s;
}

McpServerConfig McpTestServers::everythingStdio(const QString &name)
{
    return nodeServer(name, { package(u"server-everything"_s), u"stdio"_s });
}

McpServerConfig McpTestServers::filesystem(const QString &root, const QString &name)
{
    return nodeServer(name, { package(u"server-filesystem"_s), root });
}

McpServerConfig McpTestServers::misbehaving(const QString &mode, const QString &name)
{
    return nodeServer(name, { mcpDir() + u"/misbehaving-server.mjs"_s, mode });
}

QStringList McpTestServers::everythingHttpArguments()
{
    return { package(u"server-everything"_s), u"streamableHttp"_s };
}

quint16 McpTestServers::freePort()
{
    QTcpServer probe;
    probe.listen(QHostAddress::LocalHost, 0);
    return probe.serverPort();
}

ToolJobOutcome McpTestServers::wait(ToolJob *job, int timeoutMs, const std::function<void()> &onProgress)
{
    auto outcome = std::make_shared<ToolJobOutcome>();
    QObject::connect(job, &ToolJob::finished, job, [outcome](const ToolResult &result) {
        outcome->end = ToolJobOutcome::End::Finished;
        outcome->result = result;
    });
    QObject::connect(job, &ToolJob::failed, job, [outcome](const ToolError &error) {
        outcome->end = ToolJobOutcome::End::Failed;
        outcome->error = error;
    });
    QObject::connect(job, &ToolJob::cancelled, job, [outcome] { outcome->end = ToolJobOutcome::End::Cancelled; });
    QObject::connect(job, &ToolJob::progressed, job, [outcome, onProgress](double progress, double, const QString &) {
        outcome->progress << progress;
        if (outcome->progress.size() == 1 && onProgress)
            onProgress();
    });
    QDeadlineTimer deadline(timeoutMs);
    while (outcome->end == ToolJobOutcome::End::None && !deadline.hasExpired())
        QTest::qWait(20);
    return *outcome;
}

bool McpTestServers::processExists(qint64 pid)
{
    if (pid <= 0)
        return false;
    if (::kill(static_cast<pid_t>(pid), 0) != 0 && errno == ESRCH)
        return false;
    // A zombie is a process that has ended and waits for its parent to read its status.
    QFile status(u"/proc/%1/stat"_s.arg(pid));
    if (!status.open(QIODevice::ReadOnly))
        return false;
    const QByteArray line = status.readAll();
    const qsizetype paren = line.lastIndexOf(')');
    return paren < 0 || line.mid(paren + 2, 1) != "Z";
}

} // namespace Tandem::Test
