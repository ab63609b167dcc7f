// The tasks panel (seed 004's "refresh") on the real engine: a router conversation against the fake LLM server on a
// SQLite file. The panel, fed by the repository's tasksChanged only, shows the pending confirmation the task agent's
// create_task call stored, then the task once the person said yes; the stale marker; completing and editing a task
// from the panel change its row and the stored task, with update_task's own validation (an empty title, an unreadable
// date are refused and nothing is stored).

#include "EngineHarness.h"
#include "StoreInvariants.h"
#include "TaskEditDialog.h"
#include "TasksPanel.h"
#include "presentation/TasksViewModel.h"

#include <QComboBox>
#include <QJsonDocument>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QSqlQuery>
#include <QStandardPaths>
#include <QTest>
#include <QTreeView>

using namespace Qt::StringLiterals;
using namespace Tandem;
using namespace Tandem::Test;

namespace {

QString json(const QJsonObject &object)
{
    return QString::fromUtf8(QJsonDocument(object).toJson(QJsonDocument::Compact));
}

ScriptedReply classified(const QString &agent, double confidence)
{
    return ScriptedReply::text(
        { json({ { u"agent"_s, agent }, { u"confidence"_s, confidence }, { u"reason"_s, u"test"_s } }) });
}

QString cell(const TasksViewModel &model, int row, int column)
{
    return model.data(model.index(row, column)).toString();
}

Task storedTask(EngineHarness &h, const QString &title, int daysUntouched = 0)
{
    Task task;
    task.title = title;
    [&] {
        QVERIFY(h.work().tasks().create(task));
    }();
    if (daysUntouched > 0) {
        QSqlQuery q(h.db());
        q.prepare(u"UPDATE tasks SET updated_at = ? WHERE id = ?"_s);
        q.addBindValue(QDateTime::currentDateTimeUtc().addDays(-daysUntouched).toString(Qt::ISODateWithMs));
        q.addBindValue(task.id);
        [&] {
            QVERIFY(q.exec());
        }();
    }
    return task;
}

void select(TasksPanel &panel, qint64 taskId)
{
    const int row = panel.viewModel()->rowOf(taskId);
    QVERIFY(row >= 0);
    panel.view()->setCurrentIndex(panel.viewModel()->index(row, 0));
}

} // namespace

class TestTasksPanel : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void cleanup();
    void refreshesAfterAToolCall();
    void completeFromThePanel();
    void editFromThePanel();
};

void TestTasksPanel::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(u"Tandem"_s);
    QCoreApplication::setApplicationName(u"tandem-gui-test"_s);
}

void TestTasksPanel::cleanup()
{
    const QStringList problems = EngineHarness::takeSpecProblems();
    QVERIFY2(problems.isEmpty(), qPrintable(problems.join(u'\n')));
}

void TestTasksPanel::refreshesAfterAToolCall()
{
    EngineHarness h(ProviderProfile::Protocol::ChatCompletions);
    QVERIFY(h.isReady());
    const qint64 id = h.createConversation(Conversation::Mode::Router);
    TasksPanel panel(&h.repository());
    panel.resize(560, 360);
    panel.show();
    QVERIFY(QTest::qWaitForWindowExposed(&panel));
    panel.setConversation(id);
    TasksViewModel *model = panel.viewModel();
    QCOMPARE(model->rowCount(), 0);
    QVERIFY(panel.view()->isHidden());
    QVERIFY(panel.pendingLabel()->isHidden());
    QSignalSpy refreshed(model, &TasksViewModel::refreshed);

    // The task agent proposes the task: create_task stores a pending confirmation, nothing is created yet.
    h.server().enqueue(classified(u"task"_s, 0.9));
    h.server().enqueue(ScriptedReply::calling({ ToolCall { {}, u"create_task"_s,
        json({ { u"title"_s, u"Review code"_s }, { u"priority"_s, u"high"_s }, { u"due"_s, u"2026-12-04"_s } }),
        {} } }));
    h.server().enqueue(ScriptedReply::text({ u"I'll create 'Review code'. Shall I?"_s }));
    QCOMPARE(h.sendAndWait(id, u"Create task to review code by 4 December, high priority"_s), RunOutcome::Completed);

    QVERIFY(!refreshed.isEmpty());
    QCOMPARE(model->rowCount(), 0);
    QVERIFY(panel.pendingLabel()->isVisibleTo(&panel));
    QVERIFY2(panel.pendingLabel()->text().contains(u"'Review code'"_s), qPrintable(panel.pendingLabel()->text()));

    // The yes runs create_task: the row appears, the pending confirmation is gone.
    refreshed.clear();
    h.server().enqueue(ScriptedReply::text({ u"Created 'Review code'."_s }));
    QCOMPARE(h.sendAndWait(id, u"Yes"_s), RunOutcome::Completed);

    QVERIFY(!refreshed.isEmpty());
    QCOMPARE(model->rowCount(), 1);
    const Task stored = h.repository().tasks().constFirst();
    QCOMPARE(model->taskAt(0).id, stored.id);
    QCOMPARE(cell(*model, 0, TasksViewModel::Title), u"Review code"_s);
    QCOMPARE(cell(*model, 0, TasksViewModel::Priority), TasksViewModel::priorityText(Task::Priority::High));
    QCOMPARE(cell(*model, 0, TasksViewModel::Due), QLocale().toString(QDate(2026, 12, 4), QLocale::ShortFormat));
    QCOMPARE(cell(*model, 0, TasksViewModel::Status), TasksViewModel::statusText(Task::Status::Open));
    QVERIFY(panel.view()->isVisibleTo(&panel));
    QVERIFY(panel.pendingLabel()->isHidden());
    const QStringList problems = StoreInvariants::problems(h.db());
    QVERIFY2(problems.isEmpty(), qPrintable(problems.join(u'\n')));
}

