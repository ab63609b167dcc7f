// Agents from prompt files (AgentCatalog) as the engine uses them, against the fake LLM server: the shipped files and
// seed 002's pipeline graph, the person's overrides in a real folder (one replaces a shipped agent and the next
// request carries its instructions; a malformed one is refused with its file and line and the shipped one answers),
// and the prompt variables of the conversation (substituted in the request; an unknown one stops the run before
// anything is sent).
#include "EngineHarness.h"
#include "agents/AgentCatalog.h"
#include "agents/DefaultAgents.h"
#include "domain/PipelinePhase.h"
#include "domain/PromptVariables.h"
#include "domain/ShippedAgentText.h"
#include "domain/TransitionGraph.h"
#include "storage/AgentStore.h"
#include "storage/AgentThreadStore.h"
#include "storage/VariableStore.h"

#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QScopeGuard>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QTranslator>

using namespace Qt::StringLiterals;
using namespace Tandem;
using namespace Tandem::Test;

Q_DECLARE_METATYPE(Tandem::ProviderProfile::Protocol)

namespace {

const QStringList kShipped = { u"agent1"_s, u"agent2"_s, u"analyst"_s, u"assistant"_s, u"documenter"_s, u"general"_s,
    u"implementer"_s, u"orchestrator"_s, u"qa"_s, u"refactorer"_s, u"reviewer"_s, u"task"_s, u"tracking"_s };
const QStringList kPipeline = { u"analyst"_s, u"implementer"_s, u"reviewer"_s, u"refactorer"_s, u"documenter"_s };

bool writeFile(const QString &path, const QString &text)
{
    QFile file(path);
    return file.open(QIODevice::WriteOnly) && file.write(text.toUtf8()) >= 0;
}

/// An override of the assistant with @p instructions.
QString assistantFile(const QString &instructions)
{
    return u"---\nid: assistant\nname: My assistant\nrole: Answers my way.\nmodes: [single]\n---\n"_s + instructions
        + u"\n"_s;
}

EngineConfig configWith(const QString &agentsFolder)
{
    EngineConfig config = EngineHarness::testConfig();
    config.agentsFolder = agentsFolder;
    return config;
}

ToolCall handoffCall(const QString &target, const QString &context)
{
    const QJsonObject arguments { { u"target_agent"_s, target }, { u"context"_s, context } };
    return ToolCall { {}, u"handoff_to"_s, QString::fromUtf8(QJsonDocument(arguments).toJson(QJsonDocument::Compact)),
        {} };
}

} // namespace

class TestAgentCatalog : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void cleanup();
    void shippedAgentsLoad();
    void pipelineGraphIsSeed002();
    void pipelinePromptsUseTheSeedsVariables();
    void storedCopiesMatchTheFiles();
    void shippedNamesAreTranslated();
    void overrideReplacesTheShippedAgent_data() { protocols(); }
    void overrideReplacesTheShippedAgent();
    void malformedOverrideIsRefused();
    void overridesAddAgentsAndLeaveStoredOnesAlone();
    void unreadableAndDuplicateOverrides();
    void variablesAreSubstituted_data() { protocols(); }
    void variablesAreSubstituted();
    void unknownVariableStopsTheRunBeforeAnyRequest_data() { protocols(); }
    void unknownVariableStopsTheRunBeforeAnyRequest();
    void unknownVariableOfAHandoffTargetStopsItsCall();
    void pipelineStartsWithTheAnalyst();
    void shippedPipelineRunsOnTheEngine();

private:
    static void protocols()
    {
        QTest::addColumn<ProviderProfile::Protocol>("protocol");
        QTest::newRow("responses") << ProviderProfile::Protocol::Responses;
        QTest::newRow("chat") << ProviderProfile::Protocol::ChatCompletions;
    }
};

void TestAgentCatalog::cleanup()
{
    const QStringList problems = EngineHarness::takeSpecProblems();
    QVERIFY2(problems.isEmpty(), qPrintable(problems.join(u"\n\n"_s)));
}

