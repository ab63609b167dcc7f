// One engine step, one transaction: a storage failure injected inside each step (a SQLite trigger that raises on a
// real database file) leaves no half-written step behind, and the run ends with a clear error. What a step announces
// is already committed when the signal fires: a second connection to the file sees it from inside the slot.
#include "EngineHarness.h"
#include "StoreInvariants.h"

#include <QJsonDocument>
#include <QScopeGuard>
#include <QSignalSpy>
#include <QSqlError>
#include <QSqlQuery>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace Tandem;
using namespace Tandem::Test;

Q_DECLARE_METATYPE(Tandem::ProviderProfile::Protocol)

namespace {

bool exec(EngineHarness &h, const QString &sql)
{
    QSqlQuery query(h.db());
    if (query.exec(sql))
        return true;
    qWarning() << sql << query.lastError().text();
    return false;
}

ToolCall call(const QString &name, const QJsonObject &arguments)
{
    return ToolCall { {}, name, QString::fromUtf8(QJsonDocument(arguments).toJson(QJsonDocument::Compact)), {} };
}

int count(EngineHarness &h, const QString &sql)
{
    QSqlQuery query(h.db());
    return query.exec(sql) && query.next() ? query.value(0).toInt() : -1;
}

Agent agent(const QString &id, const QString &name, const QStringList &targets)
{
    Agent a;
    a.id = id;
    a.name = name;
    a.instructions = u"You are "_s + name + u"."_s;
    a.allowedTools = { u"calculator"_s };
    a.handoffTargets = targets;
    return a;
}

} // namespace

class TestStepTransactions : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void cleanup();
    void nthRowOfADualTurnFails_data();
    void nthRowOfADualTurnFails();
    void toolResultStepFails_data() { protocols(); }
    void toolResultStepFails();
    void handoffToolStepFails_data() { protocols(); }
    void handoffToolStepFails();
    void finishedReplyStepFails_data() { protocols(); }
    void finishedReplyStepFails();
    void announcedRowsAreCommitted_data() { protocols(); }
    void announcedRowsAreCommitted();

private:
    static void protocols()
    {
        QTest::addColumn<ProviderProfile::Protocol>("protocol");
        QTest::newRow("responses") << ProviderProfile::Protocol::Responses;
        QTest::newRow("chat") << ProviderProfile::Protocol::ChatCompletions;
    }
};

void TestStepTransactions::cleanup()
{
    const QStringList problems = EngineHarness::takeSpecProblems();
    QVERIFY2(problems.isEmpty(), qPrintable(problems.join(u'\n')));
}

void TestStepTransactions::nthRowOfADualTurnFails_data()
{
    // A dual turn writes, in order: the person's message, agent 1's reply, "handing over", "accepted", agent 2's
    // reply. The Nth of them cannot be written.
    QTest::addColumn<ProviderProfile::Protocol>("protocol");
    QTest::addColumn<int>("failing");
    QTest::addColumn<int>("requests"); // model calls made before the failure stops the run
    for (const auto &[name, protocol] : { std::pair { "responses", ProviderProfile::Protocol::Responses },
             std::pair { "chat", ProviderProfile::Protocol::ChatCompletions } }) {
        QTest::addRow("%s: person's message", name) << protocol << 1 << 0;
        QTest::addRow("%s: agent 1's reply", name) << protocol << 2 << 1;
        QTest::addRow("%s: handing over", name) << protocol << 3 << 1;
        QTest::addRow("%s: accepted", name) << protocol << 4 << 2; // once agent 2's request is taken
        QTest::addRow("%s: agent 2's reply", name) << protocol << 5 << 2;
        QTest::addRow("%s: nothing", name) << protocol << 6 << 2;
    }
}

