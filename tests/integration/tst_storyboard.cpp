// Seed 002 to the letter for outside agents (issue #27): story ids are the seed's text ids (`v0.1:1.1.1`), through the
// local API over loopback and the real `tandem` executable; the phase takes the seed's words and follows the work back
// on a reject, a timeout and a cleanup as the engine's own rejection does; a payload comes back exactly as posted.
#include "ApiClient.h"
#include "ChildProcess.h"
#include "EngineHarness.h"
#include "FakeLlmServer.h"
#include "api/ApiServer.h"
#include "chat/LocalChatRepository.h"
#include "storage/Database.h"
#include "storage/Schema.h"
#include "storage/UnitOfWork.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QSqlDatabase>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace Tandem;
using namespace Tandem::Test;

namespace {

const QString kToken = u"test-token-0123456789"_s;
const QString kStory = u"v0.1:1.1.1"_s;

struct Outcome
{
    int exitCode = -1;
    QString out;
    QString err;
};

} // namespace

class TestStoryBoard : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void cleanup();
    void storyIdsThroughTheApi();
    void unknownStoryIsNotFound_data();
    void unknownStoryIsNotFound();
    void payloadComesBackAsPosted();
    void phaseFollowsTheWorkBack_data();
    void phaseFollowsTheWorkBack();
    void storyIdsThroughTheCli();
    void storedPhasesTakeTheSeedsWords();

private:
    ApiClient::Response create(
        const QString &story, const QString &from, const QString &to, const QJsonObject &payload = {}) const;
    QJsonObject state(const QString &story) const;
    Outcome tandem(const QString &dataDir, const QStringList &arguments) const;

    std::unique_ptr<EngineHarness> m_harness;
    std::unique_ptr<ApiServer> m_server;
    std::unique_ptr<ApiClient> m_client;
    qint64 m_conversation = 0;
    QTemporaryDir m_dir;
};

void TestStoryBoard::init()
{
    m_harness = std::make_unique<EngineHarness>(ProviderProfile::Protocol::ChatCompletions);
    QVERIFY(m_harness->isReady());
    m_conversation = m_harness->repository().createStoryConversation(Conversation::Mode::Pipeline, kStory);
    QVERIFY(m_conversation > 0);
    m_server = std::make_unique<ApiServer>(m_harness->repository());
    m_server->setToken(kToken);
    QVERIFY2(m_server->listen(0), qPrintable(m_server->errorString()));
    m_client = std::make_unique<ApiClient>(m_server->port(), kToken);
}

void TestStoryBoard::cleanup()
{
    m_client.reset();
    m_server.reset();
    m_harness.reset();
}

ApiClient::Response TestStoryBoard::create(
    const QString &story, const QString &from, const QString &to, const QJsonObject &payload) const
{
    QJsonObject body { { u"action"_s, u"create"_s }, { u"storyId"_s, story }, { u"fromAgent"_s, from },
        { u"toAgent"_s, to } };
    if (!payload.isEmpty())
        body.insert(u"payload"_s, payload);
    return m_client->post(body);
}

QJsonObject TestStoryBoard::state(const QString &story) const
{
    const ApiClient::Response answer
        = m_client->get(u"/api/handoffs?storyId=%1"_s.arg(QString::fromUtf8(QUrl::toPercentEncoding(story))));
    if (answer.status != 200)
        qWarning().noquote() << answer.describe();
    return answer.json();
}

Outcome TestStoryBoard::tandem(const QString &dataDir, const QStringList &arguments) const
{
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.remove(u"DISPLAY"_s);
    environment.insert(u"XDG_CONFIG_HOME"_s, m_dir.filePath(u"config"_s));
    environment.remove(u"QT_LOGGING_RULES"_s);
    const ChildProcess::Result result = ChildProcess::run(
        QStringLiteral(TANDEM_EXECUTABLE), QStringList { u"--data-dir"_s, dataDir } + arguments, environment, 30000);
    return { result.finished ? result.exitCode : -2, QString::fromUtf8(result.out), QString::fromUtf8(result.err) };
}

