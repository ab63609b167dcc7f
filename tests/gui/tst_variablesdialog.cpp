// Conversation → Variables… (issue #27 item 7): the window's dialog sets a conversation's prompt variable, and the
// next request's rendered prompt at the fake LLM server uses it; a bad name is refused with the sentence of
// `tandem run --var`; a variable can be changed and removed. Offscreen, on the real engine and SQLite file.
#include "EngineHarness.h"
#include "MainWindow.h"
#include "ModalAnswer.h"
#include "VariablesDialog.h"
#include "domain/VariableAssignment.h"
#include "presentation/ChatViewModel.h"
#include "presentation/VariablesViewModel.h"

#include <QAction>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QPushButton>
#include <QTableWidget>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace Tandem;
using namespace Tandem::Test;

class TestVariablesDialog : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void cleanup();
    void setThroughTheWindowReachesThePrompt();
    void badNameRefusedAsTheCliDoes();
    void changeAndRemove();

private:
    /// The assistant of the harness, its prompt reading $PROJECT_NAME.
    static void usePromptVariable(EngineHarness &h);
    static void fill(VariablesDialog *dialog, const QString &name, const QString &value);
};

void TestVariablesDialog::cleanup()
{
    const QStringList problems = EngineHarness::takeSpecProblems();
    QVERIFY2(problems.isEmpty(), qPrintable(problems.join(u'\n')));
}

void TestVariablesDialog::usePromptVariable(EngineHarness &h)
{
    std::optional<Agent> assistant = h.work().agents().get(u"assistant"_s);
    QVERIFY(assistant);
    assistant->instructions = u"You work on ${PROJECT_NAME}; answer briefly."_s;
    QVERIFY(h.saveAgent(*assistant));
}

void TestVariablesDialog::fill(VariablesDialog *dialog, const QString &name, const QString &value)
{
    dialog->findChild<QLineEdit *>(u"VariableName"_s)->setText(name);
    dialog->findChild<QLineEdit *>(u"VariableValue"_s)->setText(value);
    dialog->findChild<QPushButton *>(u"SetVariable"_s)->click();
}

void TestVariablesDialog::setThroughTheWindowReachesThePrompt()
{
    EngineHarness h(ProviderProfile::Protocol::ChatCompletions);
    QVERIFY(h.isReady());
    usePromptVariable(h);
    MainWindow window(&h.repository());
    const qint64 id = h.createConversation(Conversation::Mode::Single);
    window.viewModel()->openConversation(id);
    auto *action = window.findChild<QAction *>(u"VariablesAction"_s);
    QVERIFY(action);
    auto *menu = window.findChild<QMenu *>(u"ConversationMenu"_s);
    QVERIFY(menu);
    QVERIFY(menu->actions().contains(action));
    QVERIFY(action->isEnabled());

    QStringList listed;
    ModalAnswer<VariablesDialog> answer([&](VariablesDialog *dialog) {
        fill(dialog, u"PROJECT_NAME"_s, u"Tandem"_s);
        const auto *table = dialog->findChild<QTableWidget *>(u"VariablesTable"_s);
        for (int row = 0; row < table->rowCount(); ++row)
            listed << table->item(row, 0)->text() + u'=' + table->item(row, 1)->text();
        dialog->reject();
        return true;
    });
    action->trigger();
    QVERIFY(answer.answered());
    QCOMPARE(listed, QStringList { u"PROJECT_NAME=Tandem"_s });
    QCOMPARE(h.repository().variables(id).value(u"PROJECT_NAME"_s), u"Tandem"_s);

    h.server().enqueue(ScriptedReply::text({ u"Done."_s }));
    QCOMPARE(h.sendAndWait(id, u"Hi"_s), RunOutcome::Completed);
    const QList<RecordedRequest> requests = h.modelRequests();
    QCOMPARE(requests.size(), 1);
    QVERIFY2(requests[0].instructions().contains(u"You work on Tandem; answer briefly."_s),
        qPrintable(requests[0].instructions()));
}

void TestVariablesDialog::badNameRefusedAsTheCliDoes()
{
    EngineHarness h(ProviderProfile::Protocol::ChatCompletions);
    QVERIFY(h.isReady());
    const qint64 id = h.createConversation(Conversation::Mode::Single);
    VariablesViewModel model(&h.repository(), id);
    VariablesDialog dialog(&model);
    fill(&dialog, u"story_id"_s, u"1"_s);
    // The CLI's rule, in the form's words: the CLI refuses `--var story_id=1` too (tst_cli checks its sentence).
    QVERIFY(!VariableAssignment::problem(u"story_id=1"_s).isEmpty());
    QCOMPARE(dialog.findChild<QLabel *>(u"VariablesStatus"_s)->text(),
        u"“story_id” cannot be a variable's name: use capitals, digits and underscores, starting with a capital "
        u"(such as STORY_ID)."_s);
    QVERIFY(h.repository().variables(id).isEmpty());
    QCOMPARE(dialog.findChild<QTableWidget *>(u"VariablesTable"_s)->rowCount(), 0);
}

void TestVariablesDialog::changeAndRemove()
{
    EngineHarness h(ProviderProfile::Protocol::ChatCompletions);
    QVERIFY(h.isReady());
    const qint64 id = h.createConversation(Conversation::Mode::Single);
    QVERIFY(h.repository().setVariable(id, u"BRANCH"_s, u"main"_s));
    VariablesViewModel model(&h.repository(), id);
    VariablesDialog dialog(&model);
    auto *table = dialog.findChild<QTableWidget *>(u"VariablesTable"_s);
    QCOMPARE(table->rowCount(), 1);
    fill(&dialog, u"BRANCH"_s, u"feature/x"_s);
    fill(&dialog, u"STORY_ID"_s, u"v0.1:1.1.1"_s);
    QCOMPARE(dialog.findChild<QLabel *>(u"VariablesStatus"_s)->text(), QString());
    QCOMPARE(h.repository().variables(id),
        (QHash<QString, QString> { { u"BRANCH"_s, u"feature/x"_s }, { u"STORY_ID"_s, u"v0.1:1.1.1"_s } }));
    QCOMPARE(table->rowCount(), 2);
    QCOMPARE(table->item(0, 0)->text(), u"BRANCH"_s); // sorted by name
    table->selectRow(0);
    QCOMPARE(dialog.findChild<QLineEdit *>(u"VariableValue"_s)->text(), u"feature/x"_s);
    dialog.findChild<QPushButton *>(u"RemoveVariable"_s)->click();
    QCOMPARE(h.repository().variables(id), (QHash<QString, QString> { { u"STORY_ID"_s, u"v0.1:1.1.1"_s } }));
    QCOMPARE(table->rowCount(), 1);
}

QTEST_MAIN(TestVariablesDialog)
#include "tst_variablesdialog.moc"
