// Router mode's confirmations as a person says them (seed 004): "Yes, high priority, due Friday" is a yes that
// changes the proposed task before it is created; "no, make it Monday" changes it and asks again. The seed's whole
// complex flow ("What should I work on? And create a task for it") runs end to end, each step checked at the fake
// server by the request bodies and in the stored rows and tasks, in English and in Russian.
#include "EngineHarness.h"
#include "StoreInvariants.h"
#include "domain/DueDateResolver.h"

#include <QJsonDocument>
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

ScriptedReply classified(const QString &agent, double confidence)
{
    return ScriptedReply::text(
        { json({ { u"agent"_s, agent }, { u"confidence"_s, confidence }, { u"reason"_s, u"test"_s } }) });
}

int classifications(const EngineHarness &h)
{
    int count = 0;
    const QList<RecordedRequest> requests = h.modelRequests();
    for (const RecordedRequest &request : requests)
        count += QString::fromUtf8(request.body).contains(u"routing_decision"_s) ? 1 : 0;
    return count;
}

QString lastRow(EngineHarness &h, qint64 id, Message::Kind kind, const QString &tool)
{
    const QList<Message> rows = h.rows(id);
    for (qsizetype i = rows.size() - 1; i >= 0; --i)
        if (rows[i].kind == kind && rows[i].toolName == tool)
            return rows[i].content;
    return {};
}

void addStaleTask(EngineHarness &h, const QString &title)
{
    Task task;
    task.title = title;
    task.priority = Task::Priority::High;
    QVERIFY(h.work().tasks().create(task));
    QSqlQuery q(h.db());
    q.prepare(u"UPDATE tasks SET updated_at = ? WHERE id = ?"_s);
    q.addBindValue(QDateTime::currentDateTimeUtc().addDays(-9).toString(Qt::ISODateWithMs));
    q.addBindValue(task.id);
    QVERIFY(q.exec());
}

const QString kFollowUp = u"Follow up on Review cloud code"_s;

/// The seed's first message: the tracking agent answers and hands the creation to the task agent, which proposes the
/// task (a pending confirmation) and asks. Checked step by step.
void proposeFollowUp(EngineHarness &h, qint64 id, const QString &message)
{
    addStaleTask(h, u"Review cloud code"_s);
    const QString context = u"The person wants a follow-up task for 'Review cloud code' (stale 9 days)"_s;
    h.server().enqueue(classified(u"tracking"_s, 0.9));
    h.server().enqueue(ScriptedReply::calling({ call(u"get_stale_tasks"_s, {}) }).expectUserText(message));
    h.server().enqueue(ScriptedReply::calling(
        { call(u"handoff_to"_s, { { u"target_agent"_s, u"task"_s }, { u"context"_s, context } }) },
        { u"You have 1 stale task. 'Review cloud code' is highest priority."_s }));
    // The tracking agent's edge to the task agent carries a summary its model writes (seed 003).
    h.server().enqueue(ScriptedReply::text({ u"Goal: a follow-up task for the stale one."_s }));
    h.server().enqueue(
        ScriptedReply::calling({ call(u"create_task"_s, { { u"title"_s, kFollowUp } }) }).expectUserText(context));
    h.server().enqueue(ScriptedReply::text({ u"Should I create a follow-up task for 'Review cloud code'?"_s }));

    QCOMPARE(h.sendAndWait(id, message), RunOutcome::Completed);

    QCOMPARE(classifications(h), 1);
    QVERIFY(lastRow(h, id, Message::Kind::ToolResult, u"get_stale_tasks"_s).contains(u"Review cloud code"_s));
    const QList<Handoff> handoffs = h.repository().handoffs(id);
    QCOMPARE(handoffs.size(), 1);
    QCOMPARE(handoffs[0].fromAgent, u"tracking"_s);
    QCOMPARE(handoffs[0].toAgent, u"task"_s);
    QCOMPARE(h.repository().activeAgent(id), u"task"_s);
    QCOMPARE(h.repository().tasks().size(), 1); // only the stale one: nothing created yet
    const std::optional<PendingConfirmation> pending = h.repository().pendingConfirmation(id);
    QVERIFY(pending);
    QCOMPARE(pending->agentId, u"task"_s);
    QCOMPARE(pending->toolName, u"create_task"_s);
    QCOMPARE(
        QJsonDocument::fromJson(pending->arguments.toUtf8()).object().value(u"priority"_s).toString(), u"normal"_s);
}

