// Seed 002's outside agents (issue #27): a story runs from `POST /api/run` to `complete` through the local API alone,
// its agents played by one POSIX shell script (tests/integration/outside_agent.sh) that reads nothing but the curl
// lines of the prompt `tandem agents export-prompts` wrote for it. A second client watches `/api/events` with curl; the
// final state, every payload byte for byte and the event sequence are checked, and so is what the window's pipeline
// view model shows after each call, without being told to read again.
#include "ApiClient.h"
#include "ChildProcess.h"
#include "EngineHarness.h"
#include "api/ApiServer.h"
#include "chat/LocalChatRepository.h"
#include "presentation/PipelineViewModel.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QProcess>
#include <QSqlQuery>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace Tandem;
using namespace Tandem::Test;

namespace {

const QString kToken = u"outside-token-0123456789"_s;
const QString kStory = u"v0.1:1.1.1"_s;

QByteArray compact(const QJsonObject &object)
{
    return QJsonDocument(object).toJson(QJsonDocument::Compact);
}

} // namespace

class TestOutsideAgents : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void cleanup();
    void exportedPromptsTellHowToUseTheBoard();
    void aStoryFromStartToCompleteThroughTheApi();
    void startAndStop();
    void startSweepsStaleHandoffsFirst();
    void unknownStoryAndBadRequests_data();
    void unknownStoryAndBadRequests();
    void theCliStartsAndStopsToo();

private:
    /// Writes the prompts with `tandem agents export-prompts` for the story; the folder they are in.
    QString exportPrompts();
    /// One turn of the outside agent @p agent: outside_agent.sh with its prompt and @p arguments.
    ChildProcess::Result agentTurn(const QString &agent, const QStringList &arguments);
    /// A file holding @p bytes, for the script to read.
    QString file(const QString &name, const QByteArray &bytes);
    /// POST /api/run with @p action for @p story.
    ApiClient::Response run(const QString &action, const QJsonValue &story);
    void watchEvents();
    /// The event stream so far, once it holds @p count events.
    QString events(int count);
    QJsonObject board();

    std::unique_ptr<EngineHarness> m_harness;
    std::unique_ptr<ApiServer> m_server;
    std::unique_ptr<ApiClient> m_client;
    std::unique_ptr<QProcess> m_events;
    QString m_streamed;
    QString m_prompts;
    qint64 m_story = 0;
    std::unique_ptr<QTemporaryDir> m_dir;
};

void TestOutsideAgents::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    m_harness = std::make_unique<EngineHarness>(ProviderProfile::Protocol::ChatCompletions);
    QVERIFY(m_harness->isReady());
    m_story = m_harness->repository().createStoryConversation(Conversation::Mode::Pipeline, kStory);
    QVERIFY(m_story > 0);
    QVERIFY(m_harness->repository().setVariable(m_story, u"BRANCH"_s, u"feat/story-1.1.1"_s));
    m_server = std::make_unique<ApiServer>(m_harness->repository());
    m_server->setToken(kToken);
    QVERIFY2(m_server->listen(0), qPrintable(m_server->errorString()));
    m_client = std::make_unique<ApiClient>(m_server->port(), kToken);
    m_streamed.clear();
    m_prompts.clear();
}

void TestOutsideAgents::cleanup()
{
    if (m_events) {
        m_events->kill();
        m_events->waitForFinished(10000);
        m_events.reset();
    }
    m_client.reset();
    m_server.reset();
    m_harness.reset();
    m_dir.reset();
}

QString TestOutsideAgents::exportPrompts()
{
    const QString folder = m_dir->filePath(u"prompts"_s);
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.insert(u"XDG_CONFIG_HOME"_s, m_dir->filePath(u"config"_s));
    environment.insert(u"LC_ALL"_s, u"C"_s);
    environment.remove(u"DISPLAY"_s);
    const ChildProcess::Result result = ChildProcess::run(QStringLiteral(TANDEM_EXECUTABLE),
        { u"--data-dir"_s, m_harness->database().folder(), u"agents"_s, u"export-prompts"_s, folder,
            u"--conversation"_s, kStory, u"--port"_s, QString::number(m_server->port()) },
        environment);
    if (!result.succeeded())
        qWarning().noquote() << result.describe();
    return result.succeeded() ? folder : QString();
}

