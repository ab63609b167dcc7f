// The board's live events at a team's fan-out (issue #31 item 6), through real `tandem serve` processes:
//   - the SQLite board: 50 subscribers of `/api/events` on one server, while the handoffs of 200 stories are created
//     and accepted through `POST /api/handoffs`; the server's CPU per event (from /proc/PID/stat) with 50 subscribers
//     and with none, so the difference is what each delivery costs;
//   - the PostgreSQL board (`serve --board` on a throwaway PostgreSQL 15 cluster, tests/support/PostgresCluster): one
//     server with 50 subscribers, then 4 servers with their own data folders on one board, 50 subscribers on each,
//     while team stories' handoffs are created and accepted through the first; each server's CPU per event, and the
//     delivery latency from the POST to the event (p50/p99) on the same server and on the others.
// Every subscriber must get every event exactly once. The board's servers read the board's password from the
// keychain (none is stored: the cluster trusts its user), so run it where a keychain answers (scripts/test.sh's
// environment, or a desktop session).
// Usage: bench_boardevents [stories] (each PostgreSQL round posts as many, one at a time)

#include "BenchBasics.h"
#include "PostgresCluster.h"
#include "domain/Conversation.h"
#include "storage/ConversationStore.h"
#include "storage/DataLocation.h"
#include "storage/Database.h"
#include "storage/UnitOfWork.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QFile>
#include <QHash>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QTcpSocket>
#include <QTemporaryDir>
#include <QThread>
#include <QTimer>

#include <algorithm>
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

/// As waitFor, but asleep only until the next event, so that each arrival is read (and timed) when it comes.
template <typename Done> bool waitAwake(Done done, int ms)
{
    QTimer heartbeat; // wakes the loop when nothing arrives
    heartbeat.start(10);
    QElapsedTimer timer;
    timer.start();
    while (!done()) {
        if (timer.elapsed() > ms)
            return false;
        QCoreApplication::processEvents(QEventLoop::WaitForMoreEvents);
    }
    return true;
}

struct Server
{
    QProcess process;
    quint16 port = 0;
    QByteArray token;
};

