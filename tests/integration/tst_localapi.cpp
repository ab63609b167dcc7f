// The local API (issue #15) over real HTTP on loopback: seed 002's /api/handoffs driven through a whole pipeline, the
// refusals (401, 403, 400, 404, 405, 409, 413), the event stream, `tandem serve` as a child process and `tandem agents
// export-prompts`.
#include "ApiClient.h"
#include "ChildProcess.h"
#include "EngineHarness.h"
#include "SecretTestUtil.h"
#include "api/ApiServer.h"
#include "api/EventStream.h"
#include "api/LocalApi.h"
#include "chat/LocalChatRepository.h"
#include "presentation/ChatViewModel.h"
#include "presentation/MessageListModel.h"
#include "storage/Database.h"
#include "storage/SecretStore.h"

#include <QDir>
#include <QFile>
#include <QHostAddress>
#include <QJsonArray>
#include <QJsonDocument>
#include <QNetworkAccessManager>
#include <QProcess>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QTcpSocket>
#include <QTemporaryDir>
#include <QTest>

#include <csignal>

using namespace Qt::StringLiterals;
using namespace Tandem;
using namespace Tandem::Test;

namespace {

const QString kToken = u"test-token-0123456789"_s;

/// The keys of seed 002's handoff object, exactly.
const QStringList kHandoffKeys = { u"created_at"_s, u"from_agent"_s, u"id"_s, u"payload"_s, u"processed_at"_s,
    u"rejection_reason"_s, u"status"_s, u"story_id"_s, u"to_agent"_s };

QProcessEnvironment childEnvironment(const QString &home)
{
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.insert(u"XDG_CONFIG_HOME"_s, home + u"/.config"_s);
    environment.insert(u"LC_ALL"_s, u"C"_s);
    environment.remove(u"LANGUAGE"_s);
    return environment;
}

/// Reads an event stream until @p text has arrived (or gives up); returns everything read.
QByteArray readUntil(QTcpSocket &socket, QByteArray &buffer, const QByteArray &text)
{
    [[maybe_unused]] const bool arrived = QTest::qWaitFor(
        [&] {
            buffer += socket.readAll();
            return buffer.contains(text);
        },
        10000);
    return buffer;
}

} // namespace

class TestLocalApi : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void cleanup();
    void pipelineThroughTheApi();
    void queries();
    void refusals_data();
    void refusals();
    void bodyFarBeyondTheLimitIsCutOff();
    void eventStream();
    void boardFollowsTheEnginesRules();
    void eventStreamKeepsEveryChangeOfAnotherProcess();
    void dashboardUrlWhileRunning();
    void serveAsChildProcess();
    void exportPrompts();

private:
    std::unique_ptr<EngineHarness> m_harness;
    std::unique_ptr<ApiServer> m_server;
    std::unique_ptr<ApiClient> m_client;
    qint64 m_story = 0;
};

void TestLocalApi::init()
{
    m_harness = std::make_unique<EngineHarness>(ProviderProfile::Protocol::ChatCompletions);
    QVERIFY(m_harness->isReady());
    m_story = m_harness->createConversation(Conversation::Mode::Pipeline);
    QVERIFY(m_story > 0);
    m_server = std::make_unique<ApiServer>(m_harness->repository());
    m_server->setToken(kToken);
    QVERIFY2(m_server->listen(0), qPrintable(m_server->errorString()));
    QVERIFY(m_server->url().startsWith(u"http://127.0.0.1:"_s));
    m_client = std::make_unique<ApiClient>(m_server->port(), kToken);
}

void TestLocalApi::cleanup()
{
    m_client.reset();
    m_server.reset();
    m_harness.reset();
    QVERIFY(EngineHarness::takeSpecProblems().isEmpty());
}

