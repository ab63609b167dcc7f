// `tandem serve --board` on a real PostgreSQL 15 (issue #31 items 1, 2 and 5): two servers with their own data folders
// on one team board see each other's handoffs on /api/events; a server killed with SIGKILL in the middle of writes
// loses none it acknowledged; a dropped connection catches up, each change once.
#include "ApiClient.h"
#include "EngineHarness.h"
#include "PostgresCluster.h"
#include "chat/BoardMirror.h"
#include "chat/LocalChatRepository.h"
#include "storage/Database.h"
#include "storage/PostgresBoardStore.h"

#include <QDir>
#include <QHostAddress>
#include <QJsonArray>
#include <QJsonDocument>
#include <QNetworkAccessManager>
#include <QProcess>
#include <QRegularExpression>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QSysInfo>
#include <QTcpSocket>
#include <QTemporaryDir>
#include <QTest>

#include <sys/types.h>

#include <csignal>

using namespace Qt::StringLiterals;
using namespace Tandem;
using namespace Tandem::Test;

namespace {

constexpr int kGenerousMs = 30000;

/// One `tandem serve --board` child process on its own data folder.
class Serve
{
public:
    Serve(const QString &home, const QString &boardUrl)
        : m_home(home)
        , m_board(boardUrl)
    { }
    ~Serve() { kill(); }

    QString dataFolder() const { return m_home + u"/data"_s; }

    /// Starts it and waits for its address and token; false with what it printed otherwise.
    bool start(QString *output)
    {
        m_process = std::make_unique<QProcess>();
        QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
        environment.insert(u"XDG_CONFIG_HOME"_s, m_home + u"/.config"_s);
        environment.insert(u"LC_ALL"_s, u"C"_s);
        environment.remove(u"LANGUAGE"_s);
        m_process->setProcessEnvironment(environment);
        m_process->start(QStringLiteral(TANDEM_CLI_EXECUTABLE),
            { u"--data-dir"_s, dataFolder(), u"serve"_s, u"--port"_s, u"0"_s, u"--print-token"_s, u"--board"_s,
                m_board });
        static const QRegularExpression urlLine(
            u"^Tandem's local API: http://127\\.0\\.0\\.1:(\\d+)$"_s, QRegularExpression::MultilineOption);
        static const QRegularExpression tokenLine(u"^Token: (\\S+)$"_s, QRegularExpression::MultilineOption);
        QString out;
        const bool listening = QTest::qWaitFor(
            [&] {
                out += QString::fromUtf8(m_process->readAllStandardOutput());
                return (urlLine.match(out).hasMatch() && tokenLine.match(out).hasMatch())
                    || m_process->state() == QProcess::NotRunning;
            },
            kGenerousMs);
        *output = out + QString::fromUtf8(m_process->readAllStandardError());
        if (!listening || !urlLine.match(out).hasMatch() || !tokenLine.match(out).hasMatch())
            return false;
        m_token = tokenLine.match(out).captured(1);
        m_client = std::make_unique<ApiClient>(quint16(urlLine.match(out).captured(1).toUInt()), m_token);
        return true;
    }
    ApiClient &client() { return *m_client; }
    QString token() const { return m_token; }
    qint64 pid() const { return m_process ? m_process->processId() : 0; }
    void signal(int number) const
    {
        if (pid() > 0)
            ::kill(pid_t(pid()), number);
    }
    void kill()
    {
        if (!m_process)
            return;
        signal(SIGKILL);
        m_process->waitForFinished(10000);
        m_process.reset();
    }

private:
    QString m_home;
    QString m_board;
    std::unique_ptr<QProcess> m_process;
    std::unique_ptr<ApiClient> m_client;
    QString m_token;
};

/// A client of a server's /api/events: its `handoff` events as they arrive.
class Events
{
public:
    bool open(const ApiClient &client, const QString &token)
    {
        m_socket.connectToHost(QHostAddress::LocalHost, client.port());
        if (!m_socket.waitForConnected(10000))
            return false;
        m_socket.write("GET /api/events HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer "_ba + token.toUtf8()
            + "\r\n\r\n"_ba);
        return QTest::qWaitFor([this] { return read().contains(": connected"); }, kGenerousMs);
    }
    /// Everything received so far.
    QByteArray read()
    {
        m_received += m_socket.readAll();
        return m_received;
    }
    /// How many times @p event (`{"handoffId":…,"status":…,"storyId":…}`) arrived.
    int count(const QByteArray &event)
    {
        const QByteArray line = "event: handoff\ndata: "_ba + event + "\n\n"_ba;
        return int(read().count(line));
    }
    /// Waits generously for @p event.
    bool waitFor(const QByteArray &event)
    {
        return QTest::qWaitFor([&] { return count(event) > 0; }, kGenerousMs);
    }

private:
    QTcpSocket m_socket;
    QByteArray m_received;
};

QByteArray handoffEvent(qint64 handoffId, const QString &status, const QString &storyId)
{
    return QJsonDocument(
        QJsonObject { { u"handoffId"_s, handoffId }, { u"status"_s, status }, { u"storyId"_s, storyId } })
        .toJson(QJsonDocument::Compact);
}

} // namespace