void TestTasksPanel::completeFromThePanel()
{
    EngineHarness h(ProviderProfile::Protocol::ChatCompletions);
    QVERIFY(h.isReady());
    const Task fresh = storedTask(h, u"Write the release note"_s);
    const Task old = storedTask(h, u"Review cloud code for Yury"_s, Task::kStaleDays + 3);
    TasksPanel panel(&h.repository());
    panel.resize(560, 360);
    panel.show();
    QVERIFY(QTest::qWaitForWindowExposed(&panel));
    panel.viewModel()->reload(); // the tasks were written behind the repository's back
    TasksViewModel *model = panel.viewModel();
    QCOMPARE(model->rowCount(), 2);

    // The stale marker: the task untouched for longer than Task::kStaleDays, as get_stale_tasks finds it.
    const int oldRow = model->rowOf(old.id);
    const int freshRow = model->rowOf(fresh.id);
    QVERIFY(model->isStale(oldRow));
    QVERIFY(!model->isStale(freshRow));
    QVERIFY(model->data(model->index(oldRow, 0), TasksViewModel::StaleRole).toBool());
    QVERIFY(cell(*model, oldRow, TasksViewModel::Status).contains(u"stale"_s));
    QVERIFY(!cell(*model, freshRow, TasksViewModel::Status).contains(u"stale"_s));

    QVERIFY(!panel.completeButton()->isEnabled()); // nothing selected
    select(panel, old.id);
    QVERIFY(panel.completeButton()->isEnabled());
    QSignalSpy changed(&h.repository(), &ChatRepository::tasksChanged);
    QTest::mouseClick(panel.completeButton(), Qt::LeftButton);

    QCOMPARE(changed.size(), 1);
    const std::optional<Task> done = h.work().tasks().get(old.id);
    QVERIFY(done);
    QCOMPARE(done->status, Task::Status::Done);
    QVERIFY(done->completedAt.isValid());
    const int doneRow = model->rowOf(old.id);
    QCOMPARE(cell(*model, doneRow, TasksViewModel::Status), TasksViewModel::statusText(Task::Status::Done));
    QVERIFY(!model->isStale(doneRow)); // a done task is never stale
    QVERIFY(panel.errorLabel()->isHidden());
    // The same task stays selected, and a done task cannot be completed again.
    QCOMPARE(panel.view()->selectionModel()->selectedRows().constFirst().row(), doneRow);
    QVERIFY(!panel.completeButton()->isEnabled());
    QCOMPARE(h.work().tasks().get(fresh.id)->status, Task::Status::Open);
}

void TestTasksPanel::editFromThePanel()
{
    EngineHarness h(ProviderProfile::Protocol::ChatCompletions);
    QVERIFY(h.isReady());
    const Task task = storedTask(h, u"Call Bob"_s);
    TasksPanel panel(&h.repository());
    panel.show();
    QVERIFY(QTest::qWaitForWindowExposed(&panel));
    panel.viewModel()->reload();
    select(panel, task.id);
    QTest::mouseClick(panel.editButton(), Qt::LeftButton);
    TaskEditDialog *dialog = panel.editDialog();
    QVERIFY(dialog);
    QVERIFY(dialog->isVisible());
    QCOMPARE(dialog->titleEdit()->text(), u"Call Bob"_s);
    QSignalSpy changed(&h.repository(), &ChatRepository::tasksChanged);

    // update_task's checks: an empty title, then a date it cannot read; the dialog stays open, nothing is stored.
    dialog->titleEdit()->setText(u"   "_s);
    dialog->accept();
    QVERIFY(dialog->isVisible());
    QVERIFY(dialog->errorLabel()->isVisibleTo(dialog));
    QVERIFY2(dialog->errorLabel()->text().contains(u"title"_s), qPrintable(dialog->errorLabel()->text()));
    dialog->titleEdit()->setText(u"Call Bob about the contract"_s);
    dialog->dueEdit()->setText(u"when pigs fly"_s);
    dialog->accept();
    QVERIFY(dialog->isVisible());
    QVERIFY2(dialog->errorLabel()->text().contains(u"when pigs fly"_s), qPrintable(dialog->errorLabel()->text()));
    QCOMPARE(changed.size(), 0);
    QCOMPARE(h.work().tasks().get(task.id)->title, u"Call Bob"_s);

    dialog->dueEdit()->setText(u"2026-12-04"_s);
    dialog->priorityBox()->setCurrentIndex(dialog->priorityBox()->findData(u"high"_s));
    QCOMPARE(dialog->changedFields().keys(), (QStringList { u"due"_s, u"priority"_s, u"title"_s }));
    dialog->accept();
    QTRY_VERIFY(!panel.editDialog()); // closed and deleted

    QCOMPARE(changed.size(), 1);
    const std::optional<Task> stored = h.work().tasks().get(task.id);
    QCOMPARE(stored->title, u"Call Bob about the contract"_s);
    QCOMPARE(stored->priority, Task::Priority::High);
    QCOMPARE(stored->due, QDate(2026, 12, 4));
    TasksViewModel *model = panel.viewModel();
    const int row = model->rowOf(task.id);
    QCOMPARE(cell(*model, row, TasksViewModel::Title), u"Call Bob about the contract"_s);
    QCOMPARE(cell(*model, row, TasksViewModel::Priority), TasksViewModel::priorityText(Task::Priority::High));
    QCOMPARE(cell(*model, row, TasksViewModel::Due), QLocale().toString(QDate(2026, 12, 4), QLocale::ShortFormat));
}

QTEST_MAIN(TestTasksPanel)
#include "tst_taskspanel.moc"
