// The agents editor (issue #13 part 4) on a real repository, a real agents folder and the fake LLM server: an edit
// saved in the editor is what the next request carries; invalid edits are refused with a message naming the field and
// nothing is written; "Reset to Preset" brings the shipped agent back; "Reset Thread" forgets one agent's thread.
// Unsaved edits mark the title and enable Save; leaving them (another agent, another mode, closing) asks Save, Discard
// or Cancel, and an edit typed back is no edit.
#include "AgentGraphView.h"
#include "AgentsEditor.h"
#include "EngineHarness.h"
#include "MainWindow.h"
#include "ModalAnswer.h"
#include "domain/ModeLabel.h"
#include "presentation/AgentsEditorViewModel.h"
#include "presentation/ChatViewModel.h"
#include "storage/AgentThreadStore.h"

#include <QAbstractButton>
#include <QAction>
#include <QCheckBox>
#include <QComboBox>
#include <QFile>
#include <QJsonArray>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QMenu>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QWindow>

using namespace Qt::StringLiterals;
using namespace Tandem;
using Tandem::Test::EngineHarness;
using Tandem::Test::ModalAnswer;
using Tandem::Test::ScriptedReply;

Q_DECLARE_METATYPE(Tandem::ProviderProfile::Protocol)

namespace {
/// The instructions @p request gives its agent: the Responses API's "instructions", or the first chat message.
QString instructionsOf(const Tandem::Test::RecordedRequest &request)
{
    if (request.json.contains(u"instructions"_s))
        return request.json.value(u"instructions"_s).toString();
    const QJsonValue content = request.json.value(u"messages"_s).toArray().at(0).toObject().value(u"content"_s);
    if (content.isString())
        return content.toString();
    QString joined;
    for (const QJsonValue &part : content.toArray())
        joined += part.toObject().value(u"text"_s).toString();
    return joined;
}

EngineConfig configWith(const QString &folder)
{
    EngineConfig config = EngineHarness::testConfig();
    config.agentsFolder = folder;
    return config;
}

/// An answer to the unsaved-changes question: clicks @p button, keeping the question's text in @p question.
std::function<bool(QMessageBox *)> clicking(QMessageBox::StandardButton button, QString *question = nullptr)
{
    return [button, question](QMessageBox *box) {
        if (question)
            *question = box->text();
        box->button(button)->click();
        return true;
    };
}

QString currentAgentId(const AgentsEditor &editor)
{
    const QListWidgetItem *item = editor.findChild<QListWidget *>(u"AgentsList"_s)->currentItem();
    return item ? item->data(Qt::UserRole).toString() : QString();
}

/// Makes @p agentId the list's current agent, as a click on it does.
void clickAgent(AgentsEditor &editor, const QString &agentId)
{
    auto *list = editor.findChild<QListWidget *>(u"AgentsList"_s);
    for (int row = 0; row < list->count(); ++row)
        if (list->item(row)->data(Qt::UserRole).toString() == agentId)
            list->setCurrentRow(row);
}

/// Types @p text at the end of @p edit, as the person does.
void typeAtEnd(QLineEdit *edit, const QString &text)
{
    edit->end(false);
    QTest::keyClicks(edit, text);
}

/// An editor shown on a fresh agents folder and database, @p agentId of @p mode selected.
struct ShownEditor
{
    ShownEditor(Conversation::Mode mode, const QString &agentId)
        : h(ProviderProfile::Protocol::ChatCompletions, configWith(folder.path()))
        , model(&h.repository())
        , editor(&model)
    {
        editor.show();
        editor.select(mode, agentId);
    }
    Q_DISABLE_COPY_MOVE(ShownEditor)

    QTemporaryDir folder;
    EngineHarness h;
    AgentsEditorViewModel model;
    AgentsEditor editor;
};

enum class CloseBy { Button, Escape, Window };
} // namespace

Q_DECLARE_METATYPE(CloseBy)

class TestAgentsEditor : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void cleanup() { QVERIFY(EngineHarness::takeSpecProblems().isEmpty()); }
    void editReachesTheNextRequest_data();
    void editReachesTheNextRequest();
    void invalidEditsAreNamed();
    void validatorRules();
    void graphOfEachMode();
    void resetThreadForgetsOneAgent();
    void switchingAgentAsks_data();
    void switchingAgentAsks();
    void switchingModeAsks();
    void savingFromTheQuestionChecksFirst();
    void editTypedBackIsNoChange();
    void closingAsks_data();
    void closingAsks();
    void viewMenuOpensIt();
};

