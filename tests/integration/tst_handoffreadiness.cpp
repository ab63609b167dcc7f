// Seed 003's failure handling, before the handoff: a target that cannot run (a variable its prompt uses is not set,
// its own provider is unknown or has no key) is refused before anything moves to it. No handoff is accepted, no
// divider says so, the conversation stays with the source and the person reads why; in dual mode (the
// HANDOFF_AGENT2 line) and in pipeline mode (handoff_to), on both protocols, against the fake LLM server.
#include "EngineHarness.h"
#include "SecretTestUtil.h"
#include "agents/DefaultAgents.h"
#include "llm/NetworkAccess.h"
#include "storage/ProviderStore.h"
#include "storage/SecretStore.h"

#include <QJsonDocument>
#include <QNetworkAccessManager>
#include <QSignalSpy>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace Tandem;
using namespace Tandem::Test;

Q_DECLARE_METATYPE(Tandem::ProviderProfile::Protocol)

namespace {

// An agent naming a provider that is not stored cannot be saved (the agents table's foreign key), so an unknown
// provider is not a case a test can make; HandoffPreparation refuses it all the same.
enum class Flaw { MissingVariable, ProviderWithoutKey };

ToolCall handoff(const QString &target, const QString &context)
{
    const QJsonObject arguments { { u"target_agent"_s, target }, { u"context"_s, context } };
    return ToolCall { {}, u"handoff_to"_s, QString::fromUtf8(QJsonDocument(arguments).toJson(QJsonDocument::Compact)),
        {} };
}

Agent pipelineAgent(const QString &id, const QString &name, const QStringList &targets)
{
    Agent a;
    a.id = id;
    a.name = name;
    a.instructions = u"You are the "_s + name + u" of the pipeline."_s;
    a.handoffTargets = targets;
    a.modes = { u"pipeline"_s };
    return a;
}

/// A hosted provider (not on this machine) whose key is nowhere: neither given nor in the keychain.
void saveHostedProvider(EngineHarness &h)
{
    ProviderProfile hosted;
    hosted.id = u"hosted"_s;
    hosted.name = u"Hosted"_s;
    hosted.protocol = h.protocol();
    hosted.baseUrl = QUrl(u"https://llm.example.invalid/v1"_s);
    hosted.defaultModel = u"hosted-model"_s;
    QVERIFY(h.work().providers().save(hosted));
}

/// Gives @p agent the flaw, and says what the person reads about it.
QString giveFlaw(EngineHarness &h, Agent &agent, Flaw flaw, const QString &sourceName)
{
    switch (flaw) {
    case Flaw::MissingVariable:
        agent.instructions += u" Ship it on the $RELEASE_TRAIN train."_s;
        return u"%1 cannot take the conversation: its prompt uses $RELEASE_TRAIN, which this conversation does not "
               u"set. The conversation stays with %2."_s.arg(agent.name, sourceName);
    case Flaw::ProviderWithoutKey:
        saveHostedProvider(h);
        agent.providerId = u"hosted"_s;
        return u"%1 cannot take the conversation: its provider “Hosted” has no API key in the keychain. The "
               u"conversation stays with %2."_s.arg(agent.name, sourceName);
    }
    return {};
}

QList<Message> dividers(const QList<Message> &rows)
{
    QList<Message> result;
    for (const Message &row : rows)
        if (row.kind == Message::Kind::Divider)
            result << row;
    return result;
}

} // namespace

Q_DECLARE_METATYPE(Flaw)

class TestHandoffReadiness : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void cleanup() { QCOMPARE(EngineHarness::takeSpecProblems(), QStringList()); }
    void dualTargetThatCannotRun_data() { flaws(); }
    void dualTargetThatCannotRun();
    void pipelineTargetThatCannotRun_data() { flaws(); }
    void pipelineTargetThatCannotRun();
    void noKeyInTheKeychain_data() { aTargetThatCanRunIsHandedTheWork_data(); }
    void noKeyInTheKeychain();
    void aTargetThatCanRunIsHandedTheWork_data();
    void aTargetThatCanRunIsHandedTheWork();

