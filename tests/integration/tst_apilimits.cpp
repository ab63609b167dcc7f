// What a client can hold in the local API without a token (issue #24, item 6), over real loopback sockets: a refused
// request is answered from its head, before its body is sent; the connections open at once are capped in total and
// per client address; slow and idle connections time out (an event stream does not); `tandem serve`'s memory stays
// bounded under hundreds of unfinished 1 MB bodies, and it serves again after running out of file descriptors.
#include "ApiClient.h"
#include "EngineHarness.h"
#include "api/ApiServer.h"
#include "api/EventStream.h"

#include <QFile>
#include <QHostAddress>
#include <QProcess>
#include <QRegularExpression>
#include <QTcpSocket>
#include <QTemporaryDir>
#include <QTest>

#include <memory>
#include <unistd.h>

using namespace Qt::StringLiterals;
using namespace Tandem;
using namespace Tandem::Test;

namespace {

const QString kToken = u"limits-token-0123456789"_s;
constexpr int Timeout = 20'000;

/// A raw connection to @p port, from the loopback address @p from.
std::unique_ptr<QTcpSocket> connectTo(quint16 port, const QHostAddress &from = QHostAddress::LocalHost)
{
    auto socket = std::make_unique<QTcpSocket>();
    if (from != QHostAddress::LocalHost && !socket->bind(from))
        qWarning() << "cannot bind to" << from;
    socket->connectToHost(QHostAddress::LocalHost, port);
    if (!socket->waitForConnected(Timeout))
        qWarning() << "cannot connect:" << socket->errorString();
    return socket;
}

/// What @p socket received until a whole answer (its head and Content-Length bytes) arrived or the connection closed.
QByteArray readAnswer(QTcpSocket &socket)
{
    QByteArray data;
    [[maybe_unused]] const bool done = QTest::qWaitFor(
        [&] {
            data += socket.readAll();
            const qsizetype end = data.indexOf("\r\n\r\n");
            if (end >= 0) {
                static const QRegularExpression length(u"Content-Length: (\\d+)"_s);
                const QRegularExpressionMatch match = length.match(QString::fromLatin1(data.first(end)));
                if (match.hasMatch() && data.size() >= end + 4 + match.captured(1).toLongLong())
                    return true;
            }
            return socket.state() != QAbstractSocket::ConnectedState;
        },
        Timeout);
    return data;
}

int statusOf(const QByteArray &answer)
{
    return answer.startsWith("HTTP/1.1 ") ? answer.mid(9, 3).toInt() : 0;
}

/// A connection that made one request with the token and stays open (HTTP/1.1 keeps it alive).
std::unique_ptr<QTcpSocket> connectWithToken(quint16 port, const QHostAddress &from = QHostAddress::LocalHost)
{
    std::unique_ptr<QTcpSocket> socket = connectTo(port, from);
    socket->write("GET /api/handoffs?storyId=1 HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer " + kToken.toUtf8()
        + "\r\n\r\n");
    if (statusOf(readAnswer(*socket)) != 200)
        qWarning() << "the request with the token was not answered";
    return socket;
}

/// A line of /proc/<pid>/status, such as VmRSS, in KiB.
qint64 statusKiB(qint64 pid, const QByteArray &name)
{
    QFile file(u"/proc/%1/status"_s.arg(pid));
    if (!file.open(QIODevice::ReadOnly))
        return -1;
    const QList<QByteArray> lines = file.readAll().split('\n');
    for (const QByteArray &line : lines)
        if (line.startsWith(QByteArray(name + ':')))
            return line.mid(name.size() + 1).trimmed().split(' ').value(0).toLongLong();
    return -1;
}

/// User and system CPU time of @p pid so far, in milliseconds (/proc/<pid>/stat).
qint64 cpuMs(qint64 pid)
{
    QFile file(u"/proc/%1/stat"_s.arg(pid));
    if (!file.open(QIODevice::ReadOnly))
        return -1;
    const QByteArray stat = file.readAll();
    // Fields after the command name (which may hold spaces) start at state (field 3): utime is 14, stime 15.
    const QList<QByteArray> fields = stat.mid(stat.lastIndexOf(')') + 2).split(' ');
    const qint64 ticks = fields.value(11).toLongLong() + fields.value(12).toLongLong();
    return ticks * 1000 / ::sysconf(_SC_CLK_TCK);
}

/// `tandem serve --print-token` on a new data folder, under @p launcher (such as prlimit) if given.
struct Serve
{
    QTemporaryDir home;
    std::unique_ptr<QProcess> process;
    quint16 port = 0;
    QString token;