void TestStoryBoard::storyIdsThroughTheApi()
{
    // The seed's own story id names the conversation created for it, in every answer.
    const ApiClient::Response start = create(kStory, u"orchestrator"_s, u"analyst"_s);
    QVERIFY2(start.status == 201, qPrintable(start.describe()));
    QCOMPARE(start.json()[u"handoff"_s][u"story_id"_s].toString(), kStory);
    const ApiClient::Response pending = m_client->get(
        u"/api/handoffs?storyId=%1&agent=analyst"_s.arg(QString::fromUtf8(QUrl::toPercentEncoding(kStory))));
    QCOMPARE(pending.status, 200);
    QCOMPARE(pending.json()[u"handoff"_s][u"story_id"_s].toString(), kStory);
    QCOMPARE(m_client->post({ { u"action"_s, u"accept"_s }, { u"handoffId"_s, start.json()[u"handoff"_s][u"id"_s] } })
                 .status,
        200);
    QJsonObject board = state(kStory);
    QCOMPARE(board.value(u"currentAgent"_s).toString(), u"analyst"_s);
    QCOMPARE(board.value(u"phase"_s).toString(), u"analyzing"_s);
    QCOMPARE(board.value(u"handoffs"_s).toArray().at(0)[u"story_id"_s].toString(), kStory);

    // The seed's example: the implementer holds the work, the phase is "implementing".
    const ApiClient::Response plan = create(kStory, u"analyst"_s, u"implementer"_s, { { u"plan"_s, u"…"_s } });
    QCOMPARE(plan.status, 201);
    board = state(kStory);
    QCOMPARE(board.value(u"currentAgent"_s).toString(), u"implementer"_s);
    QCOMPARE(board.value(u"phase"_s).toString(), u"implementing"_s);

    // The conversation's integer id still names it.
    const QJsonObject byId = state(QString::number(m_conversation));
    QCOMPARE(byId.value(u"handoffs"_s).toArray().size(), 2);
    QCOMPARE(byId.value(u"handoffs"_s).toArray().at(1)[u"story_id"_s].toString(), kStory);
    const ApiClient::Response cleaned = m_client->post({ { u"action"_s, u"cleanup"_s }, { u"storyId"_s, kStory } });
    QCOMPARE(cleaned.status, 200);
    QCOMPARE(cleaned.json().value(u"cleaned"_s).toInt(), 1);

    // One conversation per story.
    QCOMPARE(m_harness->repository().createStoryConversation(Conversation::Mode::Pipeline, kStory), 0);
}

void TestStoryBoard::unknownStoryIsNotFound_data()
{
    QTest::addColumn<QByteArray>("method");
    QTest::addColumn<QString>("story");
    QTest::newRow("state") << "GET"_ba << u"v9.9:9.9.9"_s;
    QTest::newRow("state, unknown number") << "GET"_ba << u"4242"_s;
    QTest::newRow("create") << "create"_ba << u"STORY-7"_s;
    QTest::newRow("cleanup") << "cleanup"_ba << u"STORY-7"_s;
}

void TestStoryBoard::unknownStoryIsNotFound()
{
    QFETCH(QByteArray, method);
    QFETCH(QString, story);
    ApiClient::Response answer;
    if (method == "GET")
        answer = m_client->get(u"/api/handoffs?storyId=%1"_s.arg(story));
    else if (method == "create")
        answer = create(story, u"orchestrator"_s, u"analyst"_s);
    else
        answer = m_client->post({ { u"action"_s, u"cleanup"_s }, { u"storyId"_s, story } });
    QCOMPARE(answer.status, 404);
    const QString error = answer.json().value(u"error"_s).toString();
    QVERIFY2(error.startsWith(u"There is no story “%1”"_s.arg(story)) && error.endsWith(u'.'),
        qPrintable(answer.describe()));
}

void TestStoryBoard::payloadComesBackAsPosted()
{
    const QJsonObject payload { { u"story"_s, QJsonObject { { u"title"_s, u"Remember me"_s }, { u"points"_s, 3 } } },
        { u"plan"_s, QJsonArray { u"a checkbox"_s, u"a cookie"_s } } };
    const ApiClient::Response created = create(kStory, u"orchestrator"_s, u"analyst"_s, payload);
    QCOMPARE(created.status, 201);
    QCOMPARE(created.json()[u"handoff"_s][u"payload"_s].toObject(), payload);
    QCOMPARE(state(kStory).value(u"handoffs"_s).toArray().at(0)[u"payload"_s].toObject(), payload);
}