std::optional<Task> taskTitled(EngineHarness &h, const QString &title)
{
    const QList<Task> tasks = h.repository().tasks();
    for (const Task &task : tasks)
        if (task.title == title)
            return task;
    return std::nullopt;
}

} // namespace

class TestRouterConfirmations : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void cleanup();
    void yesWithDetailsCreatesTheChangedTask_data();
    void yesWithDetailsCreatesTheChangedTask();
    void noWithAChangeAsksAgain_data();
    void noWithAChangeAsksAgain();
    void detailsWeCannotReadAreANewRequest();
};

void TestRouterConfirmations::cleanup()
{
    const QStringList problems = EngineHarness::takeSpecProblems();
    QVERIFY2(problems.isEmpty(), qPrintable(problems.join(u'\n')));
}

void TestRouterConfirmations::yesWithDetailsCreatesTheChangedTask_data()
{
    QTest::addColumn<ProviderProfile::Protocol>("protocol");
    QTest::addColumn<QString>("message");
    QTest::addColumn<QString>("answer");
    for (const auto protocol : { ProviderProfile::Protocol::Responses, ProviderProfile::Protocol::ChatCompletions }) {
        const char *p = protocol == ProviderProfile::Protocol::Responses ? "responses" : "chat";
        QTest::addRow("%s: English", p) << protocol << u"What should I work on? And create a task for it"_s
                                        << u"Yes, high priority, due Friday"_s;
        QTest::addRow("%s: Russian", p) << protocol << u"Над чем работать? И создай для этого задачу"_s
                                        << u"Да, высокий приоритет, к пятнице"_s;
    }
}

void TestRouterConfirmations::yesWithDetailsCreatesTheChangedTask()
{
    QFETCH(ProviderProfile::Protocol, protocol);
    QFETCH(QString, message);
    QFETCH(QString, answer);
    EngineHarness h(protocol);
    const qint64 id = h.createConversation(Conversation::Mode::Router);
    proposeFollowUp(h, id, message);
    if (QTest::currentTestFailed())
        return;
    const qsizetype before = h.modelRequests().size();
    h.server().enqueue(ScriptedReply::text({ u"Created, high priority, due Friday."_s }).expectUserText(answer));

    QCOMPARE(h.sendAndWait(id, answer), RunOutcome::Completed);

    // A yes: no classification, one request (the task agent's) with the changed call and its result.
    QCOMPARE(classifications(h), 1);
    const QList<RecordedRequest> requests = h.modelRequests();
    QCOMPARE(requests.size(), before + 1);
    const QStringList input = EngineHarness::inputSummary(requests.constLast());
    QVERIFY2(input.contains(u"call:create_task"_s), qPrintable(input.join(u" | "_s)));
    QVERIFY2(input.constLast().startsWith(u"output:"_s) && input.constLast().contains(u"\"created\""_s),
        qPrintable(input.join(u" | "_s)));
    const QDate friday = *DueDateResolver::resolve(u"Friday"_s, QDate::currentDate());
    const QJsonObject called
        = QJsonDocument::fromJson(lastRow(h, id, Message::Kind::ToolCall, u"create_task"_s).toUtf8()).object();
    QCOMPARE(called.value(u"title"_s).toString(), kFollowUp);
    QCOMPARE(called.value(u"priority"_s).toString(), u"high"_s);
    QCOMPARE(called.value(u"due"_s).toString(), friday.toString(Qt::ISODate));
    const std::optional<Task> created = taskTitled(h, kFollowUp);
    QVERIFY(created);
    QCOMPARE(created->priority, Task::Priority::High);
    QCOMPARE(created->due, friday);
    QCOMPARE(h.repository().tasks().size(), 2);
    QVERIFY(!h.repository().pendingConfirmation(id));
    const RoutingDecision last = h.repository().routingDecisions(id).constLast();
    QCOMPARE(last.method, RoutingDecision::Method::Confirmation);
    QCOMPARE(last.agentId, u"task"_s);
    QVERIFY2(last.reason.startsWith(u"confirmed with changes: "_s), qPrintable(last.reason));
    QCOMPARE(h.rows(id).constLast().content, u"Created, high priority, due Friday."_s);
    const QStringList problems = StoreInvariants::problems(h.db());
    QVERIFY2(problems.isEmpty(), qPrintable(problems.join(u'\n')));
}