void TestLocalApi::pipelineThroughTheApi()
{
    const QString story = QString::number(m_story);
    // The window hears an outside client's change through the façade's signals, as it hears its own.
    QSignalSpy statusChanges(&m_harness->repository(), &ChatRepository::handoffStatusChanged);
    QSignalSpy activeChanges(&m_harness->repository(), &ChatRepository::activeAgentChanged);
    QSignalSpy rowsAdded(&m_harness->repository(), &ChatRepository::messageAdded);

    // One step of seed 002's flow: create (201, pending), then accept or reject (200).
    const auto create = [&](const QString &from, const QString &to) {
        const ApiClient::Response created = m_client->post({ { u"action"_s, u"create"_s }, { u"storyId"_s, story },
            { u"fromAgent"_s, from }, { u"toAgent"_s, to }, { u"payload"_s, QJsonObject { { u"plan"_s, from } } } });
        if (created.status != 201)
            qWarning().noquote() << "create" << from << to << created.describe();
        return created.json().value(u"handoff"_s).toObject();
    };
    const auto act = [&](const QString &action, qint64 id, const QString &reason = {}) {
        QJsonObject body { { u"action"_s, action }, { u"handoffId"_s, id } };
        if (!reason.isEmpty())
            body.insert(u"reason"_s, reason);
        const ApiClient::Response answer = m_client->post(body);
        if (answer.status != 200)
            qWarning().noquote() << action << id << answer.describe();
        return answer.json().value(u"handoff"_s).toObject();
    };

    QJsonObject handoff = create(u"orchestrator"_s, u"analyst"_s);
    QCOMPARE(handoff.keys(), kHandoffKeys);
    QCOMPARE(handoff.value(u"status"_s).toString(), u"pending"_s);
    QCOMPARE(handoff.value(u"story_id"_s).toString(), story);
    QCOMPARE(handoff.value(u"payload"_s).toObject().value(u"plan"_s).toString(), u"orchestrator"_s);
    QVERIFY(handoff.value(u"processed_at"_s).isNull());
    QCOMPARE(act(u"accept"_s, handoff.value(u"id"_s).toInteger()).value(u"status"_s).toString(), u"accepted"_s);

    // The analyst's pending handoff is found by agent, then taken up.
    handoff = create(u"analyst"_s, u"implementer"_s);
    const ApiClient::Response pending = m_client->get(u"/api/handoffs?storyId=%1&agent=implementer"_s.arg(story));
    QCOMPARE(pending.status, 200);
    QCOMPARE(pending.json().value(u"handoff"_s).toObject().value(u"id"_s), handoff.value(u"id"_s));
    QCOMPARE(act(u"accept"_s, handoff.value(u"id"_s).toInteger()).value(u"status"_s).toString(), u"accepted"_s);
    QVERIFY(
        m_client->get(u"/api/handoffs?storyId=%1&agent=implementer"_s.arg(story)).json().value(u"handoff"_s).isNull());

    // The reviewer rejects the first implementation with a reason; the second is accepted.
    handoff = create(u"implementer"_s, u"reviewer"_s);
    QJsonObject rejected = act(u"reject"_s, handoff.value(u"id"_s).toInteger(), u"Tests failing"_s);
    QCOMPARE(rejected.value(u"status"_s).toString(), u"rejected"_s);
    QCOMPARE(rejected.value(u"rejection_reason"_s).toString(), u"Tests failing"_s);
    QVERIFY(!rejected.value(u"processed_at"_s).toString().isEmpty());
    QCOMPARE(m_harness->repository().activeAgent(m_story), u"implementer"_s);
    QCOMPARE(m_harness->repository().boardState(m_story).phase, u"implementing"_s); // the engine's reject's state
    handoff = create(u"implementer"_s, u"reviewer"_s);
    QCOMPARE(act(u"accept"_s, handoff.value(u"id"_s).toInteger()).value(u"status"_s).toString(), u"accepted"_s);

    for (const auto &[from, to] :
        { std::pair { u"reviewer"_s, u"refactorer"_s }, std::pair { u"refactorer"_s, u"documenter"_s } }) {
        handoff = create(from, to);
        QCOMPARE(act(u"accept"_s, handoff.value(u"id"_s).toInteger()).value(u"status"_s).toString(), u"accepted"_s);
    }
    // The orchestrator that ends the story is the dashboard itself: its handoff is accepted as it is made.
    QCOMPARE(create(u"documenter"_s, u"orchestrator"_s).value(u"status"_s).toString(), u"accepted"_s);

    const ApiClient::Response state = m_client->get(u"/api/handoffs?storyId=%1"_s.arg(story));
    QCOMPARE(state.status, 200);
    QCOMPARE(state.header("Content-Type"), "application/json; charset=utf-8"_ba);
    const QJsonObject board = state.json();
    QCOMPARE(board.keys(), (QStringList { u"currentAgent"_s, u"handoffs"_s, u"phase"_s }));
    QCOMPARE(board.value(u"phase"_s).toString(), u"complete"_s);
    const QJsonArray handoffs = board.value(u"handoffs"_s).toArray();
    QStringList trail;
    for (const QJsonValue &each : handoffs)
        trail << u"%1>%2:%3"_s.arg(
            each[u"from_agent"_s].toString(), each[u"to_agent"_s].toString(), each[u"status"_s].toString());
    QCOMPARE(trail,
        (QStringList { u"orchestrator>analyst:accepted"_s, u"analyst>implementer:accepted"_s,
            u"implementer>reviewer:rejected"_s, u"implementer>reviewer:accepted"_s, u"reviewer>refactorer:accepted"_s,
            u"refactorer>documenter:accepted"_s, u"documenter>orchestrator:accepted"_s }));
    for (const QJsonValue &each : handoffs)
        QCOMPARE(each.toObject().keys(), kHandoffKeys);

    // 7 created and 7 settled: every change announced once; the dividers and the active agent reached the window.
    QCOMPARE(statusChanges.count(), 14);
    QVERIFY(activeChanges.count() > 0);
    QVERIFY(rowsAdded.count() >= 7);
    MessageListModel model(&m_harness->repository());
    model.setConversation(m_story);
    int dividers = 0;
    for (int row = 0; row < model.rowCount(); ++row)
        dividers += model.index(row).data(MessageListModel::KindRole).toInt() == int(Message::Kind::Divider) ? 1 : 0;
    QVERIFY2(dividers >= 7, qPrintable(QString::number(dividers)));
}

