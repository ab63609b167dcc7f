// "Run commands without a sandbox" in Settings → Guardrails, through to a command: off by default, a warning while it
// is on; where bwrap is missing (this process hides it by emptying PATH while the sandbox is probed, as
// integration.sandboxmissing does) a command runs directly and its result says so only while the box is checked.
#include "EngineHarness.h"
#include "SettingsDialog.h"
#include "chat/LocalSettingsService.h"
#include "presentation/SettingsViewModel.h"
#include "tools/Bubblewrap.h"

#include <QCheckBox>
#include <QJsonArray>
#include <QJsonDocument>
#include <QLabel>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace Tandem;
using namespace Tandem::Test;

class TestSandboxSwitch : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void switchIsOffWithAWarningWhenOn();
    void commandFollowsTheSwitch_data();
    void commandFollowsTheSwitch();

private:
    QTemporaryDir m_empty;
};

void TestSandboxSwitch::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(u"Tandem"_s);
    QCoreApplication::setApplicationName(u"tandem-sandboxswitch-test"_s);
    QSettings().clear();
    const QByteArray path = qgetenv("PATH");
    qputenv("PATH", m_empty.filePath(u"no-programs-here"_s).toUtf8());
    QVERIFY(!Bubblewrap::unavailableReason().isEmpty());
    qputenv("PATH", path); // the spec checks of the engine tests run node
}

void TestSandboxSwitch::switchIsOffWithAWarningWhenOn()
{
    LocalSettingsService service(nullptr, nullptr, nullptr);
    SettingsViewModel settings(&service);
    SettingsDialog dialog(&settings);
    dialog.show();
    auto *box = dialog.findChild<QCheckBox *>(u"RunWithoutSandbox"_s);
    auto *warning = dialog.findChild<QLabel *>(u"SandboxWarning"_s);
    QVERIFY(box && warning);
    QVERIFY(!box->isChecked());
    QVERIFY(warning->isHidden());
    EngineConfig config;
    service.applyTo(config);
    QVERIFY(!config.commandsWithoutSandbox);

    box->click();
    QVERIFY(!warning->isHidden());
    QVERIFY(warning->text().contains(u"your own rights"_s));
    service.applyTo(config);
    QVERIFY(config.commandsWithoutSandbox);

    // Restore Defaults turns it off again.
    dialog.findChild<QPushButton *>(u"GuardrailDefaults"_s)->click();
    QVERIFY(!box->isChecked());
    QVERIFY(warning->isHidden());
    service.applyTo(config);
    QVERIFY(!config.commandsWithoutSandbox);
}

void TestSandboxSwitch::commandFollowsTheSwitch_data()
{
    QTest::addColumn<bool>("checked");
    QTest::newRow("off") << false;
    QTest::newRow("on") << true;
}

void TestSandboxSwitch::commandFollowsTheSwitch()
{
    QFETCH(bool, checked);
    LocalSettingsService service(nullptr, nullptr, nullptr);
    SettingsViewModel settings(&service);
    {
        SettingsDialog dialog(&settings);
        auto *box = dialog.findChild<QCheckBox *>(u"RunWithoutSandbox"_s);
        if (box->isChecked() != checked)
            box->click();
    }
    QTemporaryDir workspace;
    EngineConfig config = EngineHarness::testConfig();
    service.applyTo(config); // as the window does when a setting changes
    config.workspaceRoot = workspace.path();
    EngineHarness h(ProviderProfile::Protocol::ChatCompletions, config);
    Agent agent;
    agent.id = u"assistant"_s;
    agent.name = u"Assistant"_s;
    agent.instructions = u"You run commands."_s;
    agent.allowedTools = { u"run_command"_s };
    QVERIFY(h.saveAgent(agent));
    const QJsonObject arguments { { u"argv"_s, QJsonArray { u"/usr/bin/touch"_s, u"made.txt"_s } } };
    h.server().enqueue(ScriptedReply::calling({ ToolCall {
        {}, u"run_command"_s, QString::fromUtf8(QJsonDocument(arguments).toJson(QJsonDocument::Compact)), {} } }));
    h.server().enqueue(ScriptedReply::text({ u"Done."_s }));
    const qint64 id = h.createConversation(Conversation::Mode::Single);
    QSignalSpy needed(&h.repository(), &ChatRepository::approvalNeeded);
    QVERIFY(h.repository().send(id, u"Make a file"_s).accepted());
    QVERIFY(needed.wait(10'000));
    QVERIFY(h.repository().decideApproval(needed[0].at(0).value<ApprovalRequest>().id, ApprovalDecision::AllowOnce));
    QCOMPARE(h.waitForRun(id), RunOutcome::Completed);
    QCOMPARE(QFileInfo::exists(workspace.filePath(u"made.txt"_s)), checked);
    const QString output = EngineHarness::inputSummary(h.modelRequests().at(1)).constLast();
    if (checked) {
        const QJsonObject result = QJsonDocument::fromJson(output.mid(output.indexOf(u'{')).toUtf8()).object();
        QCOMPARE(result.value(u"exit_code").toInt(-1), 0);
        const QString sandbox = result.value(u"sandbox").toString();
        QVERIFY2(sandbox.contains(u"without a sandbox"_s), qPrintable(output));
        QVERIFY2(sandbox.contains(u"the sandbox cannot run here"_s), qPrintable(output));
    } else {
        QVERIFY2(output.contains(u"The command was not run"_s), qPrintable(output));
    }
    QVERIFY(EngineHarness::takeSpecProblems().isEmpty());
}

QTEST_MAIN(TestSandboxSwitch)
#include "tst_sandboxswitch.moc"
