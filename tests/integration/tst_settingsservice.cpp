// The settings façade wired to the engine as main.cpp wires it (LocalChatRepository::followSettings), on a real
// database file and the fake LLM server over loopback: what the person sets is what the next run does, and where the
// settings and the engine both state a fact (the default provider, the model that answers) they state the same.
#include "EngineHarness.h"
#include "chat/LocalSettingsService.h"
#include "presentation/ChatViewModel.h"

#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace Tandem;
using namespace Tandem::Test;
using Protocol = ProviderProfile::Protocol;

Q_DECLARE_METATYPE(Tandem::ProviderProfile::Protocol)

namespace {

ScriptedReply calculatorCall()
{
    return ScriptedReply::calling({ ToolCall { {}, u"calculator"_s, u"{\"expression\":\"1+1\"}"_s, {} } });
}

/// The output limit a request asked for, whichever protocol's name it has.
int outputLimit(const RecordedRequest &request)
{
    for (const QString &key : { u"max_output_tokens"_s, u"max_tokens"_s, u"max_completion_tokens"_s })
        if (request.json.contains(key))
            return request.json.value(key).toInt();
    return -1;
}

ProviderProfile otherProvider(EngineHarness &h)
{
    ProviderProfile profile;
    profile.id = u"other"_s;
    profile.name = u"Other server"_s;
    profile.baseUrl = h.server().baseUrl();
    profile.defaultModel = u"other-model"_s;
    return profile;
}

} // namespace

class TestSettingsService : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void init();
    void guardrailsReachTheNextRun_data() { protocols(); }
    void guardrailsReachTheNextRun();
    void badLimitsAreRefused();
    void defaultProviderIsDecidedOnce();
    void modelShownIsModelUsed_data() { protocols(); }
    void modelShownIsModelUsed();
    void cleanup();

private:
    static void protocols()
    {
        QTest::addColumn<Protocol>("protocol");
        QTest::newRow("responses") << Protocol::Responses;
        QTest::newRow("chat") << Protocol::ChatCompletions;
    }
};

void TestSettingsService::initTestCase()
{
    qRegisterMetaType<Tandem::RunOutcome>();
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(u"Tandem"_s);
    QCoreApplication::setApplicationName(u"tandem-settings-test"_s);
}

void TestSettingsService::init()
{
    QSettings().clear(); // each test starts from no settings, as a new user does
}

void TestSettingsService::cleanup()
{
    QSettings().clear();
    const QStringList problems = EngineHarness::takeSpecProblems();
    QVERIFY2(problems.isEmpty(), qPrintable(problems.join(u'\n')));
}

void TestSettingsService::guardrailsReachTheNextRun()
{
    QFETCH(Protocol, protocol);
    EngineHarness h(protocol);
    QVERIFY(h.isReady());
    LocalSettingsService service(&h.work(), nullptr, nullptr);
    h.repository().followSettings(&service);
    QCOMPARE(h.repository().engineConfig().limits, GuardrailLimits()); // nothing stored: the built-in limits

    GuardrailLimits limits = service.guardrailLimits();
    limits.maxTurnsPerRun = 1;
    limits.maxOutputTokens = 77;
    QSignalSpy changed(&service, &SettingsService::engineSettingsChanged);
    QVERIFY2(service.setGuardrailLimits(limits), qPrintable(service.lastError()));
    QCOMPARE(changed.count(), 1);

    // The next run makes one model call (with the output limit), the model asks for a tool, and the turn limit stops
    // the run before a second call.
    h.server().enqueue(calculatorCall());
    const qint64 id = h.createConversation(Conversation::Mode::Single);
    QString message;
    QCOMPARE(h.sendAndWait(id, u"What is 1+1?"_s, &message), RunOutcome::GuardrailStopped);
    QVERIFY2(message.contains(u"limit"_s), qPrintable(message));
    const QList<RecordedRequest> requests = h.modelRequests();
    QCOMPARE(requests.size(), 1);
    QCOMPARE(outputLimit(requests.constFirst()), 77);

    // Back to the built-in limits: the engine has them again at once.
    QVERIFY(service.setGuardrailLimits(GuardrailLimits {}));
    QCOMPARE(h.repository().engineConfig().limits, GuardrailLimits());
}

void TestSettingsService::badLimitsAreRefused()
{
    EngineHarness h(Protocol::ChatCompletions);
    LocalSettingsService service(&h.work(), nullptr, nullptr);
    h.repository().followSettings(&service);
    GuardrailLimits bad;
    bad.maxBouncesPerEdge = 0;
    QSignalSpy changed(&service, &SettingsService::engineSettingsChanged);
    QVERIFY(!service.setGuardrailLimits(bad));
    QCOMPARE(service.lastError(), GuardrailLimits::problem(GuardrailLimits::Field::MaxBouncesPerEdge, 0));
    QCOMPARE(changed.count(), 0);
    QCOMPARE(h.repository().engineConfig().limits, GuardrailLimits());

    // A value out of bounds written into the settings file by hand is not used either.
    QSettings().setValue(u"guardrails/max-hops"_s, 0);
    QSettings().setValue(u"guardrails/max-turns"_s, 5);
    QCOMPARE(service.guardrailLimits().maxHopsPerTurn, GuardrailLimits().maxHopsPerTurn);
    QCOMPARE(service.guardrailLimits().maxTurnsPerRun, 5);
}