void TestAgentCatalog::shippedAgentsLoad()
{
    const AgentCatalog catalog;
    QVERIFY2(catalog.problems().isEmpty(), qPrintable(catalog.problems().join(u'\n')));
    QStringList ids;
    for (const Agent &agent : catalog.agents()) {
        ids << agent.id;
        QVERIFY(!agent.name.isEmpty());
        QVERIFY(!agent.role.isEmpty());
        QVERIFY2(!agent.instructions.isEmpty(), qPrintable(agent.id));
        QVERIFY(!agent.instructions.startsWith(u"---"_s));
        QVERIFY(agent.enabled);
        QCOMPARE(agent.modes.size(), 1);
        QCOMPARE(catalog.fileOf(agent.id), u":/agents/%1.md"_s.arg(agent.id));
    }
    QCOMPARE(ids, kShipped);

    // The three agents that were built in C++ before, as they were.
    const Agent assistant = *catalog.agent(u"assistant"_s);
    QCOMPARE(assistant.name, u"Assistant"_s);
    QCOMPARE(assistant.allowedTools,
        (QStringList { u"current_datetime"_s, u"calculator"_s, u"list_files"_s, u"read_file"_s, u"write_file"_s,
            u"delete_file"_s }));
    QVERIFY(assistant.handoffTargets.isEmpty());
    QCOMPARE(assistant.modes, QStringList { u"single"_s });
    const Agent agent1 = *catalog.agent(u"agent1"_s);
    QCOMPARE(agent1.name, u"Agent 1"_s);
    QCOMPARE(agent1.handoffTargets, QStringList { u"agent2"_s });
    QVERIFY(agent1.instructions.contains(u"HANDOFF_AGENT2"_s));
    QCOMPARE(agent1.modes, QStringList { u"dual"_s });
    const Agent agent2 = *catalog.agent(u"agent2"_s);
    QCOMPARE(agent2.name, u"Agent 2"_s);
    QVERIFY(agent2.terminal);
    QVERIFY(agent2.handoffTargets.isEmpty());
    QCOMPARE(DefaultAgents::prompt(u"agent1"_s), agent1.instructions);

    // Each mode's first agent is one of them.
    QCOMPARE(DefaultAgents::firstAgent(Conversation::Mode::Single), u"assistant"_s);
    QCOMPARE(DefaultAgents::firstAgent(Conversation::Mode::Dual), u"agent1"_s);
    QCOMPARE(DefaultAgents::firstAgent(Conversation::Mode::Pipeline), u"analyst"_s);
    QVERIFY(catalog.agent(DefaultAgents::firstAgent(Conversation::Mode::Pipeline)));
}

void TestAgentCatalog::pipelineGraphIsSeed002()
{
    // Seed 002, "Valid Transitions": orchestrator → analyst is the pipeline's start (its first agent), and
    // "documenter → orchestrator (complete)" is its end.
    const AgentCatalog catalog;
    QStringList pipeline;
    for (const Agent &agent : catalog.agents())
        if (agent.modes.contains(u"pipeline"_s))
            pipeline << agent.id;
    pipeline.sort();
    QStringList expectedIds = kPipeline;
    expectedIds.sort();
    QCOMPARE(pipeline, expectedIds);

    QStringList problems;
    const TransitionGraph graph = TransitionGraph::fromAgents(catalog.agents(), {}, &problems);
    QVERIFY2(problems.isEmpty(), qPrintable(problems.join(u'\n')));
    QStringList edges;
    for (const TransitionGraph::Edge &edge : graph.edges())
        if (kPipeline.contains(edge.from))
            edges << u"%1 → %2 %3 %4%5"_s.arg(edge.from, edge.to, TransitionGraph::transferName(edge.transfer),
                TransitionGraph::timingName(edge.timing), edge.warm ? u" warm"_s : QString());
    edges.sort();
    QCOMPARE(edges,
        (QStringList {
            u"analyst → implementer payload same_turn"_s,
            u"documenter → orchestrator payload same_turn"_s, // complete
            u"implementer → reviewer payload same_turn warm"_s, // the reviewer approves or rejects
            u"refactorer → documenter payload same_turn"_s,
            u"reviewer → implementer payload same_turn"_s, // reject
            u"reviewer → refactorer payload same_turn"_s, // approve
        }));
    for (const QString &id : kPipeline)
        QVERIFY2(!catalog.agent(id)->terminal, qPrintable(id));
    QCOMPARE(graph.targets(u"documenter"_s), QStringList { TransitionGraph::kOrchestrator.toString() });
    QVERIFY(TransitionGraph::isPseudoTarget(TransitionGraph::kOrchestrator)); // no agent: the end of the pipeline
}