void TestLocalApi::queries()
{
    const QString story = QString::number(m_story);
    QCOMPARE(m_client
                 ->post({ { u"action"_s, u"create"_s }, { u"storyId"_s, m_story },
                     { u"fromAgent"_s, u"orchestrator"_s }, { u"toAgent"_s, u"analyst"_s } })
                 .status,
        201); // a storyId may be a number too
    const ApiClient::Response stale = m_client->get(u"/api/handoffs?stale=true&minutes=0"_s);
    QCOMPARE(stale.status, 200);
    QCOMPARE(stale.json().value(u"handoffs"_s).toArray().size(), 1);
    QCOMPARE(m_client->get(u"/api/handoffs?stale=true&minutes=30"_s).json().value(u"handoffs"_s).toArray().size(), 0);
    const ApiClient::Response cleaned = m_client->post({ { u"action"_s, u"cleanup"_s }, { u"storyId"_s, story } });
    QCOMPARE(cleaned.status, 200);
    QCOMPARE(cleaned.json().value(u"cleaned"_s).toInt(), 1);
    QCOMPARE(m_harness->repository().boardState(m_story).handoffs.value(0).status(), Handoff::Status::Cancelled);
    QCOMPARE(
        m_client->post({ { u"action"_s, u"cleanup"_s }, { u"storyId"_s, story } }).json().value(u"cleaned"_s).toInt(),
        0);
    // A timeout settles a pending handoff as timed out.
    const qint64 id = m_client
                          ->post({ { u"action"_s, u"create"_s }, { u"storyId"_s, story },
                              { u"fromAgent"_s, u"orchestrator"_s }, { u"toAgent"_s, u"analyst"_s } })
                          .json()[u"handoff"_s][u"id"_s]
                          .toInteger();
    const ApiClient::Response timedOut = m_client->post({ { u"action"_s, u"timeout"_s }, { u"handoffId"_s, id } });
    QCOMPARE(timedOut.status, 200);
    QCOMPARE(timedOut.json()[u"handoff"_s][u"status"_s].toString(), u"timed_out"_s);
}

void TestLocalApi::refusals_data()
{
    QTest::addColumn<QByteArray>("method");
    QTest::addColumn<QString>("path");
    QTest::addColumn<QByteArray>("body");
    QTest::addColumn<QByteArray>("headerName");
    QTest::addColumn<QByteArray>("headerValue");
    QTest::addColumn<bool>("withToken");
    QTest::addColumn<int>("status");
    QTest::addColumn<QString>("error");

    const QString state = u"/api/handoffs?storyId=%1"_s;
    QTest::newRow("no token") << "GET"_ba << state << QByteArray() << QByteArray() << QByteArray() << false << 401
                              << u"Authorization: Bearer"_s;
    QTest::newRow("wrong token") << "GET"_ba << state << QByteArray() << "Authorization"_ba
                                 << "Bearer nope"_ba << false << 401 << u"token"_s;
    QTest::newRow("token in another scheme") << "GET"_ba << state << QByteArray() << "Authorization"_ba
                                             << ("Basic "_ba + kToken.toUtf8()) << false << 401 << u"token"_s;
    QTest::newRow("events without a token")
        << "GET"_ba << u"/api/events"_s << QByteArray() << QByteArray() << QByteArray() << false << 401 << u"token"_s;
    QTest::newRow("a web page, with the token") << "GET"_ba << state << QByteArray() << "Origin"_ba
                                                << "http://example.com"_ba << true << 403 << u"web pages"_s;
    QTest::newRow("a rebound host name") << "GET"_ba << state << QByteArray() << "Host"_ba
                                         << "attacker.example:80"_ba << true << 403 << u"attacker.example"_s;
    QTest::newRow("a name that starts like localhost")
        << "GET"_ba << state << QByteArray() << "Host"_ba
        << "localhost.attacker.example"_ba << true << 403 << u"127.0.0.1 or localhost"_s;
    QTest::newRow("a web page, posting") << "POST"_ba << u"/api/handoffs"_s
                                         << R"({"action":"cleanup","storyId":"1"})"_ba
                                         << "Origin"_ba
                                         << "null"_ba << true << 403 << u"Origin"_s;
    QTest::newRow("malformed JSON") << "POST"_ba << u"/api/handoffs"_s << R"({"action": "accept",)"_ba << QByteArray()
                                    << QByteArray() << true << 400 << u"not valid JSON"_s;
    QTest::newRow("not an object") << "POST"_ba << u"/api/handoffs"_s << "[1, 2]"_ba << QByteArray() << QByteArray()
                                   << true << 400 << u"JSON object"_s;
    QTest::newRow("empty body") << "POST"_ba << u"/api/handoffs"_s << QByteArray() << QByteArray() << QByteArray()
                                << true << 400 << u"not valid JSON"_s;
    QTest::newRow("unknown action") << "POST"_ba << u"/api/handoffs"_s << R"({"action":"approve","handoffId":1})"_ba
                                    << QByteArray() << QByteArray() << true << 400 << u"Unknown action “approve”"_s;
    QTest::newRow("reject without a reason")
        << "POST"_ba << u"/api/handoffs"_s << R"({"action":"reject","handoffId":1})"_ba << QByteArray() << QByteArray()
        << true << 400 << u"reason"_s;
    QTest::newRow("accept without an id") << "POST"_ba << u"/api/handoffs"_s << R"({"action":"accept"})"_ba
                                          << QByteArray() << QByteArray() << true << 400 << u"handoffId"_s;
    QTest::newRow("create without agents")
        << "POST"_ba << u"/api/handoffs"_s << R"({"action":"create","storyId":"1"})"_ba << QByteArray() << QByteArray()
        << true << 400 << u"fromAgent"_s;
    QTest::newRow("payload not an object")
        << "POST"_ba << u"/api/handoffs"_s
        << R"({"action":"create","storyId":"1","fromAgent":"orchestrator","toAgent":"analyst","payload":"x"})"_ba
        << QByteArray() << QByteArray() << true << 400 << u"payload"_s;
    QTest::newRow("no query") << "GET"_ba << u"/api/handoffs"_s << QByteArray() << QByteArray() << QByteArray() << true
                              << 400 << u"storyId"_s;
    QTest::newRow("unknown text story") << "GET"_ba << u"/api/handoffs?storyId=v0.1:1.1.1"_s << QByteArray()
                                        << QByteArray() << QByteArray() << true << 404
                                        << u"There is no story “v0.1:1.1.1”"_s;
    QTest::newRow("bad minutes") << "GET"_ba << u"/api/handoffs?stale=true&minutes=-3"_s << QByteArray() << QByteArray()
                                 << QByteArray() << true << 400 << u"minutes"_s;
    QTest::newRow("unknown story") << "GET"_ba << u"/api/handoffs?storyId=999"_s << QByteArray() << QByteArray()
                                   << QByteArray() << true << 404 << u"no story “999”"_s;
    QTest::newRow("unknown handoff") << "POST"_ba << u"/api/handoffs"_s << R"({"action":"accept","handoffId":999})"_ba
                                     << QByteArray() << QByteArray() << true << 404 << u"There is no handoff 999."_s;
    QTest::newRow("unknown path") << "GET"_ba << u"/api/tasks"_s << QByteArray() << QByteArray() << QByteArray() << true
                                  << 404 << u"/api/handoffs, /api/run, /api/stories/ID and /api/events"_s;
    QTest::newRow("wrong method") << "DELETE"_ba << u"/api/handoffs"_s << QByteArray() << QByteArray() << QByteArray()
                                  << true << 405 << u"GET, POST"_s;
    QTest::newRow("posting to events") << "POST"_ba << u"/api/events"_s << "{}"_ba << QByteArray() << QByteArray()
                                       << true << 405 << u"GET only"_s;
    QTest::newRow("a transition outside the table")
        << "POST"_ba << u"/api/handoffs"_s
        << R"({"action":"create","storyId":"%1","fromAgent":"analyst","toAgent":"documenter"})"_ba << QByteArray()
        << QByteArray() << true << 409 << u"that transition is not declared"_s;
    QTest::newRow("an unknown agent")
        << "POST"_ba << u"/api/handoffs"_s
        << R"({"action":"create","storyId":"%1","fromAgent":"analyst","toAgent":"plumber"})"_ba << QByteArray()
        << QByteArray() << true << 400 << u"toAgent “plumber” is no agent's id; the ids are "_s;
    QTest::newRow("an unknown agent handing over")
        << "POST"_ba << u"/api/handoffs"_s
        << R"({"action":"create","storyId":"%1","fromAgent":"plumber","toAgent":"analyst"})"_ba << QByteArray()
        << QByteArray() << true << 400 << u"fromAgent “plumber”"_s;
    QTest::newRow("an unknown agent's pending handoff")
        << "GET"_ba << u"/api/handoffs?storyId=%1&agent=plumber"_s << QByteArray() << QByteArray() << QByteArray()
        << true << 400 << u"agent “plumber” is no agent's id"_s;
    QTest::newRow("a body over the limit") << "POST"_ba << u"/api/handoffs"_s << QByteArray(5000, ' ') << QByteArray()
                                           << QByteArray() << true << 413 << u"limit of 4096 bytes"_s;
}