ChildProcess::Result TestOutsideAgents::agentTurn(const QString &agent, const QStringList &arguments)
{
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.insert(u"TANDEM_TOKEN"_s, kToken);
    environment.insert(u"LC_ALL"_s, u"C"_s);
    const ChildProcess::Result result = ChildProcess::run(u"sh"_s,
        QStringList { QStringLiteral(TANDEM_SOURCE_DIR) + u"/tests/integration/outside_agent.sh"_s,
            m_prompts + u'/' + agent + u".md"_s }
            + arguments,
        environment, 30000);
    if (!result.succeeded())
        qWarning().noquote() << agent << result.describe() << result.text();
    return result;
}

QString TestOutsideAgents::file(const QString &name, const QByteArray &bytes)
{
    QFile out(m_dir->filePath(name));
    if (!out.open(QIODevice::WriteOnly) || out.write(bytes) != bytes.size())
        return {};
    return out.fileName();
}

ApiClient::Response TestOutsideAgents::run(const QString &action, const QJsonValue &story)
{
    return m_client->request("POST", u"/api/run"_s, compact({ { u"action"_s, action }, { u"storyId"_s, story } }),
        { qMakePair("Content-Type"_ba, "application/json"_ba) });
}

void TestOutsideAgents::watchEvents()
{
    const QString curl = QStandardPaths::findExecutable(u"curl"_s);
    QVERIFY2(!curl.isEmpty(), "curl is not installed (scripts/install-deps.sh test installs it)");
    m_events = std::make_unique<QProcess>();
    m_events->start(
        curl, { u"-s"_s, u"-N"_s, u"-H"_s, u"Authorization: Bearer "_s + kToken, m_server->url() + u"/api/events"_s });
    QVERIFY(QTest::qWaitFor(
        [this] {
            m_streamed += QString::fromUtf8(m_events->readAllStandardOutput());
            return m_streamed.contains(u": connected\n\n"_s);
        },
        20000));
}

QString TestOutsideAgents::events(int count)
{
    [[maybe_unused]] const bool arrived = QTest::qWaitFor(
        [&] {
            m_streamed += QString::fromUtf8(m_events->readAllStandardOutput());
            return m_streamed.count(u"\ndata: "_s) >= count;
        },
        10000);
    return QString(m_streamed).remove(u": keep-alive\n\n"_s);
}

QJsonObject TestOutsideAgents::board()
{
    return m_client->get(u"/api/handoffs?storyId=%1"_s.arg(QString::fromUtf8(QUrl::toPercentEncoding(kStory)))).json();
}

