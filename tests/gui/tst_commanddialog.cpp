// The approval of a command through the dialog and the real engine: what the person edits in the command line and
// the folder is what runs (the run's output says so) and what the call's row keeps; a denied command runs nothing.
// git_push offers no "always"; an MCP tool is named with its server.
#include "ApprovalDialog.h"
#include "EngineHarness.h"
#include "tools/Bubblewrap.h"

#include <QCheckBox>
#include <QDir>
#include <QJsonArray>
#include <QJsonDocument>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace Tandem;
using namespace Tandem::Test;

namespace {

ToolCall command(const QStringList &argv)
{
    const QJsonObject arguments { { u"argv"_s, QJsonArray::fromStringList(argv) } };
    return ToolCall { {}, u"run_command"_s, QString::fromUtf8(QJsonDocument(arguments).toJson(QJsonDocument::Compact)),
        {} };
}

QPushButton *button(const ApprovalDialog &dialog, const QString &accessibleName)
{
    const QList<QPushButton *> buttons = dialog.findChildren<QPushButton *>();
    for (QPushButton *candidate : buttons)
        if (candidate->accessibleName() == accessibleName)
            return candidate;
    return nullptr;
}

QString introOf(const ApprovalDialog &dialog)
{
    const QList<QLabel *> labels = dialog.findChildren<QLabel *>();
    for (const QLabel *label : labels)
        if (label->text().contains(u"wants to run"_s))
            return label->text();
    return {};
}

} // namespace

class TestCommandDialog : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void cleanup() { QVERIFY(EngineHarness::takeSpecProblems().isEmpty()); }
    void editedCommandIsWhatRuns();
    void deniedCommandRunsNothing();
    void brokenCommandLineCannotBeAllowed();
    void gitPushOffersNoAlways();
    void mcpToolNamesItsServer();
    void networkIsAskedOnlyWhenTheRequestSays();

private:
    struct Asked
    {
        std::unique_ptr<EngineHarness> harness;
        qint64 conversationId = 0;
        ApprovalRequest request;
    };
    static Asked ask(const QString &workspace, const ToolCall &call);
};