private:
    static void flaws()
    {
        QTest::addColumn<ProviderProfile::Protocol>("protocol");
        QTest::addColumn<Flaw>("flaw");
        for (const auto &[name, protocol] : { std::pair { "responses", ProviderProfile::Protocol::Responses },
                 std::pair { "chat", ProviderProfile::Protocol::ChatCompletions } }) {
            QTest::addRow("variable/%s", name) << protocol << Flaw::MissingVariable;
            QTest::addRow("nokey/%s", name) << protocol << Flaw::ProviderWithoutKey;
        }
    }
};

void TestHandoffReadiness::dualTargetThatCannotRun()
{
    QFETCH(ProviderProfile::Protocol, protocol);
    QFETCH(Flaw, flaw);
    EngineHarness h(protocol);
    std::optional<Agent> agent2 = h.work().agents().get(DefaultAgents::kAgent2.toString());
    QVERIFY(agent2);
    const QString expected = giveFlaw(h, *agent2, flaw, h.work().agents().get(u"agent1"_s)->name);
    QVERIFY(h.saveAgent(*agent2));
    h.server().enqueue(ScriptedReply::text({ u"HANDOFF_AGENT2\nWrite a haiku about rain."_s }));
    const qint64 id = h.createConversation(Conversation::Mode::Dual);

    h.sendAndWait(id, u"A haiku, please"_s);

    // Agent 2 was never called, and nothing says it took the message.
    QCOMPARE(h.modelRequests().size(), 1);
    const QList<Message> shown = dividers(h.rows(id));
    QCOMPARE(shown.size(), 1);
    QCOMPARE(shown[0].divider, Message::Divider::Error);
    QCOMPARE(shown[0].content, expected);
    const QList<Handoff> handoffs = h.work().board().forConversation(id);
    QCOMPARE(handoffs.size(), 1);
    QCOMPARE(handoffs[0].status(), Handoff::Status::Rejected);
    QCOMPARE(handoffs[0].rejectionReason(), expected);
    QCOMPARE(h.repository().activeAgent(id), u"agent1"_s);
}

void TestHandoffReadiness::pipelineTargetThatCannotRun()
{
    QFETCH(ProviderProfile::Protocol, protocol);
    QFETCH(Flaw, flaw);
    EngineHarness h(protocol);
    QVERIFY(h.saveAgent(pipelineAgent(u"analyst"_s, u"Analyst"_s, { u"implementer"_s, u"person"_s })));
    Agent implementer = pipelineAgent(u"implementer"_s, u"Implementer"_s, { u"reviewer"_s });
    const QString expected = giveFlaw(h, implementer, flaw, u"Analyst"_s);
    QVERIFY(h.saveAgent(implementer));
    QVERIFY(h.saveAgent(pipelineAgent(u"reviewer"_s, u"Reviewer"_s, { u"implementer"_s })));
    h.server().enqueue(ScriptedReply::calling({ handoff(u"implementer"_s, u"Plan: add the login form"_s) }));
    // The analyst's call is answered with the reason, and it answers the person itself.
    h.server().enqueue(ScriptedReply::text({ u"The implementer cannot start yet."_s }));
    const qint64 id = h.createConversation(Conversation::Mode::Pipeline);

    QCOMPARE(h.sendAndWait(id, u"Story 1"_s), RunOutcome::Completed);

    const QList<RecordedRequest> requests = h.modelRequests();
    QCOMPARE(requests.size(), 2);
    QVERIFY(EngineHarness::inputSummary(requests[1]).constLast().contains(expected));
    QVERIFY(!QString::fromUtf8(requests[1].body).contains(u"You are the Implementer"_s));
    QCOMPARE(h.rows(id).constLast().content, u"The implementer cannot start yet."_s);
    QStringList shown;
    for (const Message &divider : dividers(h.rows(id)))
        shown << Message::dividerName(divider.divider) + u": "_s + divider.content;
    QCOMPARE(shown, (QStringList { u"transferred: Story handed to Analyst"_s, u"rejected: "_s + expected }));
    for (const Handoff &handoff : h.work().board().forConversation(id))
        if (handoff.toAgent == u"implementer")
            QCOMPARE(handoff.status(), Handoff::Status::Rejected);
    QCOMPARE(h.repository().activeAgent(id), u"analyst"_s);
    QCOMPARE(h.repository().boardState(id).phase, u"analyzing"_s);
}