void TestRouterConfirmations::noWithAChangeAsksAgain_data()
{
    QTest::addColumn<ProviderProfile::Protocol>("protocol");
    QTest::addColumn<QString>("change");
    QTest::addColumn<QString>("yes");
    for (const auto protocol : { ProviderProfile::Protocol::Responses, ProviderProfile::Protocol::ChatCompletions }) {
        const char *p = protocol == ProviderProfile::Protocol::Responses ? "responses" : "chat";
        QTest::addRow("%s: English", p) << protocol << u"no, make it Monday"_s << u"yes"_s;
        QTest::addRow("%s: Russian", p) << protocol << u"Нет, давай в понедельник"_s << u"да"_s;
    }
}

void TestRouterConfirmations::noWithAChangeAsksAgain()
{
    QFETCH(ProviderProfile::Protocol, protocol);
    QFETCH(QString, change);
    QFETCH(QString, yes);
    EngineHarness h(protocol);
    const qint64 id = h.createConversation(Conversation::Mode::Router);
    proposeFollowUp(h, id, u"What should I work on? And create a task for it"_s);
    if (QTest::currentTestFailed())
        return;
    const QDate monday = *DueDateResolver::resolve(u"Monday"_s, QDate::currentDate());
    h.server().enqueue(ScriptedReply::text({ u"Due Monday, then. Shall I?"_s }).expectUserText(change));

    QCOMPARE(h.sendAndWait(id, change), RunOutcome::Completed);

    // The change was made and the task agent asked again: the proposal is the changed one, nothing is created.
    QCOMPARE(classifications(h), 1);
    const std::optional<PendingConfirmation> pending = h.repository().pendingConfirmation(id);
    QVERIFY(pending);
    const QJsonObject arguments = QJsonDocument::fromJson(pending->arguments.toUtf8()).object();
    QCOMPARE(arguments.value(u"title"_s).toString(), kFollowUp);
    QCOMPARE(arguments.value(u"due"_s).toString(), monday.toString(Qt::ISODate));
    QVERIFY(!taskTitled(h, kFollowUp));
    const QStringList input = EngineHarness::inputSummary(h.modelRequests().constLast());
    QVERIFY2(input.constLast().contains(u"awaiting_confirmation"_s) && input.constLast().contains(pending->summary),
        qPrintable(input.join(u" | "_s)));
    const RoutingDecision asked = h.repository().routingDecisions(id).constLast();
    QCOMPARE(asked.method, RoutingDecision::Method::Confirmation);
    QVERIFY2(asked.reason.startsWith(u"amended: "_s), qPrintable(asked.reason));

    h.server().enqueue(ScriptedReply::text({ u"Created, due Monday."_s }).expectUserText(yes));
    QCOMPARE(h.sendAndWait(id, yes), RunOutcome::Completed);

    QCOMPARE(classifications(h), 1);
    const std::optional<Task> created = taskTitled(h, kFollowUp);
    QVERIFY(created);
    QCOMPARE(created->due, monday);
    QCOMPARE(created->priority, Task::Priority::Normal);
    QVERIFY(!h.repository().pendingConfirmation(id));
    const QStringList problems = StoreInvariants::problems(h.db());
    QVERIFY2(problems.isEmpty(), qPrintable(problems.join(u'\n')));
}

void TestRouterConfirmations::detailsWeCannotReadAreANewRequest()
{
    EngineHarness h(ProviderProfile::Protocol::ChatCompletions);
    const qint64 id = h.createConversation(Conversation::Mode::Router);
    proposeFollowUp(h, id, u"What should I work on? And create a task for it"_s);
    if (QTest::currentTestFailed())
        return;
    const QString answer = u"Yes, but call it Team sync"_s;
    h.server().enqueue(classified(u"task"_s, 0.9));
    h.server().enqueue(ScriptedReply::text({ u"What should it be called?"_s }).expectUserText(answer));

    QCOMPARE(h.sendAndWait(id, answer), RunOutcome::Completed);

    // Nothing is carried out on a guess: the message is classified as any other and the proposal dropped.
    QCOMPARE(classifications(h), 2);
    QVERIFY(!taskTitled(h, kFollowUp));
    QVERIFY(!h.repository().pendingConfirmation(id));
}

QTEST_MAIN(TestRouterConfirmations)
#include "tst_routerconfirmations.moc"
