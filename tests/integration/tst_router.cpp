// Router mode (seed 004) on the one engine, against the fake LLM server on both protocols, on real SQLite files:
// routing by the orchestrator's structured-output classification, by the keyword rules and to the general agent;
// visible fallbacks; carry-over and re-routing; the confirmation flows (a yes, a no, another subject, a restart);
// fuzzy completion and its ambiguity answer; delete_task waiting for approval; the tracking agent's hand-off to the
// task agent with its context; one agent on its own; the metrics checked against the stored rows.
#include "EngineHarness.h"
#include "StoreInvariants.h"

#include <QJsonDocument>
#include <QSignalSpy>
#include <QSqlQuery>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace Tandem;
using namespace Tandem::Test;

Q_DECLARE_METATYPE(Tandem::ProviderProfile::Protocol)

namespace {

QString json(const QJsonObject &object)
{
    return QString::fromUtf8(QJsonDocument(object).toJson(QJsonDocument::Compact));
}

ToolCall call(const QString &name, const QJsonObject &arguments)
{
    return ToolCall { {}, name, json(arguments), {} };
}

/// The orchestrator's answer: {agent, confidence, reason}.
ScriptedReply classified(const QString &agent, double confidence, const TokenUsage &usage = { 40, 12, 0, 0 })
{
    return ScriptedReply::text(
        { json({ { u"agent"_s, agent }, { u"confidence"_s, confidence }, { u"reason"_s, u"test"_s } }) }, usage);
}

QStringList dividers(const QList<Message> &rows)
{
    QStringList result;
    for (const Message &row : rows)
        if (row.kind == Message::Kind::Divider)
            result << Message::dividerName(row.divider) + u": "_s + row.content;
    return result;
}

QString lastToolOutput(const QList<Message> &rows, const QString &tool)
{
    for (qsizetype i = rows.size() - 1; i >= 0; --i)
        if (rows[i].kind == Message::Kind::ToolResult && rows[i].toolName == tool)
            return rows[i].content;
    return {};
}

Task storedTask(EngineHarness &h, const QString &title, const QDateTime &updated = {})
{
    Task task;
    task.title = title;
    [&] {
        QVERIFY(h.work().tasks().create(task));
    }();
    if (updated.isValid()) {
        QSqlQuery q(h.db());
        q.prepare(u"UPDATE tasks SET updated_at = ? WHERE id = ?"_s);
        q.addBindValue(updated.toUTC().toString(Qt::ISODateWithMs));
        q.addBindValue(task.id);
        [&] {
            QVERIFY(q.exec());
        }();
    }
    return task;
}

} // namespace

class TestRouter : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void cleanup();
    void routesByClassification_data() { protocols(); }
    void routesByClassification();
    void routesByKeywordsBelowTheThreshold_data() { protocols(); }
    void routesByKeywordsBelowTheThreshold();
    void routesToTheGeneralAgent_data() { protocols(); }
    void routesToTheGeneralAgent();
    void failedClassificationFallsBackVisibly_data();
    void failedClassificationFallsBackVisibly();
    void carriesOverAndReRoutes_data() { protocols(); }
    void carriesOverAndReRoutes();
    void taskCreatedOnlyAfterYesAcrossARestart_data() { protocols(); }
    void taskCreatedOnlyAfterYesAcrossARestart();
    void noClearsTheConfirmation_data() { protocols(); }
    void noClearsTheConfirmation();
    void anotherSubjectClearsTheConfirmation_data() { protocols(); }
    void anotherSubjectClearsTheConfirmation();
    void fuzzyCompletionOfTheRightTask_data() { protocols(); }
    void fuzzyCompletionOfTheRightTask();
    void closeMatchesAskWhichOne_data() { protocols(); }
    void closeMatchesAskWhichOne();
    void deleteTaskWaitsForApproval_data() { protocols(); }
    void deleteTaskWaitsForApproval();
    void theNextMessageReachesTheAgentAfterADenial_data() { protocols(); }
    void theNextMessageReachesTheAgentAfterADenial();
    void trackingHandsOffToTaskWithContext_data() { protocols(); }
    void trackingHandsOffToTaskWithContext();
    void oneAgentOnItsOwn_data() { protocols(); }
    void oneAgentOnItsOwn();
    void metricsMatchTheStoredRows_data() { protocols(); }
    void metricsMatchTheStoredRows();

private:
    static void protocols()
    {
        QTest::addColumn<ProviderProfile::Protocol>("protocol");
        QTest::newRow("responses") << ProviderProfile::Protocol::Responses;
        QTest::newRow("chat") << ProviderProfile::Protocol::ChatCompletions;
    }
};

void TestRouter::cleanup()
{
    const QStringList problems = EngineHarness::takeSpecProblems();
    QVERIFY2(problems.isEmpty(), qPrintable(problems.join(u'\n')));
}