void TestHandoffReadiness::noKeyInTheKeychain()
{
    // The engine as the window wires it, reading keys from the session's keychain: the target's hosted provider has
    // none there.
    QFETCH(ProviderProfile::Protocol, protocol);
    EngineHarness h(protocol);
    SecretStore secrets(u"tandem-test-handoffreadiness"_s);
    QVERIFY(waitFor([&](const SecretStore::Callback &done) { secrets.remove(u"hosted"_s, done); }).status
        != SecretStore::Result::Status::Failed);
    QNetworkAccessManager network;
    NetworkAccess::configure(&network);
    LocalChatRepository repository(h.work(), &network, &secrets, &h.tools(), EngineHarness::testConfig());
    // After the repository: it writes the shipped agents' files over the table when it is made.
    QVERIFY(h.saveAgent(pipelineAgent(u"analyst"_s, u"Analyst"_s, { u"implementer"_s, u"person"_s })));
    Agent implementer = pipelineAgent(u"implementer"_s, u"Implementer"_s, { u"reviewer"_s });
    const QString expected = giveFlaw(h, implementer, Flaw::ProviderWithoutKey, u"Analyst"_s);
    QVERIFY(h.saveAgent(implementer));
    h.server().enqueue(ScriptedReply::calling({ handoff(u"implementer"_s, u"Plan: add the login form"_s) }));
    h.server().enqueue(ScriptedReply::text({ u"The implementer cannot start yet."_s }));
    const qint64 id = repository.createConversation(Conversation::Mode::Pipeline);
    QSignalSpy finished(&repository, &ChatRepository::runFinished);

    QVERIFY(repository.send(id, u"Story 1"_s).messageId != 0);
    QVERIFY(QTest::qWaitFor([&] { return !finished.isEmpty(); }, 20'000));

    QCOMPARE(h.modelRequests().size(), 2);
    QVERIFY2(EngineHarness::inputSummary(h.modelRequests()[1]).constLast().contains(expected),
        qPrintable(EngineHarness::inputSummary(h.modelRequests()[1]).join(u"\n"_s)));
    for (const Handoff &handoff : h.work().board().forConversation(id))
        if (handoff.toAgent == u"implementer")
            QCOMPARE(handoff.status(), Handoff::Status::Rejected);
    QCOMPARE(repository.activeAgent(id), u"analyst"_s);
}

void TestHandoffReadiness::aTargetThatCanRunIsHandedTheWork_data()
{
    QTest::addColumn<ProviderProfile::Protocol>("protocol");
    QTest::newRow("responses") << ProviderProfile::Protocol::Responses;
    QTest::newRow("chat") << ProviderProfile::Protocol::ChatCompletions;
}

void TestHandoffReadiness::aTargetThatCanRunIsHandedTheWork()
{
    // The variable set, the check lets the handoff through.
    QFETCH(ProviderProfile::Protocol, protocol);
    EngineHarness h(protocol);
    std::optional<Agent> agent2 = h.work().agents().get(DefaultAgents::kAgent2.toString());
    QVERIFY(agent2);
    giveFlaw(h, *agent2, Flaw::MissingVariable, {});
    QVERIFY(h.saveAgent(*agent2));
    h.server().enqueue(ScriptedReply::text({ u"HANDOFF_AGENT2\nWrite a haiku about rain."_s }));
    h.server().enqueue(ScriptedReply::text({ u"Rain on the roof."_s }));
    const qint64 id = h.createConversation(Conversation::Mode::Dual);
    QVERIFY(h.work().variables().setValue(id, u"RELEASE_TRAIN"_s, u"spring"_s));

    QCOMPARE(h.sendAndWait(id, u"A haiku, please"_s), RunOutcome::Completed);

    QCOMPARE(h.modelRequests().size(), 2);
    QCOMPARE(h.work().board().forConversation(id).constFirst().status(), Handoff::Status::Accepted);
    QCOMPARE(h.rows(id).constLast().content, u"Rain on the roof."_s);
}

QTEST_GUILESS_MAIN(TestHandoffReadiness)
#include "tst_handoffreadiness.moc"