TestCommandDialog::Asked TestCommandDialog::ask(const QString &workspace, const ToolCall &call)
{
    EngineConfig config = EngineHarness::testConfig();
    config.workspaceRoot = workspace;
    Asked asked;
    asked.harness = std::make_unique<EngineHarness>(ProviderProfile::Protocol::ChatCompletions, config);
    EngineHarness &h = *asked.harness;
    Agent agent;
    agent.id = u"assistant"_s;
    agent.name = u"Implementer"_s;
    agent.instructions = u"You run commands."_s;
    agent.allowedTools = { u"run_command"_s, u"git_push"_s };
    if (!h.saveAgent(agent))
        return asked;
    h.server().enqueue(ScriptedReply::calling({ call }));
    h.server().enqueue(ScriptedReply::text({ u"Done."_s }));
    asked.conversationId = h.createConversation(Conversation::Mode::Single);
    QSignalSpy needed(&h.repository(), &ChatRepository::approvalNeeded);
    if (!h.repository().send(asked.conversationId, u"Run it"_s).accepted() || !needed.wait(10'000))
        return asked;
    asked.request = needed.constFirst().at(0).value<ApprovalRequest>();
    return asked;
}

void TestCommandDialog::editedCommandIsWhatRuns()
{
    if (!Bubblewrap::unavailableReason().isEmpty())
        QSKIP("bubblewrap cannot run here: the allowed command would be refused");
    QTemporaryDir workspace;
    QVERIFY(QDir(workspace.path()).mkpath(u"sub folder"_s));
    Asked asked = ask(workspace.path(), command({ u"echo"_s, u"the model's words"_s }));
    QCOMPARE(asked.request.toolName, u"run_command"_s);
    EngineHarness &h = *asked.harness;

    ApprovalDialog dialog(asked.request);
    auto *line = dialog.findChild<QLineEdit *>(u"CommandLine"_s);
    auto *folder = dialog.findChild<QLineEdit *>(u"CommandFolder"_s);
    QVERIFY(line && folder);
    QCOMPARE(line->text(), u"echo 'the model'\\''s words'"_s); // quoted so that it reads back the same
    QVERIFY(folder->text().isEmpty());
    line->setText(u"sh -c 'pwd; echo \"edited by the person\"'"_s);
    folder->setText(u"sub folder"_s);
    button(dialog, u"Allow the tool call once"_s)->click();
    QCOMPARE(dialog.result(), int(QDialog::Accepted));
    QCOMPARE(dialog.decision(), ApprovalDecision::AllowOnce);

    QVERIFY(h.repository().decideApproval(
        asked.request.id, dialog.decision(), dialog.editedArguments(), dialog.allowNetwork()));
    QCOMPARE(h.waitForRun(asked.conversationId), RunOutcome::Completed);
    const QString output = EngineHarness::inputSummary(h.modelRequests().at(1)).constLast();
    const QJsonObject result = QJsonDocument::fromJson(output.mid(output.indexOf(u'{')).toUtf8()).object();
    QCOMPARE(result.value(u"exit_code").toInt(-1), 0);
    QCOMPARE(result.value(u"stdout").toString(),
        QDir(workspace.path()).canonicalPath() + u"/sub folder\nedited by the person\n"_s);
    // The call's row keeps what ran, not what the model asked.
    bool found = false;
    const QList<Message> rows = h.rows(asked.conversationId);
    for (const Message &row : rows) {
        if (row.kind != Message::Kind::ToolCall)
            continue;
        const QJsonObject stored = QJsonDocument::fromJson(row.content.toUtf8()).object();
        QCOMPARE(
            stored.value(u"argv").toArray(), QJsonArray({ u"sh"_s, u"-c"_s, u"pwd; echo \"edited by the person\""_s }));
        QCOMPARE(stored.value(u"cwd").toString(), u"sub folder"_s);
        found = true;
    }
    QVERIFY(found);
}

void TestCommandDialog::deniedCommandRunsNothing()
{
    QTemporaryDir workspace;
    Asked asked = ask(workspace.path(), command({ u"touch"_s, u"made.txt"_s }));
    QCOMPARE(asked.request.toolName, u"run_command"_s);
    EngineHarness &h = *asked.harness;
    ApprovalDialog dialog(asked.request);
    dialog.findChild<QLineEdit *>(u"CommandLine"_s)->setText(u"touch other.txt"_s);
    button(dialog, u"Deny the tool call"_s)->click();
    QCOMPARE(dialog.result(), int(QDialog::Rejected));
    QCOMPARE(dialog.decision(), ApprovalDecision::Deny);
    QVERIFY(h.repository().decideApproval(asked.request.id, ApprovalDecision::Deny));
    QCOMPARE(h.waitForRun(asked.conversationId), RunOutcome::Completed);
    const QString output = EngineHarness::inputSummary(h.modelRequests().at(1)).constLast();
    QCOMPARE(output, u"output:{\"error\":\"The person did not allow this call.\"}"_s);
    QCOMPARE(QDir(workspace.path()).entryList(QDir::NoDotAndDotDot | QDir::AllEntries), QStringList {});
}

void TestCommandDialog::brokenCommandLineCannotBeAllowed()
{
    ApprovalRequest request;
    request.agentId = u"assistant"_s;
    request.toolName = u"run_command"_s;
    request.arguments = u"{\"argv\":[\"ls\"],\"stdin\":\"abc\",\"timeout_seconds\":5}"_s;
    ApprovalDialog dialog(request);
    auto *line = dialog.findChild<QLineEdit *>(u"CommandLine"_s);
    QPushButton *once = button(dialog, u"Allow the tool call once"_s);
    line->setText(u"echo 'not closed"_s);
    QVERIFY(!once->isEnabled());
    line->setText(u"   "_s);
    QVERIFY(!once->isEnabled());
    line->setText(u"ls -l"_s);
    QVERIFY(once->isEnabled());
    // What the dialog does not show for editing (stdin, the time limit) runs as the model wrote it.
    const QJsonObject edited = QJsonDocument::fromJson(dialog.editedArguments().toUtf8()).object();
    QCOMPARE(edited.value(u"argv").toArray(), QJsonArray({ u"ls"_s, u"-l"_s }));
    QCOMPARE(edited.value(u"stdin").toString(), u"abc"_s);
    QCOMPARE(edited.value(u"timeout_seconds").toInt(), 5);
    QVERIFY(!edited.contains(u"cwd"_s));
}

void TestCommandDialog::gitPushOffersNoAlways()
{
    QTemporaryDir workspace;
    Asked asked = ask(workspace.path(), ToolCall { {}, u"git_push"_s, u"{\"branch\":\"main\"}"_s, {} });
    QCOMPARE(asked.request.toolName, u"git_push"_s);
    QVERIFY(!asked.request.allowsAlways);
    ApprovalDialog dialog(asked.request);
    dialog.show();
    QVERIFY(!button(dialog, u"Always allow this tool in this conversation"_s)->isVisible());
    QVERIFY(button(dialog, u"Allow the tool call once"_s)->isVisible());
    // Asked again after a restart of the window, the request says the same.
    const QList<ApprovalRequest> pending = asked.harness->repository().pendingApprovals(asked.conversationId);
    QCOMPARE(pending.size(), 1);
    QVERIFY(!pending.constFirst().allowsAlways);
    asked.harness->repository().cancel(asked.conversationId);
    asked.harness->waitForRun(asked.conversationId);
}

void TestCommandDialog::mcpToolNamesItsServer()
{
    ApprovalRequest request;
    request.agentId = u"assistant"_s;
    request.toolName = u"files__write_text"_s;
    request.arguments = u"{\"path\":\"a.txt\",\"text\":\"hello\"}"_s;
    ApprovalDialog dialog(request);
    QCOMPARE(ApprovalDialog::toolTitle(request.toolName), u"files · write_text"_s);
    const QString intro = introOf(dialog);
    QVERIFY2(intro.contains(u"<b>files · write_text</b>"_s), qPrintable(intro));
    QVERIFY2(intro.contains(u"MCP server <b>files</b>"_s), qPrintable(intro));
    QVERIFY(dialog.findChild<QLineEdit *>(u"CommandLine"_s) == nullptr); // the arguments, as JSON
    QVERIFY(dialog.findChild<QCheckBox *>(u"AllowNetwork"_s) == nullptr);
}

void TestCommandDialog::networkIsAskedOnlyWhenTheRequestSays()
{
    ApprovalRequest request;
    request.agentId = u"implementer"_s;
    request.toolName = u"run_command"_s;
    request.arguments = u"{\"argv\":[\"git\",\"fetch\"]}"_s;
    {
        ApprovalDialog dialog(request);
        QVERIFY(dialog.findChild<QCheckBox *>(u"AllowNetwork"_s) == nullptr);
        QCOMPARE(dialog.allowNetwork(), std::nullopt);
    }
    request.asksNetwork = true;
    ApprovalDialog dialog(request);
    auto *network = dialog.findChild<QCheckBox *>(u"AllowNetwork"_s);
    QVERIFY(network);
    QVERIFY(!network->isChecked()); // no network unless the person ticks it
    QCOMPARE(dialog.allowNetwork(), std::optional<bool>(false));
    network->click();
    QCOMPARE(dialog.allowNetwork(), std::optional<bool>(true));
}

QTEST_MAIN(TestCommandDialog)
#include "tst_commanddialog.moc"