void TestSettingsService::defaultProviderIsDecidedOnce()
{
    // The settings say which provider is the default; a new conversation gets that one, at every step.
    EngineHarness h(Protocol::ChatCompletions);
    LocalSettingsService service(&h.work(), nullptr, nullptr);
    h.repository().followSettings(&service);
    const auto newConversationProvider = [&] {
        const qint64 id = h.repository().createConversation(Conversation::Mode::Single);
        return h.repository().conversation(id)->providerId;
    };
    QCOMPARE(service.defaultProviderId(), u"fake"_s); // none chosen: the first stored
    QCOMPARE(newConversationProvider(), u"fake"_s);

    QCOMPARE(service.saveProvider(otherProvider(h)), u"other"_s);
    QCOMPARE(service.defaultProviderId(), u"other"_s); // the first one saved since none was chosen
    QCOMPARE(newConversationProvider(), u"other"_s);

    service.setDefaultProviderId(u"fake"_s);
    QCOMPARE(service.defaultProviderId(), u"fake"_s);
    QCOMPARE(newConversationProvider(), u"fake"_s);

    service.setDefaultProviderId(u"other"_s);
    QVERIFY(service.removeProvider(u"other"_s));
    QCOMPARE(service.defaultProviderId(), u"fake"_s);
    QCOMPARE(newConversationProvider(), u"fake"_s);
}

void TestSettingsService::modelShownIsModelUsed()
{
    QFETCH(Protocol, protocol);
    EngineHarness h(protocol);
    QVERIFY(h.isReady());
    LocalSettingsService service(&h.work(), nullptr, nullptr);
    h.repository().followSettings(&service);
    Agent agent2 = *h.work().agents().get(u"agent2"_s);
    agent2.model = u"agent2-own-model"_s;
    QVERIFY(h.saveAgent(agent2));

    ChatViewModel vm(&h.repository());
    const qint64 id = vm.newConversation(Conversation::Mode::Dual);
    QVERIFY(id > 0);
    QVERIFY2(vm.statusText().contains(u"fake-model"_s), qPrintable(vm.statusText())); // the provider's default

    // During the handoff the status line names agent 2 and the model agent 2 answers with.
    QStringList statusAtHandoff;
    connect(&h.repository(), &ChatRepository::activeAgentChanged, &vm, [&](qint64, const QString &agent) {
        if (agent == u"agent2")
            statusAtHandoff << vm.statusText();
    });
    h.server().enqueue(ScriptedReply::calling({ ToolCall {
        {}, u"handoff_to"_s, u"{\"target_agent\":\"agent2\",\"context\":\"Shorten: a long text\"}"_s, {} } }));
    h.server().enqueue(ScriptedReply::text({ u"Short."_s }));
    QCOMPARE(h.sendAndWait(id, u"Please shorten my text"_s), RunOutcome::Completed);
    QCOMPARE(statusAtHandoff.size(), 1);
    QVERIFY2(statusAtHandoff.constFirst().contains(u"agent2-own-model"_s), qPrintable(statusAtHandoff.constFirst()));
    const QList<RecordedRequest> requests = h.modelRequests();
    QCOMPARE(requests.size(), 2);
    QCOMPARE(requests.at(0).model(), h.repository().effectiveModel(id, u"agent1"_s));
    QCOMPARE(requests.at(1).model(), u"agent2-own-model"_s);

    // The provider's default model changes in the settings: the next request names it, and so does the status line.
    ProviderProfile fake = *h.work().providers().get(u"fake"_s);
    fake.defaultModel = u"changed-model"_s;
    QCOMPARE(service.saveProvider(fake), u"fake"_s);
    QCOMPARE(h.repository().effectiveModel(id, u"agent1"_s), u"changed-model"_s);
    h.server().enqueue(ScriptedReply::text({ u"What text?"_s }));
    QCOMPARE(h.sendAndWait(id, u"Shorten something"_s), RunOutcome::Completed);
    QCOMPARE(h.modelRequests().constLast().model(), u"changed-model"_s);
    vm.openConversation(0);
    vm.openConversation(id);
    QVERIFY2(vm.statusText().contains(u"changed-model"_s), qPrintable(vm.statusText()));
}

QTEST_GUILESS_MAIN(TestSettingsService)
#include "tst_settingsservice.moc"