void TestLocalApi::refusals()
{
    QFETCH(QByteArray, method);
    QFETCH(QString, path);
    QFETCH(QByteArray, body);
    QFETCH(QByteArray, headerName);
    QFETCH(QByteArray, headerValue);
    QFETCH(bool, withToken);
    QFETCH(int, status);
    QFETCH(QString, error);

    m_server->setBodyLimit(4096);
    body.replace("%1", QByteArray::number(m_story));
    path.replace(u"%1"_s, QString::number(m_story));
    QList<QPair<QByteArray, QByteArray>> headers;
    if (!headerName.isEmpty())
        headers << qMakePair(headerName, headerValue);
    const ApiClient::Response answer = m_client->request(method, path, body, headers, withToken);
    QCOMPARE(answer.status, status);
    QCOMPARE(answer.header("Content-Type"), "application/json; charset=utf-8"_ba);
    const QString message = answer.json().value(u"error"_s).toString();
    QVERIFY2(message.contains(error), qPrintable(answer.describe()));
    // No CORS header, ever; the token never comes back.
    for (const auto &[name, value] : answer.headers) {
        QVERIFY2(!name.toLower().startsWith("access-control-"), name.constData());
        QVERIFY(!value.contains(kToken.toUtf8()));
    }
    QVERIFY(!answer.body.contains(kToken.toUtf8()));
    if (status == 401)
        QCOMPARE(answer.header("WWW-Authenticate"), "Bearer realm=\"tandem\""_ba);
    if (status == 405)
        QVERIFY(!answer.header("Allow").isEmpty());
    // Nothing was changed by a refused request.
    QVERIFY(m_harness->repository().boardState(m_story).handoffs.isEmpty());
}

void TestLocalApi::bodyFarBeyondTheLimitIsCutOff()
{
    // The HTTP server would keep a whole body in memory: one far beyond the limit is refused while it arrives.
    m_server->setBodyLimit(1024);
    QTcpSocket socket;
    socket.connectToHost(QHostAddress::LocalHost, m_server->port());
    QVERIFY(socket.waitForConnected(10000));
    socket.write("POST /api/handoffs HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer " + kToken.toUtf8()
        + "\r\nContent-Length: 100000000\r\n\r\n");
    socket.write(QByteArray(256 * 1024, 'x'));
    QByteArray answer;
    QVERIFY(QTest::qWaitFor(
        [&] {
            answer += socket.readAll();
            return answer.contains("}\n");
        },
        20000));
    QVERIFY2(answer.startsWith("HTTP/1.1 413 "), answer.left(200).constData());
    QVERIFY(answer.contains("limit of 1024 bytes"));
    // The connection ends, and the server still answers others.
    socket.disconnectFromHost();
    QCOMPARE(m_client->get(u"/api/handoffs?storyId=%1"_s.arg(m_story)).status, 200);
}