void TestOutsideAgents::exportedPromptsTellHowToUseTheBoard()
{
    m_prompts = exportPrompts();
    QVERIFY(!m_prompts.isEmpty());
    const QStringList names = QDir(m_prompts).entryList({ u"*.md"_s }, QDir::Files, QDir::Name);
    QCOMPARE(names,
        (QStringList {
            u"analyst.md"_s, u"documenter.md"_s, u"implementer.md"_s, u"refactorer.md"_s, u"reviewer.md"_s }));
    const QString url = m_server->url();
    const QString auth = u"-H \"Authorization: Bearer $TANDEM_TOKEN\""_s;
    for (const QString &name : names) {
        QFile prompt(m_prompts + u'/' + name);
        QVERIFY(prompt.open(QIODevice::ReadOnly));
        const QString text = QString::fromUtf8(prompt.readAll());
        const QString id = name.chopped(3);
        // Substituted as seed 002's execution prompt is; the token only by its variable's name.
        QVERIFY2(text.contains(u"DASHBOARD_URL = %1, STORY_ID = %2, BRANCH = feat/story-1.1.1"_s.arg(url, kStory)),
            qPrintable(text));
        QVERIFY(!text.contains(kToken));
        for (const QString &variable : { u"$STORY_ID"_s, u"$BRANCH"_s, u"$DASHBOARD_URL"_s })
            QVERIFY2(!text.contains(variable), qPrintable(name + u": "_s + variable));
        // No tool of Tandem's: the outside agent has only the board.
        for (const QString &tool : { u"handoff_to"_s, u"approve_work"_s, u"reject_work"_s, u"list_files"_s,
                 u"read_file"_s, u"write_file"_s, u"run_command"_s, u"git_"_s })
            QVERIFY2(!text.contains(tool), qPrintable(name + u": "_s + tool));
        const QString story = u"curl -s %1 \"%2/api/stories/v0.1%3A1.1.1\""_s.arg(auth, url);
        QVERIFY2(text.contains(story), qPrintable(text));
        // Put together, not with arg(): the encoded story id holds "%3A".
        QVERIFY(text.contains(
            u"curl -s "_s + auth + u" \""_s + url + u"/api/handoffs?storyId=v0.1%3A1.1.1&agent="_s + id + u"\""_s));
        QVERIFY(text.contains(u"-d '{\"action\": \"accept\", \"handoffId\": HANDOFF_ID}'"_s));
        QVERIFY(text.contains(u"-d '{\"action\": \"reject\", \"handoffId\": HANDOFF_ID, \"reason\": REASON}'"_s));
    }
    // The transitions each role allows, and only those, as create lines.
    const QHash<QString, QStringList> allowed { { u"analyst"_s, { u"implementer"_s } },
        { u"implementer"_s, { u"reviewer"_s } }, { u"reviewer"_s, { u"refactorer"_s, u"implementer"_s } },
        { u"refactorer"_s, { u"documenter"_s } }, { u"documenter"_s, { u"orchestrator"_s } } };
    for (auto it = allowed.cbegin(); it != allowed.cend(); ++it) {
        QFile prompt(m_prompts + u'/' + it.key() + u".md"_s);
        QVERIFY(prompt.open(QIODevice::ReadOnly));
        const QString text = QString::fromUtf8(prompt.readAll());
        QCOMPARE(text.count(u"\"action\": \"create\""_s), it.value().size());
        for (const QString &target : it.value())
            QVERIFY2(
                text.contains(u"'{\"action\": \"create\", \"storyId\": \"%1\", \"fromAgent\": \"%2\", \"toAgent\": "
                              "\"%3\", \"payload\": PAYLOAD}'"_s.arg(kStory, it.key(), target)),
                qPrintable(text));
    }
    // The story's own URL answers, with the token the prompt names.
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.insert(u"TANDEM_TOKEN"_s, kToken);
    const ChildProcess::Result story = ChildProcess::run(u"sh"_s,
        { u"-c"_s,
            u"curl -s -o /dev/null -w '%{http_code}' -H \"Authorization: Bearer $TANDEM_TOKEN\" "_s
                + u"\"%1/api/stories/v0.1%3A1.1.1\""_s.arg(url) },
        environment);
    QCOMPARE(story.text(), u"200"_s);
    const QJsonObject answer = m_client->get(u"/api/stories/v0.1%3A1.1.1"_s).json();
    QCOMPARE(answer.value(u"id"_s).toString(), kStory);
    QCOMPARE(answer.value(u"running"_s).toBool(), false);
}