void TestStoryBoard::phaseFollowsTheWorkBack_data()
{
    QTest::addColumn<QString>("action");
    QTest::newRow("reject") << u"reject"_s;
    QTest::newRow("timeout") << u"timeout"_s;
    QTest::newRow("cleanup") << u"cleanup"_s;
}

void TestStoryBoard::phaseFollowsTheWorkBack()
{
    // As after the engine's own rejection (HandoffExecutor::reject): the source holds the work, in its phase.
    QFETCH(QString, action);
    for (const auto &[from, to] :
        { std::pair { u"orchestrator"_s, u"analyst"_s }, std::pair { u"analyst"_s, u"implementer"_s } }) {
        const ApiClient::Response made = create(kStory, from, to);
        QCOMPARE(made.status, 201);
        QCOMPARE(
            m_client->post({ { u"action"_s, u"accept"_s }, { u"handoffId"_s, made.json()[u"handoff"_s][u"id"_s] } })
                .status,
            200);
    }
    const ApiClient::Response review = create(kStory, u"implementer"_s, u"reviewer"_s);
    QCOMPARE(review.status, 201);
    QCOMPARE(state(kStory).value(u"phase"_s).toString(), u"reviewing"_s);
    QJsonObject body { { u"action"_s, action } };
    if (action == u"cleanup")
        body.insert(u"storyId"_s, kStory);
    else
        body.insert(u"handoffId"_s, review.json()[u"handoff"_s][u"id"_s]);
    if (action == u"reject")
        body.insert(u"reason"_s, u"Tests failing"_s);
    const ApiClient::Response answer = m_client->post(body);
    QVERIFY2(answer.status == 200, qPrintable(answer.describe()));
    const QJsonObject board = state(kStory);
    QCOMPARE(board.value(u"currentAgent"_s).toString(), u"implementer"_s);
    QCOMPARE(board.value(u"phase"_s).toString(), u"implementing"_s);
}

void TestStoryBoard::storyIdsThroughTheCli()
{
    FakeLlmServer llm;
    QVERIFY(llm.isListening());
    const QString data = m_dir.filePath(u"cli"_s);
    const QString story = u"STORY-7"_s;
    // A conversation is created for the story on its first turn; STORY_ID is that id.
    llm.enqueue(ScriptedReply::text({ u"Reading the story."_s }));
    const Outcome run = tandem(data,
        { u"run"_s, u"--mode"_s, u"pipeline"_s, u"--story"_s, story, u"--provider"_s, llm.baseUrl().toString(),
            u"A login form"_s });
    QVERIFY2(run.exitCode == 0, qPrintable(run.err + run.out));
    const QStringList unknown = { u"handoffs"_s, u"--story"_s, u"STORY-8"_s };
    const Outcome missing = tandem(data, unknown);
    QCOMPARE(missing.exitCode, 2);
    QVERIFY2(missing.err.contains(u"There is no story STORY-8."_s), qPrintable(missing.err));

    const Outcome created = tandem(data,
        { u"handoff"_s, u"create"_s, u"--story"_s, story, u"--from"_s, u"analyst"_s, u"--to"_s, u"implementer"_s,
            u"--payload"_s, u"{\"plan\": \"Add tests\"}"_s, u"--json"_s });
    QVERIFY2(created.exitCode == 0, qPrintable(created.err));
    const QJsonObject handoff = QJsonDocument::fromJson(created.out.toUtf8()).object();
    QCOMPARE(handoff.value(u"story_id"_s).toString(), story);
    QCOMPARE(handoff.value(u"payload"_s).toObject(), (QJsonObject { { u"plan"_s, u"Add tests"_s } }));
    Outcome board = tandem(data, { u"handoffs"_s, u"--story"_s, story, u"--json"_s });
    QCOMPARE(board.exitCode, 0);
    QJsonObject json = QJsonDocument::fromJson(board.out.toUtf8()).object();
    QCOMPARE(json.value(u"phase"_s).toString(), u"implementing"_s);

    // A rejection from the command line gives the engine's state: back with the analyst, analyzing.
    const Outcome rejected = tandem(data,
        { u"handoff"_s, u"reject"_s, QString::number(handoff.value(u"id"_s).toInteger()), u"--reason"_s,
            u"No tests"_s });
    QVERIFY2(rejected.exitCode == 0, qPrintable(rejected.err));
    board = tandem(data, { u"handoffs"_s, u"--story"_s, story, u"--json"_s });
    json = QJsonDocument::fromJson(board.out.toUtf8()).object();
    QCOMPARE(json.value(u"currentAgent"_s).toString(), u"analyst"_s);
    QCOMPARE(json.value(u"phase"_s).toString(), u"analyzing"_s);
    const Outcome text = tandem(data, { u"handoffs"_s, u"--story"_s, story });
    QVERIFY2(text.out.contains(u"Story STORY-7"_s) && text.out.contains(u"with analyst · phase analyzing"_s),
        qPrintable(text.out));

    // The JSON export carries the story id; an import into another database answers to it.
    const QString file = m_dir.filePath(u"story.json"_s);
    const Outcome exported = tandem(data, { u"export"_s, u"--all"_s, u"--format"_s, u"json"_s, u"-o"_s, file });
    QVERIFY2(exported.exitCode == 0, qPrintable(exported.err));
    const QString other = m_dir.filePath(u"other"_s);
    const Outcome imported = tandem(other, { u"import"_s, file });
    QVERIFY2(imported.exitCode == 0, qPrintable(imported.err));
    board = tandem(other, { u"handoffs"_s, u"--story"_s, story, u"--json"_s });
    QVERIFY2(board.exitCode == 0, qPrintable(board.err));
    json = QJsonDocument::fromJson(board.out.toUtf8()).object();
    QCOMPARE(json.value(u"handoffs"_s).toArray().at(0)[u"story_id"_s].toString(), story);
    QCOMPARE(json.value(u"phase"_s).toString(), u"analyzing"_s);
}