void TestLocalApi::eventStream()
{
    m_server->events().setKeepAliveInterval(50);
    QTcpSocket socket;
    socket.connectToHost(QHostAddress::LocalHost, m_server->port());
    QVERIFY(socket.waitForConnected(10000));
    socket.write("GET /api/events HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\nAuthorization: Bearer "
        + kToken.toUtf8() + "\r\n\r\n");
    QByteArray stream;
    readUntil(socket, stream, ": connected\n\n");
    QVERIFY2(stream.startsWith("HTTP/1.1 200 OK\r\n"), stream.constData());
    QVERIFY(stream.contains("Content-Type: text/event-stream"));
    QVERIFY(!stream.toLower().contains("access-control-"));
    QCOMPARE(m_server->events().subscriberCount(), 1);

    // A change through the API and one made inside (the window's board, the engine) both arrive.
    const ApiClient::Response created
        = m_client->post({ { u"action"_s, u"create"_s }, { u"storyId"_s, QString::number(m_story) },
            { u"fromAgent"_s, u"orchestrator"_s }, { u"toAgent"_s, u"analyst"_s } });
    QCOMPARE(created.status, 201);
    const qint64 id = created.json()[u"handoff"_s][u"id"_s].toInteger();
    QVERIFY(m_harness->repository().acceptHandoff(id).ok());
    const QByteArray accepted = "event: handoff\ndata: {\"handoffId\":" + QByteArray::number(id)
        + ",\"status\":\"accepted\",\"storyId\":\"" + QByteArray::number(m_story) + "\"}\n\n";
    readUntil(socket, stream, accepted);
    const QByteArray pending = "event: handoff\ndata: {\"handoffId\":" + QByteArray::number(id)
        + ",\"status\":\"pending\",\"storyId\":\"" + QByteArray::number(m_story) + "\"}\n\n";
    QVERIFY2(stream.contains(pending), stream.constData());
    QVERIFY2(stream.contains(accepted), stream.constData());
    // Keep-alives are comments, which every SSE client skips.
    stream.clear();
    readUntil(socket, stream, ": keep-alive\n\n");
    QVERIFY(stream.contains(": keep-alive\n\n"));

    // A closed stream is dropped; stopping the server ends the others.
    socket.disconnectFromHost();
    QVERIFY(QTest::qWaitFor([&] { return m_server->events().subscriberCount() == 0; }, 10000));
}

void TestLocalApi::boardFollowsTheEnginesRules()
{
    // Issues #23 and #24: the board checked only the from → to pair, so an outside agent could hand over work it did
    // not hold, several handoffs were pending at once, and a disabled agent was a target. Its rules are the engine's.
    const QString story = QString::number(m_story);
    const auto create = [&](const QString &from, const QString &to) {
        return m_client->post(
            { { u"action"_s, u"create"_s }, { u"storyId"_s, story }, { u"fromAgent"_s, from }, { u"toAgent"_s, to } });
    };
    const auto accept = [&](const ApiClient::Response &created) {
        return m_client
            ->post({ { u"action"_s, u"accept"_s }, { u"handoffId"_s, created.json()[u"handoff"_s][u"id"_s] } })
            .status;
    };
    const ApiClient::Response start = create(u"orchestrator"_s, u"analyst"_s);
    QCOMPARE(start.status, 201);
    QCOMPARE(accept(start), 200);

    // A story at analysis cannot reach "complete" through refactorer → documenter → orchestrator.
    const ApiClient::Response skipping = create(u"refactorer"_s, u"documenter"_s);
    QCOMPARE(skipping.status, 409);
    QVERIFY2(
        skipping.json().value(u"error"_s).toString().contains(u"Refactorer does not hold the work: Analyst does"_s),
        qPrintable(skipping.describe()));
    QCOMPARE(create(u"documenter"_s, u"orchestrator"_s).status, 409);
    QCOMPARE(create(u"orchestrator"_s, u"analyst"_s).status, 409); // no second start while the story runs

    // One handoff pending at a time.
    const ApiClient::Response plan = create(u"analyst"_s, u"implementer"_s);
    QCOMPARE(plan.status, 201);
    const ApiClient::Response early = create(u"implementer"_s, u"reviewer"_s);
    QCOMPARE(early.status, 409);
    QVERIFY2(early.json().value(u"error"_s).toString().contains(u"is still pending"_s), qPrintable(early.describe()));
    QCOMPARE(accept(plan), 200);

    // A disabled agent is no target, here as in the engine.
    std::optional<Agent> reviewer = m_harness->work().agents().get(u"reviewer"_s);
    QVERIFY(reviewer);
    reviewer->enabled = false;
    QVERIFY(m_harness->saveAgent(*reviewer));
    const ApiClient::Response disabled = create(u"implementer"_s, u"reviewer"_s);
    QCOMPARE(disabled.status, 409);
    QVERIFY2(disabled.json().value(u"error"_s).toString().contains(u"Reviewer is disabled."_s),
        qPrintable(disabled.describe()));

    const BoardState board = m_harness->repository().boardState(m_story);
    QCOMPARE(board.handoffs.size(), 2); // nothing a refusal stored
    QCOMPARE(board.phase, u"implementing"_s);
    QCOMPARE(board.currentAgent, u"implementer"_s);
}