class TestTeamBoardServe : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void handoffReachesTheOtherServer();
    void droppedConnectionCatchesUp();
    void killedServerLosesNothing();
    void unreachableBoardIsSaid();
    void passwordFromTheKeychain();

private:
    /// Makes the conversations of @p stories in @p dataFolder, as a person's Tandem has them for the team's stories.
    /// With @p privateId, also a conversation of no story (its id there).
    void makeStories(const QString &dataFolder, const QStringList &stories, qint64 *privateId = nullptr);
    std::unique_ptr<PostgresBoardStore> board();
    /// Ends every connection to the board but the test's own.
    void terminateBackends();
    qint64 boardId(const QString &dataFolder, qint64 localId);

    PostgresCluster m_cluster;
    BoardUrl m_url;
};

void TestTeamBoardServe::initTestCase()
{
    QVERIFY2(m_cluster.start(), qPrintable(m_cluster.errorString()));
    QString error;
    const std::optional<BoardUrl> url = BoardUrl::parse(m_cluster.url(), &error);
    QVERIFY2(url, qPrintable(error));
    m_url = *url;
}

void TestTeamBoardServe::makeStories(const QString &dataFolder, const QStringList &stories, qint64 *privateId)
{
    QVERIFY(QDir().mkpath(dataFolder));
    Database database;
    QVERIFY(database.open(QDir(dataFolder).filePath(u"tandem.sqlite"_s)));
    QNetworkAccessManager network;
    LocalChatRepository repository(database.work(), &network, nullptr, nullptr, EngineHarness::testConfig());
    for (const QString &story : stories)
        QVERIFY(repository.createStoryConversation(Conversation::Mode::Pipeline, story) > 0);
    if (privateId) {
        *privateId = repository.createConversation(Conversation::Mode::Pipeline);
        QVERIFY(*privateId > 0);
    }
}

std::unique_ptr<PostgresBoardStore> TestTeamBoardServe::board()
{
    QString error;
    std::unique_ptr<PostgresBoardStore> store = PostgresBoardStore::open(m_url, {}, &error);
    if (!store)
        qWarning() << error;
    return store;
}

void TestTeamBoardServe::terminateBackends()
{
    QSqlDatabase db = QSqlDatabase::addDatabase(u"QPSQL"_s, u"terminator"_s);
    db.setHostName(m_cluster.socketFolder());
    db.setDatabaseName(m_cluster.database());
    db.setUserName(m_cluster.user());
    QVERIFY2(db.open(), qPrintable(db.lastError().text()));
    QSqlQuery q(db);
    QVERIFY2(q.exec(u"SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity "
                    u"WHERE datname = current_database() AND pid <> pg_backend_pid()"_s),
        qPrintable(q.lastError().text()));
    QVERIFY(q.next());
    QVERIFY2(q.value(0).toInt() >= 2, "the server's board and feed connections were not there to end");
    q = QSqlQuery();
    db.close();
    db = QSqlDatabase();
    QSqlDatabase::removeDatabase(u"terminator"_s);
}

qint64 TestTeamBoardServe::boardId(const QString &dataFolder, qint64 localId)
{
    const std::unique_ptr<PostgresBoardStore> store = board();
    return store ? store->mirroredId(BoardMirror::originOf(QSysInfo::machineHostName(), dataFolder), localId) : 0;
}

