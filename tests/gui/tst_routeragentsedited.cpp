// Router mode's agents declare what they handle (seed 004's can_handle): a person's own agent, added in the agents
// editor (New Agent…) and given a description and keywords there, is reachable by the classifier (its description is in
// the classifier's request, at the fake server) and by its keywords when the classifier fails, like the shipped agents,
// whose own descriptions come from their files.
#include "AgentsEditor.h"
#include "EngineHarness.h"
#include "ModalAnswer.h"
#include "presentation/AgentsEditorViewModel.h"

#include <QFile>
#include <QInputDialog>
#include <QJsonArray>
#include <QJsonDocument>
#include <QLineEdit>
#include <QPushButton>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace Tandem;
using Tandem::Test::EngineHarness;
using Tandem::Test::ModalAnswer;
using Tandem::Test::RecordedRequest;
using Tandem::Test::ScriptedReply;

namespace {

EngineConfig configWith(const QString &folder)
{
    EngineConfig config = EngineHarness::testConfig();
    config.agentsFolder = folder;
    return config;
}

/// The bodies of the orchestrator's classification requests, oldest first.
QStringList classifications(const EngineHarness &h)
{
    QStringList bodies;
    const QList<RecordedRequest> requests = h.modelRequests();
    for (const RecordedRequest &request : requests) {
        const QString body = QString::fromUtf8(request.body);
        if (body.contains(u"routing_decision"_s))
            bodies << body;
    }
    return bodies;
}

const QString kDescription = u"Plans trips: flights, trains, hotels and visas"_s;

} // namespace

class TestRouterAgentsEdited : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void cleanup();
    void anAgentAddedInTheEditorIsReachable();
};

void TestRouterAgentsEdited::cleanup()
{
    const QStringList problems = EngineHarness::takeSpecProblems();
    QVERIFY2(problems.isEmpty(), qPrintable(problems.join(u'\n')));
}

void TestRouterAgentsEdited::anAgentAddedInTheEditorIsReachable()
{
    QTemporaryDir folder;
    EngineHarness h(Tandem::ProviderProfile::Protocol::ChatCompletions, configWith(folder.path()));
    AgentsEditorViewModel model(&h.repository());
    AgentsEditor editor(&model);
    editor.show();
    editor.select(Conversation::Mode::Router);
    ModalAnswer<QInputDialog> named([](QInputDialog *dialog) {
        dialog->setTextValue(u"Travel agent"_s);
        dialog->accept();
        return true;
    });
    editor.findChild<QPushButton *>(u"NewAgent"_s)->click();
    QVERIFY(named.answered());
    const std::optional<Agent> added = model.agent(u"travel-agent"_s);
    QVERIFY(added);
    QCOMPARE(added->modes, QStringList { u"router"_s });
    QVERIFY(QFile::exists(folder.filePath(u"travel-agent.md"_s)));
    auto *description = editor.findChild<QLineEdit *>(u"AgentDescription"_s);
    auto *keywords = editor.findChild<QLineEdit *>(u"AgentHandles"_s);
    QVERIFY(description && keywords);
    QVERIFY(description->isVisible() && keywords->isVisible());
    QTest::keyClicks(description, kDescription);
    QTest::keyClicks(keywords, u"flight, trip, "_s);
    keywords->insert(u"поездк"_s); // QTest types ASCII only; the field takes any language
    editor.findChild<QPushButton *>(u"SaveAgent"_s)->click();

    const std::optional<Agent> saved = model.agent(u"travel-agent"_s);
    QVERIFY(saved);
    QCOMPARE(saved->description, kDescription);
    QCOMPARE(saved->handles, (QStringList { u"flight"_s, u"trip"_s, u"поездк"_s }));

    // The classifier is told what each agent handles, the person's agent among the shipped ones.
    const qint64 id = h.createConversation(Conversation::Mode::Router);
    h.server().enqueue(ScriptedReply::text({ u"travel, I think"_s })); // not JSON: the keywords decide
    h.server().enqueue(ScriptedReply::text({ u"Which day do you fly?"_s }).expectUserText(u"Book a flight to Oslo"_s));
    QCOMPARE(h.sendAndWait(id, u"Book a flight to Oslo"_s), RunOutcome::Completed);

    const QStringList bodies = classifications(h);
    QCOMPARE(bodies.size(), 1);
    const QJsonObject request = QJsonDocument::fromJson(bodies[0].toUtf8()).object();
    const QString system = request.value(u"messages"_s).toArray().at(0).toObject().value(u"content"_s).toString();
    QVERIFY2(system.contains(u"- travel-agent: "_s + kDescription), qPrintable(system));
    const std::optional<Agent> task = h.work().agents().get(u"task"_s);
    QVERIFY(task && !task->description.isEmpty());
    QVERIFY2(system.contains(u"- task: "_s + task->description), qPrintable(system));
    const QList<RoutingDecision> decisions = h.repository().routingDecisions(id);
    QCOMPARE(decisions.size(), 1);
    QCOMPARE(decisions[0].agentId, u"travel-agent"_s);
    QCOMPARE(decisions[0].method, RoutingDecision::Method::Keywords);
    QCOMPARE(h.rows(id).constLast().agentId, u"travel-agent"_s);

    // In Russian too, by its own keyword.
    h.server().enqueue(ScriptedReply::text({ u"не JSON"_s }));
    h.server().enqueue(ScriptedReply::text({ u"Куда?"_s }).expectUserText(u"Спланируй поездку в Казань"_s));
    QCOMPARE(h.sendAndWait(id, u"Спланируй поездку в Казань"_s), RunOutcome::Completed);
    QCOMPARE(h.repository().routingDecisions(id).constLast().agentId, u"travel-agent"_s);
    QCOMPARE(h.repository().routingDecisions(id).constLast().method, RoutingDecision::Method::Keywords);
}

QTEST_MAIN(TestRouterAgentsEdited)
#include "tst_routeragentsedited.moc"
