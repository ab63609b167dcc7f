// The task tools on a real SQLite file, run through the registry as the engine runs them: search scores, updates,
// stats, stale tasks, the confirmation a creation stores, and the errors a model gets for bad calls.
#include "TemporaryDatabase.h"
#include "storage/UnitOfWork.h"
#include "tools/ToolRegistry.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QSqlQuery>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace Tandem;
using namespace Tandem::Test;

class TestTaskTools : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void searchScoresEachMatch();
    void updateChangesOnlyWhatIsGiven();
    void statsAndStaleTasks();
    void createWithoutConfirmationOnlyProposes();
    void withoutDatabaseTheToolsSaySo();

private:
    static QJsonObject run(const ToolRegistry &tools, const QString &name, const QJsonObject &arguments,
        UnitOfWork &work, bool confirmed = false, QString *error = nullptr)
    {
        const ToolResult result = tools.run(name, arguments, ToolContext { 0, u"task"_s, {}, &work, confirmed });
        if (error)
            *error = result.error;
        return QJsonDocument::fromJson(result.output.toUtf8()).object();
    }
    static qint64 add(
        UnitOfWork &work, const QString &title, Task::Priority priority = Task::Priority::Normal, const QDate &due = {})
    {
        Task task;
        task.title = title;
        task.priority = priority;
        task.due = due;
        return work.tasks().create(task) ? task.id : 0;
    }
};

void TestTaskTools::searchScoresEachMatch()
{
    TemporaryDatabase db;
    QVERIFY(db.isReady());
    const ToolRegistry tools = ToolRegistry::withBuiltins();
    add(db.work(), u"Review cloud code for Yury"_s);
    add(db.work(), u"Buy milk"_s);
    add(db.work(), u"Code review checklist"_s);
    const QJsonObject found = run(tools, u"search_tasks"_s, { { u"query"_s, u"review code"_s } }, db.work());
    const QJsonArray matches = found.value(u"matches"_s).toArray();
    QCOMPARE(matches.size(), 2);
    QCOMPARE(matches[0].toObject().value(u"title"_s).toString(), u"Code review checklist"_s);
    QCOMPARE(matches[0].toObject().value(u"score"_s).toInt(), 83);
    QCOMPARE(matches[1].toObject().value(u"title"_s).toString(), u"Review cloud code for Yury"_s);
    QCOMPARE(matches[1].toObject().value(u"score"_s).toInt(), 75);
    QCOMPARE(found.value(u"ambiguous"_s).toBool(), true); // 83 and 75: too close to pick one
    const QJsonObject all = run(tools, u"search_tasks"_s, { { u"query"_s, QString() } }, db.work());
    QCOMPARE(all.value(u"matches"_s).toArray().size(), 3);
}

void TestTaskTools::updateChangesOnlyWhatIsGiven()
{
    TemporaryDatabase db;
    QVERIFY(db.isReady());
    const ToolRegistry tools = ToolRegistry::withBuiltins();
    const qint64 id = add(db.work(), u"Call Bob"_s, Task::Priority::Low, QDate(2026, 12, 1));
    const QJsonObject updated = run(tools, u"update_task"_s,
        { { u"task_id"_s, id }, { u"priority"_s, u"high"_s }, { u"status"_s, u"done"_s } }, db.work());
    QCOMPARE(updated.value(u"status"_s).toString(), u"updated"_s);
    const Task task = *db.work().tasks().get(id);
    QCOMPARE(task.title, u"Call Bob"_s);
    QCOMPARE(task.priority, Task::Priority::High);
    QCOMPARE(task.due, QDate(2026, 12, 1));
    QCOMPARE(task.status, Task::Status::Done);
    QVERIFY(task.completedAt.isValid());
    QString error;
    run(tools, u"update_task"_s, { { u"task_id"_s, id }, { u"due"_s, u"someday"_s } }, db.work(), false, &error);
    QCOMPARE(error, u"“someday” is not a date I can read: give a day (Friday, tomorrow) or a date (2026-11-27)."_s);
    run(tools, u"update_task"_s, { { u"task_id"_s, 999 } }, db.work(), false, &error);
    QCOMPARE(error, u"There is no task 999."_s);
}

