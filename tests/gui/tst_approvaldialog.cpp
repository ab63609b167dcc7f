// Approval of a critical tool call. The dialog on its own: it shows the tool and its arguments, refuses arguments
// that are no JSON object, and answers allow once / always for this conversation / deny with the edited arguments.
// End to end through the main window: the fake LLM server (loopback) asks for delete_file, the dialog opens, and the
// file in the workspace folder is deleted only if the person allows it. The real LocalChatRepository on a temporary
// SQLite file; the real file tools on a temporary workspace.

#include "ApprovalDialog.h"
#include "Composer.h"
#include "EngineHarness.h"
#include "MainWindow.h"
#include "ModalAnswer.h"
#include "presentation/ChatViewModel.h"
#include "presentation/MessageListModel.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QLabel>
#include <QLocale>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <memory>

using namespace Qt::StringLiterals;
using namespace Tandem;
using Tandem::Test::EngineHarness;
using Tandem::Test::ModalAnswer;
using Tandem::Test::ScriptedReply;

Q_DECLARE_METATYPE(Tandem::ApprovalDecision)

namespace {

QString compact(const QJsonObject &object)
{
    return QString::fromUtf8(QJsonDocument(object).toJson(QJsonDocument::Compact));
}

ApprovalRequest deleteRequest(const QString &path)
{
    ApprovalRequest request;
    request.id = 7;
    request.conversationId = 1;
    request.agentId = u"assistant"_s;
    request.toolName = u"delete_file"_s;
    request.callId = u"call_1"_s;
    request.arguments = compact({ { u"path"_s, path } });
    return request;
}

ScriptedReply deleteCall(const QString &path)
{
    return ScriptedReply::calling({ ToolCall { {}, u"delete_file"_s, compact({ { u"path"_s, path } }), {} } });
}

/// The dialog's buttons, by what they say to a screen reader.
QPushButton *button(QDialog *dialog, const QString &accessibleName)
{
    const QList<QPushButton *> buttons = dialog->findChildren<QPushButton *>();
    for (QPushButton *b : buttons)
        if (b->accessibleName() == accessibleName)
            return b;
    return nullptr;
}

QPushButton *allowOnce(QDialog *dialog)
{
    return button(dialog, u"Allow the tool call once"_s);
}

QPushButton *allowAlways(QDialog *dialog)
{
    return button(dialog, u"Always allow this tool in this conversation"_s);
}

QPushButton *deny(QDialog *dialog)
{
    return button(dialog, u"Deny the tool call"_s);
}

/// Everything the dialog's labels say.
QString labelsOf(QDialog *dialog)
{
    QStringList texts;
    const QList<QLabel *> labels = dialog->findChildren<QLabel *>();
    for (const QLabel *label : labels)
        if (label->isVisible())
            texts << label->text();
    return texts.join(u'\n');
}

} // namespace

class TestApprovalDialog : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void showsTheToolAndItsArguments();
    void longArgumentsShowABoundedPreview_data();
    void longArgumentsShowABoundedPreview();
    void namesTheTaskOfATaskTool();
    void argumentsThatAreNoObjectCannotBeAllowed_data();
    void argumentsThatAreNoObjectCannotBeAllowed();
    void argumentsWithAKeyTwiceCannotBeAllowed();
    void decisions_data();
    void decisions();
    void criticalCallThroughTheWindow_data();
    void criticalCallThroughTheWindow();
    void alwaysAllowedAsksOncePerConversation();

private:
    struct Setup
    {
        QTemporaryDir workspace;
        std::unique_ptr<EngineHarness> harness;
        std::unique_ptr<MainWindow> window;
    };
    /// A workspace folder holding notes.txt and other.txt, the engine confined to it, the window shown.
    static bool setUp(Setup &setup);
    static void typeAndSend(MainWindow &window, const QString &text);
};

void TestApprovalDialog::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(u"Tandem"_s);
    QCoreApplication::setApplicationName(u"tandem-gui-test"_s);
}