    bool start(const QStringList &launcher = {})
    {
        process = std::make_unique<QProcess>();
        QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
        environment.insert(u"XDG_CONFIG_HOME"_s, home.path() + u"/.config"_s);
        environment.insert(u"LC_ALL"_s, u"C"_s);
        process->setProcessEnvironment(environment);
        const QStringList arguments { u"--data-dir"_s, home.path() + u"/data"_s, u"serve"_s, u"--port"_s, u"0"_s,
            u"--print-token"_s };
        if (launcher.isEmpty())
            process->start(QStringLiteral(TANDEM_EXECUTABLE), arguments);
        else
            process->start(
                launcher.first(), launcher.mid(1) + QStringList { QStringLiteral(TANDEM_EXECUTABLE) } + arguments);
        static const QRegularExpression urlLine(
            u"^Tandem's local API: http://127\\.0\\.0\\.1:(\\d+)$"_s, QRegularExpression::MultilineOption);
        static const QRegularExpression tokenLine(u"^Token: (\\S+)$"_s, QRegularExpression::MultilineOption);
        QString out;
        [[maybe_unused]] const bool listening = QTest::qWaitFor(
            [&] {
                out += QString::fromUtf8(process->readAllStandardOutput());
                return urlLine.match(out).hasMatch() && tokenLine.match(out).hasMatch();
            },
            30000);
        port = quint16(urlLine.match(out).captured(1).toUInt());
        token = tokenLine.match(out).captured(1);
        if (port == 0)
            qWarning().noquote() << out << process->readAllStandardError();
        return port != 0 && !token.isEmpty();
    }

    ~Serve()
    {
        if (process && process->state() != QProcess::NotRunning) {
            process->terminate();
            process->waitForFinished(20000);
        }
    }
};

} // namespace

class TestApiLimits : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void cleanup();
    void refusedFromTheHead_data();
    void refusedFromTheHead();
    void connectionsAreCapped();
    void slowAndIdleConnectionsTimeOut();
    void idleSocketsDoNotLockOutTheToken();
    void firstHeadHasAShortDeadline();
    void refusalPastTheCapIsReadable();
    void serveMemoryStaysBounded();
    void serveRecoversFromRunningOutOfDescriptors_data();
    void serveRecoversFromRunningOutOfDescriptors();

private:
    void startServer(const ApiConnectionGuard::Limits &limits = {});

    std::unique_ptr<EngineHarness> m_harness;
    std::unique_ptr<ApiServer> m_server;
    qint64 m_story = 0;
};

void TestApiLimits::init()
{
    m_harness = std::make_unique<EngineHarness>(ProviderProfile::Protocol::ChatCompletions);
    QVERIFY(m_harness->isReady());
    m_story = m_harness->createConversation(Conversation::Mode::Pipeline);
    m_server = std::make_unique<ApiServer>(m_harness->repository());
    m_server->setToken(kToken);
}

void TestApiLimits::cleanup()
{
    m_server.reset();
    m_harness.reset();
}

void TestApiLimits::startServer(const ApiConnectionGuard::Limits &limits)
{
    m_server->setConnectionLimits(limits);
    QVERIFY2(m_server->listen(0), qPrintable(m_server->errorString()));
}

void TestApiLimits::refusedFromTheHead_data()
{
    QTest::addColumn<QByteArray>("head");
    QTest::addColumn<int>("status");
    QTest::addColumn<QByteArray>("error");

    const QByteArray post = "POST /api/handoffs HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"_ba;
    const QByteArray bearer = "Authorization: Bearer " + kToken.toUtf8() + "\r\n";
    QTest::newRow("no token, 1 MB coming") << post + "Content-Length: 1000000\r\n\r\n" << 401 << "token"_ba;
    QTest::newRow("a wrong token, 1 MB coming")
        << post + "Authorization: Bearer nope\r\nContent-Length: 1000000\r\n\r\n"
        << 401 << "token"_ba;
    QTest::newRow("the token, over the limit") << post + bearer + "Content-Length: 2000000\r\n\r\n"
                                               << 413 << "limit of 1048576 bytes"_ba;
    QTest::newRow("a web page, with the token")
        << post + bearer + "Origin: http://example.com\r\nContent-Length: 1000\r\n\r\n"
        << 403 << "web pages"_ba;
    QTest::newRow("a chunked body") << post + bearer + "Transfer-Encoding: chunked\r\n\r\n"
                                    << 411 << "Content-Length"_ba;
    QTest::newRow("two lengths") << post + bearer + "Content-Length: 10\r\nContent-Length: 20\r\n\r\n"
                                 << 400 << "Content-Length"_ba;
    QTest::newRow("a head without end") << "GET /api/handoffs HTTP/1.1\r\nX-Filler: " + QByteArray(20000, 'a') << 431
                                        << "headers are larger"_ba;
}