void TestOutsideAgents::aStoryFromStartToCompleteThroughTheApi()
{
    m_prompts = exportPrompts();
    QVERIFY(!m_prompts.isEmpty());
    PipelineViewModel window(&m_harness->repository());
    window.setConversation(m_story);
    watchEvents();

    const ApiClient::Response started = run(u"start"_s, kStory);
    QVERIFY2(started.status == 201, qPrintable(started.describe()));
    QCOMPARE(started.json().value(u"status"_s).toString(), u"running"_s);
    const QJsonObject first = started.json().value(u"handoff"_s).toObject();
    QCOMPARE(first.value(u"from_agent"_s).toString(), u"orchestrator"_s);
    QCOMPARE(first.value(u"to_agent"_s).toString(), u"analyst"_s);
    QCOMPARE(first.value(u"status"_s).toString(), u"pending"_s);
    QCOMPARE(window.phase(), u"analyzing"_s); // the window follows at once
    const ApiClient::Response again = run(u"start"_s, kStory);
    QCOMPARE(again.status, 409);
    QVERIFY2(again.json().value(u"error"_s).toString().contains(u"running already"_s), qPrintable(again.describe()));

    // Payloads with what a shell and JSON make hard: quotes of both kinds, a backslash, a dollar, non-ASCII.
    const QByteArray plan = compact({ { u"story_id"_s, kStory }, { u"branch"_s, u"feat/story-1.1.1"_s },
        { u"plan"_s, QJsonArray { QJsonObject { { u"step"_s, 1 }, { u"files"_s, QJsonArray { u"login.cpp"_s } } } } },
        { u"note"_s, u"it's \"remember me\" — a cookie; C:\\tmp $HOME ünïcödé ✓"_s } });
    const QByteArray change = compact({ { u"commit"_s, u"4f2a9c1"_s }, { u"tests"_s, u"2 failing"_s } });
    const QByteArray fixed = compact({ { u"commit"_s, u"9b7d3e0"_s }, { u"tests"_s, u"all pass"_s } });
    const QByteArray approved = compact({ { u"decision"_s, u"approved"_s }, { u"review_notes"_s, QJsonArray() } });
    const QByteArray polished = compact({ { u"files"_s, QJsonArray { u"login.cpp"_s } } });
    const QByteArray documented = compact({ { u"summary"_s, u"Documented 'remember me'."_s } });
    const QByteArray reason = "\"Tests failing: login.cpp's cookie has no \\\"expires\\\"\"";

    QVERIFY(agentTurn(u"analyst"_s, { u"hand-on"_s, u"implementer"_s, file(u"plan"_s, plan) }).succeeded());
    QCOMPARE(window.phase(), u"implementing"_s);
    QVERIFY(agentTurn(u"implementer"_s, { u"hand-on"_s, u"reviewer"_s, file(u"change"_s, change) }).succeeded());
    QCOMPARE(window.phase(), u"reviewing"_s);
    QVERIFY(agentTurn(u"reviewer"_s, { u"reject"_s, file(u"reason"_s, reason) }).succeeded());
    QCOMPARE(window.phase(), u"implementing"_s);
    QCOMPARE(window.currentAgent(), u"implementer"_s);
    // No handoff waits for the implementer now: the script says so and changes nothing.
    QCOMPARE(agentTurn(u"implementer"_s, { u"hand-on"_s, u"reviewer"_s, file(u"fixed"_s, fixed) }).exitCode, 3);
    QVERIFY(agentTurn(u"implementer"_s, { u"rework"_s, u"reviewer"_s, file(u"fixed"_s, fixed) }).succeeded());
    QVERIFY(agentTurn(u"reviewer"_s, { u"hand-on"_s, u"refactorer"_s, file(u"approved"_s, approved) }).succeeded());
    QVERIFY(agentTurn(u"refactorer"_s, { u"hand-on"_s, u"documenter"_s, file(u"polished"_s, polished) }).succeeded());
    QVERIFY(
        agentTurn(u"documenter"_s, { u"hand-on"_s, u"orchestrator"_s, file(u"documented"_s, documented) }).succeeded());
    QCOMPARE(window.phase(), u"complete"_s);

    // The final state.
    const QJsonObject state = board();
    QCOMPARE(state.value(u"phase"_s).toString(), u"complete"_s);
    QCOMPARE(state.value(u"currentAgent"_s).toString(), u"analyst"_s); // the next story starts there
    const QJsonArray handoffs = state.value(u"handoffs"_s).toArray();
    QStringList trail;
    for (const QJsonValue &each : handoffs)
        trail << u"%1>%2:%3"_s.arg(
            each[u"from_agent"_s].toString(), each[u"to_agent"_s].toString(), each[u"status"_s].toString());
    QCOMPARE(trail,
        (QStringList { u"orchestrator>analyst:accepted"_s, u"analyst>implementer:accepted"_s,
            u"implementer>reviewer:rejected"_s, u"implementer>reviewer:accepted"_s, u"reviewer>refactorer:accepted"_s,
            u"refactorer>documenter:accepted"_s, u"documenter>orchestrator:accepted"_s }));
    // Every payload byte for byte as the scripts posted it, the start's as the run made it.
    const QString title = m_harness->repository().conversation(m_story)->title;
    const QList<QByteArray> posted {
        compact({ { u"story"_s, QJsonObject { { u"id"_s, kStory }, { u"title"_s, title } } } }), plan, change, fixed,
        approved, polished, documented
    };
    for (qsizetype i = 0; i < handoffs.size(); ++i)
        QCOMPARE(compact(handoffs.at(i)[u"payload"_s].toObject()), posted.at(i));
    QCOMPARE(handoffs.at(2)[u"rejection_reason"_s].toString(),
        QJsonDocument::fromJson("[" + reason + "]").array().at(0).toString());
    const QJsonObject story = m_client->get(u"/api/stories/v0.1%3A1.1.1"_s).json();
    QCOMPARE(story.value(u"running"_s).toBool(), false);
    QCOMPARE(run(u"stop"_s, kStory).status, 409); // a complete story does not run

    // The sequence the second client saw.
    QString expected = u": connected\n\n"_s;
    const auto event = [&expected](const QString &type, const QJsonObject &data) {
        expected += u"event: %1\ndata: %2\n\n"_s.arg(type, QString::fromUtf8(compact(data)));
    };
    const auto handoff = [&](qint64 id, const QString &status) {
        event(u"handoff"_s, { { u"handoffId"_s, id }, { u"status"_s, status }, { u"storyId"_s, kStory } });
    };
    const qint64 base = first.value(u"id"_s).toInteger();
    handoff(base, u"pending"_s);
    event(u"run"_s, { { u"status"_s, u"running"_s }, { u"storyId"_s, kStory } });
    handoff(base, u"accepted"_s);
    handoff(base + 1, u"pending"_s);
    handoff(base + 1, u"accepted"_s);
    handoff(base + 2, u"pending"_s);
    handoff(base + 2, u"rejected"_s);
    for (qint64 id = base + 3; id <= base + 5; ++id) {
        handoff(id, u"pending"_s);
        handoff(id, u"accepted"_s);
    }
    handoff(base + 6, u"pending"_s);
    handoff(base + 6, u"accepted"_s);
    QCOMPARE(events(int(expected.count(u"\ndata: "_s))), expected);
}