void TestRouter::routesByClassification()
{
    QFETCH(ProviderProfile::Protocol, protocol);
    EngineHarness h(protocol);
    h.server().enqueue(classified(u"task"_s, 0.87));
    // The chosen agent answers the person's message: it must be in the agent's request (#24).
    h.server().enqueue(
        ScriptedReply::text({ u"What priority?"_s }).expectUserText(u"Create task to review code by Friday"_s));
    const qint64 id = h.createConversation(Conversation::Mode::Router);
    QSignalSpy moved(&h.repository(), &ChatRepository::activeAgentChanged);

    QCOMPARE(h.sendAndWait(id, u"Create task to review code by Friday"_s), RunOutcome::Completed);

    QCOMPARE(dividers(h.rows(id)), QStringList { u"routed: Routed to Task agent · 0.87"_s });
    QCOMPARE(h.repository().activeAgent(id), u"task"_s);
    QCOMPARE(moved.size(), 1);
    QCOMPARE(moved[0].at(1).toString(), u"task"_s);
    const QList<RoutingDecision> decisions = h.repository().routingDecisions(id);
    QCOMPARE(decisions.size(), 1);
    QCOMPARE(decisions[0].agentId, u"task"_s);
    QCOMPARE(decisions[0].method, RoutingDecision::Method::Classifier);
    QCOMPARE(decisions[0].confidence, 0.87);
    QCOMPARE(decisions[0].reason, u"test"_s);
    QVERIFY(decisions[0].error.isEmpty());

    // One structured-output request, then the task agent with its tools.
    const QList<RecordedRequest> requests = h.modelRequests();
    QCOMPARE(requests.size(), 2);
    const QJsonObject format = h.isResponses()
        ? requests[0].json.value(u"text"_s).toObject().value(u"format"_s).toObject()
        : requests[0].json.value(u"response_format"_s).toObject();
    QCOMPARE(format.value(u"type"_s).toString(), u"json_schema"_s);
    const QJsonObject schemaHolder = h.isResponses() ? format : format.value(u"json_schema"_s).toObject();
    QCOMPARE(schemaHolder.value(u"name"_s).toString(), u"routing_decision"_s);
    QCOMPARE(schemaHolder.value(u"strict"_s).toBool(), true);
    const QJsonObject properties = schemaHolder.value(u"schema"_s).toObject().value(u"properties"_s).toObject();
    QCOMPARE(properties.keys(), (QStringList { u"agent"_s, u"agents"_s, u"confidence"_s, u"reason"_s }));
    QCOMPARE(properties.value(u"agent"_s).toObject().value(u"enum"_s).toArray().size(), 4);
    QVERIFY(EngineHarness::toolNames(requests[0]).isEmpty());
    QVERIFY(EngineHarness::inputSummary(requests[0]).constLast().contains(u"Create task to review code by Friday"_s));
    QVERIFY(EngineHarness::toolNames(requests[1]).contains(u"create_task"_s));
    QVERIFY(EngineHarness::toolNames(requests[1]).contains(u"handoff_to"_s));
    QVERIFY(!requests[1].json.contains(u"response_format"_s) && !requests[1].json.contains(u"text"_s));
    const QStringList problems = StoreInvariants::problems(h.db());
    QVERIFY2(problems.isEmpty(), qPrintable(problems.join(u'\n')));
}

void TestRouter::routesByKeywordsBelowTheThreshold()
{
    QFETCH(ProviderProfile::Protocol, protocol);
    EngineHarness h(protocol);
    h.server().enqueue(classified(u"qa"_s, 0.3));
    h.server().enqueue(
        ScriptedReply::text({ u"Which title?"_s }).expectUserText(u"Please add a task for the dentist"_s));
    const qint64 id = h.createConversation(Conversation::Mode::Router);

    QCOMPARE(h.sendAndWait(id, u"Please add a task for the dentist"_s), RunOutcome::Completed);

    QCOMPARE(dividers(h.rows(id)),
        QStringList { u"routed: Routed to Task agent by keywords (the classifier said Q&A agent · 0.30)"_s });
    QCOMPARE(h.repository().routingDecisions(id).at(0).method, RoutingDecision::Method::Keywords);
    QCOMPARE(h.repository().routingDecisions(id).at(0).classifiedAgent, u"qa"_s);
    QCOMPARE(h.repository().activeAgent(id), u"task"_s);
}