void TestApiLimits::refusedFromTheHead()
{
    QFETCH(QByteArray, head);
    QFETCH(int, status);
    QFETCH(QByteArray, error);
    startServer();

    // Only the head is sent: the answer comes without the body, which the server never waits for nor keeps.
    const std::unique_ptr<QTcpSocket> socket = connectTo(m_server->port());
    socket->write(head);
    const QByteArray answer = readAnswer(*socket);
    QCOMPARE(statusOf(answer), status);
    QVERIFY2(answer.contains(error), answer.constData());
    QVERIFY(answer.contains("Connection: close\r\n"));
    QVERIFY(answer.contains("Content-Type: application/json; charset=utf-8\r\n"));
    if (status == 401)
        QVERIFY(answer.contains("WWW-Authenticate: Bearer realm=\"tandem\"\r\n"));
    // Nothing the client sends afterwards reaches the HTTP server; others are still answered.
    socket->write(QByteArray(64 * 1024, 'x'));
    QVERIFY(m_harness->repository().boardState(m_story).handoffs.isEmpty());
    QCOMPARE(ApiClient(m_server->port(), kToken).get(u"/api/handoffs?storyId=%1"_s.arg(m_story)).status, 200);
}

void TestApiLimits::connectionsAreCapped()
{
    m_server->setConnectionCaps(6, 3);
    startServer();
    const quint16 port = m_server->port();
    std::vector<std::unique_ptr<QTcpSocket>> held;
    for (int i = 0; i < 3; ++i)
        held.push_back(connectWithToken(port));
    QTRY_COMPARE_WITH_TIMEOUT(m_server->openConnections(), 3, Timeout);

    // A fourth from the same address is refused at once; another address still gets its share.
    std::unique_ptr<QTcpSocket> extra = connectTo(port);
    QByteArray answer = readAnswer(*extra);
    QCOMPARE(statusOf(answer), 503);
    QVERIFY2(answer.contains("too many connections"), answer.constData());
    const QHostAddress other(u"127.0.0.2"_s);
    for (int i = 0; i < 3; ++i)
        held.push_back(connectWithToken(port, other));
    QTRY_COMPARE_WITH_TIMEOUT(m_server->openConnections(), 6, Timeout);
    // The total is reached: a third address is refused too.
    std::unique_ptr<QTcpSocket> third = connectTo(port, QHostAddress(u"127.0.0.3"_s));
    QCOMPARE(statusOf(readAnswer(*third)), 503);
    QCOMPARE(m_server->openConnections(), 6);

    // A connection that closes frees its place.
    held.front()->disconnectFromHost();
    QTRY_COMPARE_WITH_TIMEOUT(m_server->openConnections(), 5, Timeout);
    QCOMPARE(ApiClient(port, kToken).get(u"/api/handoffs?storyId=%1"_s.arg(m_story)).status, 200);
}