void TestOutsideAgents::startAndStop()
{
    PipelineViewModel window(&m_harness->repository());
    window.setConversation(m_story);
    watchEvents();
    QCOMPARE(run(u"stop"_s, kStory).status, 409); // nothing runs yet
    QCOMPARE(run(u"start"_s, m_story).status, 201); // the conversation's id names the story too
    QCOMPARE(window.currentAgent(), u"analyst"_s);

    const ApiClient::Response stopped = run(u"stop"_s, kStory);
    QVERIFY2(stopped.status == 200, qPrintable(stopped.describe()));
    QCOMPARE(stopped.json(),
        (QJsonObject { { u"storyId"_s, kStory }, { u"status"_s, u"stopped"_s }, { u"cancelled"_s, 1 } }));
    QVERIFY(board().value(u"phase"_s).isNull());
    QVERIFY(window.phase().isEmpty()); // the window follows at once
    QCOMPARE(board().value(u"handoffs"_s).toArray().at(0)[u"status"_s].toString(), u"cancelled"_s);

    // Stopped, it starts again; an accepted start is stopped with nothing left to cancel.
    const ApiClient::Response restarted = run(u"start"_s, kStory);
    QCOMPARE(restarted.status, 201);
    const qint64 second = restarted.json()[u"handoff"_s][u"id"_s].toInteger();
    QCOMPARE(m_client->post({ { u"action"_s, u"accept"_s }, { u"handoffId"_s, second } }).status, 200);
    QCOMPARE(window.phase(), u"analyzing"_s);
    const ApiClient::Response quiet = run(u"stop"_s, kStory);
    QCOMPARE(quiet.status, 200);
    QCOMPARE(quiet.json().value(u"cancelled"_s).toInt(), 0);
    QVERIFY(window.phase().isEmpty());

    const QString runEvent = u"event: run\ndata: {\"status\":\"%1\",\"storyId\":\"v0.1:1.1.1\"}\n\n"_s;
    const QString handoff
        = u"event: handoff\ndata: {\"handoffId\":%1,\"status\":\"%2\",\"storyId\":\"v0.1:1.1.1\"}\n\n"_s;
    const QString first = QString::number(second - 1);
    const QString expected = u": connected\n\n"_s + handoff.arg(first, u"pending"_s) + runEvent.arg(u"running"_s)
        + handoff.arg(first, u"cancelled"_s) + runEvent.arg(u"stopped"_s) + handoff.arg(second).arg(u"pending"_s)
        + runEvent.arg(u"running"_s) + handoff.arg(second).arg(u"accepted"_s) + runEvent.arg(u"stopped"_s);
    QCOMPARE(events(8), expected);
}