void TestTeamBoardServe::handoffReachesTheOtherServer()
{
    QTemporaryDir homeA;
    QTemporaryDir homeB;
    Serve a(homeA.path(), m_cluster.url());
    Serve b(homeB.path(), m_cluster.url());
    const QString story = u"v0.1:1.1.1"_s;
    qint64 privateConversation = 0;
    makeStories(a.dataFolder(), { story }, &privateConversation);
    QString out;
    QVERIFY2(a.start(&out), qPrintable(out));
    QVERIFY2(b.start(&out), qPrintable(out));
    QVERIFY2(out.contains(u"Team board: "_s), qPrintable(out));
    QVERIFY2(!out.contains(u"password"_s, Qt::CaseInsensitive), qPrintable(out));
    Events onA;
    Events onB;
    QVERIFY(onA.open(a.client(), a.token()));
    QVERIFY(onB.open(b.client(), b.token()));

    const ApiClient::Response created = a.client().post({ { u"action"_s, u"create"_s }, { u"storyId"_s, story },
        { u"fromAgent"_s, u"orchestrator"_s }, { u"toAgent"_s, u"analyst"_s } });
    QCOMPARE(created.status, 201);
    const qint64 localId = created.json()[u"handoff"_s][u"id"_s].toInteger();
    QVERIFY(QTest::qWaitFor([&] { return boardId(a.dataFolder(), localId) > 0; }, kGenerousMs));
    const qint64 id = boardId(a.dataFolder(), localId);
    QVERIFY2(onB.waitFor(handoffEvent(id, u"pending"_s, story)), onB.read().constData());
    QCOMPARE(a.client().post({ { u"action"_s, u"accept"_s }, { u"handoffId"_s, localId } }).status, 200);
    QVERIFY2(onB.waitFor(handoffEvent(id, u"accepted"_s, story)), onB.read().constData());

    // A conversation of no team story stays on its machine: nothing of it reaches the board.
    const ApiClient::Response privateOne
        = a.client().post({ { u"action"_s, u"create"_s }, { u"storyId"_s, QString::number(privateConversation) },
            { u"fromAgent"_s, u"orchestrator"_s }, { u"toAgent"_s, u"analyst"_s } });
    QCOMPARE(privateOne.status, 201);
    const ApiClient::Response next = a.client().post({ { u"action"_s, u"create"_s }, { u"storyId"_s, story },
        { u"fromAgent"_s, u"analyst"_s }, { u"toAgent"_s, u"implementer"_s } });
    QCOMPARE(next.status, 201);
    QVERIFY(QTest::qWaitFor(
        [&] { return boardId(a.dataFolder(), next.json()[u"handoff"_s][u"id"_s].toInteger()) > 0; }, kGenerousMs));
    const qint64 nextId = boardId(a.dataFolder(), next.json()[u"handoff"_s][u"id"_s].toInteger());
    QVERIFY2(onB.waitFor(handoffEvent(nextId, u"pending"_s, story)), onB.read().constData());
    QCOMPARE(boardId(a.dataFolder(), privateOne.json()[u"handoff"_s][u"id"_s].toInteger()), 0);
    QVERIFY(!onB.read().contains(QByteArray("\"storyId\":\"" + QByteArray::number(privateConversation) + "\"")));
    // Its own server still tells its own events.
    QVERIFY2(onA.waitFor(handoffEvent(privateOne.json()[u"handoff"_s][u"id"_s].toInteger(), u"pending"_s,
                 QString::number(privateConversation))),
        onA.read().constData());

    // Each once, on both servers: on B with the board's numbers, on A with its own, the ones its API acts on (the
    // private handoff took a number there that the board never gave).
    const qint64 nextLocalId = next.json()[u"handoff"_s][u"id"_s].toInteger();
    QVERIFY(nextLocalId != nextId);
    const QList<std::pair<Events *, std::pair<qint64, qint64>>> expected
        = { { &onA, { localId, nextLocalId } }, { &onB, { id, nextId } } };
    for (const auto &[events, ids] : expected) {
        QVERIFY2(events->waitFor(handoffEvent(ids.second, u"pending"_s, story)), events->read().constData());
        QCOMPARE(events->count(handoffEvent(ids.first, u"pending"_s, story)), 1);
        QCOMPARE(events->count(handoffEvent(ids.first, u"accepted"_s, story)), 1);
        QCOMPARE(events->count(handoffEvent(ids.second, u"pending"_s, story)), 1);
    }
    QCOMPARE(a.client().post({ { u"action"_s, u"accept"_s }, { u"handoffId"_s, nextLocalId } }).status, 200);
    QVERIFY2(onB.waitFor(handoffEvent(nextId, u"accepted"_s, story)), onB.read().constData());
}

