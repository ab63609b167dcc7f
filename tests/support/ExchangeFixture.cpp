#include "ExchangeFixture.h"

#include "storage/SqlConnection.h"
#include "storage/SqlValues.h"
#include "storage/Transaction.h"
#include "storage/UnitOfWork.h"

#include <QDir>
#include <QSqlQuery>

using namespace Qt::StringLiterals;

namespace Tandem::Test {

namespace {
bool exec(QSqlDatabase db, const QString &sql, const QVariantList &values)
{
    QSqlQuery q(db);
    if (!q.prepare(sql))
        return false;
    for (const QVariant &value : values)
        q.addBindValue(value);
    return q.exec();
}
} // namespace

QDateTime ExchangeFixture::start()
{
    return QDateTime(QDate(2026, 3, 14), QTime(9, 30), Qt::UTC);
}

QDateTime ExchangeFixture::exportedAt()
{
    return QDateTime(QDate(2026, 3, 15), QTime(18, 0, 5, 250), Qt::UTC);
}

QString ExchangeFixture::dataFile(const QString &name)
{
    return QDir(QStringLiteral(TANDEM_TEST_DATA_DIR)).filePath(name);
}

QString ExchangeFixture::sourceFile(const QString &name)
{
    return QDir(QStringLiteral(TANDEM_SOURCE_DIR)).filePath(name);
}

qint64 ExchangeFixture::create(UnitOfWork &work)
{
    QSqlDatabase db = work.connection().database();
    const QDateTime t0 = start();
    auto at = [&t0](int minutes) {
        return t0.addSecs(qint64(minutes) * 60);
    };

    ProviderProfile provider;
    provider.id = u"local"_s;
    provider.name = u"Local server"_s;
    provider.baseUrl = QUrl(u"http://127.0.0.1:11434/v1"_s);
    provider.defaultModel = u"llama3"_s;
    provider.extraHeaders.insert(u"X-Secret-Token"_s, u"do-not-export-me"_s);
    if (!work.providers().save(provider))
        return 0;

    AgentStore &agents = work.agents();
    Agent agent1;
    agent1.id = u"agent1"_s;
    agent1.name = u"Agent 1"_s;
    agent1.role = u"Clarifies the request."_s;
    agent1.instructions = u"Ask what you need; when clear, start with HANDOFF_AGENT2."_s;
    agent1.handoffTargets = { u"agent2"_s };
    agent1.allowedTools = { u"write_file"_s };
    agent1.maxOutputTokens = 800;
    agent1.edgeOptions.insert(u"agent2"_s, EdgeOptions { ContextTransfer::Summary, HandoffTiming::NextTurn, true });
    agent1.modes = { u"dual"_s, u"pipeline"_s };
    Agent agent2;
    agent2.id = u"agent2"_s;
    agent2.name = u"Agent 2"_s;
    agent2.role = u"Validates and answers."_s;
    agent2.instructions = u"Check the brief and answer."_s;
    agent2.terminal = true;
    if (!agents.save(agent1) || !agents.save(agent2))
        return 0;

    Conversation conversation;
    conversation.title = u"Weekend in Kazan — план"_s;
    conversation.mode = Conversation::Mode::Dual;
    conversation.providerId = provider.id;
    conversation.model = u"llama3"_s;
    conversation.createdAt = t0;
    conversation.updatedAt = at(12);
    if (!work.conversations().create(conversation))
        return 0;
    const qint64 cid = conversation.id;

    RunStore &runs = work.runs();
    RunRecord run1;
    run1.conversationId = cid;
    run1.agentId = u"agent1"_s;
    run1.mode = u"dual"_s;
    run1.startedAt = at(1);
    RunRecord run2 = run1;
    run2.startedAt = at(6);
    if (!runs.create(run1) || !runs.finish(run1.id, RunRecord::Status::Completed, { 300, 120, 40, 8 }, {}, at(5))
        || !runs.create(run2)
        || !runs.finish(run2.id, RunRecord::Status::Interrupted, { 90, 30, 0, 0 },
            u"The app closed while the reply was streaming."_s, at(12)))
        return 0;

    HandoffStore &handoffs = work.handoffs();
    Handoff accepted;
    accepted.conversationId = cid;
    accepted.runId = run1.id;
    accepted.fromAgent = u"agent1"_s;
    accepted.toAgent = u"agent2"_s;
    accepted.reason = u"The request is clear."_s;
    accepted.payload = QJsonObject { { u"text"_s, u"Two days in Kazan, museums and food; a code sample."_s },
        { u"signal"_s, u"HANDOFF_AGENT2"_s } };
    accepted.createdAt = at(2);
    Handoff rejected = accepted;
    rejected.runId = run2.id;
    rejected.reason.clear();
    rejected.payload = QJsonObject { { u"text"_s, u"Что посмотреть вечером?"_s } };
    rejected.createdAt = at(7);
    if (!handoffs.create(accepted) || !accepted.transitionTo(Handoff::Status::Accepted, at(3))
        || !handoffs.saveStatus(accepted) || !handoffs.create(rejected)
        || !rejected.transitionTo(Handoff::Status::Rejected, at(7), u"Evening plans are agent 1's to answer."_s)
        || !handoffs.saveStatus(rejected))
        return 0;

    ApprovalRequest approval;
    approval.conversationId = cid;
    approval.runId = run2.id;
    approval.agentId = u"agent1"_s;
    approval.toolName = u"write_file"_s;
    approval.callId = u"call_write_1"_s;
    approval.arguments = uR"({"path":"kazan.md","content":"# Kazan\n"})"_s;
    approval.createdAt = at(8);
    ApprovalStore &approvals = work.approvals();
    if (!approvals.create(approval)
        || !approvals.decide(
            approval.id, ApprovalDecision::AllowOnce, uR"({"path":"kazan-plan.md","content":"# Kazan\n"})"_s)
        || !exec(
            db, u"UPDATE approvals SET decided_at = ? WHERE id = ?"_s, { SqlValues::fromTime(at(9)), approval.id }))
        return 0;

    MessageStore &messages = work.messages();
    auto add = [&](Message &m, int minute) {
        m.conversationId = cid;
        m.createdAt = at(minute);
        m.updatedAt = m.createdAt;
        return messages.append(m);
    };
    Message m;
    m.role = Message::Role::User;
    m.content = u"Plan a weekend in Kazan for two. Keep this snippet:\n\n```python\nprint(\"Привет, Казань\")\n```"_s;
    bool ok = add(m, 1).ok();

    m = {};
    m.role = Message::Role::Assistant;
    m.agentId = u"agent1"_s;
    m.runId = run1.id;
    m.content = u"HANDOFF_AGENT2\nTwo days in Kazan, museums and food; a code sample."_s;
    m.usage = { 200, 60, 40, 8 };
    ok = ok && add(m, 2);

    m = {};
    m.role = Message::Role::System;
    m.kind = Message::Kind::Divider;
    m.divider = Message::Divider::HandingOver;
    m.agentId = u"agent1"_s;
    m.handoffId = accepted.id;
    m.runId = run1.id;
    m.content = u"Handing the message to agent 2"_s;
    ok = ok && add(m, 2);
    const qint64 handingOverId = m.id;
    m.id = 0;
    m.divider = Message::Divider::Accepted;
    m.agentId = u"agent2"_s;
    m.content = u"Message accepted by agent 2"_s;
    ok = ok && add(m, 3);

    m = {};
    m.role = Message::Role::Assistant;
    m.agentId = u"agent2"_s;
    m.runId = run1.id;
    m.content = u"Here is the plan:\n\n1. **Saturday**: the Kremlin and the Qol Sharif mosque.\n2. **Sunday**: "
                u"Bauman Street, then *chak-chak*.\n\n```js\nconsole.log(`two ``` days`);\n```\n"_s;
    m.usage = { 100, 60, 0, 0 };
    ok = ok && add(m, 4);

    m = {};
    m.role = Message::Role::User;
    m.content = u"Что посмотреть вечером? <script>alert('x')</script> <img src=x onerror=alert(1)> & \"quotes\""_s;
    ok = ok && add(m, 6);

    m = {};
    m.role = Message::Role::System;
    m.kind = Message::Kind::Divider;
    m.divider = Message::Divider::Rejected;
    m.agentId = u"agent2"_s;
    m.handoffId = rejected.id;
    m.runId = run2.id;
    m.content = u"Rejected by Agent 2"_s;
    ok = ok && add(m, 7);

    m = {};
    m.role = Message::Role::Assistant;
    m.kind = Message::Kind::ToolCall;
    m.agentId = u"agent1"_s;
    m.runId = run2.id;
    m.toolCallId = approval.callId;
    m.toolName = approval.toolName;
    m.content = approval.arguments;
    ok = ok && add(m, 8);

    m = {};
    m.role = Message::Role::System;
    m.kind = Message::Kind::Divider;
    m.divider = Message::Divider::ApprovalNeeded;
    m.agentId = u"agent1"_s;
    m.runId = run2.id;
    m.toolCallId = approval.callId;
    m.content = u"Approval needed: write_file"_s;
    ok = ok && add(m, 8);

    m = {};
    m.role = Message::Role::Tool;
    m.kind = Message::Kind::ToolResult;
    m.agentId = u"agent1"_s;
    m.runId = run2.id;
    m.toolCallId = approval.callId;
    m.toolName = approval.toolName;
    m.content = u"Wrote 9 bytes to kazan-plan.md"_s;
    ok = ok && add(m, 9);

    m = {};
    m.role = Message::Role::Assistant;
    m.agentId = u"agent1"_s;
    m.runId = run2.id;
    m.status = Message::Status::Interrupted;
    m.error = u"The app closed while the reply was streaming."_s;
    m.content = u"Вечером пройдитесь по улице Баумана, а потом"_s;
    m.usage = { 90, 30, 0, 0 };
    ok = ok && add(m, 10);

    AgentThreadStore &threads = work.threads();
    ok = ok && work.variables().setValue(cid, u"city"_s, u"Kazan"_s)
        && work.variables().setValue(cid, u"travellers"_s, u"2"_s) && threads.setActive(cid, u"agent1"_s)
        && threads.reset(cid, u"agent2"_s, handingOverId)
        && exec(db, u"UPDATE agent_threads SET updated_at = ? WHERE conversation_id = ?"_s,
            { SqlValues::fromTime(at(12)), cid })
        && exec(db, u"UPDATE variables SET updated_at = ? WHERE conversation_id = ?"_s,
            { SqlValues::fromTime(at(5)), cid });
    return ok ? cid : 0;
}

qint64 ExchangeFixture::createRouter(UnitOfWork &work)
{
    QSqlDatabase db = work.connection().database();
    const QDateTime t0 = start().addDays(1);
    auto at = [&t0](int minutes, int seconds = 0) {
        return t0.addSecs(qint64(minutes) * 60 + seconds);
    };

    AgentStore &agents = work.agents();
    const QList<std::pair<QString, QString>> roster
        = { { u"orchestrator"_s, u"Orchestrator"_s }, { u"task"_s, u"Task agent"_s }, { u"general"_s, u"General"_s } };
    for (const auto &[id, name] : roster) {
        if (agents.get(id))
            continue;
        Agent agent;
        agent.id = id;
        agent.name = name;
        agent.role = id == u"task" ? u"Keeps the task list."_s : u"Routes and answers."_s;
        agent.instructions = u"You are %1."_s.arg(name);
        agent.modes = { u"router"_s };
        if (id == u"task")
            agent.allowedTools = { u"create_task"_s, u"complete_task"_s };
        if (!agents.save(agent))
            return 0;
    }

    Conversation conversation;
    conversation.title = u"Tasks for the week"_s;
    conversation.mode = Conversation::Mode::Router;
    conversation.model = u"llama3"_s;
    conversation.createdAt = t0;
    conversation.updatedAt = at(20);
    if (!work.conversations().create(conversation))
        return 0;
    const qint64 cid = conversation.id;

    RunStore &runs = work.runs();
    QList<RunRecord> runRows;
    const QList<std::pair<QString, int>> runAgents = { { u"task"_s, 1 }, { u"general"_s, 8 }, { u"task"_s, 14 } };
    for (const auto &[agentId, minute] : runAgents) {
        RunRecord run;
        run.conversationId = cid;
        run.agentId = agentId;
        run.mode = u"router"_s;
        run.startedAt = at(minute);
        if (!runs.create(run)
            || !runs.finish(run.id, RunRecord::Status::Completed, { 400, 80, 0, 0 }, {}, at(minute + 4)))
            return 0;
        runRows << run;
    }

    RouterStore &router = work.router();
    RoutingDecision confident;
    confident.conversationId = cid;
    confident.runId = runRows.at(0).id;
    confident.agentId = u"task"_s;
    confident.classifiedAgent = u"task"_s;
    confident.confidence = 0.92;
    confident.reason = u"asks to add a task"_s;
    confident.method = RoutingDecision::Method::Classifier;
    confident.latencyMs = 412;
    confident.inputTokens = 180;
    confident.outputTokens = 24;
    confident.createdAt = at(1, 1);
    RoutingDecision failed;
    failed.conversationId = cid;
    failed.runId = runRows.at(1).id;
    failed.agentId = u"general"_s;
    failed.method = RoutingDecision::Method::Fallback;
    failed.error = u"the classifier's answer was not JSON"_s;
    failed.latencyMs = 988;
    failed.inputTokens = 175;
    failed.outputTokens = 9;
    failed.createdAt = at(8, 2);
    RoutingDecision third = confident;
    third.runId = runRows.at(2).id;
    third.confidence = 0.85;
    third.reason = u"reports a task as finished"_s;
    third.latencyMs = 377;
    third.createdAt = at(14, 1);
    if (!router.addDecision(confident) || !router.addDecision(failed) || !router.addDecision(third))
        return 0;

    MetricsStore &metrics = work.metrics();
    const struct
    {
        int run;
        const char16_t *agent;
        TokenUsage usage;
        qint64 latency;
    } calls[] = { { 0, u"orchestrator", { 180, 24, 0, 0 }, 412 }, { 0, u"task", { 350, 60, 0, 0 }, 1310 },
        { 0, u"task", { 420, 31, 0, 0 }, 640 }, { 1, u"orchestrator", { 175, 9, 0, 0 }, 988 },
        { 1, u"general", { 300, 90, 0, 0 }, 1504 }, { 2, u"orchestrator", { 182, 22, 0, 0 }, 377 },
        { 2, u"task", { 390, 45, 0, 0 }, 1120 } };
    int offset = 0;
    for (const auto &call : calls) {
        // Each call a few seconds after the previous one, from the start of its run: fixed times.
        offset += 5;
        if (!metrics.recordModelCall(
                cid, runRows.at(call.run).id, QString::fromUtf16(call.agent), call.usage, call.latency)
            || !exec(db, u"UPDATE model_calls SET created_at = ? WHERE id = (SELECT MAX(id) FROM model_calls)"_s,
                { SqlValues::fromTime(runRows.at(call.run).startedAt.addSecs(offset)) }))
            return 0;
    }

    TaskStore &tasks = work.tasks();
    Task review;
    review.conversationId = cid;
    review.title = u"Review cloud code for Yury"_s;
    review.notes = u"Two modules; start with storage.\nThen the sync client."_s;
    review.priority = Task::Priority::High;
    review.due = QDate(2026, 3, 20);
    Task tickets;
    tickets.conversationId = cid;
    tickets.title = u"Купить билеты в Казань"_s;
    Task bank;
    bank.conversationId = cid;
    bank.title = u"Call the bank"_s;
    bank.priority = Task::Priority::Low;
    if (!tasks.create(review) || !tasks.create(tickets) || !tasks.create(bank))
        return 0;
    tickets.status = Task::Status::Done;
    tickets.completedAt = at(11);
    if (!tasks.update(tickets)
        || !exec(db, u"UPDATE tasks SET created_at = ?, updated_at = ? WHERE id = ?"_s,
            { SqlValues::fromTime(at(3)), SqlValues::fromTime(at(3)), review.id })
        || !exec(db, u"UPDATE tasks SET created_at = ?, updated_at = ? WHERE id = ?"_s,
            { SqlValues::fromTime(at(4)), SqlValues::fromTime(at(11)), tickets.id })
        || !exec(db, u"UPDATE tasks SET created_at = ?, updated_at = ? WHERE id = ?"_s,
            { SqlValues::fromTime(at(5)), SqlValues::fromTime(at(5)), bank.id }))
        return 0;

    PendingConfirmation pending;
    pending.conversationId = cid;
    pending.agentId = u"task"_s;
    pending.toolName = u"complete_task"_s;
    pending.arguments = u"{\"task_id\":%1}"_s.arg(review.id);
    pending.summary = u"Mark 'Review cloud code for Yury' as done."_s;
    pending.createdAt = at(15);
    if (!router.setPending(pending))
        return 0;

    MessageStore &messages = work.messages();
    auto add = [&](Message m, int minute, int second = 0) {
        m.conversationId = cid;
        m.createdAt = at(minute, second);
        m.updatedAt = m.createdAt;
        return messages.append(m);
    };
    auto user = [](const QString &text) {
        Message m;
        m.role = Message::Role::User;
        m.content = text;
        return m;
    };
    auto routed = [](qint64 runId, const QString &agentId, const QString &text, const QString &error = {}) {
        Message m;
        m.role = Message::Role::System;
        m.kind = Message::Kind::Divider;
        m.divider = Message::Divider::Routed;
        m.agentId = agentId;
        m.runId = runId;
        m.content = text;
        m.error = error;
        return m;
    };
    auto reply = [](qint64 runId, const QString &agentId, const QString &text, const TokenUsage &usage) {
        Message m;
        m.role = Message::Role::Assistant;
        m.agentId = agentId;
        m.runId = runId;
        m.content = text;
        m.usage = usage;
        return m;
    };
    auto toolCall = [](qint64 runId, const QString &callId, const QString &tool, const QString &arguments) {
        Message m;
        m.role = Message::Role::Assistant;
        m.kind = Message::Kind::ToolCall;
        m.agentId = u"task"_s;
        m.runId = runId;
        m.toolCallId = callId;
        m.toolName = tool;
        m.content = arguments;
        return m;
    };
    auto toolResult = [](qint64 runId, const QString &callId, const QString &tool, const QString &output) {
        Message m;
        m.role = Message::Role::Tool;
        m.kind = Message::Kind::ToolResult;
        m.agentId = u"task"_s;
        m.runId = runId;
        m.toolCallId = callId;
        m.toolName = tool;
        m.content = output;
        return m;
    };
    const qint64 r1 = runRows.at(0).id;
    const qint64 r2 = runRows.at(1).id;
    const qint64 r3 = runRows.at(2).id;
    bool ok = add(user(u"Add a task: review Yury's cloud code by Friday, high priority."_s), 1)
        && add(routed(r1, u"task"_s, u"Routed to Task agent · 0.92"_s), 1, 1)
        && add(toolCall(r1, u"call_create_1"_s, u"create_task"_s,
                   uR"({"title":"Review cloud code for Yury","due":"Friday","priority":"high"})"_s),
            2)
        && add(toolResult(r1, u"call_create_1"_s, u"create_task"_s,
                   uR"({"status":"created","task":{"id":1,"title":"Review cloud code for Yury"}})"_s),
            2, 30)
        && add(reply(r1, u"task"_s, u"Added **Review cloud code for Yury**, high priority, due Friday 20 March."_s,
                   { 420, 31, 0, 0 }),
            3)
        && add(user(u"Что нового в Казани?"_s), 8)
        && add(routed(r2, u"general"_s, u"Routed to General by fallback: the classifier's answer was not JSON"_s,
                   u"the classifier's answer was not JSON"_s),
            8, 2)
        && add(reply(r2, u"general"_s, u"Я не слежу за новостями, но могу помочь составить план поездки."_s,
                   { 300, 90, 0, 0 }),
            9)
        && add(user(u"I finished the review."_s), 14)
        && add(routed(r3, u"task"_s, u"Routed to Task agent · 0.85"_s), 14, 1)
        && add(toolCall(r3, u"call_complete_1"_s, u"complete_task"_s, uR"({"query":"review Yury"})"_s), 15)
        && add(toolResult(r3, u"call_complete_1"_s, u"complete_task"_s,
                   uR"({"status":"awaiting_confirmation","message":"Mark 'Review cloud code for Yury' as done."})"_s),
            15, 10)
        && add(reply(r3, u"task"_s, u"I found 'Review cloud code for Yury' (75% match). Shall I mark it as done?"_s,
                   { 390, 45, 0, 0 }),
            16);

    ok = ok && work.threads().setActive(cid, u"task"_s)
        && exec(db, u"UPDATE agent_threads SET updated_at = ? WHERE conversation_id = ?"_s,
            { SqlValues::fromTime(at(16)), cid });
    return ok ? cid : 0;
}

qint64 ExchangeFixture::createLong(UnitOfWork &work, int count, const QString &title)
{
    Conversation conversation;
    conversation.title = title;
    conversation.createdAt = start();
    conversation.updatedAt = start();
    if (!work.conversations().create(conversation))
        return 0;
    Transaction transaction(work);
    MessageStore &store = work.messages();
    for (int i = 0; i < count; ++i) {
        Message m;
        m.conversationId = conversation.id;
        m.role = i % 2 ? Message::Role::Assistant : Message::Role::User;
        m.agentId = i % 2 ? u"assistant"_s : QString();
        m.content = u"Message %1 with **Markdown** and `code`."_s.arg(i);
        m.createdAt = start().addSecs(i);
        m.updatedAt = m.createdAt;
        if (!store.append(m))
            return 0;
    }
    return transaction.commit() ? conversation.id : 0;
}

QString ExchangeFixture::tableCounts(QSqlDatabase db)
{
    QStringList lines;
    for (const QString &table : { u"conversations"_s, u"messages"_s, u"handoffs"_s, u"runs"_s, u"approvals"_s,
             u"variables"_s, u"agent_threads"_s, u"agents"_s, u"providers"_s, u"tasks"_s, u"routing_decisions"_s,
             u"pending_confirmations"_s, u"model_calls"_s }) {
        QSqlQuery q(db);
        q.exec(u"SELECT COUNT(*), COALESCE(MAX(rowid), 0) FROM "_s + table);
        q.next();
        lines << u"%1 %2 %3"_s.arg(table).arg(q.value(0).toLongLong()).arg(q.value(1).toLongLong());
    }
    return lines.join(u'\n');
}

} // namespace Tandem::Test
