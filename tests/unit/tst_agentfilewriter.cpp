// AgentFileWriter against the parser it writes for: every shipped agent, and agents with awkward text and every edge
// option, are written into a real folder and read back by AgentCatalog as the same agent.
#include "agents/AgentCatalog.h"
#include "agents/AgentFileWriter.h"
#include "domain/AgentFile.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace Tandem;

class TestAgentFileWriter : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void shippedAgentsRoundTrip();
    void awkwardAgentRoundTrips_data();
    void awkwardAgentRoundTrips();
    void writeReplacesAndRemoveForgets();
};

void TestAgentFileWriter::shippedAgentsRoundTrip()
{
    const AgentCatalog shipped;
    QVERIFY(shipped.agents().size() >= 13);
    QTemporaryDir folder;
    QVERIFY(folder.isValid());
    for (const Agent &agent : shipped.agents()) {
        const std::optional<Agent> raw = AgentCatalog::shipped(agent.id); // the name as written, untranslated
        QVERIFY(raw);
        QString error;
        QVERIFY2(AgentFileWriter::write(*raw, folder.filePath(raw->id + u".md"_s), &error), qPrintable(error));
    }
    const AgentCatalog reread(folder.path());
    QVERIFY2(reread.problems().isEmpty(), qPrintable(reread.problems().join(u'\n')));
    for (const Agent &agent : shipped.agents()) {
        QCOMPARE(reread.fileOf(agent.id), folder.filePath(agent.id + u".md"_s)); // the override is the one read
        QVERIFY2(reread.agent(agent.id) == AgentCatalog::shipped(agent.id), qPrintable(agent.id));
    }
}

void TestAgentFileWriter::awkwardAgentRoundTrips_data()
{
    QTest::addColumn<Agent>("agent");
    Agent plain;
    plain.id = u"writer"_s;
    plain.name = u"Writer"_s;
    QTest::newRow("bare") << plain;

    Agent awkward = plain;
    awkward.name = u"The \"quoted\" # writer: \\ back"_s;
    awkward.role = u"Two\nlines\tand a tab, [brackets], {braces}, 'single'"_s;
    awkward.instructions = u"Work on {{STORY_ID}} and $BRANCH.\n\n---\nA fence inside the text.\n# not a key"_s;
    awkward.model = u"gpt-4.1-mini"_s;
    awkward.providerId = u"local-ollama"_s;
    awkward.allowedTools = { u"read_file"_s, u"list_files"_s };
    awkward.handoffTargets = { u"reviewer"_s, u"person"_s, u"documenter"_s };
    awkward.edgeOptions.insert(u"reviewer"_s, EdgeOptions { ContextTransfer::Summary, HandoffTiming::NextTurn, true });
    awkward.edgeOptions.insert(
        u"person"_s, EdgeOptions { ContextTransfer::FullHistory, HandoffTiming::SameTurn, false });
    awkward.enabled = false;
    awkward.maxOutputTokens = 4096;
    awkward.modes = { u"pipeline"_s, u"dual"_s };
    QTest::newRow("awkward") << awkward;

    Agent terminal = plain;
    terminal.terminal = true;
    terminal.name = u"Агент «Писатель»"_s;
    terminal.instructions = u"Ответь по-русски."_s;
    QTest::newRow("terminal, Cyrillic") << terminal;
}

void TestAgentFileWriter::awkwardAgentRoundTrips()
{
    QFETCH(Agent, agent);
    QTemporaryDir folder;
    const QString path = folder.filePath(u"writer.md"_s);
    QString error;
    QVERIFY2(AgentFileWriter::write(agent, path, &error), qPrintable(error));
    const AgentFile::Result parsed = AgentFile::parse(AgentFileWriter::text(agent), path);
    QVERIFY2(parsed.ok(), qPrintable(parsed.error));
    QVERIFY(parsed.agent == agent);
    const AgentCatalog catalog(folder.path());
    QVERIFY(catalog.agent(u"writer"_s) == agent);
}

void TestAgentFileWriter::writeReplacesAndRemoveForgets()
{
    QTemporaryDir folder;
    const QString path = folder.filePath(u"sub/reviewer.md"_s); // the folder is made
    Agent reviewer = *AgentCatalog::shipped(u"reviewer"_s);
    reviewer.instructions = u"Be brief."_s;
    QString error;
    QVERIFY2(AgentFileWriter::write(reviewer, path, &error), qPrintable(error));
    reviewer.model = u"my-model"_s;
    QVERIFY2(AgentFileWriter::write(reviewer, path, &error), qPrintable(error));
    QCOMPARE(AgentCatalog(folder.filePath(u"sub"_s)).agent(u"reviewer"_s)->model, u"my-model"_s);

    // An agent the parser would refuse is not written.
    Agent bad = reviewer;
    bad.terminal = true; // a terminal agent with targets
    QVERIFY(!AgentFileWriter::write(bad, path, &error));
    QVERIFY2(error.contains(u"terminal"_s), qPrintable(error));
    QCOMPARE(AgentCatalog(folder.filePath(u"sub"_s)).agent(u"reviewer"_s)->terminal, false);

    QVERIFY(AgentFileWriter::remove(path, &error));
    QVERIFY(!QFile::exists(path));
    QVERIFY(AgentFileWriter::remove(path, &error)); // already gone
    QCOMPARE(AgentCatalog(folder.filePath(u"sub"_s)).agent(u"reviewer"_s)->model, QString());
}

QTEST_GUILESS_MAIN(TestAgentFileWriter)
#include "tst_agentfilewriter.moc"