void TestRouter::routesToTheGeneralAgent()
{
    QFETCH(ProviderProfile::Protocol, protocol);
    EngineHarness h(protocol);
    h.server().enqueue(classified(u"tracking"_s, 0.2));
    // Its first request was once the system message alone (#24).
    h.server().enqueue(ScriptedReply::text({ u"Hi! I can keep your task list."_s }).expectUserText(u"Good morning"_s));
    const qint64 id = h.createConversation(Conversation::Mode::Router);

    QCOMPARE(h.sendAndWait(id, u"Good morning"_s), RunOutcome::Completed);

    QCOMPARE(dividers(h.rows(id)),
        QStringList { u"routed: Routed to General agent: nothing else matched (the classifier said Tracking agent · "
                      "0.20)"_s });
    QCOMPARE(h.repository().routingDecisions(id).at(0).method, RoutingDecision::Method::Fallback);
    QCOMPARE(h.rows(id).constLast().agentId, u"general"_s);
}

void TestRouter::failedClassificationFallsBackVisibly_data()
{
    QTest::addColumn<ProviderProfile::Protocol>("protocol");
    QTest::addColumn<ScriptedReply>("answer");
    QTest::addColumn<QString>("message");
    QTest::addColumn<QString>("divider");
    QTest::addColumn<QString>("agent");
    for (const auto protocol : { ProviderProfile::Protocol::Responses, ProviderProfile::Protocol::ChatCompletions }) {
        const char *p = protocol == ProviderProfile::Protocol::Responses ? "responses" : "chat";
        QTest::addRow("%s: bad JSON", p)
            << protocol << ScriptedReply::text({ u"The task agent, I think."_s }) << u"Hello"_s
            << u"routed: Routed to General agent: the classifier's answer was not valid JSON"_s << u"general"_s;
        QTest::addRow("%s: unknown agent", p)
            << protocol << classified(u"sales"_s, 0.95) << u"Create a task to call Bob"_s
            << u"routed: Routed to Task agent by keywords: the classifier named an unknown agent “sales”"_s
            << u"task"_s;
        QTest::addRow("%s: provider error", p) << protocol << ScriptedReply::httpError(500) << u"Hello"_s
                                               << u"routed: Routed to General agent: "_s << u"general"_s;
    }
}

void TestRouter::failedClassificationFallsBackVisibly()
{
    QFETCH(ProviderProfile::Protocol, protocol);
    QFETCH(ScriptedReply, answer);
    QFETCH(QString, message);
    QFETCH(QString, divider);
    QFETCH(QString, agent);
    EngineHarness h(protocol);
    h.server().enqueue(answer);
    h.server().enqueue(ScriptedReply::text({ u"Hello!"_s }).expectUserText(message));
    const qint64 id = h.createConversation(Conversation::Mode::Router);

    QCOMPARE(h.sendAndWait(id, message), RunOutcome::Completed);

    const QStringList shown = dividers(h.rows(id));
    QCOMPARE(shown.size(), 1);
    QVERIFY2(shown[0].startsWith(divider), qPrintable(shown[0]));
    const RoutingDecision decision = h.repository().routingDecisions(id).at(0);
    QVERIFY(!decision.error.isEmpty()); // stored with the reason, never silent
    QVERIFY2(shown[0].contains(decision.error), qPrintable(shown[0]));
    QCOMPARE(decision.agentId, agent);
    QCOMPARE(h.rows(id).constLast().agentId, agent);
    QCOMPARE(h.rows(id).constLast().content, u"Hello!"_s);
}

void TestRouter::carriesOverAndReRoutes()
{
    QFETCH(ProviderProfile::Protocol, protocol);
    EngineHarness h(protocol);
    const qint64 id = h.createConversation(Conversation::Mode::Router);
    h.server().enqueue(classified(u"task"_s, 0.9));
    h.server().enqueue(ScriptedReply::text({ u"Which task?"_s }).expectUserText(u"I need to change a task"_s));
    QCOMPARE(h.sendAndWait(id, u"I need to change a task"_s), RunOutcome::Completed);
    // Not confident enough to move it and no keyword rule matches: the conversation stays with the task agent.
    h.server().enqueue(classified(u"qa"_s, 0.45));
    h.server().enqueue(ScriptedReply::text({ u"Done."_s }).expectUserText(u"The dentist one, by Friday"_s));
    QCOMPARE(h.sendAndWait(id, u"The dentist one, by Friday"_s), RunOutcome::Completed);
    QCOMPARE(h.repository().activeAgent(id), u"task"_s);
    QCOMPARE(h.rows(id).constLast().agentId, u"task"_s);
    // Confident: re-routed.
    h.server().enqueue(classified(u"qa"_s, 0.92));
    h.server().enqueue(ScriptedReply::text({ u"Time boxes help."_s }).expectUserText(u"Any tips for focusing?"_s));
    QCOMPARE(h.sendAndWait(id, u"Any tips for focusing?"_s), RunOutcome::Completed);
    QCOMPARE(h.repository().activeAgent(id), u"qa"_s);
    QCOMPARE(h.rows(id).constLast().agentId, u"qa"_s);

    QCOMPARE(dividers(h.rows(id)),
        (QStringList { u"routed: Routed to Task agent · 0.90"_s,
            u"routed: Staying with Task agent (the classifier said Q&A agent · 0.45)"_s,
            u"routed: Routed to Q&A agent · 0.92"_s }));
    QList<RoutingDecision::Method> methods;
    const QList<RoutingDecision> decisions = h.repository().routingDecisions(id);
    for (const RoutingDecision &decision : decisions)
        methods << decision.method;
    QCOMPARE(methods,
        (QList<RoutingDecision::Method> { RoutingDecision::Method::Classifier, RoutingDecision::Method::CarryOver,
            RoutingDecision::Method::Classifier }));
    // Each message was classified once: six requests, three of them the orchestrator's.
    QCOMPARE(h.modelRequests().size(), 6);
}