void TestAgentCatalog::pipelinePromptsUseTheSeedsVariables()
{
    // Seed 002, "Agent Prompts": identity and role, responsibilities, the handoff format, the context note.
    const AgentCatalog catalog;
    for (const QString &id : kPipeline) {
        const Agent agent = *catalog.agent(id);
        QStringList used = PromptVariables::used(agent.instructions);
        used.sort();
        QCOMPARE(used, (QStringList { u"BRANCH"_s, u"DASHBOARD_URL"_s, u"STORY_ID"_s }));
        QVERIFY2(agent.instructions.contains(u"> **Context:**"_s), qPrintable(id));
        QVERIFY2(agent.instructions.contains(u"## Responsibilities"_s), qPrintable(id));
        QVERIFY2(agent.instructions.startsWith(u"You are the %1"_s.arg(agent.name)), qPrintable(id));
        if (id == u"reviewer") {
            // Its handoff is warm: it decides with the engine's tools, approve_work and reject_work.
            QVERIFY(agent.instructions.contains(u"## Decision"_s));
            QVERIFY(agent.instructions.contains(u"`approve_work` with, as `summary`"_s));
            QVERIFY(agent.instructions.contains(u"`reject_work` with, as `reason`"_s));
            continue;
        }
        QVERIFY2(agent.instructions.contains(u"## Handoff"_s), qPrintable(id));
        for (const QString &target : agent.handoffTargets)
            QVERIFY2(agent.instructions.contains(u"`target_agent` \"%1\""_s.arg(target)), qPrintable(id + target));
    }
}

void TestAgentCatalog::storedCopiesMatchTheFiles()
{
    // A start after the first writes nothing: what the store gives back is what the files say.
    EngineHarness h(ProviderProfile::Protocol::ChatCompletions);
    QVERIFY(h.isReady());
    const AgentCatalog catalog;
    for (const Agent &agent : catalog.agents()) {
        const std::optional<Agent> stored = h.work().agents().get(agent.id);
        QVERIFY2(stored, qPrintable(agent.id));
        QVERIFY2(*stored == agent, qPrintable(agent.id));
    }
    QVERIFY(h.repository().agentProblems().isEmpty());
}

