// The orchestrator's own provider and model in router mode (issue #27 item 7): its classification and its combined
// answer are its model calls like any agent's, so they go where its file says (AgentProviders), while a specialist
// that names none stays on the conversation's provider. Two fake LLM servers on loopback are the two providers, on
// both protocols. A provider the orchestrator names that does not exist refuses the run before any request, and once
// it is added in the settings the next turn goes to it, without reading the agent files again or restarting.
#include "EngineHarness.h"
#include "agents/AgentCatalog.h"
#include "agents/AgentFileWriter.h"
#include "chat/LocalSettingsService.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QSettings>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace Tandem;
using namespace Tandem::Test;

Q_DECLARE_METATYPE(Tandem::ProviderProfile::Protocol)

namespace {

const QString kMessage = u"Create a task for the demo and what is overdue?"_s;

ScriptedReply classified(const QStringList &agents)
{
    const QJsonObject answer { { u"agent"_s, agents.first() }, { u"agents"_s, QJsonArray::fromStringList(agents) },
        { u"confidence"_s, 0.9 }, { u"reason"_s, u"fits"_s } };
    return ScriptedReply::text({ QString::fromUtf8(QJsonDocument(answer).toJson(QJsonDocument::Compact)) });
}

QList<RecordedRequest> modelRequests(const FakeLlmServer &server)
{
    QList<RecordedRequest> result;
    const QList<RecordedRequest> all = server.requests();
    for (const RecordedRequest &request : all)
        if (request.path == u"/v1/responses" || request.path == u"/v1/chat/completions")
            result << request;
    return result;
}

ProviderProfile profile(const QString &id, const QString &name, ProviderProfile::Protocol protocol, const QUrl &url)
{
    ProviderProfile p;
    p.id = id;
    p.name = name;
    p.protocol = protocol;
    p.baseUrl = url;
    p.defaultModel = u"beta-default"_s;
    return p;
}

/// An agents folder whose orchestrator file names the provider @p provider and no model.
bool writeOrchestrator(const QTemporaryDir &folder, const QString &provider)
{
    std::optional<Agent> orchestrator = AgentCatalog::shipped(u"orchestrator"_s);
    if (!orchestrator)
        return false;
    orchestrator->providerId = provider;
    orchestrator->model.clear();
    QString error;
    return AgentFileWriter::write(*orchestrator, folder.filePath(u"orchestrator.md"_s), &error);
}

} // namespace

class TestRouterProvider : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void init();
    void cleanup();
    void orchestratorCallsGoToItsProvider_data() { protocols(); }
    void orchestratorCallsGoToItsProvider();
    void evaluationClassifiesOnTheOrchestratorsProvider_data() { protocols(); }
    void evaluationClassifiesOnTheOrchestratorsProvider();
    void unknownProviderRefusesBeforeTheClassifier_data() { protocols(); }
    void unknownProviderRefusesBeforeTheClassifier();
    void providerAddedInSettingsIsUsedNextTurn_data() { protocols(); }
    void providerAddedInSettingsIsUsedNextTurn();
    void providerRenamedInSettingsIsResolvedAgain_data() { protocols(); }
    void providerRenamedInSettingsIsResolvedAgain();

private:
    static void protocols()
    {
        QTest::addColumn<ProviderProfile::Protocol>("protocol");
        QTest::newRow("responses") << ProviderProfile::Protocol::Responses;
        QTest::newRow("chat") << ProviderProfile::Protocol::ChatCompletions;
    }
};

void TestRouterProvider::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(u"Tandem"_s);
    QCoreApplication::setApplicationName(u"tandem-routerprovider-test"_s);
}

void TestRouterProvider::init()
{
    QSettings().clear(); // the settings service stores its default provider there
}

void TestRouterProvider::cleanup()
{
    QSettings().clear();
    const QStringList problems = EngineHarness::takeSpecProblems();
    QVERIFY2(problems.isEmpty(), qPrintable(problems.join(u'\n')));
}