void TestLocalApi::eventStreamKeepsEveryChangeOfAnotherProcess()
{
    // Issue #24: a handoff another process created and rejected between two looks arrived only as "rejected". The
    // changes are read from the board's change log, in order: the CLI makes many in a row between two looks, and the
    // event stream (and the window) get each of them.
    QTemporaryDir home;
    const QString data = home.path() + u"/data"_s;
    Database database;
    QVERIFY(database.open(QDir(data).filePath(u"tandem.sqlite"_s)));
    QNetworkAccessManager network;
    LocalChatRepository window(database.work(), &network, nullptr, nullptr, EngineHarness::testConfig());
    const qint64 story = window.createConversation(Conversation::Mode::Pipeline);
    QVERIFY(story > 0);
    window.watchForChangesElsewhere(60 * 60 * 1000); // no look until the CLI is done
    ApiServer server(window);
    server.setToken(kToken);
    QVERIFY2(server.listen(0), qPrintable(server.errorString()));
    QTcpSocket events;
    events.connectToHost(QHostAddress::LocalHost, server.port());
    QVERIFY(events.waitForConnected(10000));
    events.write(
        "GET /api/events HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer " + kToken.toUtf8() + "\r\n\r\n");
    QByteArray stream;
    readUntil(events, stream, ": connected\n\n");
    QVERIFY2(stream.contains(": connected\n\n"), stream.constData());
    QSignalSpy seen(&window, &ChatRepository::handoffStatusChanged);

    const QProcessEnvironment environment = childEnvironment(home.path());
    const auto tandem = [&](const QStringList &arguments) {
        return ChildProcess::run(
            QStringLiteral(TANDEM_EXECUTABLE), QStringList { u"--data-dir"_s, data } + arguments, environment);
    };
    constexpr int kRounds = 8;
    QStringList expected;
    for (int round = 0; round < kRounds; ++round) {
        const ChildProcess::Result created = tandem({ u"handoff"_s, u"create"_s, u"--conversation"_s,
            QString::number(story), u"--from"_s, u"analyst"_s, u"--to"_s, u"implementer"_s, u"--json"_s });
        QVERIFY2(created.succeeded(), qPrintable(created.describe()));
        const QString id = QString::number(QJsonDocument::fromJson(created.out).object().value(u"id"_s).toInteger());
        const ChildProcess::Result rejected
            = tandem({ u"handoff"_s, u"reject"_s, id, u"--reason"_s, u"Round %1"_s.arg(round) });
        QVERIFY2(rejected.succeeded(), qPrintable(rejected.describe()));
        expected << id + u" pending"_s << id + u" rejected"_s;
    }
    window.watchForChangesElsewhere(20); // one look finds them all

    const QString last = expected.constLast().section(u' ', 0, 0);
    readUntil(events, stream, "\"handoffId\":" + last.toUtf8() + ",\"status\":\"rejected\"");
    static const QRegularExpression event(
        u"event: handoff\ndata: \\{\"handoffId\":(\\d+),\"status\":\"(\\w+)\",\"storyId\":\"(\\d+)\"\\}\n\n"_s);
    QStringList streamed;
    for (const QRegularExpressionMatch &match : event.globalMatch(QString::fromUtf8(stream))) {
        QCOMPARE(match.captured(3), QString::number(story));
        streamed << match.captured(1) + u' ' + match.captured(2);
    }
    QCOMPARE(streamed, expected);
    QStringList announced;
    for (const QList<QVariant> &signal : std::as_const(seen)) {
        const Handoff each = signal.at(0).value<Handoff>();
        announced << u"%1 %2"_s.arg(each.id).arg(Handoff::statusName(each.status()));
    }
    QCOMPARE(announced, expected);
}

void TestLocalApi::dashboardUrlWhileRunning()
{
    // LocalApi: the token comes from the keychain (or memory without one), and DASHBOARD_URL is the API's address.
    QTemporaryDir profile;
    SecretStore secrets(u"tandem-test-localapi"_s);
    secrets.setRetryDelay(50);
    LocalApi api(m_harness->repository(), secrets, profile.path());
    QSignalSpy started(&api, &LocalApi::started);
    api.start(0);
    QVERIFY(started.wait(20000) || started.count() == 1);
    const QString url = started.at(0).at(0).toString();
    QCOMPARE(m_harness->repository().engineConfig().dashboardUrl, url);
    QString token;
    api.readToken([&](const QString &value, const QString &) { token = value; });
    QVERIFY(QTest::qWaitFor([&] { return !token.isEmpty(); }, 20000));
    QVERIFY(token.size() >= 40);
    ApiClient client(api.port(), token);
    QCOMPARE(client.get(u"/api/handoffs?storyId=%1"_s.arg(m_story)).status, 200);
    // A new token replaces the old one at once.
    QString fresh;
    api.regenerateToken([&](const QString &value, const QString &) { fresh = value; });
    QVERIFY(QTest::qWaitFor([&] { return !fresh.isEmpty(); }, 20000));
    QVERIFY(fresh != token);
    QCOMPARE(client.get(u"/api/handoffs?storyId=%1"_s.arg(m_story)).status, 401);
    QCOMPARE(ApiClient(api.port(), fresh).get(u"/api/handoffs?storyId=%1"_s.arg(m_story)).status, 200);
    api.stop();
    QVERIFY(m_harness->repository().engineConfig().dashboardUrl.isEmpty());
    QCOMPARE(LocalApi::tokenKeyFor(profile.path()), LocalApi::tokenKeyFor(profile.path() + u"/."_s));
    QVERIFY(LocalApi::tokenKeyFor(profile.path()) != LocalApi::tokenKeyFor(profile.path() + u"/other"_s));
    secrets.remove(LocalApi::tokenKeyFor(profile.path()), [](const SecretStore::Result &) {});
}

