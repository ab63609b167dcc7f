// An agent's own provider and model (its file's `provider:` and `model:`, issue #27 item 7): two fake LLM servers
// on loopback are two configured providers, and a dual conversation's agents each name one. Each request must reach
// its agent's server, with its agent's model and its provider's key, on both protocols. A provider that does not
// exist, or a remote one without a key, fails the run before any request, the person's message kept.
#include "EngineHarness.h"
#include "agents/AgentCatalog.h"
#include "agents/AgentFileWriter.h"

#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace Tandem;
using namespace Tandem::Test;

Q_DECLARE_METATYPE(Tandem::ProviderProfile::Protocol)

class TestAgentProviders : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void cleanup();
    void eachAgentCallsItsOwnProvider_data();
    void eachAgentCallsItsOwnProvider();
    void ownProviderWithoutModelUsesItsDefault();
    void unknownProviderFailsBeforeTheRequest();
    void remoteProviderWithoutKeyFailsBeforeTheRequest();

private:
    /// Makes @p agentId of the store name @p providerId and @p model.
    static void assign(EngineHarness &h, const QString &agentId, const QString &providerId, const QString &model);
    static QList<RecordedRequest> modelRequests(const FakeLlmServer &server);
    static ProviderProfile profile(
        const QString &id, const QString &name, ProviderProfile::Protocol protocol, const QUrl &baseUrl);
};

void TestAgentProviders::cleanup()
{
    const QStringList problems = EngineHarness::takeSpecProblems();
    QVERIFY2(problems.isEmpty(), qPrintable(problems.join(u'\n')));
}

void TestAgentProviders::assign(
    EngineHarness &h, const QString &agentId, const QString &providerId, const QString &model)
{
    std::optional<Agent> agent = h.work().agents().get(agentId);
    QVERIFY(agent);
    agent->providerId = providerId;
    agent->model = model;
    QVERIFY(h.saveAgent(*agent));
}

QList<RecordedRequest> TestAgentProviders::modelRequests(const FakeLlmServer &server)
{
    QList<RecordedRequest> result;
    const QList<RecordedRequest> all = server.requests();
    for (const RecordedRequest &request : all)
        if (request.path == u"/v1/responses" || request.path == u"/v1/chat/completions")
            result << request;
    return result;
}

ProviderProfile TestAgentProviders::profile(
    const QString &id, const QString &name, ProviderProfile::Protocol protocol, const QUrl &baseUrl)
{
    ProviderProfile p;
    p.id = id;
    p.name = name;
    p.protocol = protocol;
    p.baseUrl = baseUrl;
    p.defaultModel = id + u"-default"_s;
    return p;
}

void TestAgentProviders::eachAgentCallsItsOwnProvider_data()
{
    using P = ProviderProfile::Protocol;
    QTest::addColumn<P>("first");
    QTest::addColumn<P>("second");
    QTest::newRow("responses, responses") << P::Responses << P::Responses;
    QTest::newRow("chat, chat") << P::ChatCompletions << P::ChatCompletions;
    QTest::newRow("responses, chat") << P::Responses << P::ChatCompletions;
    QTest::newRow("chat, responses") << P::ChatCompletions << P::Responses;
}

void TestAgentProviders::eachAgentCallsItsOwnProvider()
{
    QFETCH(ProviderProfile::Protocol, first);
    QFETCH(ProviderProfile::Protocol, second);
    // The conversation's own provider ("fake") is on the first server too, with another model and key: a request
    // that went there instead of to agent 1's provider would show it.
    EngineHarness h(first);
    FakeLlmServer other;
    QVERIFY(h.isReady());
    QVERIFY(other.isListening());
    QVERIFY(h.work().providers().save(profile(u"alpha"_s, u"Alpha"_s, first, h.server().baseUrl())).ok());
    QVERIFY(h.work().providers().save(profile(u"beta"_s, u"Beta Cloud"_s, second, other.baseUrl())).ok());
    h.repository().setApiKey(u"alpha"_s, u"sk-alpha"_s);
    h.repository().setApiKey(u"beta"_s, u"sk-beta"_s);
    assign(h, u"agent1"_s, u"alpha"_s, u"model-x"_s); // by id
    assign(h, u"agent2"_s, u"Beta Cloud"_s, u"model-y"_s); // by name, as a person writes it
    h.server().enqueue(ScriptedReply::text({ u"HANDOFF_AGENT2\nBrief"_s }));
    other.enqueue(ScriptedReply::text({ u"Answer"_s }).expectUserText(u"Brief"_s));
    const qint64 id = h.createConversation(Conversation::Mode::Dual);

    QString message;
    QCOMPARE(h.sendAndWait(id, u"Question"_s, &message), RunOutcome::Completed);

    const QList<RecordedRequest> atFirst = modelRequests(h.server());
    const QList<RecordedRequest> atSecond = modelRequests(other);
    QCOMPARE(atFirst.size(), 1);
    QCOMPARE(atSecond.size(), 1);
    QCOMPARE(atFirst[0].path,
        first == ProviderProfile::Protocol::Responses ? u"/v1/responses"_s : u"/v1/chat/completions"_s);
    QCOMPARE(atSecond[0].path,
        second == ProviderProfile::Protocol::Responses ? u"/v1/responses"_s : u"/v1/chat/completions"_s);
    QCOMPARE(atFirst[0].json.value(u"model"_s).toString(), u"model-x"_s);
    QCOMPARE(atSecond[0].json.value(u"model"_s).toString(), u"model-y"_s);
    QCOMPARE(atFirst[0].header(u"authorization"_s), u"Bearer sk-alpha"_s);
    QCOMPARE(atSecond[0].header(u"authorization"_s), u"Bearer sk-beta"_s);
    QVERIFY(EngineHarness::inputSummary(atSecond[0]).join(u'\n').contains(u"Brief"_s));
    const QList<Message> rows = h.rows(id);
    QCOMPARE(rows.last().agentId, u"agent2"_s);
    QCOMPARE(rows.last().content, u"Answer"_s);
    QVERIFY2(other.takeViolations().isEmpty(), "the second server refused a request");
}