void TestAgentCatalog::shippedNamesAreTranslated()
{
    // The files give English names and roles; the catalog (and so the store) keeps them, and a view shows the shipped
    // ones in the language installed at that moment (ShippedAgentText), a person's own words as written.
    QStringList english;
    QStringList roles;
    for (const QString &id : kShipped) {
        english << AgentCatalog::shipped(id)->name;
        roles << AgentCatalog::shipped(id)->role;
    }
    QStringList known = AgentCatalog::shippedNames();
    QStringList knownRoles = ShippedAgentText::roles();
    known.sort();
    english.sort();
    knownRoles.sort();
    roles.sort();
    QCOMPARE(known, english); // each shipped name has its entry for lupdate, and no other is listed
    QCOMPARE(knownRoles, roles);

    QTranslator russian;
    QVERIFY2(russian.load(u"tandem_ru"_s, QStringLiteral(TANDEM_QM_DIR)), TANDEM_QM_DIR);
    QVERIFY(QCoreApplication::installTranslator(&russian));
    auto restore = qScopeGuard([&russian] { QCoreApplication::removeTranslator(&russian); });
    QTemporaryDir folder;
    QVERIFY(writeFile(folder.filePath(u"helper.md"_s), u"---\nid: helper\nname: Agent 1\n---\nHelp.\n"_s));
    QVERIFY(writeFile(folder.filePath(u"reviewer.md"_s),
        u"---\nid: reviewer\nname: Critic\nrole: Reviews the implementation, and approves it or rejects it with "
        "feedback.\n---\nReview.\n"_s));
    const AgentCatalog catalog(folder.path());
    for (const QString &id : kShipped)
        if (id != u"reviewer")
            QCOMPARE(catalog.agent(id)->name, AgentCatalog::shipped(id)->name); // stored in English
    QCOMPARE(ShippedAgentText::name(*catalog.agent(u"agent1"_s)), u"Агент 1"_s);
    QCOMPARE(ShippedAgentText::name(*catalog.agent(u"analyst"_s)), u"Аналитик"_s);
    for (const QString &id : kShipped) {
        if (id == u"reviewer")
            continue;
        const Agent shown = ShippedAgentText::shown(*catalog.agent(id));
        QVERIFY2(shown.name != AgentCatalog::shipped(id)->name, qPrintable(id));
        QVERIFY2(shown.role != AgentCatalog::shipped(id)->role, qPrintable(id));
    }
    // The person's own: an agent of their own, and a shipped one they renamed (its untouched role is still shipped).
    QCOMPARE(ShippedAgentText::name(*catalog.agent(u"helper"_s)), u"Agent 1"_s);
    QCOMPARE(ShippedAgentText::name(*catalog.agent(u"reviewer"_s)), u"Critic"_s);
    QVERIFY(ShippedAgentText::role(*catalog.agent(u"reviewer"_s)) != AgentCatalog::shipped(u"reviewer"_s)->role);
    restore.dismiss();
    QCoreApplication::removeTranslator(&russian);
    // Back in English at once: nothing was stored translated.
    QCOMPARE(ShippedAgentText::name(*catalog.agent(u"analyst"_s)), u"Analyst"_s);
}

void TestAgentCatalog::overrideReplacesTheShippedAgent()
{
    QFETCH(ProviderProfile::Protocol, protocol);
    QTemporaryDir folder;
    QVERIFY(writeFile(folder.filePath(u"assistant.md"_s), assistantFile(u"Answer in haiku only."_s)));
    EngineHarness h(protocol, configWith(folder.path()));
    QVERIFY(h.isReady());
    QVERIFY(h.repository().agentProblems().isEmpty());
    h.server().enqueue(ScriptedReply::text({ u"Autumn moonlight."_s }));
    const qint64 id = h.createConversation(Conversation::Mode::Single);

    QCOMPARE(h.sendAndWait(id, u"Hello"_s), RunOutcome::Completed);

    const QList<RecordedRequest> requests = h.modelRequests();
    QCOMPARE(requests.size(), 1);
    QCOMPARE(requests[0].instructions(), u"Answer in haiku only."_s);
    QVERIFY(EngineHarness::toolNames(requests[0]).isEmpty()); // the override lists no tools
    const std::optional<Agent> stored = h.work().agents().get(u"assistant"_s);
    QCOMPARE(stored->name, u"My assistant"_s);
    QCOMPARE(h.repository().agents(id).constFirst().name, u"My assistant"_s);

    // Without the file, the shipped agent is back at the next start: the files are the agents.
    QVERIFY(QFile::remove(folder.filePath(u"assistant.md"_s)));
    h.restart();
    QCOMPARE(h.work().agents().get(u"assistant"_s)->instructions, DefaultAgents::prompt(u"assistant"_s));
}