void TestRouter::taskCreatedOnlyAfterYesAcrossARestart()
{
    QFETCH(ProviderProfile::Protocol, protocol);
    EngineHarness h(protocol);
    const qint64 id = h.createConversation(Conversation::Mode::Router);
    h.server().enqueue(classified(u"task"_s, 0.9));
    h.server().enqueue(ScriptedReply::calling({ call(u"create_task"_s,
        { { u"title"_s, u"Review code"_s }, { u"priority"_s, u"high"_s }, { u"due"_s, u"2026-12-04"_s } }) }));
    h.server().enqueue(ScriptedReply::text({ u"I'll create 'Review code', due Friday 4 December. Shall I?"_s }));
    QSignalSpy changed(&h.repository(), &ChatRepository::tasksChanged);

    QCOMPARE(h.sendAndWait(id, u"Create task to review code by Friday, high priority"_s), RunOutcome::Completed);

    QVERIFY(h.repository().tasks().isEmpty()); // nothing created yet
    std::optional<PendingConfirmation> pending = h.repository().pendingConfirmation(id);
    QVERIFY(pending);
    QCOMPARE(pending->agentId, u"task"_s);
    QCOMPARE(pending->toolName, u"create_task"_s);
    QVERIFY2(pending->summary.startsWith(u"I'll create the task 'Review code' (priority high, due "_s),
        qPrintable(pending->summary));
    QVERIFY(lastToolOutput(h.rows(id), u"create_task"_s).contains(u"awaiting_confirmation"_s));
    QCOMPARE(changed.size(), 1);

    h.restart(); // the pending confirmation is stored: it survives
    QVERIFY(h.repository().pendingConfirmation(id));
    const qsizetype before = h.modelRequests().size();
    h.server().enqueue(ScriptedReply::text({ u"Created 'Review code'."_s }).expectUserText(u"Yes"_s));
    QSignalSpy changedAgain(&h.repository(), &ChatRepository::tasksChanged);

    QCOMPARE(h.sendAndWait(id, u"Yes"_s), RunOutcome::Completed);

    const QList<Task> tasks = h.repository().tasks();
    QCOMPARE(tasks.size(), 1);
    QCOMPARE(tasks[0].title, u"Review code"_s);
    QCOMPARE(tasks[0].priority, Task::Priority::High);
    QCOMPARE(tasks[0].due, QDate(2026, 12, 4));
    QCOMPARE(tasks[0].conversationId, id);
    QVERIFY(!h.repository().pendingConfirmation(id));
    QVERIFY(!changedAgain.isEmpty());
    // The yes needed no classification: one request, the task agent's, with the call it proposed and its result.
    const QList<RecordedRequest> requests = h.modelRequests();
    QCOMPARE(requests.size(), before + 1);
    const QStringList input = EngineHarness::inputSummary(requests.constLast());
    QVERIFY2(input.contains(u"call:create_task"_s), qPrintable(input.join(u" | "_s)));
    QVERIFY2(input.constLast().startsWith(u"output:"_s) && input.constLast().contains(u"\"created\""_s),
        qPrintable(input.join(u" | "_s)));
    const RoutingDecision last = h.repository().routingDecisions(id).constLast();
    QCOMPARE(last.method, RoutingDecision::Method::Confirmation);
    QCOMPARE(dividers(h.rows(id)).constLast(), u"routed: Task agent carries out what you confirmed"_s);
    const QStringList problems = StoreInvariants::problems(h.db());
    QVERIFY2(problems.isEmpty(), qPrintable(problems.join(u'\n')));
}