void TestOutsideAgents::startSweepsStaleHandoffsFirst()
{
    // Another story's start was never taken up, 31 minutes ago.
    const qint64 other = m_harness->repository().createStoryConversation(Conversation::Mode::Pipeline, u"STORY-7"_s);
    QVERIFY(other > 0);
    const ApiClient::Response old = run(u"start"_s, u"STORY-7"_s);
    QCOMPARE(old.status, 201);
    const qint64 stale = old.json()[u"handoff"_s][u"id"_s].toInteger();
    QSqlQuery query(m_harness->db());
    QVERIFY(query.prepare(u"UPDATE handoffs SET created_at = ? WHERE id = ?"_s));
    query.addBindValue(QDateTime::currentDateTimeUtc().addSecs(-31 * 60).toString(Qt::ISODate));
    query.addBindValue(stale);
    QVERIFY(query.exec());
    watchEvents();

    QCOMPARE(run(u"start"_s, kStory).status, 201);
    const QString expected
        = u": connected\n\n"
          "event: handoff\ndata: {\"handoffId\":%1,\"status\":\"timed_out\",\"storyId\":\"STORY-7\"}\n\n"
          "event: handoff\ndata: {\"handoffId\":%2,\"status\":\"pending\",\"storyId\":\"v0.1:1.1.1\"}\n\n"
          "event: run\ndata: {\"status\":\"running\",\"storyId\":\"v0.1:1.1.1\"}\n\n"_s.arg(stale)
              .arg(stale + 1);
    QCOMPARE(events(3), expected);
}