void TestRouterProvider::orchestratorCallsGoToItsProvider()
{
    QFETCH(ProviderProfile::Protocol, protocol);
    EngineHarness h(protocol);
    FakeLlmServer other;
    QVERIFY(h.isReady());
    QVERIFY(other.isListening());
    QVERIFY(h.work().providers().save(profile(u"beta"_s, u"Beta"_s, protocol, other.baseUrl())).ok());
    h.repository().setApiKey(u"beta"_s, u"sk-beta"_s);
    std::optional<Agent> orchestrator = h.work().agents().get(u"orchestrator"_s);
    QVERIFY(orchestrator);
    orchestrator->providerId = u"beta"_s;
    orchestrator->model = u"model-m"_s;
    QVERIFY(h.saveAgent(*orchestrator));
    other.enqueue(classified({ u"task"_s, u"tracking"_s }));
    h.server().enqueue(ScriptedReply::text({ u"Task answer"_s }).expectUserText(kMessage));
    h.server().enqueue(ScriptedReply::text({ u"Tracking answer"_s }).expectUserText(kMessage));
    other.enqueue(ScriptedReply::text({ u"Combined answer"_s }).expectUserText(kMessage));
    const qint64 id = h.createConversation(Conversation::Mode::Router);
    QVERIFY(h.repository().setProvider(id, u"fake"_s, u"conversation-model"_s));

    QString message;
    QCOMPARE(h.sendAndWait(id, kMessage, &message), RunOutcome::Completed);

    // The classification and the combination at B with model M and B's key; the specialists at A, with A's.
    const QList<RecordedRequest> atB = modelRequests(other);
    QCOMPARE(atB.size(), 2);
    for (const RecordedRequest &request : atB) {
        QCOMPARE(request.json.value(u"model"_s).toString(), u"model-m"_s);
        QCOMPARE(request.header(u"authorization"_s), u"Bearer sk-beta"_s);
    }
    QVERIFY(atB[0].instructions().contains(u"Agents:"_s));
    QVERIFY(atB[1].instructions().contains(u"Task answer"_s));
    QVERIFY(atB[1].instructions().contains(u"Tracking answer"_s));
    const QList<RecordedRequest> atA = h.modelRequests();
    QCOMPARE(atA.size(), 2);
    for (const RecordedRequest &request : atA) {
        QCOMPARE(request.json.value(u"model"_s).toString(), u"conversation-model"_s);
        QCOMPARE(request.header(u"authorization"_s), u"Bearer sk-test"_s);
    }
    const QList<Message> rows = h.rows(id);
    QCOMPARE(rows.last().agentId, u"orchestrator"_s);
    QCOMPARE(rows.last().content, u"Combined answer"_s);
    QVERIFY2(other.takeViolations().isEmpty(), "the orchestrator's server refused a request");
}

void TestRouterProvider::evaluationClassifiesOnTheOrchestratorsProvider()
{
    // tandem eval-routing's classification, outside any conversation: the orchestrator's provider too.
    QFETCH(ProviderProfile::Protocol, protocol);
    EngineHarness h(protocol);
    FakeLlmServer other;
    QVERIFY(h.isReady());
    QVERIFY(other.isListening());
    QVERIFY(h.work().providers().save(profile(u"beta"_s, u"Beta"_s, protocol, other.baseUrl())).ok());
    h.repository().setApiKey(u"beta"_s, u"sk-beta"_s);
    std::optional<Agent> orchestrator = h.work().agents().get(u"orchestrator"_s);
    QVERIFY(orchestrator);
    orchestrator->providerId = u"beta"_s;
    orchestrator->model = u"model-m"_s;
    QVERIFY(h.saveAgent(*orchestrator));
    other.enqueue(classified({ u"tracking"_s }));

    std::optional<RoutingDecision> decision;
    h.repository().classify(kMessage, [&decision](const RoutingDecision &result) { decision = result; });
    QTRY_VERIFY(decision.has_value());

    QVERIFY2(decision->error.isEmpty(), qPrintable(decision->error));
    QCOMPARE(decision->agentId, u"tracking"_s);
    const QList<RecordedRequest> atB = modelRequests(other);
    QCOMPARE(atB.size(), 1);
    QCOMPARE(atB[0].json.value(u"model"_s).toString(), u"model-m"_s);
    QCOMPARE(atB[0].header(u"authorization"_s), u"Bearer sk-beta"_s);
    QCOMPARE(h.modelRequests().size(), 0);
}

void TestRouterProvider::unknownProviderRefusesBeforeTheClassifier()
{
    QFETCH(ProviderProfile::Protocol, protocol);
    QTemporaryDir folder;
    QVERIFY(folder.isValid());
    QVERIFY(writeOrchestrator(folder, u"nowhere"_s));
    EngineConfig config = EngineHarness::testConfig();
    config.agentsFolder = folder.path();
    EngineHarness h(protocol, config);
    QVERIFY(h.isReady());
    const qint64 id = h.createConversation(Conversation::Mode::Router);

    QString message;
    QCOMPARE(h.sendAndWait(id, kMessage, &message), RunOutcome::Failed);
    QVERIFY2(message.contains(u"“nowhere”"_s), qPrintable(message));
    QVERIFY2(message.contains(u"not one of the configured providers"_s), qPrintable(message));
    QCOMPARE(h.modelRequests().size(), 0);
    // The person's message is kept, and the failure below it, marked as the orchestrator's error.
    const QList<Message> rows = h.rows(id);
    QCOMPARE(rows.size(), 2);
    QCOMPARE(rows[0].role, Message::Role::User);
    QCOMPARE(rows[0].content, kMessage);
    QCOMPARE(rows[1].kind, Message::Kind::Error);
    QCOMPARE(rows[1].content, message);
    QCOMPARE(rows[1].agentId, u"orchestrator"_s);
}