void TestApprovalDialog::showsTheToolAndItsArguments()
{
    ApprovalDialog dialog(deleteRequest(u"notes/old.md"_s));
    dialog.show();
    QVERIFY(QTest::qWaitForWindowExposed(&dialog));
    const QString labels = labelsOf(&dialog);
    QVERIFY2(labels.contains(u"delete_file"_s), qPrintable(labels));
    QVERIFY2(labels.contains(u"assistant"_s), qPrintable(labels));
    auto *arguments = dialog.findChild<QPlainTextEdit *>();
    QVERIFY(arguments);
    QVERIFY(!arguments->isReadOnly()); // the person may edit them
    const QJsonDocument shown = QJsonDocument::fromJson(arguments->toPlainText().toUtf8());
    QCOMPARE(shown.object(), (QJsonObject { { u"path"_s, u"notes/old.md"_s } }));
    QVERIFY(allowOnce(&dialog) && allowAlways(&dialog) && deny(&dialog));
    QVERIFY(allowOnce(&dialog)->isEnabled());
    QVERIFY(allowAlways(&dialog)->isEnabled());
    QVERIFY(dialog.editedArguments().isEmpty()); // nothing edited yet
}

void TestApprovalDialog::longArgumentsShowABoundedPreview_data()
{
    QTest::addColumn<qsizetype>("size");
    // A model's write_file of megabytes. Laid out whole, 5 MB froze the window for minutes and 50 MB took gigabytes;
    // the question comes back on every start until it is answered.
    QTest::newRow("5 MB") << qsizetype(5'000'000);
    QTest::newRow("50 MB") << qsizetype(50'000'000);
}

void TestApprovalDialog::longArgumentsShowABoundedPreview()
{
    QFETCH(qsizetype, size);
    ApprovalRequest request = deleteRequest(u"notes.txt"_s);
    request.toolName = u"write_file"_s;
    const QString prefix = u"{\"path\":\"big.txt\",\"content\":\""_s;
    QString arguments = prefix;
    arguments.resize(size - 2, u'x');
    arguments += u"\"}"_s;
    QCOMPARE(arguments.size(), size);
    request.arguments = arguments;

    ApprovalDialog dialog(request);
    dialog.show();
    QVERIFY(QTest::qWaitForWindowExposed(&dialog));
    // The size is said, and only a bounded beginning of the text is in the editor, read-only.
    const QString labels = labelsOf(&dialog);
    QVERIFY2(labels.contains(QLocale().toString(size)), qPrintable(labels));
    QVERIFY2(labels.contains(u"write_file"_s), qPrintable(labels));
    auto *shown = dialog.findChild<QPlainTextEdit *>();
    QVERIFY(shown);
    QVERIFY(shown->isReadOnly());
    // Every field is shown, each cut on its own: the short path is never hidden behind the long content (a model
    // could write 40,000 characters before the path it wants approved unseen).
    const QStringList fields = shown->toPlainText().split(u'\n');
    QCOMPARE(fields.size(), 2);
    QCOMPARE(fields.at(1), u"path: \"big.txt\""_s);
    QVERIFY(fields.at(0).startsWith(u"content: \"xxx"_s));
    QVERIFY(fields.at(0).size() <= ApprovalDialog::kPreviewChars + 60);
    // The whole text can still be had, as the model wrote it.
    QPushButton *save = button(&dialog, u"Save the whole arguments to a file"_s);
    QVERIFY(save && save->isVisible());
    QTemporaryDir dir;
    const QString path = dir.filePath(u"arguments.json"_s);
    QVERIFY(dialog.saveArguments(path));
    QCOMPARE(QFileInfo(path).size(), qint64(size));
    // It may be decided on, and nothing counts as edited.
    QVERIFY(allowOnce(&dialog)->isEnabled() && deny(&dialog)->isEnabled());
    QTest::mouseClick(allowOnce(&dialog), Qt::LeftButton);
    QCOMPARE(dialog.decision(), ApprovalDecision::AllowOnce);
    QVERIFY(dialog.editedArguments().isEmpty());
}