void TestAgentsEditor::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(u"Tandem"_s);
    QCoreApplication::setApplicationName(u"tandem-gui-test"_s);
}

void TestAgentsEditor::editReachesTheNextRequest_data()
{
    QTest::addColumn<ProviderProfile::Protocol>("protocol");
    QTest::newRow("responses") << ProviderProfile::Protocol::Responses;
    QTest::newRow("chat") << ProviderProfile::Protocol::ChatCompletions;
}

void TestAgentsEditor::editReachesTheNextRequest()
{
    QFETCH(ProviderProfile::Protocol, protocol);
    QTemporaryDir folder;
    EngineHarness h(protocol, configWith(folder.path()));
    QVERIFY(h.isReady());
    const qint64 id = h.createConversation(Conversation::Mode::Single);
    h.server().enqueue(ScriptedReply::text({ u"Hello."_s }));
    QCOMPARE(h.sendAndWait(id, u"Hi"_s), RunOutcome::Completed);
    const QString shipped = instructionsOf(h.modelRequests().constLast());
    QVERIFY(!shipped.contains(u"pirate"_s));

    AgentsEditorViewModel model(&h.repository());
    AgentsEditor editor(&model);
    editor.show();
    editor.select(Conversation::Mode::Single, u"assistant"_s);
    editor.findChild<QPlainTextEdit *>(u"AgentInstructions"_s)->setPlainText(u"Answer like a pirate."_s);
    editor.findChild<QLineEdit *>(u"AgentModel"_s)->setText(u"pirate-model"_s);
    QVERIFY(!editor.findChild<QPushButton *>(u"ResetToPreset"_s)->isEnabled()); // nothing to reset yet
    editor.findChild<QPushButton *>(u"SaveAgent"_s)->click();
    QVERIFY2(!editor.findChild<QLabel *>(u"AgentsStatus"_s)->styleSheet().contains(u"color"_s),
        qPrintable(editor.findChild<QLabel *>(u"AgentsStatus"_s)->text()));
    QVERIFY(QFile::exists(folder.filePath(u"assistant.md"_s)));
    QVERIFY(editor.findChild<QListWidget *>(u"AgentsList"_s)->currentItem()->text().contains(u"(edited)"_s));
    QVERIFY(editor.findChild<QPushButton *>(u"ResetToPreset"_s)->isEnabled());
    // The written file reads back as the agent the editor showed (the shipped name kept as written).
    const Agent saved = *model.agent(u"assistant"_s);
    QCOMPARE(saved.name, u"Assistant"_s);
    QVERIFY(saved == editor.editedAgent());

    h.server().enqueue(ScriptedReply::text({ u"Arr."_s }));
    QCOMPARE(h.sendAndWait(id, u"Hi again"_s), RunOutcome::Completed);
    QCOMPARE(instructionsOf(h.modelRequests().constLast()), u"Answer like a pirate."_s);
    QCOMPARE(h.modelRequests().constLast().json.value(u"model"_s).toString(), u"pirate-model"_s);

    // Reset to Preset asks first; then the shipped agent answers again.
    ModalAnswer<QMessageBox> answer([](QMessageBox *box) {
        box->button(QMessageBox::Reset)->click();
        return true;
    });
    editor.findChild<QPushButton *>(u"ResetToPreset"_s)->click();
    QVERIFY(answer.answered());
    QVERIFY(!QFile::exists(folder.filePath(u"assistant.md"_s)));
    QCOMPARE(editor.findChild<QPlainTextEdit *>(u"AgentInstructions"_s)->toPlainText().contains(u"pirate"_s), false);
    h.server().enqueue(ScriptedReply::text({ u"Hello."_s }));
    QCOMPARE(h.sendAndWait(id, u"And now?"_s), RunOutcome::Completed);
    QCOMPARE(instructionsOf(h.modelRequests().constLast()), shipped);
    QVERIFY(h.modelRequests().constLast().json.value(u"model"_s).toString() != u"pirate-model"_s);
}

