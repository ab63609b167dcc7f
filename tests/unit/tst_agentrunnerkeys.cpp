// The agents editor's save keeps what it has no fields for: an outside program's `runner: command`, its `command`
// and `network`. The file is read by the catalog as the editor loads it, saved through AgentDefinitions (the
// editor's path to AgentFileWriter) and read back.
#include "agents/AgentCatalog.h"
#include "agents/AgentFileWriter.h"
#include "chat/AgentDefinitions.h"
#include "domain/AgentFile.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace Tandem;

class TestAgentRunnerKeys : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void editorSaveKeepsRunnerCommandAndNetwork();
    void writerWritesTheRunnerBack();
};

namespace {
const QString kFile = uR"(---
id: coder
name: Coder
role: Writes the code outside Tandem.
runner: command
command: [my-agent, --print, "two words", "--url=$DASHBOARD_URL"]
network: true
---
Implement the story.
)"_s;

AgentFile::Result parseFile(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return AgentFile::parse(QString::fromUtf8(file.readAll()), path);
}
} // namespace

void TestAgentRunnerKeys::editorSaveKeepsRunnerCommandAndNetwork()
{
    QTemporaryDir folder;
    QVERIFY(folder.isValid());
    const QString path = folder.filePath(u"coder.md"_s);
    {
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(kFile.toUtf8());
    }
    const AgentFile::Result before = parseFile(path);
    QVERIFY2(before.ok(), qPrintable(before.error));
    QVERIFY(before.runner.isCommand());

    const AgentCatalog catalog(folder.path());
    std::optional<Agent> loaded = catalog.agent(u"coder"_s);
    QVERIFY(loaded);
    loaded->role = u"Writes the code, edited in the agents editor."_s;
    QCOMPARE(AgentDefinitions::save(folder.path(), *loaded), QString());

    const AgentFile::Result after = parseFile(path);
    QVERIFY2(after.ok(), qPrintable(after.error));
    QCOMPARE(after.agent.role, loaded->role);
    QCOMPARE(after.runner.argv, before.runner.argv);
    QCOMPARE(after.runner.network, true);
    QCOMPARE(after.agent.network, true);
    QFile saved(path);
    QVERIFY(saved.open(QIODevice::ReadOnly));
    const QString text = QString::fromUtf8(saved.readAll());
    QVERIFY2(text.contains(u"\nrunner: command\n"_s), qPrintable(text));
    QVERIFY2(text.contains(u"\nnetwork: true\n"_s), qPrintable(text));
}

void TestAgentRunnerKeys::writerWritesTheRunnerBack()
{
    Agent agent;
    agent.id = u"outside"_s;
    agent.name = u"Outside"_s;
    OutsideRunner runner;
    runner.argv = { u"prog"_s, u"a \"quoted\" word"_s, u"back\\slash"_s };
    QTemporaryDir folder;
    QVERIFY(folder.isValid());
    const QString path = folder.filePath(u"outside.md"_s);
    QString error;
    QVERIFY2(AgentFileWriter::write(agent, runner, path, &error), qPrintable(error));
    const AgentFile::Result reread = parseFile(path);
    QVERIFY2(reread.ok(), qPrintable(reread.error));
    QCOMPARE(reread.runner.argv, runner.argv);
    QCOMPARE(reread.runner.network, false);
}

QTEST_GUILESS_MAIN(TestAgentRunnerKeys)
#include "tst_agentrunnerkeys.moc"