void TestApprovalDialog::namesTheTaskOfATaskTool()
{
    ApprovalRequest request = deleteRequest(QString());
    request.toolName = u"delete_task"_s;
    request.arguments = u"{\"task_id\":12}"_s;
    QCOMPARE(ApprovalDialog::taskIdOf(request), 12);
    QCOMPARE(ApprovalDialog::taskIdOf(deleteRequest(u"notes.txt"_s)), 0);
    ApprovalDialog dialog(request);
    dialog.setSubject(u"Task 12: “Renew passport”"_s);
    dialog.show();
    QVERIFY(QTest::qWaitForWindowExposed(&dialog));
    QVERIFY2(labelsOf(&dialog).contains(u"Renew passport"_s), qPrintable(labelsOf(&dialog)));
}

void TestApprovalDialog::argumentsThatAreNoObjectCannotBeAllowed_data()
{
    QTest::addColumn<QString>("text");
    QTest::newRow("cut short") << u"{ \"path\": \"notes.txt\""_s;
    QTest::newRow("not json") << u"path = notes.txt"_s;
    QTest::newRow("empty") << QString();
    QTest::newRow("array") << u"[\"notes.txt\"]"_s;
}

void TestApprovalDialog::argumentsWithAKeyTwiceCannotBeAllowed()
{
    // Qt's parser keeps one of the two paths; the engine refuses such arguments (ToolGate::decide), and so does the
    // dialog, saying which key.
    ApprovalDialog dialog(deleteRequest(u"notes.txt"_s));
    dialog.show();
    QVERIFY(QTest::qWaitForWindowExposed(&dialog));
    dialog.findChild<QPlainTextEdit *>()->setPlainText(u"{ \"path\": \"notes.txt\", \"path\": \"other.txt\" }"_s);

    QVERIFY(!allowOnce(&dialog)->isEnabled() && !allowAlways(&dialog)->isEnabled());
    QVERIFY2(labelsOf(&dialog).contains(u"“path” more than once"_s), qPrintable(labelsOf(&dialog)));
}

void TestApprovalDialog::argumentsThatAreNoObjectCannotBeAllowed()
{
    QFETCH(QString, text);
    ApprovalDialog dialog(deleteRequest(u"notes.txt"_s));
    dialog.show();
    QVERIFY(QTest::qWaitForWindowExposed(&dialog));
    auto *arguments = dialog.findChild<QPlainTextEdit *>();
    arguments->setPlainText(text);

    // The tool takes a JSON object; anything else is refused by the engine (ChatRepository::decideApproval), so the
    // dialog must not let it through.
    QVERIFY(!allowOnce(&dialog)->isEnabled() && !allowAlways(&dialog)->isEnabled());
    QVERIFY(deny(&dialog)->isEnabled());
    QVERIFY2(labelsOf(&dialog).contains(u"not valid JSON"_s), qPrintable(labelsOf(&dialog)));
    // Enter (the default button, Allow once) does not accept either.
    QTest::keyClick(&dialog, Qt::Key_Return);
    QVERIFY(dialog.isVisible() && dialog.result() == int(QDialog::Rejected));
    if (!dialog.isVisible())
        return;

    // Mended, it may be allowed again.
    arguments->setPlainText(u"{\"path\": \"other.txt\"}"_s);
    QVERIFY(allowOnce(&dialog)->isEnabled());
    QVERIFY(allowAlways(&dialog)->isEnabled());
    QVERIFY(!labelsOf(&dialog).contains(u"not valid JSON"_s));
}

void TestApprovalDialog::decisions_data()
{
    QTest::addColumn<QString>("buttonName");
    QTest::addColumn<QString>("edited");
    QTest::addColumn<int>("result");
    QTest::addColumn<ApprovalDecision>("decision");
    QTest::addColumn<QString>("editedArguments");

    const QString once = u"Allow the tool call once"_s;
    const QString always = u"Always allow this tool in this conversation"_s;
    const QString no = u"Deny the tool call"_s;
    const QString other = u"{\n  \"path\": \"other.txt\"\n}"_s;
    const QString otherCompact = u"{\"path\":\"other.txt\"}"_s;
    QTest::newRow("once") << once << QString() << int(QDialog::Accepted) << ApprovalDecision::AllowOnce << QString();
    QTest::newRow("once, edited") << once << other << int(QDialog::Accepted) << ApprovalDecision::AllowOnce
                                  << otherCompact;
    QTest::newRow("always") << always << QString() << int(QDialog::Accepted) << ApprovalDecision::AllowAlways
                            << QString();
    QTest::newRow("always, edited") << always << other << int(QDialog::Accepted) << ApprovalDecision::AllowAlways
                                    << otherCompact;
    QTest::newRow("deny") << no << QString() << int(QDialog::Rejected) << ApprovalDecision::Deny << QString();
}