void TestLocalApi::serveAsChildProcess()
{
    QTemporaryDir home;
    const QString data = home.path() + u"/data"_s;
    const QProcessEnvironment environment = childEnvironment(home.path());

    // The story lives in the database `tandem serve` serves; this process watches it as the window does.
    Database database;
    QVERIFY(database.open(QDir(data).filePath(u"tandem.sqlite"_s)));
    QNetworkAccessManager network;
    LocalChatRepository window(database.work(), &network, nullptr, nullptr, EngineHarness::testConfig());
    const qint64 story = window.createConversation(Conversation::Mode::Pipeline);
    QVERIFY(story > 0);
    window.watchForChangesElsewhere(50);
    MessageListModel messages(&window);
    messages.setConversation(story);
    const int rowsBefore = messages.rowCount();

    const auto serve = [&](const QStringList &extra, QString *url, QString *token) {
        auto process = std::make_unique<QProcess>();
        process->setProcessEnvironment(environment);
        process->start(QStringLiteral(TANDEM_EXECUTABLE),
            QStringList { u"--data-dir"_s, data, u"serve"_s, u"--port"_s, u"0"_s } + extra);
        static const QRegularExpression urlLine(
            u"^Tandem's local API: (http://127\\.0\\.0\\.1:\\d+)$"_s, QRegularExpression::MultilineOption);
        static const QRegularExpression tokenLine(u"^Token: (\\S+)$"_s, QRegularExpression::MultilineOption);
        QString out;
        [[maybe_unused]] const bool listening = QTest::qWaitFor(
            [&] {
                out += QString::fromUtf8(process->readAllStandardOutput());
                return urlLine.match(out).hasMatch() && (!token || tokenLine.match(out).hasMatch());
            },
            30000);
        *url = urlLine.match(out).captured(1);
        if (token)
            *token = tokenLine.match(out).captured(1);
        return std::make_pair(std::move(process), out);
    };

    QString url;
    QString token;
    auto [process, out] = serve({ u"--print-token"_s }, &url, &token);
    QVERIFY2(!url.isEmpty(), qPrintable(out + QString::fromUtf8(process->readAllStandardError())));
    QVERIFY2(!token.isEmpty(), qPrintable(out));
    const quint16 port = quint16(QUrl(url).port());
    ApiClient client(port, token);
    QCOMPARE(client.get(u"/api/handoffs?storyId=%1"_s.arg(story)).status, 200);
    QCOMPARE(ApiClient(port, u"wrong"_s).get(u"/api/handoffs?storyId=%1"_s.arg(story)).status, 401);

    // An outside client's handoff through `tandem serve`: the window notices the other process's write and shows
    // its divider.
    QSignalSpy elsewhere(&window, &ChatRepository::changedElsewhere);
    const ApiClient::Response created = client.post({ { u"action"_s, u"create"_s }, { u"storyId"_s, story },
        { u"fromAgent"_s, u"orchestrator"_s }, { u"toAgent"_s, u"analyst"_s } });
    QCOMPARE(created.status, 201);
    QVERIFY(QTest::qWaitFor([&] { return elsewhere.count() > 0 && messages.rowCount() > rowsBefore; }, 20000));
    QCOMPARE(window.boardState(story).handoffs.size(), 1);
    QCOMPARE(window.activeAgent(story), u"analyst"_s);
    // The window's status line follows too: the implementer holds the work once the analyst handed it over.
    ChatViewModel chat(&window);
    chat.openConversation(story);
    QCOMPARE(
        client.post({ { u"action"_s, u"accept"_s }, { u"handoffId"_s, created.json()[u"handoff"_s][u"id"_s] } }).status,
        200);
    const ApiClient::Response plan = client.post({ { u"action"_s, u"create"_s }, { u"storyId"_s, story },
        { u"fromAgent"_s, u"analyst"_s }, { u"toAgent"_s, u"implementer"_s } });
    QCOMPARE(plan.status, 201);
    QVERIFY2(QTest::qWaitFor([&] { return chat.activeAgentName() == u"Implementer"_s; }, 20000),
        qPrintable(chat.activeAgentName()));
    // The implementer takes it up: one handoff of a story is pending at a time.
    QCOMPARE(
        client.post({ { u"action"_s, u"accept"_s }, { u"handoffId"_s, plan.json()[u"handoff"_s][u"id"_s] } }).status,
        200);

    // The other way round: a handoff the window makes reaches the event stream of `tandem serve`, once.
    QTcpSocket events;
    events.connectToHost(QHostAddress::LocalHost, port);
    QVERIFY(events.waitForConnected(10000));
    events.write("GET /api/events HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\nAuthorization: Bearer "
        + token.toUtf8() + "\r\n\r\n");
    QByteArray stream;
    readUntil(events, stream, ": connected\n\n");
    QVERIFY2(stream.contains(": connected\n\n"), stream.constData());
    const BoardResult made = window.createHandoff(story, u"implementer"_s, u"reviewer"_s, { { u"diff"_s, u"+1"_s } });
    QVERIFY2(made.ok(), qPrintable(made.message));
    const QByteArray pending = "event: handoff\ndata: {\"handoffId\":" + QByteArray::number(made.handoff.id)
        + ",\"status\":\"pending\",\"storyId\":\"" + QByteArray::number(story) + "\"}\n\n";
    readUntil(events, stream, pending);
    QVERIFY2(stream.contains(pending), stream.constData());
    QTest::qWait(3500); // two more looks of serve's watch (every 1.5 s): nothing is announced twice
    stream += events.readAll();
    QCOMPARE(stream.count(pending), 1);
    QVERIFY2(!stream.contains("\"status\":\"accepted\""), stream.constData()); // nothing from before it subscribed

    process->terminate(); // SIGTERM
    QVERIFY(process->waitForFinished(20000));
    QCOMPARE(process->exitStatus(), QProcess::NormalExit);
    QCOMPARE(process->exitCode(), 0);
    const QByteArray errors = process->readAllStandardError();
    QVERIFY2(errors.isEmpty(), errors.constData());

    // Without --print-token only the address is printed; the token is the profile's, kept in the keychain.
    QString second;
    auto [quiet, quietOut] = serve({}, &second, nullptr);
    QVERIFY2(!second.isEmpty(), qPrintable(quietOut));
    QVERIFY(!quietOut.contains(u"Token"_s));
    QVERIFY(!quietOut.contains(token));
    if (qEnvironmentVariable("TANDEM_REQUIRE_KEYCHAIN") == u"1"_s)
        QCOMPARE(
            ApiClient(quint16(QUrl(second).port()), token).get(u"/api/handoffs?storyId=%1"_s.arg(story)).status, 200);
    ::kill(pid_t(quiet->processId()), SIGINT);
    QVERIFY(quiet->waitForFinished(20000));
    QCOMPARE(quiet->exitCode(), 0);

    // The token is nowhere in the data folder or the settings.
    QStringList hits;
    QVERIFY2(!folderContains(home.path(), token.toUtf8(), &hits), qPrintable(hits.join(u", "_s)));

    const ChildProcess::Result badPort = ChildProcess::run(
        QStringLiteral(TANDEM_EXECUTABLE), { u"--data-dir"_s, data, u"serve"_s, u"--port"_s, u"70000"_s }, environment);
    QCOMPARE(badPort.exitCode, 2);
}

