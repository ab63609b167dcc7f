// Where bwrap is missing, run_command says so and runs nothing, unless the person turned on "Run commands without a
// sandbox". This process hides bwrap by emptying PATH before anything looks for it.
#include "tools/Bubblewrap.h"
#include "tools/ToolJob.h"
#include "tools/ToolRegistry.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace Tandem;

class TestSandboxMissing : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void refusedWithoutTheSetting();
    void runsDirectlyWithTheSetting();

private:
    ToolResult run(bool withoutSandbox);

    QTemporaryDir m_workspace;
    ToolRegistry m_tools = ToolRegistry::withBuiltins();
};

void TestSandboxMissing::initTestCase()
{
    QVERIFY(m_workspace.isValid());
    qputenv("PATH", m_workspace.filePath(u"no-programs-here"_s).toUtf8());
    QVERIFY(Bubblewrap::program().isEmpty());
    QVERIFY(!Bubblewrap::unavailableReason().isEmpty());
}

ToolResult TestSandboxMissing::run(bool withoutSandbox)
{
    ToolContext context;
    context.workspaceRoot = m_workspace.path();
    context.commandsWithoutSandbox = withoutSandbox;
    const QJsonObject arguments { { u"argv"_s, QJsonArray { u"/usr/bin/touch"_s, u"made.txt"_s } } };
    ToolJob *job = m_tools.start(
        u"run_command"_s, QString::fromUtf8(QJsonDocument(arguments).toJson(QJsonDocument::Compact)), context);
    ToolResult result;
    bool ended = false;
    QObject::connect(job, &ToolJob::finished, [&](const ToolResult &output) {
        result = output;
        ended = true;
    });
    QObject::connect(job, &ToolJob::failed, [&](const ToolError &error) {
        result = ToolResult::failure(error.message);
        ended = true;
    });
    if (!QTest::qWaitFor([&] { return ended; }, 30'000))
        qWarning("the tool job did not end");
    return result;
}

void TestSandboxMissing::refusedWithoutTheSetting()
{
    const ToolResult result = run(false);
    QVERIFY(!result.ok);
    QVERIFY2(result.error.contains(u"bubblewrap (bwrap) is not installed"_s), qPrintable(result.error));
    QVERIFY2(result.error.contains(u"Run commands without a sandbox"_s), qPrintable(result.error));
    QVERIFY(!QFileInfo::exists(m_workspace.filePath(u"made.txt"_s)));
}

void TestSandboxMissing::runsDirectlyWithTheSetting()
{
    const ToolResult result = run(true);
    QVERIFY2(result.ok, qPrintable(result.error));
    QVERIFY(QFileInfo::exists(m_workspace.filePath(u"made.txt"_s)));
}

QTEST_GUILESS_MAIN(TestSandboxMissing)
#include "tst_sandboxmissing.moc"