void TestApprovalDialog::decisions()
{
    QFETCH(QString, buttonName);
    QFETCH(QString, edited);
    QFETCH(int, result);
    QFETCH(ApprovalDecision, decision);
    QFETCH(QString, editedArguments);

    ApprovalDialog dialog(deleteRequest(u"notes.txt"_s));
    dialog.show();
    QVERIFY(QTest::qWaitForWindowExposed(&dialog));
    if (!edited.isEmpty())
        dialog.findChild<QPlainTextEdit *>()->setPlainText(edited);
    QPushButton *chosen = button(&dialog, buttonName);
    QVERIFY(chosen);
    QTest::mouseClick(chosen, Qt::LeftButton);
    QVERIFY(!dialog.isVisible());
    QCOMPARE(dialog.result(), result);
    QCOMPARE(dialog.decision(), decision);
    QCOMPARE(dialog.editedArguments(), editedArguments);
}

bool TestApprovalDialog::setUp(Setup &setup)
{
    if (!setup.workspace.isValid())
        return false;
    for (const QString &name : { u"notes.txt"_s, u"other.txt"_s }) {
        QFile file(setup.workspace.filePath(name));
        if (!file.open(QIODevice::WriteOnly) || file.write("keep me?\n") < 0)
            return false;
    }
    EngineConfig config = EngineHarness::testConfig();
    config.workspaceRoot = setup.workspace.path();
    setup.harness = std::make_unique<EngineHarness>(ProviderProfile::Protocol::ChatCompletions, config);
    if (!setup.harness->isReady())
        return false;
    setup.window = std::make_unique<MainWindow>(&setup.harness->repository());
    setup.window->show();
    return QTest::qWaitForWindowExposed(setup.window.get());
}

void TestApprovalDialog::typeAndSend(MainWindow &window, const QString &text)
{
    auto *editor = window.composer()->findChild<QPlainTextEdit *>();
    editor->setFocus();
    QTest::keyClicks(editor, text);
    QTest::keyClick(editor, Qt::Key_Return);
}

void TestApprovalDialog::criticalCallThroughTheWindow_data()
{
    QTest::addColumn<QString>("choice");
    QTest::addColumn<QString>("editedPath");
    QTest::addColumn<bool>("notesKept");
    QTest::addColumn<bool>("otherKept");
    QTest::addColumn<QString>("output");

    QTest::newRow("allow once") << u"once"_s << QString() << false << true << u"\"deleted\":true"_s;
    QTest::newRow("allow once, edited") << u"once"_s << u"other.txt"_s << true << false << u"\"deleted\":true"_s;
    QTest::newRow("deny") << u"deny"_s << QString() << true << true << u"did not allow"_s;
    QTest::newRow("closed") << u"close"_s << QString() << true << true << u"did not allow"_s;
}