void TestOutsideAgents::unknownStoryAndBadRequests_data()
{
    QTest::addColumn<QByteArray>("body");
    QTest::addColumn<int>("status");
    QTest::addColumn<QString>("error");
    QTest::newRow("unknown story") << R"({"action": "start", "storyId": "STORY-404"})"_ba << 404
                                   << u"There is no story “STORY-404”: no conversation was created for that story id "
                                      "or has it as its id."_s;
    QTest::newRow("unknown story, stop") << R"({"action": "stop", "storyId": 4242})"_ba << 404
                                         << u"There is no story “4242”: no conversation was created for that story id "
                                            "or has it as its id."_s;
    QTest::newRow("no action") << R"({"storyId": "v0.1:1.1.1"})"_ba << 400
                               << u"Say what to do: action is start or stop."_s;
    QTest::newRow("unknown action") << R"({"action": "pause", "storyId": "v0.1:1.1.1"})"_ba << 400
                                    << u"Unknown action “pause”: use start or stop."_s;
    QTest::newRow("no story") << R"({"action": "start"})"_ba << 400
                              << u"start needs storyId (a story's id or a conversation's id)."_s;
    QTest::newRow("payload no object") << R"({"action": "start", "storyId": "v0.1:1.1.1", "payload": 3})"_ba << 400
                                       << u"payload must be a JSON object, such as {\"story\": \"…\"}."_s;
}

void TestOutsideAgents::unknownStoryAndBadRequests()
{
    QFETCH(QByteArray, body);
    QFETCH(int, status);
    QFETCH(QString, error);
    const ApiClient::Response answer = m_client->request("POST", u"/api/run"_s, body);
    QCOMPARE(answer.status, status);
    QCOMPARE(answer.json().value(u"error"_s).toString(), error);
    QCOMPARE(m_client->request("GET", u"/api/run"_s).status, 405);
    QCOMPARE(m_client->get(u"/api/stories/STORY-404"_s).status, 404);
    QVERIFY(board().value(u"handoffs"_s).toArray().isEmpty()); // nothing was started
}

void TestOutsideAgents::theCliStartsAndStopsToo()
{
    // `tandem story` is POST /api/run from the command line, in another process on the same database.
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.insert(u"XDG_CONFIG_HOME"_s, m_dir->filePath(u"config"_s));
    environment.insert(u"LC_ALL"_s, u"C"_s);
    environment.remove(u"DISPLAY"_s);
    const auto tandem = [&](const QStringList &arguments) {
        return ChildProcess::run(QStringLiteral(TANDEM_EXECUTABLE),
            QStringList { u"--data-dir"_s, m_harness->database().folder(), u"story"_s } + arguments, environment);
    };
    const ChildProcess::Result started
        = tandem({ u"start"_s, u"--story"_s, kStory, u"--payload"_s, u"{\"story\": \"Remember me\"}"_s, u"--json"_s });
    QVERIFY2(started.succeeded(), qPrintable(started.describe()));
    const QJsonObject answer = QJsonDocument::fromJson(started.out).object();
    QCOMPARE(answer.value(u"status"_s).toString(), u"running"_s);
    QCOMPARE(answer[u"handoff"_s][u"payload"_s].toObject(), (QJsonObject { { u"story"_s, u"Remember me"_s } }));
    QCOMPARE(board().value(u"phase"_s).toString(), u"analyzing"_s);

    const ChildProcess::Result twice = tandem({ u"start"_s, u"--story"_s, kStory });
    QCOMPARE(twice.exitCode, 2);
    QVERIFY2(twice.err.contains("running already"), twice.err.constData());
    const ChildProcess::Result stopped = tandem({ u"stop"_s, u"--conversation"_s, QString::number(m_story) });
    QVERIFY2(stopped.succeeded(), qPrintable(stopped.describe()));
    QCOMPARE(stopped.text(), u"Story v0.1:1.1.1 stopped; 1 pending handoff cancelled.\n"_s);
    QVERIFY(board().value(u"phase"_s).isNull());
    const ChildProcess::Result unknown = tandem({ u"stop"_s, u"--story"_s, u"STORY-404"_s });
    QCOMPARE(unknown.exitCode, 2);
    QVERIFY(unknown.err.contains("There is no story STORY-404."));
}

QTEST_GUILESS_MAIN(TestOutsideAgents)
#include "tst_outsideagents.moc"