void TestApiLimits::slowAndIdleConnectionsTimeOut()
{
    ApiConnectionGuard::Limits limits;
    limits.requestTimeoutMs = 300;
    limits.idleTimeoutMs = 300;
    m_server->events().setKeepAliveInterval(100);
    startServer(limits);
    const quint16 port = m_server->port();

    // Idle from the start: closed without a word.
    const std::unique_ptr<QTcpSocket> idle = connectTo(port);
    // Half a head: 408.
    const std::unique_ptr<QTcpSocket> slowHead = connectTo(port);
    slowHead->write("GET /api/handoffs?storyId=1 HTTP/1.1\r\nHost: 127.0.0.1\r\n");
    // The head with the token, and a tenth of the body: 408.
    const std::unique_ptr<QTcpSocket> slowBody = connectTo(port);
    slowBody->write("POST /api/handoffs HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer " + kToken.toUtf8()
        + "\r\nContent-Length: 100\r\n\r\n" + QByteArray(10, ' '));
    // An event stream stays open past both limits, and keeps receiving.
    const std::unique_ptr<QTcpSocket> stream = connectTo(port);
    stream->write(
        "GET /api/events HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer " + kToken.toUtf8() + "\r\n\r\n");

    QVERIFY(QTest::qWaitFor([&] { return idle->state() == QAbstractSocket::UnconnectedState; }, Timeout));
    QCOMPARE(idle->readAll(), QByteArray());
    const QByteArray headAnswer = readAnswer(*slowHead);
    QCOMPARE(statusOf(headAnswer), 408);
    QVERIFY2(headAnswer.contains("did not arrive"), headAnswer.constData());
    QCOMPARE(statusOf(readAnswer(*slowBody)), 408);

    QByteArray events;
    QVERIFY(QTest::qWaitFor(
        [&] {
            events += stream->readAll();
            return events.count(": keep-alive\n\n") >= 10; // a second at least: more than three time limits
        },
        Timeout));
    QCOMPARE(stream->state(), QAbstractSocket::ConnectedState);
    QCOMPARE(m_server->events().subscriberCount(), 1);
}

void TestApiLimits::idleSocketsDoNotLockOutTheToken()
{
    // Any local user can open sockets that say nothing; on loopback they all share one address. The holder of the
    // token still gets in: the oldest connection that never sent the token makes room.
    m_server->setConnectionCaps(8, 8);
    startServer();
    const quint16 port = m_server->port();
    std::vector<std::unique_ptr<QTcpSocket>> idle;
    for (int i = 0; i < 8; ++i)
        idle.push_back(connectTo(port));
    QTRY_COMPARE_WITH_TIMEOUT(m_server->openConnections(), 8, Timeout);

    QCOMPARE(ApiClient(port, kToken).get(u"/api/handoffs?storyId=%1"_s.arg(m_story)).status, 200);
    QVERIFY(QTest::qWaitFor([&] { return idle.front()->state() == QAbstractSocket::UnconnectedState; }, Timeout));
    QCOMPARE(idle.back()->state(), QAbstractSocket::ConnectedState); // only the oldest made room
    // A connection that showed the token is not given up for an idle one.
    const std::unique_ptr<QTcpSocket> member = connectWithToken(port);
    for (int i = 0; i < 8; ++i)
        idle.push_back(connectTo(port));
    QTest::qWait(200);
    QCOMPARE(member->state(), QAbstractSocket::ConnectedState);
}

void TestApiLimits::firstHeadHasAShortDeadline()
{
    ApiConnectionGuard::Limits limits;
    limits.firstHeadTimeoutMs = 300; // the idle and request limits stay long
    startServer(limits);
    const quint16 port = m_server->port();

    const std::unique_ptr<QTcpSocket> idle = connectTo(port);
    const std::unique_ptr<QTcpSocket> halfHead = connectTo(port);
    halfHead->write("GET /api/handoffs?storyId=1 HTTP/1.1\r\nHost: 127.0.0.1\r\n");

    QVERIFY(QTest::qWaitFor([&] { return idle->state() == QAbstractSocket::UnconnectedState; }, Timeout));
    QCOMPARE(idle->readAll(), QByteArray());
    QCOMPARE(statusOf(readAnswer(*halfHead)), 408);
    // Once the token was shown, the connection has the usual limits.
    const std::unique_ptr<QTcpSocket> member = connectWithToken(port);
    QTest::qWait(600);
    QCOMPARE(member->state(), QAbstractSocket::ConnectedState);
}

void TestApiLimits::refusalPastTheCapIsReadable()
{
    // Every place is held by a connection that showed the token: the next one is refused, and reads why, even when
    // it sent its request before the refusal arrived (closing on unread bytes would reset the connection).
    m_server->setConnectionCaps(2, 2);
    startServer();
    const quint16 port = m_server->port();
    std::vector<std::unique_ptr<QTcpSocket>> held;
    for (int i = 0; i < 2; ++i)
        held.push_back(connectWithToken(port));
    for (int i = 0; i < 5; ++i) {
        std::unique_ptr<QTcpSocket> extra = connectTo(port);
        extra->write("POST /api/handoffs HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer " + kToken.toUtf8()
            + "\r\nContent-Length: 1000000\r\n\r\n" + QByteArray(1000000, ' '));
        const QByteArray answer = readAnswer(*extra);
        QCOMPARE(statusOf(answer), 503);
        QVERIFY2(answer.contains("too many connections"), answer.constData());
    }
}