void TestTaskTools::statsAndStaleTasks()
{
    TemporaryDatabase db;
    QVERIFY(db.isReady());
    const ToolRegistry tools = ToolRegistry::withBuiltins();
    const QDate today = QDate::currentDate();
    add(db.work(), u"Overdue"_s, Task::Priority::High, today.addDays(-2));
    add(db.work(), u"Due today"_s, Task::Priority::Normal, today);
    const qint64 old = add(db.work(), u"Forgotten"_s);
    const qint64 done = add(db.work(), u"Done already"_s);
    run(tools, u"complete_task"_s, { { u"task_id"_s, done } }, db.work());
    QSqlQuery q(db.connection());
    QVERIFY(q.exec(u"UPDATE tasks SET updated_at = '%1' WHERE id = %2"_s
                       .arg(QDateTime::currentDateTimeUtc().addDays(-10).toString(Qt::ISODateWithMs))
                       .arg(old)));

    const QJsonObject stats = run(tools, u"get_task_stats"_s, {}, db.work());
    QCOMPARE(stats.value(u"open"_s).toInt(), 3);
    QCOMPARE(stats.value(u"done"_s).toInt(), 1);
    QCOMPARE(stats.value(u"overdue"_s).toInt(), 1);
    QCOMPARE(stats.value(u"due_today"_s).toInt(), 1);
    QCOMPARE(stats.value(u"high_priority_open"_s).toInt(), 1);
    QCOMPARE(stats.value(u"completed_last_7_days"_s).toInt(), 1);

    const QJsonArray stale
        = run(tools, u"get_stale_tasks"_s, { { u"days"_s, 7 } }, db.work()).value(u"tasks"_s).toArray();
    QCOMPARE(stale.size(), 2); // the forgotten one (oldest first) and the overdue one
    QCOMPARE(stale[0].toObject().value(u"title"_s).toString(), u"Forgotten"_s);
    QCOMPARE(stale[0].toObject().value(u"days_since_update"_s).toInt(), 10);
    QCOMPARE(stale[1].toObject().value(u"overdue"_s).toBool(), true);
}

void TestTaskTools::createWithoutConfirmationOnlyProposes()
{
    TemporaryDatabase db;
    QVERIFY(db.isReady());
    Conversation conversation;
    QVERIFY(db.work().conversations().create(conversation));
    const ToolRegistry tools = ToolRegistry::withBuiltins();
    const ToolResult proposed = tools.run(u"create_task"_s,
        QJsonObject { { u"title"_s, u"  Review   code "_s }, { u"due"_s, u"in 3 days"_s } },
        ToolContext { conversation.id, u"task"_s, {}, &db.work(), false });
    QVERIFY(proposed.ok);
    QVERIFY(db.work().tasks().list().isEmpty());
    const std::optional<PendingConfirmation> pending = db.work().router().pending(conversation.id);
    QVERIFY(pending);
    const QJsonObject arguments = QJsonDocument::fromJson(pending->arguments.toUtf8()).object();
    QCOMPARE(arguments.value(u"title"_s).toString(), u"Review code"_s);
    QCOMPARE(arguments.value(u"due"_s).toString(), QDate::currentDate().addDays(3).toString(Qt::ISODate));
    // The confirmed call, with the stored arguments, creates it.
    const ToolResult created = tools.run(
        u"create_task"_s, pending->arguments, ToolContext { conversation.id, u"task"_s, {}, &db.work(), true });
    QVERIFY(created.ok);
    QCOMPARE(db.work().tasks().list().size(), 1);
    QCOMPARE(db.work().tasks().list(conversation.id).at(0).due, QDate::currentDate().addDays(3));
}

void TestTaskTools::withoutDatabaseTheToolsSaySo()
{
    const ToolRegistry tools = ToolRegistry::withBuiltins();
    const QList<std::pair<QString, QJsonObject>> calls { { u"search_tasks"_s, { { u"query"_s, u"x"_s } } },
        { u"get_task_stats"_s, {} }, { u"get_stale_tasks"_s, {} } };
    for (const auto &[name, arguments] : calls) {
        const ToolResult result = tools.run(name, arguments, ToolContext {});
        QVERIFY2(!result.ok, qPrintable(name));
        QCOMPARE(result.error, u"The task list is not available here."_s);
    }
}

QTEST_GUILESS_MAIN(TestTaskTools)
#include "tst_tasktools.moc"