void TestRouter::noClearsTheConfirmation()
{
    QFETCH(ProviderProfile::Protocol, protocol);
    EngineHarness h(protocol);
    const qint64 id = h.createConversation(Conversation::Mode::Router);
    h.server().enqueue(classified(u"task"_s, 0.9));
    h.server().enqueue(ScriptedReply::calling(
        { call(u"create_task"_s, { { u"title"_s, u"Call the bank"_s }, { u"due"_s, u"tomorrow"_s } }) }));
    h.server().enqueue(ScriptedReply::text({ u"Create 'Call the bank' for tomorrow?"_s }));
    QCOMPARE(h.sendAndWait(id, u"Remind me to call the bank tomorrow"_s), RunOutcome::Completed);
    const std::optional<PendingConfirmation> pending = h.repository().pendingConfirmation(id);
    QVERIFY(pending);
    QCOMPARE(QJsonDocument::fromJson(pending->arguments.toUtf8()).object().value(u"due"_s).toString(),
        QDate::currentDate().addDays(1).toString(Qt::ISODate)); // resolved against today
    // The agent hears the no, and that nothing was done (#24).
    h.server().enqueue(ScriptedReply::text({ u"All right, I did not create it."_s })
                           .expectUserText(u"нет"_s)
                           .expectUserText(u"the person declined your proposal, so nothing was done"_s)
                           .expectUserText(pending->summary));

    QCOMPARE(h.sendAndWait(id, u"нет"_s), RunOutcome::Completed);

    QVERIFY(!h.repository().pendingConfirmation(id));
    QVERIFY(h.repository().tasks().isEmpty());
    QCOMPARE(h.rows(id).constLast().agentId, u"task"_s); // the agent that asked hears the no
    QCOMPARE(dividers(h.rows(id)).constLast(), u"routed: Task agent: you declined, nothing was done"_s);
    QCOMPARE(h.modelRequests().size(), 4); // no classification of the "no"
}

void TestRouter::anotherSubjectClearsTheConfirmation()
{
    QFETCH(ProviderProfile::Protocol, protocol);
    EngineHarness h(protocol);
    const qint64 id = h.createConversation(Conversation::Mode::Router);
    h.server().enqueue(classified(u"task"_s, 0.9));
    h.server().enqueue(ScriptedReply::calling({ call(u"create_task"_s, { { u"title"_s, u"Water plants"_s } }) }));
    h.server().enqueue(ScriptedReply::text({ u"Create 'Water plants'?"_s }));
    QCOMPARE(h.sendAndWait(id, u"Add a task to water the plants"_s), RunOutcome::Completed);
    QVERIFY(h.repository().pendingConfirmation(id));
    h.server().enqueue(classified(u"qa"_s, 0.9));
    h.server().enqueue(
        ScriptedReply::text({ u"Try the Pomodoro technique."_s }).expectUserText(u"Any advice for focusing?"_s));

    QCOMPARE(h.sendAndWait(id, u"Any advice for focusing?"_s), RunOutcome::Completed);

    QVERIFY(!h.repository().pendingConfirmation(id));
    QVERIFY(h.repository().tasks().isEmpty());
    QCOMPARE(dividers(h.rows(id)).constLast(),
        u"routed: Routed to Q&A agent · 0.90 (the unconfirmed proposal was dropped)"_s);
    QCOMPARE(h.rows(id).constLast().agentId, u"qa"_s);
}

void TestRouter::fuzzyCompletionOfTheRightTask()
{
    QFETCH(ProviderProfile::Protocol, protocol);
    EngineHarness h(protocol);
    const Task yury = storedTask(h, u"Review cloud code for Yury"_s);
    const Task milk = storedTask(h, u"Buy milk"_s);
    const qint64 id = h.createConversation(Conversation::Mode::Router);
    h.server().enqueue(classified(u"task"_s, 0.95));
    h.server().enqueue(ScriptedReply::calling({ call(u"complete_task"_s, { { u"query"_s, u"review code"_s } }) }));
    h.server().enqueue(
        ScriptedReply::text({ u"I found 'Review cloud code for Yury' (75% match). Is this correct?"_s }));

    QCOMPARE(h.sendAndWait(id, u"Complete review code"_s), RunOutcome::Completed);

    const QJsonObject output
        = QJsonDocument::fromJson(lastToolOutput(h.rows(id), u"complete_task"_s).toUtf8()).object();
    QCOMPARE(output.value(u"status"_s).toString(), u"awaiting_confirmation"_s);
    QCOMPARE(output.value(u"message"_s).toString(),
        u"I found 'Review cloud code for Yury' (75% match). Is this correct?"_s); // seed 004's words
    QVERIFY(h.work().tasks().get(yury.id)->isOpen());
    QCOMPARE(QJsonDocument::fromJson(h.repository().pendingConfirmation(id)->arguments.toUtf8())
                 .object()
                 .value(u"task_id"_s)
                 .toInteger(),
        yury.id);
    h.server().enqueue(ScriptedReply::text({ u"Done: 'Review cloud code for Yury'."_s }).expectUserText(u"yes"_s));

    QCOMPARE(h.sendAndWait(id, u"yes"_s), RunOutcome::Completed);

    QCOMPARE(h.work().tasks().get(yury.id)->status, Task::Status::Done);
    QVERIFY(h.work().tasks().get(yury.id)->completedAt.isValid());
    QVERIFY(h.work().tasks().get(milk.id)->isOpen());
    QVERIFY(!h.repository().pendingConfirmation(id));
}