void TestAgentCatalog::malformedOverrideIsRefused()
{
    QTemporaryDir folder;
    const QString path = folder.filePath(u"assistant.md"_s);
    QVERIFY(writeFile(path, u"---\nid: assistant\nname: Mine\ncolour: red\n---\nAnswer in haiku only.\n"_s));
    EngineHarness h(ProviderProfile::Protocol::ChatCompletions, configWith(folder.path()));
    QVERIFY(h.isReady());

    QCOMPARE(h.repository().agentProblems(),
        QStringList { u"%1:4: Unknown key “colour”. The keys are: id, name, role, model, provider, tools, targets, "
                      u"terminal, enabled, max_output_tokens, modes, description, handles, fallback, runner, command, "
                      u"network."_s.arg(path) });
    h.server().enqueue(ScriptedReply::text({ u"Hi."_s }));
    const qint64 id = h.createConversation(Conversation::Mode::Single);
    QCOMPARE(h.sendAndWait(id, u"Hello"_s), RunOutcome::Completed);
    QCOMPARE(h.modelRequests().at(0).instructions(), DefaultAgents::prompt(u"assistant"_s));
    QCOMPARE(h.work().agents().get(u"assistant"_s)->name, u"Assistant"_s);
}

void TestAgentCatalog::overridesAddAgentsAndLeaveStoredOnesAlone()
{
    QTemporaryDir folder;
    QVERIFY(writeFile(folder.filePath(u"helper.md"_s),
        u"---\nid: helper\nname: Helper\ntargets: [assistant, person, nobody]\n---\nHelp.\n"_s));
    QVERIFY(writeFile(folder.filePath(u"notes.txt"_s), u"not an agent file"_s));
    EngineHarness h(ProviderProfile::Protocol::ChatCompletions, configWith(folder.path()));
    QVERIFY(h.isReady());
    QCOMPARE(h.work().agents().get(u"helper"_s)->instructions, u"Help."_s);
    // A target that names no agent is said, and left out by the engine's graph.
    QCOMPARE(h.repository().agentProblems(),
        QStringList {
            u"%1: the target “nobody” is no agent; that handoff is left out."_s.arg(folder.filePath(u"helper.md"_s)) });

    // An agent only the store knows (a test's, an import's) stays; a stored copy of a file's agent is replaced by the
    // file at the next start.
    Agent billing;
    billing.id = u"billing"_s;
    billing.name = u"Billing"_s;
    QVERIFY(h.work().agents().save(billing));
    Agent edited = *h.work().agents().get(u"agent2"_s);
    edited.instructions = u"Edited in the database."_s;
    QVERIFY(h.work().agents().save(edited));
    h.restart();
    QCOMPARE(h.work().agents().get(u"billing"_s)->name, u"Billing"_s);
    QCOMPARE(h.work().agents().get(u"agent2"_s)->instructions, DefaultAgents::prompt(u"agent2"_s));
    QVERIFY(h.work().agents().get(u"helper"_s));
}

void TestAgentCatalog::unreadableAndDuplicateOverrides()
{
    QTemporaryDir folder;
    const QString first = folder.filePath(u"a-analyst.md"_s);
    const QString second = folder.filePath(u"b-analyst.md"_s);
    const QString binary = folder.filePath(u"c.md"_s);
    QVERIFY(writeFile(first, u"---\nid: analyst\nname: First\n---\nOne.\n"_s));
    QVERIFY(writeFile(second, u"---\nid: analyst\nname: Second\n---\nTwo.\n"_s));
    {
        QFile file(binary);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(QByteArrayLiteral("---\nid: c\nname: \xff\xfe\n---\n"));
    }
    const AgentCatalog catalog(folder.path());
    QCOMPARE(catalog.problems(),
        (QStringList { u"%1: the id “analyst” is already given by %2; this file is left out."_s.arg(second, first),
            u"%1: is not UTF-8 text."_s.arg(binary) }));
    QCOMPARE(catalog.agent(u"analyst"_s)->name, u"First"_s);
    QCOMPARE(catalog.fileOf(u"analyst"_s), first);
    QVERIFY(!catalog.agent(u"c"_s));
    QCOMPARE(catalog.agents().size(), kShipped.size()); // replaced, not added

    const AgentCatalog missing(folder.filePath(u"no-such-folder"_s));
    QVERIFY(missing.problems().isEmpty());
    QCOMPARE(missing.agents().size(), kShipped.size());
}