void TestAgentsEditor::invalidEditsAreNamed()
{
    QTemporaryDir folder;
    EngineHarness h(ProviderProfile::Protocol::ChatCompletions, configWith(folder.path()));
    AgentsEditorViewModel model(&h.repository());
    AgentsEditor editor(&model);
    editor.show();
    auto *status = editor.findChild<QLabel *>(u"AgentsStatus"_s);
    auto *save = editor.findChild<QPushButton *>(u"SaveAgent"_s);

    editor.select(Conversation::Mode::Single, u"assistant"_s);
    editor.findChild<QLineEdit *>(u"AgentName"_s)->clear();
    save->click();
    QVERIFY2(status->text().startsWith(u"Name:"_s), qPrintable(status->text()));

    ModalAnswer<QMessageBox> discard(clicking(QMessageBox::Discard)); // the refused edit is still unsaved
    editor.select(Conversation::Mode::Pipeline, u"reviewer"_s);
    QVERIFY(discard.answered());
    editor.findChild<QPushButton *>(u"AddTarget"_s)->click();
    auto *table = editor.findChild<QTableWidget *>(u"AgentTargets"_s);
    QCOMPARE(table->rowCount(), 3);
    qobject_cast<QComboBox *>(table->cellWidget(2, 0))->setEditText(u"nobody"_s);
    QVERIFY(editor.editedAgent().handoffTargets.contains(u"nobody"_s));
    save->click();
    QVERIFY2(status->text().startsWith(u"Handoff targets:"_s) && status->text().contains(u"“nobody”"_s),
        qPrintable(status->text()));
    QVERIFY(QDir(folder.path()).isEmpty()); // nothing was written
}

void TestAgentsEditor::validatorRules()
{
    QTemporaryDir folder;
    EngineHarness h(ProviderProfile::Protocol::ChatCompletions, configWith(folder.path()));
    const AgentsEditorViewModel model(&h.repository());
    using Field = AgentsEditorViewModel::Field;
    // Every shipped agent is valid in each of its modes.
    for (const Conversation::Mode mode : AgentsEditorViewModel::modes())
        for (const Agent &agent : model.agents(mode))
            QVERIFY2(model.validate(mode, agent).ok(), qPrintable(model.validate(mode, agent).message));

    Agent documenter = *model.agent(u"documenter"_s);
    documenter.handoffTargets = { u"implementer"_s }; // the pipeline never reaches its end
    const AgentsEditorViewModel::Problem cycle = model.validate(Conversation::Mode::Pipeline, documenter);
    QCOMPARE(cycle.field, Field::Targets);
    QVERIFY2(cycle.message.contains(u"circle"_s) && cycle.message.contains(u"Reviewer"_s), qPrintable(cycle.message));
    documenter.terminal = true;
    documenter.handoffTargets.clear(); // a terminal documenter ends the pipeline: valid again
    QVERIFY(model.validate(Conversation::Mode::Pipeline, documenter).ok());
    documenter.handoffTargets = { u"person"_s };
    QCOMPARE(model.validate(Conversation::Mode::Pipeline, documenter).field, Field::Terminal);

    Agent agent2 = *model.agent(u"agent2"_s);
    agent2.terminal = false;
    agent2.handoffTargets = { u"agent1"_s }; // dual: agent 1 and agent 2 hand over to each other forever
    QCOMPARE(model.validate(Conversation::Mode::Dual, agent2).field, Field::Targets);

    Agent assistant = *model.agent(u"assistant"_s);
    assistant.allowedTools << u"launch_rockets"_s;
    const AgentsEditorViewModel::Problem tool = model.validate(Conversation::Mode::Single, assistant);
    QCOMPARE(tool.field, Field::Tools);
    QVERIFY2(tool.message.contains(u"“launch_rockets”"_s), qPrintable(tool.message));
    assistant = *model.agent(u"assistant"_s);
    assistant.handoffTargets = { u"assistant"_s };
    QCOMPARE(model.validate(Conversation::Mode::Single, assistant).field, Field::Targets);
}

void TestAgentsEditor::graphOfEachMode()
{
    QTemporaryDir folder;
    EngineHarness h(ProviderProfile::Protocol::ChatCompletions, configWith(folder.path()));
    AgentsEditorViewModel model(&h.repository());
    AgentsEditor editor(&model);
    editor.show();
    auto *graph = editor.findChild<AgentGraphView *>();
    QVERIFY(graph);
    editor.select(Conversation::Mode::Dual);
    QCOMPARE(graph->graph().nodes.size(), 2);
    QCOMPARE(graph->graph().edges.size(), 1);
    for (const AgentsEditorViewModel::Node &node : graph->graph().nodes)
        QCOMPARE(node.terminal, node.id == u"agent2"_s);
    editor.select(Conversation::Mode::Pipeline, u"implementer"_s);
    QCOMPARE(graph->graph().nodes.size(), 6); // five agents and the pipeline's end
    QCOMPARE(graph->graph().edges.size(), 6);
    const auto warm = std::find_if(graph->graph().edges.cbegin(), graph->graph().edges.cend(),
        [](const TransitionGraph::Edge &edge) { return edge.from == u"implementer"_s; });
    QVERIFY(warm != graph->graph().edges.cend() && warm->warm);
    QCOMPARE(AgentGraphView::edgeLabel(*warm), u"payload · same turn · warm"_s);
    // An edit shows in the graph before it is saved.
    editor.findChild<QPushButton *>(u"AddTarget"_s)->click();
    QCOMPARE(graph->graph().edges.size(), 7);
}