void TestStepTransactions::nthRowOfADualTurnFails()
{
    QFETCH(ProviderProfile::Protocol, protocol);
    QFETCH(int, failing);
    QFETCH(int, requests);
    EngineHarness h(protocol);
    QVERIFY(h.isReady());
    h.server().enqueue(ScriptedReply::text({ u"HANDOFF_AGENT2\nWrite a "_s, u"haiku about rain."_s }));
    h.server().enqueue(ScriptedReply::text({ u"Rain on the roof."_s }));
    const qint64 id = h.createConversation(Conversation::Mode::Dual);
    // Error rows are what a failed run leaves behind, so they are let through.
    QVERIFY(exec(h,
        u"CREATE TRIGGER test_fault BEFORE INSERT ON messages WHEN NEW.kind <> 'error' AND "
        u"(SELECT COUNT(*) FROM messages WHERE kind <> 'error') = %1 "
        u"BEGIN SELECT RAISE(ABORT, 'injected storage failure'); END"_s.arg(failing - 1)));
    QSignalSpy failed(&h.repository(), &ChatRepository::runFailed);
    QString message;

    const RunOutcome outcome = h.sendAndWait(id, u"Write a poem"_s, &message);

    QCOMPARE(h.modelRequests().size(), requests);
    if (failing == 1) {
        QCOMPARE(count(h, u"SELECT COUNT(*) FROM messages"_s), 0); // nothing stored, nothing sent
        QCOMPARE(count(h, u"SELECT COUNT(*) FROM runs"_s), 0);
    } else if (failing <= 5) {
        QCOMPARE(outcome, RunOutcome::Failed);
        QCOMPARE(failed.size(), 1);
        QCOMPARE(failed.at(0).at(2).value<RunFailure>(), RunFailure::Storage);
        QVERIFY2(message.contains(u"could not be stored"_s), qPrintable(message));
        QCOMPARE(count(h, u"SELECT COUNT(*) FROM runs WHERE status = 'failed'"_s), 1);
        // The handing-over step is whole or absent: its row, its divider and the reply's link together; "accepted"
        // is a step of its own, once agent 2's request is taken.
        const int handoffs = count(h, u"SELECT COUNT(*) FROM handoffs"_s);
        QCOMPARE(handoffs, failing >= 4 ? 1 : 0);
        QCOMPARE(
            count(h, u"SELECT COUNT(*) FROM messages WHERE kind = 'divider'"_s), handoffs + (failing >= 5 ? 1 : 0));
        QCOMPARE(count(h, u"SELECT COUNT(*) FROM messages WHERE handoff_id IS NOT NULL AND kind = 'text'"_s), handoffs);
    } else {
        QCOMPARE(outcome, RunOutcome::Completed);
    }
    const QStringList problems = StoreInvariants::problems(h.db());
    QVERIFY2(problems.isEmpty(), qPrintable(problems.join(u'\n')));

    // Once the database takes writes again, the conversation goes on.
    QVERIFY(exec(h, u"DROP TRIGGER test_fault"_s));
    h.server().enqueue(ScriptedReply::text({ u"Which season?"_s }));
    QCOMPARE(h.sendAndWait(id, u"Another one"_s), RunOutcome::Completed);
    QVERIFY(StoreInvariants::problems(h.db()).isEmpty());
}

void TestStepTransactions::toolResultStepFails()
{
    QFETCH(ProviderProfile::Protocol, protocol);
    EngineHarness h(protocol);
    QVERIFY(h.saveAgent(agent(u"assistant"_s, u"Assistant"_s, {})));
    h.server().enqueue(ScriptedReply::calling({ call(u"calculator"_s, { { u"expression"_s, u"6*7"_s } }) }));
    const qint64 id = h.createConversation(Conversation::Mode::Single);
    QVERIFY(exec(h,
        u"CREATE TRIGGER test_fault BEFORE INSERT ON messages WHEN NEW.kind = 'tool_result' "
        u"BEGIN SELECT RAISE(ABORT, 'injected storage failure'); END"_s));
    QString message;

    QCOMPARE(h.sendAndWait(id, u"What is six times seven?"_s, &message), RunOutcome::Failed);

    QCOMPARE(message, u"The tool result could not be stored."_s);
    QCOMPARE(count(h, u"SELECT COUNT(*) FROM messages WHERE kind = 'tool_result'"_s), 0);
    QCOMPARE(count(h, u"SELECT COUNT(*) FROM messages WHERE kind = 'tool_call'"_s), 1);
    QVERIFY(StoreInvariants::problems(h.db()).isEmpty());

    // The next turn replays the call with the output of a call that never ran: nothing dangles.
    QVERIFY(exec(h, u"DROP TRIGGER test_fault"_s));
    h.server().enqueue(ScriptedReply::text({ u"Let me try again."_s }));
    QCOMPARE(h.sendAndWait(id, u"Again?"_s), RunOutcome::Completed);
    const QStringList input = EngineHarness::inputSummary(h.modelRequests().constLast());
    QVERIFY2(input.filter(u"output:"_s).size() == 1 && input.filter(u"cancelled"_s).size() == 1,
        qPrintable(input.join(u" | "_s)));
}