void TestRouter::closeMatchesAskWhichOne()
{
    QFETCH(ProviderProfile::Protocol, protocol);
    EngineHarness h(protocol);
    const Task anna = storedTask(h, u"Review code for Anna"_s);
    const Task yury = storedTask(h, u"Review code for Yury"_s);
    const qint64 id = h.createConversation(Conversation::Mode::Router);
    h.server().enqueue(classified(u"task"_s, 0.95));
    h.server().enqueue(ScriptedReply::calling({ call(u"complete_task"_s, { { u"query"_s, u"review code"_s } }) })
                           .expectUserText(u"Complete review code"_s));
    h.server().enqueue(ScriptedReply::text({ u"Which one do you mean?"_s }));

    QCOMPARE(h.sendAndWait(id, u"Complete review code"_s), RunOutcome::Completed);

    const QJsonObject output
        = QJsonDocument::fromJson(lastToolOutput(h.rows(id), u"complete_task"_s).toUtf8()).object();
    QCOMPARE(output.value(u"status"_s).toString(), u"ambiguous"_s);
    QCOMPARE(output.value(u"candidates"_s).toArray().size(), 2);
    QCOMPARE(output.value(u"message"_s).toString(),
        u"Which one do you mean: 'Review code for Anna' (83% match) or 'Review code for Yury' (83% match)?"_s);
    QVERIFY(!h.repository().pendingConfirmation(id)); // no guess kept for a yes
    QVERIFY(h.work().tasks().get(anna.id)->isOpen());
    QVERIFY(h.work().tasks().get(yury.id)->isOpen());
}