void TestAgentCatalog::variablesAreSubstituted()
{
    QFETCH(ProviderProfile::Protocol, protocol);
    QTemporaryDir folder;
    QVERIFY(writeFile(folder.filePath(u"assistant.md"_s),
        assistantFile(u"Story $STORY_ID on ${BRANCH}; costs $$5; shell: for f in $files; awk '{print $1}'."_s)));
    EngineHarness h(protocol, configWith(folder.path()));
    QVERIFY(h.isReady());
    const qint64 id = h.createConversation(Conversation::Mode::Single);
    QVERIFY(h.repository().setVariable(id, u"STORY_ID"_s, u"v0.1:1.1.1"_s));
    QVERIFY(h.repository().setVariable(id, u"BRANCH"_s, u"feat/story-1.1.1"_s));
    QVERIFY(!h.repository().setVariable(id, u"story_id"_s, u"lowercase"_s)); // not a prompt variable
    QVERIFY(!h.repository().setVariable(id + 100, u"STORY_ID"_s, u"x"_s)); // no such conversation
    QVERIFY(h.work().variables().setValue(id, u"approval.always_allowed"_s, u"[]"_s)); // the engine's own state
    QCOMPARE(h.repository().variables(id),
        (QHash<QString, QString> { { u"STORY_ID"_s, u"v0.1:1.1.1"_s }, { u"BRANCH"_s, u"feat/story-1.1.1"_s } }));
    h.server().enqueue(ScriptedReply::text({ u"On it."_s }));
    h.server().enqueue(ScriptedReply::text({ u"Still on it."_s }));

    QCOMPARE(h.sendAndWait(id, u"Start"_s), RunOutcome::Completed);
    const QString expected
        = u"Story v0.1:1.1.1 on feat/story-1.1.1; costs $5; shell: for f in $files; awk '{print $1}'."_s;
    QCOMPARE(h.modelRequests().at(0).instructions(), expected);

    // A changed value is the next request's.
    QVERIFY(h.repository().setVariable(id, u"STORY_ID"_s, u"v0.2:2.1"_s));
    QCOMPARE(h.sendAndWait(id, u"Next"_s), RunOutcome::Completed);
    QVERIFY(h.modelRequests().at(1).instructions().startsWith(u"Story v0.2:2.1 on"_s));
}

void TestAgentCatalog::unknownVariableStopsTheRunBeforeAnyRequest()
{
    QFETCH(ProviderProfile::Protocol, protocol);
    QTemporaryDir folder;
    QVERIFY(
        writeFile(folder.filePath(u"assistant.md"_s), assistantFile(u"Story $STORY_ID, branch $BRANCH, ${TICKET}."_s)));
    EngineHarness h(protocol, configWith(folder.path()));
    QVERIFY(h.isReady());
    const qint64 id = h.createConversation(Conversation::Mode::Single);
    QVERIFY(h.repository().setVariable(id, u"BRANCH"_s, u"main"_s));
    h.server().enqueue(ScriptedReply::text({ u"Never sent."_s }));
    QSignalSpy failed(&h.repository(), &ChatRepository::runFailed);

    QString message;
    QCOMPARE(h.sendAndWait(id, u"Start"_s, &message), RunOutcome::Failed);

    // STORY_ID has its default (the conversation is the story); TICKET has none.
    const QString sentence = u"The prompt of My assistant uses $TICKET, which this conversation does not set. Set it "
                             u"(tandem run --conversation %1 --var TICKET=…), then send again."_s.arg(id);
    QCOMPARE(message, sentence);
    QCOMPARE(failed.size(), 1);
    QCOMPARE(failed[0].at(2).value<RunFailure>(), RunFailure::Setup);
    QCOMPARE(h.server().requests().size(), 0); // no model call, no remote thread: nothing left this machine
    const QList<Message> rows = h.rows(id);
    QCOMPARE(rows.size(), 2);
    QCOMPARE(rows[0].content, u"Start"_s); // the person's message is kept
    QCOMPARE(rows[1].kind, Message::Kind::Error);
    QCOMPARE(rows[1].content, sentence);
    QCOMPARE(rows[1].agentId, u"assistant"_s);

    // Set, and the same conversation runs.
    QVERIFY(h.repository().setVariable(id, u"STORY_ID"_s, u"7"_s));
    QVERIFY(h.repository().setVariable(id, u"TICKET"_s, u"T-1"_s));
    QCOMPARE(h.sendAndWait(id, u"Again"_s), RunOutcome::Completed);
    QCOMPARE(h.modelRequests().constLast().instructions(), u"Story 7, branch main, T-1."_s);
}

