// The CPU Tandem adds to MCP over stdio, against @modelcontextprotocol/server-everything (npm ci --prefix tests/mcp):
// one tools/call round trip (echo), and a server's start + handshake + tools/list. The server's own CPU is its
// process's and is not counted: only this process's (CLOCK_PROCESS_CPUTIME_ID). The wait loop blocks in the event
// loop (no spinning), so idle waiting costs nothing.
// Budget: start + tools/list ≤ 10 ms, a call ≤ 0.5 ms of this process's CPU (README, "Speed"; docs/mcp.md has the
// figures).

#include "BenchBasics.h"
#include "mcp/McpClient.h"
#include "mcp/McpStdioTransport.h"

#include <QCoreApplication>
#include <QEventLoop>
#include <QStandardPaths>
#include <QTimer>

#include <algorithm>
#include <cstdio>

using namespace Tandem;
using namespace Qt::StringLiterals;

namespace {

McpServerConfig everything()
{
    McpServerConfig config;
    config.name = u"everything"_s;
    config.command = QStandardPaths::findExecutable(u"node"_s);
    config.args
        = { QStringLiteral(TANDEM_MCP_DIR) + u"/node_modules/@modelcontextprotocol/server-everything/dist/index.js"_s,
              u"stdio"_s };
    return config;
}

/// Runs an event loop until @p signal of @p sender (or 30 s pass): blocked in the loop, no polling.
template <typename Signal> bool waitFor(const McpClient *sender, Signal signal)
{
    QEventLoop loop;
    bool fired = false;
    QObject::connect(sender, signal, &loop, [&] {
        fired = true;
        loop.quit();
    });
    QTimer::singleShot(30'000, &loop, &QEventLoop::quit);
    loop.exec();
    return fired;
}

qint64 median(QList<qint64> values)
{
    std::sort(values.begin(), values.end());
    return values.isEmpty() ? 0 : values.at(values.size() / 2);
}

} // namespace

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    qputenv("QT_LOGGING_RULES", "tandem.*=false");
    if (everything().command.isEmpty()) {
        std::fprintf(stderr, "node is not installed\n");
        return 1;
    }
    constexpr int Starts = 5;
    constexpr int Calls = 300;

    QList<qint64> startCpu;
    for (int i = 0; i < Starts; ++i) {
        const qint64 before = Bench::cpuMicros();
        McpClient client(std::make_unique<McpStdioTransport>(everything(), QString()), u"everything"_s, 60'000);
        client.start();
        if (!waitFor(&client, &McpClient::ready)) {
            std::fprintf(stderr, "the server did not start\n");
            return 1;
        }
        startCpu << Bench::cpuMicros() - before;
        client.shutdown();
        waitFor(&client, &McpClient::closed);
    }

    McpClient client(std::make_unique<McpStdioTransport>(everything(), QString()), u"everything"_s, 60'000);
    client.start();
    waitFor(&client, &McpClient::ready);
    int answered = 0;
    const qint64 before = Bench::cpuMicros();
    for (int i = 0; i < Calls; ++i) {
        QEventLoop loop;
        client.callTool(u"echo"_s, { { u"message"_s, u"bench %1"_s.arg(i) } },
            [&answered, &loop](const QJsonObject &, const std::optional<McpError> &error) {
                if (!error)
                    ++answered;
                loop.quit();
            });
        QTimer::singleShot(30'000, &loop, &QEventLoop::quit);
        loop.exec();
        if (answered != i + 1) {
            std::fprintf(stderr, "a call got no answer\n");
            return 1;
        }
    }
    const double perCall = double(Bench::cpuMicros() - before) / Calls;
    std::printf("MCP stdio, server-everything\n");
    std::printf("  start + initialize + tools/list: median %.1f ms of Tandem's CPU (%d starts)\n",
        median(startCpu) / 1000.0, Starts);
    std::printf("  tools/call echo round trip:      %.1f us of Tandem's CPU per call (%d calls)\n", perCall, Calls);
    client.shutdown();
    return 0;
}