void TestRouter::deleteTaskWaitsForApproval()
{
    QFETCH(ProviderProfile::Protocol, protocol);
    EngineHarness h(protocol);
    const Task dentist = storedTask(h, u"Dentist"_s);
    const qint64 id = h.createConversation(Conversation::Mode::Router);
    h.server().enqueue(classified(u"task"_s, 0.95));
    h.server().enqueue(ScriptedReply::calling({ call(u"delete_task"_s, { { u"task_id"_s, dentist.id } }) })
                           .expectUserText(u"Delete the dentist task"_s));
    h.server().enqueue(ScriptedReply::text({ u"Deleted 'Dentist'."_s }));
    QSignalSpy needed(&h.repository(), &ChatRepository::approvalNeeded);

    QVERIFY(h.repository().send(id, u"Delete the dentist task"_s).messageId != 0);
    QVERIFY(needed.wait(10'000));

    const ApprovalRequest request = needed[0].at(0).value<ApprovalRequest>();
    QCOMPARE(request.toolName, u"delete_task"_s);
    QCOMPARE(request.agentId, u"task"_s);
    QVERIFY(h.work().tasks().get(dentist.id)); // not yet
    QVERIFY(h.repository().decideApproval(request.id, ApprovalDecision::AllowOnce));
    QCOMPARE(h.waitForRun(id), RunOutcome::Completed);
    QVERIFY(!h.work().tasks().get(dentist.id));
    QCOMPARE(h.rows(id).constLast().content, u"Deleted 'Dentist'."_s);
}

void TestRouter::theNextMessageReachesTheAgentAfterADenial()
{
    // #24: in the window the task agent answered an earlier denied delete instead of the new request, which its
    // request did not carry.
    QFETCH(ProviderProfile::Protocol, protocol);
    EngineHarness h(protocol);
    const Task dentist = storedTask(h, u"Dentist"_s);
    const qint64 id = h.createConversation(Conversation::Mode::Router);
    h.server().enqueue(classified(u"task"_s, 0.95));
    h.server().enqueue(ScriptedReply::calling({ call(u"delete_task"_s, { { u"task_id"_s, dentist.id } }) })
                           .expectUserText(u"Delete the dentist task"_s));
    h.server().enqueue(ScriptedReply::text({ u"I did not delete it."_s }));
    QSignalSpy needed(&h.repository(), &ChatRepository::approvalNeeded);
    QVERIFY(h.repository().send(id, u"Delete the dentist task"_s).messageId != 0);
    QVERIFY(needed.wait(10'000));
    QVERIFY(h.repository().decideApproval(needed[0].at(0).value<ApprovalRequest>().id, ApprovalDecision::Deny));
    QCOMPARE(h.waitForRun(id), RunOutcome::Completed);
    QVERIFY(h.work().tasks().get(dentist.id));
    h.server().enqueue(classified(u"task"_s, 0.9));
    h.server().enqueue(
        ScriptedReply::text({ u"What is the due date?"_s }).expectUserText(u"Create task to renew passport"_s));

    QCOMPARE(h.sendAndWait(id, u"Create task to renew passport"_s), RunOutcome::Completed);

    // The message is the task agent's last turn, after the denied call and its answer.
    const RecordedRequest last = h.modelRequests().constLast();
    QCOMPARE(last.lastUserText(), u"Create task to renew passport"_s);
    const QStringList input = EngineHarness::inputSummary(last);
    QVERIFY2(input.constLast() == u"user: Create task to renew passport"_s, qPrintable(input.join(u" | "_s)));
    QCOMPARE(h.rows(id).constLast().content, u"What is the due date?"_s);
}

void TestRouter::trackingHandsOffToTaskWithContext()
{
    QFETCH(ProviderProfile::Protocol, protocol);
    EngineHarness h(protocol);
    storedTask(h, u"Review cloud code"_s, QDateTime::currentDateTimeUtc().addDays(-9));
    const qint64 id = h.createConversation(Conversation::Mode::Router);
    const QString context = u"The person wants to create a follow-up task for 'Review cloud code' (stale 9 days)"_s;
    h.server().enqueue(classified(u"tracking"_s, 0.88));
    h.server().enqueue(ScriptedReply::calling({ call(u"get_stale_tasks"_s, {}) })
                           .expectUserText(u"What should I work on? And create a task for it"_s));
    h.server().enqueue(ScriptedReply::calling(
        { call(u"handoff_to"_s, { { u"target_agent"_s, u"task"_s }, { u"context"_s, context } }) },
        { u"You have 1 stale task. 'Review cloud code' is highest priority."_s }));
    // The edge's transfer is a summary: the tracking agent's model writes it from the conversation (seed 003).
    h.server().enqueue(ScriptedReply::text({ u"Goal: What should I work on? And create a task for it."_s })
                           .expectUserText(u"Person: What should I work on? And create a task for it"_s));
    // The task agent gets the handoff's context and the summary as a user turn.
    h.server().enqueue(ScriptedReply::text({ u"Should I create a follow-up task for 'Review cloud code'?"_s })
                           .expectUserText(context)
                           .expectUserText(u"What should I work on? And create a task for it"_s));

    QCOMPARE(h.sendAndWait(id, u"What should I work on? And create a task for it"_s), RunOutcome::Completed);

    const QJsonObject stale
        = QJsonDocument::fromJson(lastToolOutput(h.rows(id), u"get_stale_tasks"_s).toUtf8()).object();
    QCOMPARE(stale.value(u"tasks"_s).toArray().size(), 1);
    QCOMPARE(stale.value(u"tasks"_s).toArray().at(0).toObject().value(u"days_since_update"_s).toInt(), 9);
    QCOMPARE(dividers(h.rows(id)),
        (QStringList { u"routed: Routed to Tracking agent · 0.88"_s,
            u"transferred: Transferred to Task agent. Context: "_s + context }));
    QCOMPARE(h.repository().activeAgent(id), u"task"_s);
    const QList<Handoff> handoffs = h.repository().handoffs(id);
    QCOMPARE(handoffs.size(), 1);
    QCOMPARE(handoffs[0].fromAgent, u"tracking"_s);
    QCOMPARE(handoffs[0].toAgent, u"task"_s);
    QCOMPARE(handoffs[0].status(), Handoff::Status::Accepted);
    // The task agent answers in the same turn, with the context in its input.
    const QStringList input = EngineHarness::inputSummary(h.modelRequests().constLast());
    QVERIFY2(input.join(u'\n').contains(context), qPrintable(input.join(u" | "_s)));
    QCOMPARE(h.rows(id).constLast().agentId, u"task"_s);
    QVERIFY(StoreInvariants::problems(h.db()).isEmpty());
}

void TestRouter::oneAgentOnItsOwn()
{
    QFETCH(ProviderProfile::Protocol, protocol);
    EngineHarness h(protocol);
    const qint64 id = h.createConversation(Conversation::Mode::Router);
    h.server().enqueue(
        ScriptedReply::text({ u"ADHD-friendly: one small next step."_s }).expectUserText(u"Any tips?"_s));

    QSignalSpy finished(&h.repository(), &ChatRepository::runFinished);
    QVERIFY(h.repository().sendTo(id, u"qa"_s, u"Any tips?"_s).messageId != 0);
    QVERIFY(finished.wait(10'000));

    QCOMPARE(h.modelRequests().size(), 1); // no orchestrator
    QCOMPARE(h.rows(id).constLast().agentId, u"qa"_s);
    QCOMPARE(h.repository().routingDecisions(id).at(0).method, RoutingDecision::Method::Direct);
    const SendResult refused = h.repository().sendTo(id, u"nobody"_s, u"Hi"_s);
    QCOMPARE(refused.messageId, 0);
    QCOMPARE(refused.refusal, SendResult::Refusal::NoAgent);
}

void TestRouter::metricsMatchTheStoredRows()
{
    QFETCH(ProviderProfile::Protocol, protocol);
    EngineHarness h(protocol);
    const qint64 id = h.createConversation(Conversation::Mode::Router);
    h.server().enqueue(classified(u"tracking"_s, 0.8, { 30, 10, 0, 0 }));
    h.server().enqueue(ScriptedReply::calling(
        { call(u"handoff_to"_s, { { u"target_agent"_s, u"task"_s }, { u"context"_s, u"create one"_s } }) }, {},
        { 100, 20, 0, 0 }));
    h.server().enqueue(ScriptedReply::text({ u"Goal: a task for what is stale."_s })); // the edge's summary (seed 003)
    h.server().enqueue(ScriptedReply::text({ u"Which title?"_s }, { 120, 30, 0, 0 }));
    QCOMPARE(h.sendAndWait(id, u"What's stale? Create a task for it"_s), RunOutcome::Completed);
    h.server().enqueue(classified(u"task"_s, 0.9, { 35, 11, 0, 0 }));
    h.server().enqueue(ScriptedReply::text({ u"OK."_s }, { 140, 5, 0, 0 }).expectUserText(u"Call it Review"_s));
    QCOMPARE(h.sendAndWait(id, u"Call it Review"_s), RunOutcome::Completed);

    const Metrics metrics = h.repository().metrics(id);
    QCOMPARE(metrics.runs, 2);
    const AgentMetrics *tracking = metrics.agent(u"tracking"_s);
    const AgentMetrics *task = metrics.agent(u"task"_s);
    const AgentMetrics *orchestrator = metrics.agent(u"orchestrator"_s);
    QVERIFY(tracking && task && orchestrator);
    QCOMPARE(tracking->turns, 1);
    QCOMPARE(tracking->inputTokens, 100);
    QCOMPARE(tracking->outputTokens, 20);
    QCOMPARE(tracking->handoffsGiven, 1);
    QCOMPARE(tracking->handoffsReceived, 0);
    QCOMPARE(task->turns, 2);
    QCOMPARE(task->modelCalls, 2);
    QCOMPARE(task->inputTokens, 260);
    QCOMPARE(task->outputTokens, 35);
    QCOMPARE(task->handoffsReceived, 1);
    QCOMPARE(task->routedTo, 1);
    QCOMPARE(task->meanConfidence, 0.9);
    QCOMPARE(orchestrator->modelCalls, 2);
    QCOMPARE(orchestrator->inputTokens, 65);
    QCOMPARE(orchestrator->outputTokens, 21);
    QCOMPARE(metrics.total.modelCalls, h.modelRequests().size());
    QCOMPARE(metrics.total.inputTokens, 425);
    QCOMPARE(metrics.routing.size(), 2);
    QCOMPARE(metrics.routing[0].confidence, 0.8);

    // The same figures, straight from the stored rows.
    QSqlQuery q(h.db());
    QVERIFY(q.exec(
        u"SELECT agent_id, COUNT(*), SUM(input_tokens), SUM(output_tokens), COUNT(DISTINCT run_id), "
        "AVG(latency_ms), MAX(latency_ms) FROM model_calls WHERE conversation_id = %1 GROUP BY agent_id"_s.arg(id)));
    int agents = 0;
    while (q.next()) {
        ++agents;
        const AgentMetrics *m = metrics.agent(q.value(0).toString());
        QVERIFY(m);
        QCOMPARE(m->modelCalls, q.value(1).toInt());
        QCOMPARE(m->inputTokens, q.value(2).toLongLong());
        QCOMPARE(m->outputTokens, q.value(3).toLongLong());
        QCOMPARE(m->turns, q.value(4).toInt());
        QCOMPARE(m->latencyMeanMs, q.value(5).toDouble());
        QVERIFY(m->latencyP95Ms <= q.value(6).toLongLong());
    }
    QCOMPARE(agents, 3);
    QVERIFY(q.exec(u"SELECT COUNT(*) FROM handoffs WHERE conversation_id = %1 AND from_agent = 'tracking'"_s.arg(id)));
    QVERIFY(q.next());
    QCOMPARE(tracking->handoffsGiven, q.value(0).toInt());
    QVERIFY(q.exec(u"SELECT input_tokens + output_tokens FROM runs WHERE conversation_id = %1 ORDER BY id"_s.arg(id)));
    QVERIFY(q.next());
    QCOMPARE(q.value(0).toLongLong(), 30 + 10 + 100 + 20 + 120 + 30); // the classification counts in the run
    // Every conversation together: the same here, with one conversation.
    QCOMPARE(h.repository().metrics(0).total.inputTokens, metrics.total.inputTokens);
}

QTEST_MAIN(TestRouter)
#include "tst_router.moc"