void TestTeamBoardServe::droppedConnectionCatchesUp()
{
    QTemporaryDir homeA;
    QTemporaryDir homeB;
    Serve a(homeA.path(), m_cluster.url());
    Serve b(homeB.path(), m_cluster.url());
    const QString story = u"drop:1"_s;
    makeStories(a.dataFolder(), { story });
    QString out;
    QVERIFY2(a.start(&out), qPrintable(out));
    QVERIFY2(b.start(&out), qPrintable(out));
    Events onB;
    QVERIFY(onB.open(b.client(), b.token()));

    // B stands still while its connections are ended and A's changes are committed: no notification can reach it.
    b.signal(SIGSTOP);
    terminateBackends();
    const ApiClient::Response created = a.client().post({ { u"action"_s, u"create"_s }, { u"storyId"_s, story },
        { u"fromAgent"_s, u"orchestrator"_s }, { u"toAgent"_s, u"analyst"_s } });
    QCOMPARE(created.status, 201);
    const qint64 localId = created.json()[u"handoff"_s][u"id"_s].toInteger();
    QCOMPARE(a.client().post({ { u"action"_s, u"accept"_s }, { u"handoffId"_s, localId } }).status, 200);
    const std::unique_ptr<PostgresBoardStore> store = board();
    QVERIFY(store);
    // A reconnects by itself and writes both changes.
    QVERIFY(QTest::qWaitFor(
        [&] {
            const qint64 id
                = store->mirroredId(BoardMirror::originOf(QSysInfo::machineHostName(), a.dataFolder()), localId);
            return id > 0 && store->get(id) && store->get(id)->status() == Handoff::Status::Accepted;
        },
        kGenerousMs));
    const qint64 id = boardId(a.dataFolder(), localId);
    b.signal(SIGCONT);

    QVERIFY2(onB.waitFor(handoffEvent(id, u"accepted"_s, story)), onB.read().constData());
    // One more change after the catch-up, so that a repeat would have had its chance to show.
    const ApiClient::Response next = a.client().post({ { u"action"_s, u"create"_s }, { u"storyId"_s, story },
        { u"fromAgent"_s, u"analyst"_s }, { u"toAgent"_s, u"implementer"_s } });
    QCOMPARE(next.status, 201);
    QVERIFY(QTest::qWaitFor(
        [&] { return boardId(a.dataFolder(), next.json()[u"handoff"_s][u"id"_s].toInteger()) > 0; }, kGenerousMs));
    const qint64 nextId = boardId(a.dataFolder(), next.json()[u"handoff"_s][u"id"_s].toInteger());
    QVERIFY2(onB.waitFor(handoffEvent(nextId, u"pending"_s, story)), onB.read().constData());
    QCOMPARE(onB.count(handoffEvent(id, u"pending"_s, story)), 1);
    QCOMPARE(onB.count(handoffEvent(id, u"accepted"_s, story)), 1);
    QCOMPARE(onB.count(handoffEvent(nextId, u"pending"_s, story)), 1);
}