void TestAgentCatalog::unknownVariableOfAHandoffTargetStopsItsCall()
{
    // Every agent is checked before its own first call: the target of a handoff before the handoff is made (seed 003:
    // the conversation stays with the source, which answers with the reason).
    EngineHarness h(ProviderProfile::Protocol::ChatCompletions);
    QVERIFY(h.isReady());
    Agent triage;
    triage.id = u"assistant"_s;
    triage.name = u"Triage"_s;
    triage.instructions = u"Route."_s;
    triage.handoffTargets = { u"billing"_s };
    Agent billing;
    billing.id = u"billing"_s;
    billing.name = u"Billing"_s;
    billing.instructions = u"Account $ACCOUNT."_s;
    QVERIFY(h.saveAgent(triage));
    QVERIFY(h.saveAgent(billing));
    h.server().enqueue(ScriptedReply::calling({ handoffCall(u"billing"_s, u"Refund"_s) }));
    h.server().enqueue(ScriptedReply::text({ u"Billing cannot take it yet."_s }));
    const qint64 id = h.createConversation(Conversation::Mode::Single);

    QCOMPARE(h.sendAndWait(id, u"Money back"_s), RunOutcome::Completed);
    const QList<RecordedRequest> requests = h.modelRequests();
    QCOMPARE(requests.size(), 2); // triage's, twice: Billing is never called
    QVERIFY(EngineHarness::inputSummary(requests[1])
                .constLast()
                .contains(u"Billing cannot take the conversation: its prompt uses $ACCOUNT, which this conversation "
                          u"does not set. The "
                          u"conversation stays with Triage."_s));
    QCOMPARE(h.rows(id).constLast().content, u"Billing cannot take it yet."_s);
}

void TestAgentCatalog::pipelineStartsWithTheAnalyst()
{
    EngineHarness h(ProviderProfile::Protocol::ChatCompletions);
    QVERIFY(h.isReady());
    const qint64 id = h.createConversation(Conversation::Mode::Pipeline);
    QCOMPARE(h.repository().activeAgent(id), u"analyst"_s);

    // Seed 002's execution prompt not given: the conversation is the story, its variables take their defaults.
    h.server().enqueue(ScriptedReply::text({ u"Which story?"_s }));
    QCOMPARE(h.sendAndWait(id, u"Plan it"_s), RunOutcome::Completed);
    const QString defaults = h.modelRequests().constLast().instructions();
    QVERIFY2(defaults.contains(u"You work on story `%1`, on the branch `story-%1`."_s.arg(id)), qPrintable(defaults));
    QVERIFY(!defaults.contains(u'$'));

    QVERIFY(h.repository().setVariable(id, u"DASHBOARD_URL"_s, u"http://localhost:3000"_s));
    QVERIFY(h.repository().setVariable(id, u"STORY_ID"_s, u"v0.1:1.1.1"_s));
    QVERIFY(h.repository().setVariable(id, u"BRANCH"_s, u"feat/story-1.1.1"_s));
    h.server().enqueue(ScriptedReply::text({ u"Which module?"_s }));
    QCOMPARE(h.sendAndWait(id, u"Plan story 1.1.1"_s), RunOutcome::Completed);
    const RecordedRequest request = h.modelRequests().constLast();
    const QString instructions = request.instructions();
    QVERIFY(instructions.contains(u"> **Context:** You work on story `v0.1:1.1.1`, on the branch `feat/story-1.1.1`. "
                                  u"The story and its handoffs are on the\n> dashboard at "
                                  u"http://localhost:3000/api/stories/v0.1:1.1.1."_s));
    QVERIFY(instructions.contains(u"\"story_id\": \"v0.1:1.1.1\""_s));
    QVERIFY(!instructions.contains(u'$'));
    QVERIFY(EngineHarness::toolNames(request).contains(u"handoff_to"_s));
}