void TestStepTransactions::handoffToolStepFails()
{
    QFETCH(ProviderProfile::Protocol, protocol);
    EngineHarness h(protocol);
    QVERIFY(h.saveAgent(agent(u"assistant"_s, u"Triage"_s, { u"billing"_s })));
    QVERIFY(h.saveAgent(agent(u"billing"_s, u"Billing"_s, { u"assistant"_s })));
    h.server().enqueue(ScriptedReply::calling(
        { call(u"handoff_to"_s, { { u"target_agent"_s, u"billing"_s }, { u"context"_s, u"Refund order 42"_s } }) }));
    const qint64 id = h.createConversation(Conversation::Mode::Single);
    QVERIFY(exec(h,
        u"CREATE TRIGGER test_fault BEFORE INSERT ON messages WHEN NEW.divider = 'transferred' "
        u"BEGIN SELECT RAISE(ABORT, 'injected storage failure'); END"_s));
    QSignalSpy moved(&h.repository(), &ChatRepository::activeAgentChanged);
    QString message;

    QCOMPARE(h.sendAndWait(id, u"I want my money back"_s, &message), RunOutcome::Failed);

    QCOMPARE(message, u"The handoff could not be stored."_s);
    QCOMPARE(count(h, u"SELECT COUNT(*) FROM handoffs"_s), 0);
    QCOMPARE(h.work().threads().activeAgent(id), u"assistant"_s); // the conversation stays with the source
    QCOMPARE(moved.size(), 0); // a step that rolled back announced nothing
    QCOMPARE(h.modelRequests().size(), 1);
    QVERIFY(StoreInvariants::problems(h.db()).isEmpty());
}

void TestStepTransactions::finishedReplyStepFails()
{
    QFETCH(ProviderProfile::Protocol, protocol);
    EngineHarness h(protocol);
    h.server().enqueue(ScriptedReply::text({ u"Forty"_s, u"-two."_s }, { 5, 3 }));
    const qint64 id = h.createConversation(Conversation::Mode::Single);
    QVERIFY(exec(h,
        u"CREATE TRIGGER test_fault BEFORE UPDATE ON runs WHEN NEW.status = 'completed' "
        u"BEGIN SELECT RAISE(ABORT, 'injected storage failure'); END"_s));
    QString message;

    QCOMPARE(h.sendAndWait(id, u"The answer?"_s, &message), RunOutcome::Failed);

    QCOMPARE(message, u"The reply could not be stored."_s);
    // The reply, its usage and the run's end went together: the reply is not marked complete, its text is kept.
    const QList<Message> rows = h.rows(id);
    QCOMPARE(rows.size(), 2);
    QCOMPARE(rows[1].status, Message::Status::Error);
    QCOMPARE(rows[1].content, u"Forty-two."_s);
    QCOMPARE(count(h, u"SELECT COUNT(*) FROM runs WHERE status = 'failed'"_s), 1);
    QVERIFY(StoreInvariants::problems(h.db()).isEmpty());
}