void TestRouterProvider::providerAddedInSettingsIsUsedNextTurn()
{
    QFETCH(ProviderProfile::Protocol, protocol);
    QTemporaryDir folder;
    QVERIFY(folder.isValid());
    QVERIFY(writeOrchestrator(folder, u"Beta"_s));
    EngineConfig config = EngineHarness::testConfig();
    config.agentsFolder = folder.path();
    EngineHarness h(protocol, config);
    FakeLlmServer other;
    QVERIFY(h.isReady());
    QVERIFY(other.isListening());
    // As main.cpp wires them: the settings' changes reach the engine.
    LocalSettingsService settings(&h.work(), nullptr, nullptr);
    h.repository().followSettings(&settings);
    const qint64 id = h.createConversation(Conversation::Mode::Router);
    QVERIFY(h.repository().setProvider(id, u"fake"_s, u"conversation-model"_s));

    QCOMPARE(h.sendAndWait(id, u"First"_s), RunOutcome::Failed);
    QCOMPARE(h.modelRequests().size(), 0);

    // Added by name as the file says it; its id is the settings' own.
    const QString beta = settings.saveProvider(profile({}, u"Beta"_s, protocol, other.baseUrl()));
    QVERIFY2(!beta.isEmpty(), qPrintable(settings.lastError()));
    h.repository().setApiKey(beta, u"sk-beta"_s);
    other.enqueue(classified({ u"task"_s }));
    h.server().enqueue(ScriptedReply::text({ u"Task answer"_s }).expectUserText(u"Second"_s));

    QString message;
    QCOMPARE(h.sendAndWait(id, u"Second"_s, &message), RunOutcome::Completed);

    // The orchestrator names no model: its provider's default, not the conversation's (the other provider's) model.
    const QList<RecordedRequest> atB = modelRequests(other);
    QCOMPARE(atB.size(), 1);
    QCOMPARE(atB[0].json.value(u"model"_s).toString(), u"beta-default"_s);
    QCOMPARE(atB[0].header(u"authorization"_s), u"Bearer sk-beta"_s);
    const QList<RecordedRequest> atA = h.modelRequests();
    QCOMPARE(atA.size(), 1);
    QCOMPARE(atA[0].json.value(u"model"_s).toString(), u"conversation-model"_s);
    QCOMPARE(h.repository().effectiveModel(id, u"orchestrator"_s), u"beta-default"_s);
}

void TestRouterProvider::providerRenamedInSettingsIsResolvedAgain()
{
    QFETCH(ProviderProfile::Protocol, protocol);
    QTemporaryDir folder;
    QVERIFY(folder.isValid());
    QVERIFY(writeOrchestrator(folder, u"Beta"_s));
    EngineConfig config = EngineHarness::testConfig();
    config.agentsFolder = folder.path();
    EngineHarness h(protocol, config);
    FakeLlmServer other;
    QVERIFY(h.isReady());
    QVERIFY(other.isListening());
    // Configured when the files are read (at start): the stored orchestrator keeps the provider's id.
    QVERIFY(h.work().providers().save(profile(u"beta"_s, u"Beta"_s, protocol, other.baseUrl())).ok());
    h.restart();
    LocalSettingsService settings(&h.work(), nullptr, nullptr);
    h.repository().followSettings(&settings);
    h.repository().setApiKey(u"beta"_s, u"sk-beta"_s);
    const qint64 id = h.createConversation(Conversation::Mode::Router);
    QVERIFY(h.repository().setProvider(id, u"fake"_s, u"conversation-model"_s));
    other.enqueue(classified({ u"task"_s }));
    h.server().enqueue(ScriptedReply::text({ u"Task answer"_s }).expectUserText(u"First"_s));
    QCOMPARE(h.sendAndWait(id, u"First"_s), RunOutcome::Completed);
    QCOMPARE(modelRequests(other).size(), 1);

    // Renamed: no provider is called “Beta” any more, so the file's orchestrator is refused, as after a restart.
    std::optional<ProviderProfile> renamed = h.work().providers().get(u"beta"_s);
    QVERIFY(renamed);
    renamed->name = u"Gamma"_s;
    QCOMPARE(settings.saveProvider(*renamed), u"beta"_s);
    QString message;
    QCOMPARE(h.sendAndWait(id, u"Second"_s, &message), RunOutcome::Failed);
    QVERIFY2(message.contains(u"“Beta”"_s), qPrintable(message));
    QCOMPARE(modelRequests(other).size(), 1);
    QCOMPARE(h.modelRequests().size(), 1);
}

QTEST_GUILESS_MAIN(TestRouterProvider)
#include "tst_routerprovider.moc"