void TestTeamBoardServe::killedServerLosesNothing()
{
    QTemporaryDir home;
    Serve a(home.path(), m_cluster.url());
    QStringList stories;
    for (int i = 1; i <= 40; ++i)
        stories << u"kill:%1"_s.arg(i);
    makeStories(a.dataFolder(), stories);
    QString out;
    QVERIFY2(a.start(&out), qPrintable(out));

    // Writes go on while the server is killed: what it acknowledged is in its SQLite file, and must reach the board.
    QList<qint64> acknowledged;
    bool killed = false;
    for (const QString &story : std::as_const(stories)) {
        if (acknowledged.size() == 25 && !killed) {
            QProcess::startDetached(u"sh"_s, { u"-c"_s, u"sleep 0.05; kill -9 %1"_s.arg(a.pid()) });
            killed = true;
        }
        const ApiClient::Response created = a.client().post({ { u"action"_s, u"create"_s }, { u"storyId"_s, story },
            { u"fromAgent"_s, u"orchestrator"_s }, { u"toAgent"_s, u"analyst"_s } });
        if (created.status != 201)
            break;
        const qint64 localId = created.json()[u"handoff"_s][u"id"_s].toInteger();
        acknowledged << localId;
        if (a.client().post({ { u"action"_s, u"accept"_s }, { u"handoffId"_s, localId } }).status != 200)
            break;
    }
    a.kill();
    QVERIFY(acknowledged.size() >= 25);

    // For certain: writes acknowledged while the board's connection is gone, and the server killed before it could
    // write them there.
    QVERIFY2(a.start(&out), qPrintable(out));
    terminateBackends();
    for (int i = 0; i < 3; ++i) {
        const ApiClient::Response created
            = a.client().post({ { u"action"_s, u"create"_s }, { u"storyId"_s, stories.at(stories.size() - 1 - i) },
                { u"fromAgent"_s, u"orchestrator"_s }, { u"toAgent"_s, u"analyst"_s } });
        QVERIFY2(created.status == 201 || created.status == 409, qPrintable(created.describe()));
        if (created.status == 201)
            acknowledged << created.json()[u"handoff"_s][u"id"_s].toInteger();
    }
    a.kill();

    // The next start writes what the killed ones had not.
    QVERIFY2(a.start(&out), qPrintable(out));
    const std::unique_ptr<PostgresBoardStore> store = board();
    QVERIFY(store);
    const QString origin = BoardMirror::originOf(QSysInfo::machineHostName(), a.dataFolder());
    Database local;
    QVERIFY(local.open(QDir(a.dataFolder()).filePath(u"tandem.sqlite"_s)));
    const qint64 localLast = local.work().board().lastChangeId();
    QVERIFY(QTest::qWaitFor([&] { return store->mirroredUpTo(origin) == localLast; }, kGenerousMs));
    for (const qint64 localId : std::as_const(acknowledged)) {
        const qint64 id = store->mirroredId(origin, localId);
        QVERIFY2(id > 0, qPrintable(u"handoff %1 is not on the board"_s.arg(localId)));
        const std::optional<Handoff> mirrored = store->get(id);
        const std::optional<Handoff> own = local.work().board().get(localId);
        QVERIFY(mirrored && own);
        QCOMPARE(mirrored->status(), own->status());
        QCOMPARE(mirrored->toAgent, own->toAgent);
    }
    // The board is consistent: one row per handoff, each with its own change log (the created change, and the
    // decision once decided), no story with two pending handoffs.
    QSqlDatabase db = QSqlDatabase::addDatabase(u"QPSQL"_s, u"look"_s);
    db.setHostName(m_cluster.socketFolder());
    db.setDatabaseName(m_cluster.database());
    db.setUserName(m_cluster.user());
    QVERIFY2(db.open(), qPrintable(db.lastError().text()));
    {
        QSqlQuery q(db);
        QSet<qint64> localHandoffs;
        for (const HandoffChange &change : local.work().board().changesAfter(0, 100000))
            localHandoffs.insert(change.handoff.id);
        QVERIFY(q.exec(u"SELECT count(*) FROM handoff_origins WHERE origin = '%1'"_s.arg(origin)));
        QVERIFY(q.next());
        QCOMPARE(q.value(0).toLongLong(), qint64(localHandoffs.size()));
        QVERIFY(q.exec(u"SELECT count(*) FROM handoffs h WHERE (SELECT count(*) FROM handoff_changes c "
                       u"WHERE c.handoff_id = h.id) <> CASE WHEN h.status = 'pending' THEN 1 ELSE 2 END"_s));
        QVERIFY(q.next());
        QCOMPARE(q.value(0).toInt(), 0);
        QVERIFY(q.exec(u"SELECT count(*) FROM (SELECT story_key FROM handoffs WHERE status = 'pending' "
                       u"GROUP BY story_key HAVING count(*) > 1) s"_s));
        QVERIFY(q.next());
        QCOMPARE(q.value(0).toInt(), 0);
    }
    db.close();
    db = QSqlDatabase();
    QSqlDatabase::removeDatabase(u"look"_s);
}

