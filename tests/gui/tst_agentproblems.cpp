// The window says which agent files were refused: one line in the status bar, naming the file and the line, while the
// shipped agent answers. Real repository on a SQLite file, real files in a temporary folder.

#include "EngineHarness.h"
#include "MainWindow.h"

#include <QFile>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace Tandem;
using Tandem::Test::EngineHarness;

namespace {
bool writeFile(const QString &path, const QByteArray &text)
{
    QFile file(path);
    return file.open(QIODevice::WriteOnly) && file.write(text) == text.size();
}
} // namespace

class TestAgentProblems : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void statusBarNamesTheRefusedFile();
};

void TestAgentProblems::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(u"Tandem"_s);
    QCoreApplication::setApplicationName(u"tandem-gui-test"_s);
}

void TestAgentProblems::statusBarNamesTheRefusedFile()
{
    QTemporaryDir folder;
    EngineConfig config = EngineHarness::testConfig();
    config.agentsFolder = folder.path();
    {
        EngineHarness h(ProviderProfile::Protocol::ChatCompletions, config);
        QVERIFY(h.isReady());
        MainWindow window(&h.repository());
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QVERIFY(window.statusBar()->currentMessage().isEmpty()); // every file was read
    }

    const QString path = folder.filePath(u"reviewer.md"_s);
    QVERIFY(writeFile(path, "---\nid: reviewer\nname Reviewer\n---\nReview.\n"));
    {
        EngineHarness h(ProviderProfile::Protocol::ChatCompletions, config);
        QVERIFY(h.isReady());
        MainWindow window(&h.repository());
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QCOMPARE(window.statusBar()->currentMessage(), u"Agent files: %1:3: Expected “key: value” here."_s.arg(path));
    }

    QVERIFY(writeFile(folder.filePath(u"zz.md"_s), "# no front matter\n"));
    {
        EngineHarness h(ProviderProfile::Protocol::ChatCompletions, config);
        QVERIFY(h.isReady());
        MainWindow window(&h.repository());
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QCOMPARE(window.statusBar()->currentMessage(),
            u"Agent files: %1:3: Expected “key: value” here. (problems in all: 2)"_s.arg(path));
    }
}

QTEST_MAIN(TestAgentProblems)
#include "tst_agentproblems.moc"