void TestStoryBoard::storedPhasesTakeTheSeedsWords()
{
    // A file at version 8, as Tandem left it with the old phase names, opens with the seed's words and no story ids.
    const QString path = m_dir.filePath(u"v8.sqlite"_s);
    {
        QSqlDatabase raw = QSqlDatabase::addDatabase(u"QSQLITE"_s, u"v8"_s);
        raw.setDatabaseName(path);
        QVERIFY(raw.open());
        QSqlQuery query(raw);
        const QList<Migration> migrations = Schema::migrations();
        for (const Migration &migration : migrations)
            if (migration.version <= 8)
                for (const QString &statement : migration.statements)
                    QVERIFY2(query.exec(statement), qPrintable(statement));
        QVERIFY(query.exec(u"PRAGMA user_version = 8"_s));
        const QString now = u"'2026-01-31T10:00:00.000Z'"_s;
        QVERIFY(
            query.exec(u"INSERT INTO conversations (title, mode, created_at, updated_at) VALUES "
                       u"('a', 'pipeline', %1, %1), ('b', 'pipeline', %1, %1), ('c', 'pipeline', %1, %1)"_s.arg(now)));
        QVERIFY(query.exec(u"INSERT INTO variables (conversation_id, name, value, updated_at) VALUES "
                           u"(1, 'pipeline.phase', 'review', %1), (2, 'pipeline.phase', 'complete', %1), "
                           u"(3, 'pipeline.phase', 'implementation', %1), (3, 'REVIEW', 'review', %1)"_s.arg(now)));
    }
    QSqlDatabase::removeDatabase(u"v8"_s);
    Database database;
    QVERIFY2(database.open(path), qPrintable(database.errorString()));
    QCOMPARE(database.userVersion(), Schema::currentVersion());
    QCOMPARE(database.work().variables().value(1, u"pipeline.phase"_s), u"reviewing"_s);
    QCOMPARE(database.work().variables().value(2, u"pipeline.phase"_s), u"complete"_s);
    QCOMPARE(database.work().variables().value(3, u"pipeline.phase"_s), u"implementing"_s);
    QCOMPARE(database.work().variables().value(3, u"REVIEW"_s), u"review"_s); // a prompt variable keeps its value
    QVERIFY(database.work().conversations().get(1)->storyId.isEmpty());
}

QTEST_MAIN(TestStoryBoard)
#include "tst_storyboard.moc"