void TestLocalApi::exportPrompts()
{
    QTemporaryDir home;
    const QString data = home.path() + u"/data"_s;
    qint64 story = 0;
    {
        Database database;
        QVERIFY(database.open(QDir(data).filePath(u"tandem.sqlite"_s)));
        QNetworkAccessManager network;
        LocalChatRepository repository(database.work(), &network, nullptr, nullptr, EngineHarness::testConfig());
        story = repository.createConversation(Conversation::Mode::Pipeline);
        QVERIFY(repository.setVariable(story, u"BRANCH"_s, u"feat/login"_s));
    }
    const QString folder = home.path() + u"/agents"_s;
    const ChildProcess::Result result = ChildProcess::run(QStringLiteral(TANDEM_EXECUTABLE),
        { u"--data-dir"_s, data, u"agents"_s, u"export-prompts"_s, folder, u"--conversation"_s, QString::number(story),
            u"--port"_s, u"4321"_s },
        childEnvironment(home.path()));
    QVERIFY2(result.succeeded(), qPrintable(result.describe()));
    QStringList files = QDir(folder).entryList({ u"*.md"_s }, QDir::Files, QDir::Name);
    QCOMPARE(files,
        (QStringList {
            u"analyst.md"_s, u"documenter.md"_s, u"implementer.md"_s, u"refactorer.md"_s, u"reviewer.md"_s }));
    for (const QString &name : files)
        QVERIFY2(result.text().contains(name), qPrintable(result.text()));
    QFile implementer(folder + u"/implementer.md"_s);
    QVERIFY(implementer.open(QIODevice::ReadOnly));
    const QString text = QString::fromUtf8(implementer.readAll());
    QVERIFY2(text.contains(u"DASHBOARD_URL = http://127.0.0.1:4321, STORY_ID = %1, BRANCH = feat/login"_s.arg(story)),
        qPrintable(text));
    QVERIFY(text.contains(u"\"http://127.0.0.1:4321/api/stories/%1\""_s.arg(story)));
    for (const QString &name : files) {
        QFile file(folder + u'/' + name);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QString content = QString::fromUtf8(file.readAll());
        QVERIFY(content.startsWith(u"---\nid: "_s));
        for (const QString &variable : { u"$STORY_ID"_s, u"${STORY_ID}"_s, u"$BRANCH"_s, u"$DASHBOARD_URL"_s })
            QVERIFY2(!content.contains(variable), qPrintable(name + u": "_s + variable));
    }
    const ChildProcess::Result unknown = ChildProcess::run(QStringLiteral(TANDEM_EXECUTABLE),
        { u"--data-dir"_s, data, u"agents"_s, u"export-prompts"_s, folder, u"--conversation"_s, u"999"_s },
        childEnvironment(home.path()));
    QCOMPARE(unknown.exitCode, 2);
    QVERIFY(unknown.err.contains("There is no conversation 999."));
}

QTEST_GUILESS_MAIN(TestLocalApi)
#include "tst_localapi.moc"