void TestAgentProviders::ownProviderWithoutModelUsesItsDefault()
{
    // The conversation's model belongs to the conversation's provider: agent 1, on a provider of its own and without
    // a model, asks for its provider's default; agent 2, on the conversation's provider, for the conversation's.
    EngineHarness h(ProviderProfile::Protocol::ChatCompletions);
    QVERIFY(h.isReady());
    QVERIFY(h.work()
                .providers()
                .save(profile(u"alpha"_s, u"Alpha"_s, ProviderProfile::Protocol::ChatCompletions, h.server().baseUrl()))
                .ok());
    h.repository().setApiKey(u"alpha"_s, u"sk-alpha"_s);
    assign(h, u"agent1"_s, u"alpha"_s, QString());
    const qint64 id = h.createConversation(Conversation::Mode::Dual);
    QVERIFY(h.repository().setProvider(id, u"fake"_s, u"conversation-model"_s));
    QCOMPARE(h.repository().effectiveModel(id, u"agent1"_s), u"alpha-default"_s);
    QCOMPARE(h.repository().effectiveModel(id, u"agent2"_s), u"conversation-model"_s);
    h.server().enqueue(ScriptedReply::text({ u"HANDOFF_AGENT2\nBrief"_s }));
    h.server().enqueue(ScriptedReply::text({ u"Answer"_s }));

    QCOMPARE(h.sendAndWait(id, u"Question"_s), RunOutcome::Completed);

    const QList<RecordedRequest> requests = h.modelRequests();
    QCOMPARE(requests.size(), 2);
    QCOMPARE(requests[0].json.value(u"model"_s).toString(), u"alpha-default"_s);
    QCOMPARE(requests[0].header(u"authorization"_s), u"Bearer sk-alpha"_s);
    QCOMPARE(requests[1].json.value(u"model"_s).toString(), u"conversation-model"_s);
    QCOMPARE(requests[1].header(u"authorization"_s), u"Bearer sk-test"_s);
}

void TestAgentProviders::unknownProviderFailsBeforeTheRequest()
{
    // The person's file of agent 1 names a provider that is not configured.
    QTemporaryDir folder;
    QVERIFY(folder.isValid());
    std::optional<Agent> agent1 = AgentCatalog::shipped(u"agent1"_s);
    QVERIFY(agent1);
    agent1->providerId = u"nowhere"_s;
    QString error;
    QVERIFY2(AgentFileWriter::write(*agent1, folder.filePath(u"agent1.md"_s), &error), qPrintable(error));
    EngineConfig config = EngineHarness::testConfig();
    config.agentsFolder = folder.path();
    EngineHarness h(ProviderProfile::Protocol::ChatCompletions, config);
    QVERIFY(h.isReady());
    const qint64 id = h.createConversation(Conversation::Mode::Dual);

    QString message;
    QCOMPARE(h.sendAndWait(id, u"Question"_s, &message), RunOutcome::Failed);
    QVERIFY2(message.contains(u"“nowhere”"_s), qPrintable(message));
    QVERIFY2(message.contains(u"not one of the configured providers"_s), qPrintable(message));
    QCOMPARE(h.modelRequests().size(), 0);
    const QList<Message> rows = h.rows(id);
    QVERIFY(!rows.isEmpty());
    QCOMPARE(rows.first().role, Message::Role::User);
    QCOMPARE(rows.first().content, u"Question"_s);
    // The failure is kept and marked: an error row with the sentence, on agent 1.
    QCOMPARE(rows.size(), 2);
    QCOMPARE(rows[1].kind, Message::Kind::Error);
    QCOMPARE(rows[1].content, message);
    QCOMPARE(rows[1].agentId, u"agent1"_s);
}

void TestAgentProviders::remoteProviderWithoutKeyFailsBeforeTheRequest()
{
    EngineHarness h(ProviderProfile::Protocol::ChatCompletions);
    QVERIFY(h.isReady());
    // Not on this machine, and no key anywhere: nothing may leave for it.
    QVERIFY(h.work()
                .providers()
                .save(profile(u"remote"_s, u"Remote"_s, ProviderProfile::Protocol::ChatCompletions,
                    QUrl(u"https://models.invalid/v1"_s)))
                .ok());
    // The agent the run starts with: a handoff to such an agent is refused before it is made (tst_handoffreadiness),
    // so the run's own first agent is where the turn itself must stop.
    assign(h, u"agent1"_s, u"remote"_s, u"model-y"_s);
    const qint64 id = h.createConversation(Conversation::Mode::Dual);

    QString message;
    QCOMPARE(h.sendAndWait(id, u"Question"_s, &message), RunOutcome::Failed);
    QVERIFY2(message.contains(u"has no API key"_s), qPrintable(message));
    QCOMPARE(h.modelRequests().size(), 0);
    QCOMPARE(h.rows(id).first().content, u"Question"_s);
}

QTEST_GUILESS_MAIN(TestAgentProviders)
#include "tst_agentproviders.moc"