void TestAgentsEditor::resetThreadForgetsOneAgent()
{
    QTemporaryDir folder;
    EngineHarness h(ProviderProfile::Protocol::ChatCompletions, configWith(folder.path()));
    const qint64 id = h.createConversation(Conversation::Mode::Dual);
    h.server().enqueue(ScriptedReply::text({ u"HANDOFF_AGENT2\nShorten: the quick brown fox."_s }));
    h.server().enqueue(ScriptedReply::text({ u"Quick fox."_s }));
    QCOMPARE(h.sendAndWait(id, u"Shorten my sentence"_s), RunOutcome::Completed);
    AgentsEditorViewModel model(&h.repository());
    {
        AgentsEditor editor(&model);
        editor.select(Conversation::Mode::Dual, u"agent2"_s);
        QVERIFY(!editor.findChild<QPushButton *>(u"ResetThread"_s)->isEnabled()); // no conversation given
    }
    model.setConversation(id);
    AgentsEditor editor(&model);
    editor.show();
    editor.select(Conversation::Mode::Dual, u"agent2"_s);
    editor.findChild<QPushButton *>(u"ResetThread"_s)->click();
    QVERIFY(h.work().threads().get(id, u"agent2"_s).historyFrom > 0);
    QCOMPARE(h.work().threads().get(id, u"agent1"_s).historyFrom, 0);
}

void TestAgentsEditor::switchingAgentAsks_data()
{
    QTest::addColumn<QMessageBox::StandardButton>("answer");
    QTest::newRow("cancel") << QMessageBox::Cancel;
    QTest::newRow("discard") << QMessageBox::Discard;
    QTest::newRow("save") << QMessageBox::Save;
}

void TestAgentsEditor::switchingAgentAsks()
{
    QFETCH(QMessageBox::StandardButton, answer);
    ShownEditor shown(Conversation::Mode::Dual, u"agent1"_s);
    AgentsEditor &editor = shown.editor;
    auto *role = editor.findChild<QLineEdit *>(u"AgentRole"_s);
    auto *save = editor.findChild<QPushButton *>(u"SaveAgent"_s);
    const QString shipped = role->text();
    QVERIFY(!editor.isWindowModified());
    QVERIFY(!save->isEnabled()); // nothing to save yet
    QCOMPARE(editor.windowHandle()->title(), u"Agents"_s);
    typeAtEnd(role, u" Briefly."_s);
    QVERIFY(editor.isWindowModified());
    QCOMPARE(editor.windowHandle()->title(), u"Agents*"_s);
    QVERIFY(save->isEnabled());

    QString question;
    {
        ModalAnswer<QMessageBox> asked(clicking(answer, &question));
        clickAgent(editor, u"agent2"_s);
        QVERIFY(asked.answered());
        QCOMPARE(asked.seen(), 1);
    }
    QVERIFY2(question.contains(u"“Agent 1”"_s), qPrintable(question));
    const QString stored = shown.h.work().agents().get(u"agent1"_s)->role;
    if (answer == QMessageBox::Cancel) { // the person stays on the edited agent, the edit kept
        QCOMPARE(currentAgentId(editor), u"agent1"_s);
        QCOMPARE(role->text(), shipped + u" Briefly."_s);
        QVERIFY(editor.isWindowModified());
        QCOMPARE(stored, shipped);
        QVERIFY(QDir(shown.folder.path()).isEmpty());
        return;
    }
    QCOMPARE(currentAgentId(editor), u"agent2"_s);
    QVERIFY(!editor.isWindowModified());
    QVERIFY(!save->isEnabled());
    const QString expected = answer == QMessageBox::Save ? shipped + u" Briefly."_s : shipped;
    QCOMPARE(stored, expected);
    QCOMPARE(QFile::exists(shown.folder.filePath(u"agent1.md"_s)), answer == QMessageBox::Save);
    ModalAnswer<QMessageBox> none(clicking(QMessageBox::Cancel));
    clickAgent(editor, u"agent1"_s);
    QCOMPARE(none.seen(), 0); // agent 2 was not edited
    QCOMPARE(role->text(), expected);
    QCOMPARE(editor.findChild<QListWidget *>(u"AgentsList"_s)->currentItem()->text().contains(u"(edited)"_s),
        answer == QMessageBox::Save);
}