void TestTeamBoardServe::unreachableBoardIsSaid()
{
    QTemporaryDir home;
    QTemporaryDir nowhere;
    QProcess serve;
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.insert(u"XDG_CONFIG_HOME"_s, home.path() + u"/.config"_s);
    environment.insert(u"LC_ALL"_s, u"C"_s);
    serve.setProcessEnvironment(environment);
    const QString url = u"postgresql://%1@localhost/board?host=%2"_s.arg(m_cluster.user(), nowhere.path());
    serve.start(QStringLiteral(TANDEM_CLI_EXECUTABLE),
        { u"--data-dir"_s, home.path() + u"/data"_s, u"serve"_s, u"--port"_s, u"0"_s, u"--board"_s, url });
    QVERIFY(serve.waitForFinished(kGenerousMs));
    const QString err = QString::fromUtf8(serve.readAllStandardError());
    QCOMPARE(serve.exitCode(), 1);
    QVERIFY2(err.contains(u"does not answer"_s), qPrintable(err));

    // A password in the URL is refused before anything is tried.
    serve.start(QStringLiteral(TANDEM_CLI_EXECUTABLE),
        { u"--data-dir"_s, home.path() + u"/data"_s, u"serve"_s, u"--port"_s, u"0"_s, u"--board"_s,
            u"postgresql://user:secret@localhost/board"_s });
    QVERIFY(serve.waitForFinished(kGenerousMs));
    QCOMPARE(serve.exitCode(), 2);
    const QString refused = QString::fromUtf8(serve.readAllStandardError() + serve.readAllStandardOutput());
    QVERIFY2(refused.contains(u"must not carry a password"_s), qPrintable(refused));
    QVERIFY(!refused.contains(u"secret"_s));
}

void TestTeamBoardServe::passwordFromTheKeychain()
{
    const QString password = u"s3cret-Pw-%1"_s.arg(QCoreApplication::applicationPid());
    QVERIFY2(m_cluster.addPasswordUser(u"teamuser"_s, password, u"teamdb"_s), qPrintable(m_cluster.errorString()));
    const QString url = m_cluster.urlFor(u"teamuser"_s, u"teamdb"_s);
    QTemporaryDir home;
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.insert(u"XDG_CONFIG_HOME"_s, home.path() + u"/.config"_s);
    environment.insert(u"LC_ALL"_s, u"C"_s);
    const auto tandem = [&](const QStringList &arguments, const QByteArray &input, QString *output) {
        QProcess process;
        process.setProcessEnvironment(environment);
        process.start(QStringLiteral(TANDEM_CLI_EXECUTABLE),
            QStringList { u"--data-dir"_s, home.path() + u"/data"_s } + arguments);
        process.write(input);
        process.closeWriteChannel();
        if (!process.waitForFinished(kGenerousMs))
            return -1;
        *output = QString::fromUtf8(process.readAllStandardOutput() + process.readAllStandardError());
        return process.exitCode();
    };
    const auto storePassword = [&](const QByteArray &given) {
        QString output;
        const int code = tandem({ u"board"_s, u"password"_s, url }, given + '\n', &output);
        return code == 0 && (given.isEmpty() || !output.contains(QString::fromUtf8(given))) ? QString() : output;
    };
    QString output;

    // No password in the keychain: the server asks for one, and the sentence says how to store it.
    QVERIFY(storePassword({}).isEmpty());
    QCOMPARE(tandem({ u"serve"_s, u"--port"_s, u"0"_s, u"--board"_s, url }, {}, &output), 1);
    QVERIFY2(
        output.contains(u"asks for a password"_s) && output.contains(u"tandem board password"_s), qPrintable(output));

    // A wrong one is refused, and said so.
    QCOMPARE(storePassword("not-" + password.toUtf8()), QString());
    QCOMPARE(tandem({ u"serve"_s, u"--port"_s, u"0"_s, u"--board"_s, url }, {}, &output), 1);
    QVERIFY2(output.contains(u"refused the user or the password"_s), qPrintable(output));
    QVERIFY(!output.contains(password));

    // The right one, from the keychain: the server runs on the board, and never shows the password.
    QVERIFY(storePassword(password.toUtf8()).isEmpty());
    Serve serve(home.path(), url);
    QVERIFY2(serve.start(&output), qPrintable(output));
    QVERIFY2(output.contains(u"Team board: "_s), qPrintable(output));
    QVERIFY(!output.contains(password));
    serve.kill();
    QVERIFY(storePassword({}).isEmpty());
}

QTEST_MAIN(TestTeamBoardServe)
#include "tst_teamboardserve.moc"