void TestApiLimits::serveMemoryStaysBounded()
{
    Serve serve;
    QVERIFY(serve.start());
    const qint64 pid = serve.process->processId();
    ApiClient client(serve.port, serve.token);
    QCOMPARE(client.get(u"/api/handoffs?stale=true"_s).status, 200);
    const qint64 before = statusKiB(pid, "VmRSS");
    QVERIFY(before > 0);

    // 200 connections without a token, each holding a 1 MB body that never ends (its last byte is not sent).
    constexpr int kConnections = 200;
    constexpr qint64 kBody = 1024 * 1024;
    std::vector<std::unique_ptr<QTcpSocket>> sockets;
    for (int i = 0; i < kConnections; ++i) {
        sockets.push_back(connectTo(serve.port));
        sockets.back()->write("POST /api/handoffs HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: "
            + QByteArray::number(kBody) + "\r\n\r\n" + QByteArray(kBody - 1, '{'));
    }
    int refused = 0;
    for (const auto &socket : sockets)
        refused += statusOf(readAnswer(*socket)) == 401 ? 1 : 0;
    QCOMPARE(refused, kConnections);
    QVERIFY(QTest::qWaitFor(
        [&] {
            return std::all_of(sockets.cbegin(), sockets.cend(), [](const auto &socket) {
                return socket->bytesToWrite() == 0 || socket->state() != QAbstractSocket::ConnectedState;
            });
        },
        60'000));
    const qint64 after = statusKiB(pid, "VmRSS");
    qInfo("tandem serve: VmRSS %lld KiB before, %lld KiB with %d unfinished 1 MB bodies", before, after, kConnections);
    // Buffering them would take 200 MB; a refusal keeps none of it.
    QVERIFY2(after - before < 64 * 1024, qPrintable(u"%1 KiB more"_s.arg(after - before)));
    sockets.clear();
    QCOMPARE(client.get(u"/api/handoffs?stale=true"_s).status, 200);
}

void TestApiLimits::serveRecoversFromRunningOutOfDescriptors_data()
{
    QTest::addColumn<QStringList>("launcher");
    const QStringList limit { u"prlimit"_s, u"--nofile=256:256"_s, u"--"_s };
    QTest::newRow("256 descriptors") << limit;
    // Most of them taken by something else in the process: the connection cap alone cannot keep them from running out.
    QTest::newRow("256 descriptors, 200 of them taken") << QStringList {
        u"bash"_s, u"-c"_s, u"for i in $(seq 20 219); do eval \"exec $i</dev/null\"; done; exec \"$@\""_s, u"launcher"_s
    } + limit;
}

void TestApiLimits::serveRecoversFromRunningOutOfDescriptors()
{
    QFETCH(QStringList, launcher);
    // `tandem serve` may open 256 files; 300 connections that send nothing are more than it can take.
    Serve serve;
    QVERIFY(serve.start(launcher));
    const qint64 pid = serve.process->processId();
    QCOMPARE(statusKiB(pid, "VmRSS") > 0, true);
    ApiClient client(serve.port, serve.token);
    QCOMPARE(client.get(u"/api/handoffs?stale=true"_s).status, 200);

    // Not waited for one by one: once serve stops accepting, the system's queue fills and later ones wait.
    std::vector<std::unique_ptr<QTcpSocket>> sockets;
    for (int i = 0; i < 300; ++i) {
        sockets.push_back(std::make_unique<QTcpSocket>());
        sockets.back()->connectToHost(QHostAddress::LocalHost, serve.port);
    }
    // A measured figure, not an assertion: the CPU serve spends over three seconds of exhaustion.
    const qint64 cpuBefore = cpuMs(pid);
    QTest::qWait(3000);
    const qint64 cpuSpent = cpuMs(pid) - cpuBefore;
    int answered = 0;
    for (const auto &socket : sockets)
        answered += socket->bytesAvailable() > 0 ? 1 : 0;
    qInfo("tandem serve under 256 descriptors, 300 idle connections: %lld ms of CPU in 3 s; %d refused at once",
        cpuSpent, answered);

    // Once they are gone it serves again.
    sockets.clear();
    QVERIFY(QTest::qWaitFor([&] { return client.get(u"/api/handoffs?stale=true"_s).status == 200; }, 30'000));
    QCOMPARE(serve.process->state(), QProcess::Running);
}

QTEST_GUILESS_MAIN(TestApiLimits)
#include "tst_apilimits.moc"