void TestAgentsEditor::switchingModeAsks()
{
    ShownEditor shown(Conversation::Mode::Dual, u"agent2"_s);
    AgentsEditor &editor = shown.editor;
    auto *modeBox = editor.findChild<QComboBox *>(u"AgentsMode"_s);
    auto *terminal = editor.findChild<QCheckBox *>(u"AgentTerminal"_s);
    QVERIFY(terminal->isChecked());
    terminal->click();
    QVERIFY(editor.isWindowModified());
    {
        ModalAnswer<QMessageBox> cancel(clicking(QMessageBox::Cancel));
        modeBox->setCurrentIndex(modeBox->findData(int(Conversation::Mode::Pipeline)));
        QVERIFY(cancel.answered());
    }
    QCOMPARE(modeBox->currentText(), ModeLabel::text(Conversation::Mode::Dual));
    QCOMPARE(currentAgentId(editor), u"agent2"_s);
    QVERIFY(!terminal->isChecked());
    QVERIFY(editor.isWindowModified());
    {
        ModalAnswer<QMessageBox> discard(clicking(QMessageBox::Discard));
        modeBox->setCurrentIndex(modeBox->findData(int(Conversation::Mode::Pipeline)));
        QVERIFY(discard.answered());
    }
    QCOMPARE(modeBox->currentText(), ModeLabel::text(Conversation::Mode::Pipeline));
    QVERIFY(!editor.isWindowModified());
    QVERIFY(shown.h.work().agents().get(u"agent2"_s)->terminal);
    QVERIFY(QDir(shown.folder.path()).isEmpty());
}

void TestAgentsEditor::savingFromTheQuestionChecksFirst()
{
    ShownEditor shown(Conversation::Mode::Dual, u"agent1"_s);
    AgentsEditor &editor = shown.editor;
    auto *name = editor.findChild<QLineEdit *>(u"AgentName"_s);
    auto *tabs = editor.findChild<QTabWidget *>();
    name->clear();
    tabs->setCurrentIndex(2);
    {
        ModalAnswer<QMessageBox> save(clicking(QMessageBox::Save));
        clickAgent(editor, u"agent2"_s);
        QVERIFY(save.answered());
    }
    // Save failed: the switch is cancelled and the field with the problem is shown.
    QCOMPARE(currentAgentId(editor), u"agent1"_s);
    const QString status = editor.findChild<QLabel *>(u"AgentsStatus"_s)->text();
    QVERIFY2(status.startsWith(u"Name:"_s), qPrintable(status));
    QCOMPARE(tabs->currentIndex(), 0);
    QCOMPARE(editor.focusWidget(), name);
    QVERIFY(name->text().isEmpty());
    QVERIFY(editor.isWindowModified());
    QVERIFY(QDir(shown.folder.path()).isEmpty());
    QCOMPARE(shown.h.work().agents().get(u"agent1"_s)->name, u"Agent 1"_s);
}

void TestAgentsEditor::editTypedBackIsNoChange()
{
    ShownEditor shown(Conversation::Mode::Pipeline, u"implementer"_s);
    AgentsEditor &editor = shown.editor;
    auto *save = editor.findChild<QPushButton *>(u"SaveAgent"_s);
    const auto changedThenBack
        = [&](const char *what, const std::function<void()> &change, const std::function<void()> &back) {
              change();
              QVERIFY2(editor.isWindowModified() && save->isEnabled(), what);
              back();
              QVERIFY2(!editor.isWindowModified() && !save->isEnabled(), what);
          };
    auto *role = editor.findChild<QLineEdit *>(u"AgentRole"_s);
    changedThenBack(
        "role", [&] { typeAtEnd(role, u"xy"_s); },
        [&] {
            QTest::keyClick(role, Qt::Key_Backspace);
            QTest::keyClick(role, Qt::Key_Backspace);
        });
    auto *instructions = editor.findChild<QPlainTextEdit *>(u"AgentInstructions"_s);
    const QString text = instructions->toPlainText();
    changedThenBack(
        "instructions", [&] { instructions->appendPlainText(u"More."_s); }, [&] { instructions->setPlainText(text); });
    auto *enabled = editor.findChild<QCheckBox *>(u"AgentEnabled"_s);
    changedThenBack(
        "enabled", [&] { enabled->click(); }, [&] { enabled->click(); });
    QListWidgetItem *tool = editor.findChild<QListWidget *>(u"AgentTools"_s)->item(0);
    const Qt::CheckState state = tool->checkState();
    changedThenBack(
        "tool", [&] { tool->setCheckState(state == Qt::Checked ? Qt::Unchecked : Qt::Checked); },
        [&] { tool->setCheckState(state); });
    changedThenBack(
        "target", [&] { editor.findChild<QPushButton *>(u"AddTarget"_s)->click(); },
        [&] { editor.findChild<QPushButton *>(u"RemoveTarget"_s)->click(); });

    ModalAnswer<QMessageBox> none(clicking(QMessageBox::Cancel));
    clickAgent(editor, u"reviewer"_s);
    QCOMPARE(currentAgentId(editor), u"reviewer"_s);
    editor.findChild<QPushButton *>(u"CloseAgents"_s)->click();
    QVERIFY(!editor.isVisible());
    QCOMPARE(none.seen(), 0);
}