void TestAgentCatalog::shippedPipelineRunsOnTheEngine()
{
    // Seed 002's table with the shipped files and the engine: each agent's request carries its own prompt with the
    // story's variables; the implementer's handoff is warm, so the reviewer is offered the decision tools; the
    // documenter's handoff to the orchestrator ends the pipeline.
    EngineHarness h(ProviderProfile::Protocol::ChatCompletions);
    QVERIFY(h.isReady());
    const AgentCatalog catalog;
    const auto expectPrompts = [&](qint64 id, const QList<RecordedRequest> &requests, const QStringList &agents) {
        QCOMPARE(requests.size(), agents.size());
        const QHash<QString, QString> variables = h.repository().variables(id);
        for (int i = 0; i < requests.size(); ++i)
            QVERIFY2(requests[i].instructions()
                    == PromptVariables::substitute(catalog.agent(agents.at(i))->instructions, variables).text,
                qPrintable(agents.at(i)));
    };
    const auto setStory = [&](qint64 id) {
        QVERIFY(h.repository().setVariable(id, u"DASHBOARD_URL"_s, u"http://localhost:3000"_s));
        QVERIFY(h.repository().setVariable(id, u"STORY_ID"_s, u"v0.1:1.1.1"_s));
        QVERIFY(h.repository().setVariable(id, u"BRANCH"_s, u"feat/story-1.1.1"_s));
    };

    const qint64 id = h.createConversation(Conversation::Mode::Pipeline);
    setStory(id);
    h.server().enqueue(ScriptedReply::calling({ handoffCall(u"implementer"_s, u"{\"plan\": []}"_s) }));
    h.server().enqueue(ScriptedReply::calling({ handoffCall(u"reviewer"_s, u"{\"changes\": []}"_s) }));
    h.server().enqueue(ScriptedReply::text({ u"Which tests did you run?"_s }));
    QCOMPARE(h.sendAndWait(id, u"Story 1.1.1: add a health endpoint"_s), RunOutcome::Completed);
    expectPrompts(id, h.modelRequests(), { u"analyst"_s, u"implementer"_s, u"reviewer"_s });
    const QStringList reviewerTools = EngineHarness::toolNames(h.modelRequests().at(2));
    QVERIFY2(reviewerTools.contains(u"approve_work"_s) && reviewerTools.contains(u"reject_work"_s),
        qPrintable(reviewerTools.join(u", "_s)));

    // A story whose documentation is under way: the documenter ends it.
    const qint64 late = h.createConversation(Conversation::Mode::Pipeline);
    setStory(late);
    QVERIFY(
        h.work().variables().setValue(late, PipelinePhase::kVariable.toString(), PipelinePhase::of(u"documenter"_s)));
    QVERIFY(h.work().threads().setActive(late, u"documenter"_s));
    h.server().enqueue(ScriptedReply::calling(
        { handoffCall(u"orchestrator"_s, u"Story v0.1:1.1.1 is complete on the branch feat/story-1.1.1."_s) }));
    QCOMPARE(h.sendAndWait(late, u"The change is refactored; document it."_s), RunOutcome::Completed);
    expectPrompts(late, h.modelRequests().mid(3), { u"documenter"_s });
    const Message last = h.rows(late).constLast();
    QCOMPARE(last.divider, Message::Divider::Completed);
    QCOMPARE(last.content, u"Pipeline complete. Story v0.1:1.1.1 is complete on the branch feat/story-1.1.1."_s);
}

QTEST_MAIN(TestAgentCatalog)
#include "tst_agentcatalog.moc"