/// Starts `tandem serve` on @p dataDir, on the team board @p boardUrl if one is given.
bool startServer(Server &server, const QString &dataDir, const QString &boardUrl = {})
{
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    // No keychain: the token lives in memory and is printed, as in integration.servenokeychain. A board's server
    // reads the board's password from the keychain, so it keeps the one of the environment.
    if (boardUrl.isEmpty())
        environment.insert(u"DBUS_SESSION_BUS_ADDRESS"_s, u"unix:path=/nonexistent/bench-no-bus"_s);
    environment.insert(u"XDG_CONFIG_HOME"_s, dataDir + u"/config"_s);
    server.process.setProcessEnvironment(environment);
    QStringList arguments { u"--data-dir"_s, dataDir, u"serve"_s, u"--port"_s, u"0"_s, u"--print-token"_s };
    if (!boardUrl.isEmpty())
        arguments << u"--board"_s << boardUrl;
    server.process.start(QStringLiteral(TANDEM_CLI_PATH), arguments);
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

/// One subscriber of `/api/events` that notes when each handoff event (its story and status) arrives, and how often.
struct Subscriber
{
    std::unique_ptr<QTcpSocket> socket;
    QByteArray buffer;
    QHash<QByteArray, int> counts;
    QHash<QByteArray, qint64> arrivals; // ns of the bench's clock at the first reading
};

QByteArray eventKey(const QString &storyId, const QString &status)
{
    return (storyId + u'/' + status).toUtf8();
}

/// Reads what arrived: each complete `event: handoff` is counted under its story and status.
void readEvents(Subscriber &subscriber, qint64 now)
{
    subscriber.buffer += subscriber.socket->readAll();
    qsizetype end;
    while ((end = subscriber.buffer.indexOf("\n\n")) >= 0) {
        const QByteArray event = subscriber.buffer.left(end);
        subscriber.buffer.remove(0, end + 2);
        if (!event.contains("event: handoff"))
            continue;
        const qsizetype data = event.indexOf("data: ");
        const QJsonObject json = QJsonDocument::fromJson(event.mid(data + 6).split('\n').first()).object();
        const QByteArray key = eventKey(json[u"storyId"_s].toString(), json[u"status"_s].toString());
        if (++subscriber.counts[key] == 1)
            subscriber.arrivals.insert(key, now);
    }
}

/// A POST sent without waiting, so that the event loop reads the subscribers meanwhile.
struct Pending
{
    QTcpSocket socket;
    QByteArray answer;

    void send(const Server &server, const QJsonObject &body)
    {
        socket.connectToHost(u"127.0.0.1"_s, server.port);
        const QByteArray json = QJsonDocument(body).toJson(QJsonDocument::Compact);
        socket.write("POST /api/handoffs HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer " + server.token
            + "\r\nContent-Type: application/json\r\nConnection: close\r\nContent-Length: "
            + QByteArray::number(json.size()) + "\r\n\r\n" + json);
    }
    /// The answer's status and JSON body once complete, else 0.
    int status(QJsonObject *body)
    {
        answer += socket.readAll();
        const qsizetype head = answer.indexOf("\r\n\r\n");
        static const QRegularExpression length(u"content-length: *(\\d+)"_s, QRegularExpression::CaseInsensitiveOption);
        const QRegularExpressionMatch match = length.match(QString::fromLatin1(answer.left(head)));
        if (head < 0 || !match.hasMatch() || answer.size() < head + 4 + match.captured(1).toLongLong())
            return 0;
        *body = QJsonDocument::fromJson(answer.mid(head + 4)).object();
        return answer.mid(9, 3).toInt();
    }
};

QString percentiles(QList<qint64> ns)
{
    if (ns.isEmpty())
        return u"none"_s;
    std::sort(ns.begin(), ns.end());
    const auto at = [&](double q) {
        return double(ns.at(qMin(ns.size() - 1, qsizetype(q * ns.size())))) / 1e6;
    };
    return u"p50 %1 ms, p99 %2 ms (%3 deliveries)"_s.arg(at(0.5), 0, 'f', 2).arg(at(0.99), 0, 'f', 2).arg(ns.size());
}

/// One round on the PostgreSQL board: @p serverCount servers with their own data folders, @p perServer subscribers
/// on each; @p stories team stories' handoffs created and accepted through the first server, one POST at a time,
/// each waited for on every subscriber. Whether every subscriber got every event exactly once.
bool boardRound(
    const Tandem::Test::PostgresCluster &cluster, int serverCount, int perServer, int stories, int firstStory)
{
    std::vector<std::unique_ptr<QTemporaryDir>> dirs;
    std::vector<std::unique_ptr<Server>> servers;
    for (int s = 0; s < serverCount; ++s) {
        dirs.push_back(std::make_unique<QTemporaryDir>());
        if (s == 0) {
            Database database;
            if (!database.open(DataLocation::databasePath(dirs[0]->path())))
                return false;
            for (int i = 0; i < stories; ++i) {
                Conversation conversation;
                conversation.mode = Conversation::Mode::Pipeline;
                conversation.storyId = u"v0.1:%1.1.1"_s.arg(firstStory + i);
                if (!database.work().conversations().create(conversation))
                    return false;
            }
        }
        servers.push_back(std::make_unique<Server>());
        if (!startServer(*servers.back(), dirs.back()->path(), cluster.url()))
            return false;
    }
    std::vector<std::vector<Subscriber>> subscribers(serverCount);
    for (int s = 0; s < serverCount; ++s)
        for (auto &socket : subscribe(*servers[s], perServer))
            subscribers[s].push_back({ std::move(socket), {}, {}, {} });
    QElapsedTimer clock;
    clock.start();
    const auto readAll = [&] {
        for (auto &onServer : subscribers)
            for (Subscriber &subscriber : onServer)
                readEvents(subscriber, clock.nsecsElapsed());
    };
    for (auto &onServer : subscribers)
        for (Subscriber &subscriber : onServer)
            QObject::connect(subscriber.socket.get(), &QTcpSocket::readyRead,
                [&subscriber, &clock] { readEvents(subscriber, clock.nsecsElapsed()); });
    waitFor([] { return false; }, 500); // the streams are open before the first event
    std::vector<double> before;
    for (const auto &server : servers)
        before.push_back(cpuMs(server->process.processId()));
    QList<qint64> sameServer;
    QList<qint64> otherServers;
    int ok = 0;
    bool delivered = true;
    const auto postAndWait = [&](const QJsonObject &body, const QByteArray &key, int expected, QJsonObject *answer) {
        Pending pending;
        const qint64 sent = clock.nsecsElapsed();
        pending.send(*servers[0], body);
        int status = 0;
        const bool all = waitAwake(
            [&] {
                readAll();
                if (!status)
                    status = pending.status(answer);
                for (const auto &onServer : subscribers)
                    for (const Subscriber &subscriber : onServer)
                        if (!subscriber.arrivals.contains(key))
                            return false;
                return status != 0;
            },
            30000);
        ok += status == expected;
        delivered = delivered && all;
        for (int s = 0; s < serverCount; ++s)
            for (const Subscriber &subscriber : subscribers[s])
                if (subscriber.arrivals.contains(key))
                    (s == 0 ? sameServer : otherServers) << subscriber.arrivals.value(key) - sent;
    };
    for (int i = 0; i < stories && delivered; ++i) {
        const QString story = u"v0.1:%1.1.1"_s.arg(firstStory + i);
        QJsonObject answer;
        postAndWait(QJsonObject { { u"action"_s, u"create"_s }, { u"storyId"_s, story },
                        { u"fromAgent"_s, u"orchestrator"_s }, { u"toAgent"_s, u"analyst"_s },
                        { u"payload"_s, QJsonObject { { u"story"_s, u"Remember me on the login form"_s } } } },
            eventKey(story, u"pending"_s), 201, &answer);
        const qint64 id = answer[u"handoff"_s].toObject()[u"id"_s].toInteger();
        postAndWait(QJsonObject { { u"action"_s, u"accept"_s }, { u"handoffId"_s, id } },
            eventKey(story, u"accepted"_s), 200, &answer);
    }
    const int events = 2 * stories;
    waitFor([] { return false; }, 1000); // a late duplicate would come now
    readAll();
    std::printf("PostgreSQL board, %d server%s, %d subscribers on each: %d events (%d of %d requests answered)%s\n",
        serverCount, serverCount > 1 ? "s" : "", perServer, events, ok, events, delivered ? "" : " (TIMED OUT)");
    bool exactlyOnce = true;
    for (int s = 0; s < serverCount; ++s) {
        const double cpu = cpuMs(servers[s]->process.processId()) - before[s];
        int exact = 0;
        for (const Subscriber &subscriber : subscribers[s]) {
            bool once = subscriber.counts.size() == events;
            for (int n : subscriber.counts)
                once = once && n == 1;
            exact += once;
        }
        exactlyOnce = exactlyOnce && exact == perServer && int(subscribers[s].size()) == perServer;
        std::printf("  server %d%s: CPU %.0f ms = %.3f ms per event; %d of %zu subscribers got each event exactly "
                    "once\n",
            s + 1, s == 0 ? " (posted to)" : "", cpu, cpu / events, exact, subscribers[s].size());
    }
    std::printf("  from the POST to the event, on the server posted to: %s\n", qPrintable(percentiles(sameServer)));
    if (serverCount > 1)
        std::printf("  from the POST to the event, on the other %d servers: %s\n", serverCount - 1,
            qPrintable(percentiles(otherServers)));
    for (auto &server : servers) {
        server->process.terminate();
        server->process.waitForFinished(30000);
    }
    return ok == events && delivered && exactlyOnce;
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

    Tandem::Test::PostgresCluster cluster;
    if (!cluster.start()) {
        std::fprintf(stderr, "no PostgreSQL board: %s\n", qPrintable(cluster.errorString()));
        return 1;
    }
    const int boardStories = stories;
    std::printf("tandem serve --board on PostgreSQL 15 (a throwaway cluster on a Unix socket), %d team stories a "
                "round; load average before: %s\n",
        boardStories, qPrintable(loadAverage()));
    const bool one = boardRound(cluster, 1, kSubscribers, boardStories, 1);
    const bool four = boardRound(cluster, 4, kSubscribers, boardStories, 1 + boardStories);
    std::printf("load average after: %s\n", qPrintable(loadAverage()));
    return one && four ? 0 : 1;
}