void TestAgentsEditor::closingAsks_data()
{
    QTest::addColumn<CloseBy>("by");
    QTest::addColumn<QMessageBox::StandardButton>("answer");
    const QList<QPair<const char *, CloseBy>> ways
        = { { "close button", CloseBy::Button }, { "escape", CloseBy::Escape }, { "window", CloseBy::Window } };
    const QList<QPair<const char *, QMessageBox::StandardButton>> answers
        = { { "cancel", QMessageBox::Cancel }, { "discard", QMessageBox::Discard }, { "save", QMessageBox::Save } };
    for (const auto &[wayName, way] : ways)
        for (const auto &[answerName, answer] : answers)
            QTest::addRow("%s, %s", wayName, answerName) << way << answer;
}

void TestAgentsEditor::closingAsks()
{
    QFETCH(CloseBy, by);
    QFETCH(QMessageBox::StandardButton, answer);
    ShownEditor shown(Conversation::Mode::Single, u"assistant"_s);
    AgentsEditor &editor = shown.editor;
    auto *modelField = editor.findChild<QLineEdit *>(u"AgentModel"_s);
    typeAtEnd(modelField, u"gpt-x"_s);
    ModalAnswer<QMessageBox> asked(clicking(answer));
    if (by == CloseBy::Button)
        editor.findChild<QPushButton *>(u"CloseAgents"_s)->click();
    else if (by == CloseBy::Escape)
        QTest::keyClick(&editor, Qt::Key_Escape);
    else
        editor.close();
    QVERIFY(asked.answered());
    QCOMPARE(editor.isVisible(), answer == QMessageBox::Cancel);
    QCOMPARE(modelField->text(), answer == QMessageBox::Discard ? QString() : u"gpt-x"_s);
    QCOMPARE(editor.isWindowModified(), answer == QMessageBox::Cancel);
    QCOMPARE(shown.h.work().agents().get(u"assistant"_s)->model, answer == QMessageBox::Save ? u"gpt-x"_s : QString());
}

void TestAgentsEditor::viewMenuOpensIt()
{
    QTemporaryDir folder;
    EngineHarness h(ProviderProfile::Protocol::ChatCompletions, configWith(folder.path()));
    MainWindow window(&h.repository());
    const qint64 id = h.createConversation(Conversation::Mode::Pipeline);
    window.viewModel()->openConversation(id);
    auto *action = window.findChild<QAction *>(u"AgentsEditorAction"_s);
    QVERIFY(action);
    const QList<QAction *> viewMenu = window.findChild<QMenu *>(u"ViewMenu"_s)->actions();
    QVERIFY(viewMenu.contains(action));
    QString shownMode;
    bool threadResettable = false;
    ModalAnswer<AgentsEditor> answer([&](AgentsEditor *editor) {
        shownMode = editor->findChild<QComboBox *>(u"AgentsMode"_s)->currentText();
        threadResettable = editor->findChild<QPushButton *>(u"ResetThread"_s)->isEnabled();
        editor->accept();
        return true;
    });
    action->trigger();
    QVERIFY(answer.answered());
    QCOMPARE(shownMode, ModeLabel::text(Conversation::Mode::Pipeline)); // the open conversation's mode
    QVERIFY(threadResettable);
}

QTEST_MAIN(TestAgentsEditor)
#include "tst_agentseditor.moc"