void TestStepTransactions::announcedRowsAreCommitted()
{
    QFETCH(ProviderProfile::Protocol, protocol);
    EngineHarness h(protocol);
    QVERIFY(h.saveAgent(agent(u"assistant"_s, u"Triage"_s, { u"billing"_s })));
    QVERIFY(h.saveAgent(agent(u"billing"_s, u"Billing"_s, { u"assistant"_s })));
    h.server().enqueue(ScriptedReply::calling({ call(u"calculator"_s, { { u"expression"_s, u"1+1"_s } }) }));
    h.server().enqueue(ScriptedReply::calling(
        { call(u"handoff_to"_s, { { u"target_agent"_s, u"billing"_s }, { u"context"_s, u"Refund order 42"_s } }) }));
    h.server().enqueue(ScriptedReply::text({ u"Refund "_s, u"issued."_s }));
    const qint64 id = h.createConversation(Conversation::Mode::Single);

    // Another connection to the same file sees only committed rows (WAL).
    const QString name = u"observer-"_s + QString::fromLatin1(QTest::currentDataTag());
    const auto removeObserver = qScopeGuard([name] { QSqlDatabase::removeDatabase(name); });
    QSqlDatabase other = QSqlDatabase::addDatabase(u"QSQLITE"_s, name);
    other.setDatabaseName(h.database().filePath());
    QVERIFY(other.open());
    QStringList missing;
    auto seen = [&other](const QString &sql, qint64 rowId) {
        QSqlQuery query(other);
        query.prepare(sql);
        query.addBindValue(rowId);
        return query.exec() && query.next();
    };
    connect(&h.repository(), &ChatRepository::messageAdded, this, [&](const Message &row) {
        if (!seen(u"SELECT 1 FROM messages WHERE id = ?"_s, row.id))
            missing << u"message %1"_s.arg(row.id);
    });
    connect(&h.repository(), &ChatRepository::messageUpdated, this, [&](const Message &row) {
        QSqlQuery query(other);
        query.prepare(u"SELECT status FROM messages WHERE id = ?"_s);
        query.addBindValue(row.id);
        if (!query.exec() || !query.next() || query.value(0).toString() != Message::statusName(row.status))
            missing << u"status of message %1"_s.arg(row.id);
    });
    connect(&h.repository(), &ChatRepository::handoffStatusChanged, this, [&](const Handoff &handoff) {
        QSqlQuery query(other);
        query.prepare(u"SELECT status FROM handoffs WHERE id = ?"_s);
        query.addBindValue(handoff.id);
        // A step may create a handoff and settle it at once: a pending one must exist, a settled one be stored so.
        if (!query.exec() || !query.next()
            || (handoff.isFinal() && query.value(0).toString() != Handoff::statusName(handoff.status())))
            missing << u"handoff %1 %2"_s.arg(handoff.id).arg(Handoff::statusName(handoff.status()));
    });
    connect(&h.repository(), &ChatRepository::activeAgentChanged, this, [&](qint64 conversation, const QString &agent) {
        QSqlQuery query(other);
        query.prepare(u"SELECT agent_id FROM agent_threads WHERE conversation_id = ? AND active = 1"_s);
        query.addBindValue(conversation);
        if (!query.exec() || !query.next() || query.value(0).toString() != agent)
            missing << u"active agent %1"_s.arg(agent);
    });
    connect(
        &h.repository(), &ChatRepository::runFinished, this, [&](qint64, qint64 runId, RunOutcome, const QString &) {
            if (!seen(u"SELECT 1 FROM runs WHERE id = ? AND status <> 'running'"_s, runId))
                missing << u"end of run %1"_s.arg(runId);
        });

    QCOMPARE(h.sendAndWait(id, u"Refund please"_s), RunOutcome::Completed);
    QCOMPARE(h.modelRequests().size(), 3);
    QVERIFY2(missing.isEmpty(), qPrintable(missing.join(u", "_s)));
    other.close();
    other = QSqlDatabase();
}

QTEST_GUILESS_MAIN(TestStepTransactions)
#include "tst_steptransactions.moc"
