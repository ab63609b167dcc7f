// The board's live events at a team's fan-out (issue #31 item 6): 50 subscribers of `/api/events` on one real
// `tandem serve` (the SQLite board: the PostgreSQL board's `serve --board` is another branch's work), while the
// handoffs of 200 stories are created and accepted through `POST /api/handoffs`. Prints the server's CPU per event
// (from /proc/PID/stat) with 50 subscribers and with none, so the difference is what each delivery costs, and checks
// that every subscriber got every event once.
// Usage: bench_boardevents [stories]

#include "BenchBasics.h"
#include "domain/Conversation.h"
#include "storage/ConversationStore.h"
#include "storage/DataLocation.h"
#include "storage/Database.h"
#include "storage/UnitOfWork.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QTcpSocket>
#include <QTemporaryDir>
#include <QThread>

#include <cstdio>
#include <memory>
#include <unistd.h>
#include <vector>

using namespace Qt::StringLiterals;
using namespace Tandem;

namespace {

constexpr int kSubscribers = 50;

/// Turns the event loop until @p done holds or @p ms pass; whether it held.
template <typename Done> bool waitFor(Done done, int ms)
{
    QElapsedTimer timer;
    timer.start();
    while (!done()) {
        if (timer.elapsed() > ms)
            return false;
        QCoreApplication::processEvents(QEventLoop::AllEvents, 20);
        QThread::msleep(5);
    }
    return true;
}

struct Server
{
    QProcess process;
    quint16 port = 0;
    QByteArray token;
};

bool startServer(Server &server, const QString &dataDir)
{
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    // No keychain: the token lives in memory and is printed, as in integration.servenokeychain.
    environment.insert(u"DBUS_SESSION_BUS_ADDRESS"_s, u"unix:path=/nonexistent/bench-no-bus"_s);
    environment.insert(u"XDG_CONFIG_HOME"_s, dataDir + u"/config"_s);
    server.process.setProcessEnvironment(environment);
    server.process.start(QStringLiteral(TANDEM_CLI_PATH),
        { u"--data-dir"_s, dataDir, u"serve"_s, u"--port"_s, u"0"_s, u"--print-token"_s });
    static const QRegularExpression portLine(u"http://127\\.0\\.0\\.1:(\\d+)"_s);
    static const QRegularExpression tokenLine(u"^Token: (\\S+)$"_s, QRegularExpression::MultilineOption);
    QString out;
    const bool up = waitFor(
        [&] {
            out += QString::fromUtf8(server.process.readAllStandardOutput());
            return (portLine.match(out).hasMatch() && tokenLine.match(out).hasMatch())
                || server.process.state() == QProcess::NotRunning;
        },
        30000);
    if (!up || !tokenLine.match(out).hasMatch()) {
        std::fprintf(stderr, "serve did not start: %s\n", qPrintable(out));
        return false;
    }
    server.port = quint16(portLine.match(out).captured(1).toUInt());
    server.token = tokenLine.match(out).captured(1).toUtf8();
    return true;
}

double cpuMs(qint64 pid)
{
    QFile stat(u"/proc/%1/stat"_s.arg(pid));
    if (!stat.open(QIODevice::ReadOnly))
        return 0;
    // Fields 14 and 15 (utime, stime), after the command's closing parenthesis.
    const QList<QByteArray> fields = stat.readAll().split(')').last().trimmed().split(' ');
    return double(fields.value(11).toLongLong() + fields.value(12).toLongLong()) * 1000.0
        / double(::sysconf(_SC_CLK_TCK));
}

int post(const Server &server, const QJsonObject &body)
{
    QTcpSocket socket;
    socket.connectToHost(u"127.0.0.1"_s, server.port);
    if (!socket.waitForConnected(10000))
        return 0;
    const QByteArray json = QJsonDocument(body).toJson(QJsonDocument::Compact);
    socket.write("POST /api/handoffs HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer " + server.token
        + "\r\nContent-Type: application/json\r\nConnection: close\r\nContent-Length: "
        + QByteArray::number(json.size()) + "\r\n\r\n" + json);
    // The answer ends with its Content-Length: the server keeps the connection open.
    QByteArray answer;
    while (socket.waitForReadyRead(10000)) {
        answer += socket.readAll();
        const qsizetype head = answer.indexOf("\r\n\r\n");
        static const QRegularExpression length(u"content-length: *(\\d+)"_s, QRegularExpression::CaseInsensitiveOption);
        const QRegularExpressionMatch match = length.match(QString::fromLatin1(answer.left(head)));
        if (head >= 0 && match.hasMatch() && answer.size() >= head + 4 + match.captured(1).toLongLong())
            break;
    }
    return answer.mid(9, 3).toInt();
}

std::vector<std::unique_ptr<QTcpSocket>> subscribe(const Server &server, int count)
{
    std::vector<std::unique_ptr<QTcpSocket>> subscribers;
    for (int i = 0; i < count; ++i) {
        auto socket = std::make_unique<QTcpSocket>();
        socket->connectToHost(u"127.0.0.1"_s, server.port);
        if (!socket->waitForConnected(10000))
            break;
        socket->write("GET /api/events HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\nAuthorization: "
                      "Bearer "
            + server.token + "\r\n\r\n");
        subscribers.push_back(std::move(socket));
    }
    return subscribers;
}

/// One round: @p subscriberCount subscribers, then each story started at the analyst and accepted (two events each).
/// Returns the server's CPU per event, or a negative number on failure.
double round(int stories, int subscriberCount, int firstStory)
{
    QTemporaryDir dir;
    {
        Database database;
        if (!database.open(DataLocation::databasePath(dir.path())))
            return -1;
        for (int i = 0; i < stories; ++i) {
            Conversation conversation;
            conversation.mode = Conversation::Mode::Pipeline;
            conversation.storyId = u"v1.0:%1"_s.arg(firstStory + i);
            if (!database.work().conversations().create(conversation))
                return -1;
        }
    }
    Server server;
    if (!startServer(server, dir.path()))
        return -1;
    auto subscribers = subscribe(server, subscriberCount);
    waitFor([] { return false; }, 500); // the streams are open before the first event
    const double before = cpuMs(server.process.processId());
    QElapsedTimer wall;
    wall.start();
    int ok = 0;
    for (int i = 0; i < stories; ++i) {
        const QString story = u"v1.0:%1"_s.arg(firstStory + i);
        QJsonObject create { { u"action"_s, u"create"_s }, { u"storyId"_s, story },
            { u"fromAgent"_s, u"orchestrator"_s }, { u"toAgent"_s, u"analyst"_s },
            { u"payload"_s, QJsonObject { { u"story"_s, u"Remember me on the login form"_s } } } };
        ok += post(server, create) == 201;
        ok += post(server, { { u"action"_s, u"accept"_s }, { u"handoffId"_s, i + 1 } }) == 200;
    }
    const int events = 2 * stories;
    // Every subscriber reads every event: the round ends when all have them (or after 60 s).
    std::vector<int> seen(subscribers.size(), 0);
    const bool delivered = waitFor(
        [&] {
            bool all = true;
            for (size_t s = 0; s < subscribers.size(); ++s) {
                seen[s] += int(subscribers[s]->readAll().count("event: handoff"));
                all = all && seen[s] >= events;
            }
            return all;
        },
        60000);
    const double cpu = cpuMs(server.process.processId()) - before;
    const qint64 elapsed = wall.elapsed();
    int exact = 0;
    for (int n : seen)
        exact += n == events;
    std::printf("%2d subscribers: %d events (%d of %d requests answered), server CPU %.0f ms = %.3f ms per event, "
                "%.3f ms per event and subscriber; %d of %zu subscribers got each event once%s; %lld ms wall\n",
        subscriberCount, events, ok, events, cpu, cpu / events,
        subscriberCount > 0 ? cpu / events / subscriberCount : 0.0, exact, subscribers.size(),
        delivered ? "" : " (TIMED OUT)", static_cast<long long>(elapsed));
    server.process.terminate();
    server.process.waitForFinished(30000);
    return ok == events && delivered ? cpu / events : -1;
}

QString loadAverage()
{
    QFile file(u"/proc/loadavg"_s);
    return file.open(QIODevice::ReadOnly) ? QString::fromLatin1(file.readAll()).section(u' ', 0, 2) : QString();
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    const int stories = qMax(10, app.arguments().value(1, u"200"_s).toInt());
    std::printf("bench_boardevents: tandem serve on the SQLite board, %d stories; load average before: %s\n", stories,
        qPrintable(loadAverage()));
    const double alone = round(stories, 0, 1);
    const double fanned = round(stories, kSubscribers, 1);
    if (alone < 0 || fanned < 0)
        return 1;
    std::printf("delivery to %d subscribers: %.3f ms of server CPU per event (%.1f µs per event and subscriber); "
                "load average after: %s\n",
        kSubscribers, fanned - alone, (fanned - alone) * 1000.0 / kSubscribers, qPrintable(loadAverage()));
    return 0;
}