void TestApprovalDialog::criticalCallThroughTheWindow()
{
    QFETCH(QString, choice);
    QFETCH(QString, editedPath);
    QFETCH(bool, notesKept);
    QFETCH(bool, otherKept);
    QFETCH(QString, output);

    Setup s;
    QVERIFY(setUp(s));
    EngineHarness &h = *s.harness;
    MainWindow &window = *s.window;
    window.newConversation();
    const qint64 id = window.viewModel()->conversationId();
    h.server().enqueue(deleteCall(u"notes.txt"_s));
    h.server().enqueue(ScriptedReply::text({ u"Done with the file."_s }));

    QString shownTool;
    QString shownArguments;
    ModalAnswer<ApprovalDialog> answer([&](ApprovalDialog *dialog) {
        shownTool = labelsOf(dialog);
        auto *arguments = dialog->findChild<QPlainTextEdit *>();
        shownArguments = arguments->toPlainText();
        if (!editedPath.isEmpty())
            arguments->setPlainText(compact({ { u"path"_s, editedPath } }));
        if (choice == u"once")
            allowOnce(dialog)->click();
        else if (choice == u"deny")
            deny(dialog)->click();
        else
            dialog->reject(); // closed with Esc or the title bar
        return true;
    });
    typeAndSend(window, u"Delete my notes"_s);
    QVERIFY(QTest::qWaitFor([&] { return answer.answered() && !window.viewModel()->isRunning(); }, 20'000));
    QCOMPARE(answer.seen(), 1);
    QVERIFY2(shownTool.contains(u"delete_file"_s), qPrintable(shownTool));
    QCOMPARE(QJsonDocument::fromJson(shownArguments.toUtf8()).object().value(u"path"_s).toString(), u"notes.txt"_s);

    QCOMPARE(QFile::exists(s.workspace.filePath(u"notes.txt"_s)), notesKept);
    QCOMPARE(QFile::exists(s.workspace.filePath(u"other.txt"_s)), otherKept);
    // The model heard how it went, and answered.
    const QList<Test::RecordedRequest> requests = h.modelRequests();
    QCOMPARE(requests.size(), 2);
    const QStringList input = EngineHarness::inputSummary(requests.at(1));
    QVERIFY2(input.constLast().startsWith(u"output:"_s) && input.constLast().contains(output),
        qPrintable(input.join(u" | "_s)));
    QVERIFY(h.repository().pendingApprovals(id).isEmpty());
    const QList<Message> rows = h.rows(id);
    QCOMPARE(rows.constLast().content, u"Done with the file."_s);
    QVERIFY(std::any_of(
        rows.cbegin(), rows.cend(), [](const Message &m) { return m.divider == Message::Divider::ApprovalNeeded; }));
    window.viewModel()->messages()->flushDeltas();
    QCOMPARE(window.viewModel()->messages()->messageAt(window.viewModel()->messages()->rowCount() - 1).content,
        u"Done with the file."_s);
}

void TestApprovalDialog::alwaysAllowedAsksOncePerConversation()
{
    Setup s;
    QVERIFY(setUp(s));
    EngineHarness &h = *s.harness;
    MainWindow &window = *s.window;
    window.newConversation();
    const qint64 id = window.viewModel()->conversationId();
    h.server().enqueue(deleteCall(u"notes.txt"_s));
    h.server().enqueue(ScriptedReply::text({ u"Deleted notes."_s }));
    {
        ModalAnswer<ApprovalDialog> answer([](ApprovalDialog *dialog) {
            allowAlways(dialog)->click();
            return true;
        });
        typeAndSend(window, u"Delete my notes"_s);
        QVERIFY(QTest::qWaitFor([&] { return answer.answered() && !window.viewModel()->isRunning(); }, 20'000));
    }
    QVERIFY(!QFile::exists(s.workspace.filePath(u"notes.txt"_s)));

    // The next call of the same tool in this conversation runs without asking.
    h.server().enqueue(deleteCall(u"other.txt"_s));
    h.server().enqueue(ScriptedReply::text({ u"Deleted the other one."_s }));
    ModalAnswer<ApprovalDialog> unexpected([](ApprovalDialog *dialog) {
        deny(dialog)->click();
        return true;
    });
    typeAndSend(window, u"And the other file"_s);
    QVERIFY(QTest::qWaitFor([&] { return !window.viewModel()->isRunning(); }, 20'000));
    QCOMPARE(unexpected.seen(), 0);
    QVERIFY(!QFile::exists(s.workspace.filePath(u"other.txt"_s)));
    QCOMPARE(h.rows(id).constLast().content, u"Deleted the other one."_s);
}

QTEST_MAIN(TestApprovalDialog)
#include "tst_approvaldialog.moc"
