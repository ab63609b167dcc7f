// `tandem show ID --tree` / `--branch` and `tandem run --conversation ID --edit MESSAGE_ID "text"` (issue #30), run by
// tandem-cli against the fake server of this process.
#include "ChildProcess.h"
#include "FakeLlmServer.h"
#include "ScriptedReply.h"

#include <QProcessEnvironment>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace Tandem::Test;

class TestCliBranches : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void editMakesABranchTheTreeShows();

private:
    ChildProcess::Result tandem(const QStringList &arguments);
    QTemporaryDir m_dir;
    FakeLlmServer m_server;
};

ChildProcess::Result TestCliBranches::tandem(const QStringList &arguments)
{
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.remove(u"DISPLAY"_s);
    environment.insert(u"XDG_CONFIG_HOME"_s, m_dir.filePath(u"config"_s));
    environment.insert(u"TANDEM_API_KEY"_s, u"sk-branches"_s);
    environment.remove(u"QT_LOGGING_RULES"_s);
    return ChildProcess::run(QStringLiteral(TANDEM_CLI_EXECUTABLE),
        QStringList { u"--data-dir"_s, m_dir.path() } + arguments, environment, 120000);
}

void TestCliBranches::editMakesABranchTheTreeShows()
{
    QVERIFY(m_dir.isValid());
    const QString url = m_server.baseUrl().toString();
    for (const QString &answer : { u"First answer"_s, u"Second answer"_s, u"Edited answer"_s })
        m_server.enqueue(ScriptedReply::text({ answer }));
    QVERIFY(tandem({ u"run"_s, u"--provider"_s, url, u"First question"_s }).succeeded());
    QVERIFY(tandem({ u"run"_s, u"--provider"_s, url, u"--conversation"_s, u"1"_s, u"Second question"_s }).succeeded());

    const ChildProcess::Result edited = tandem(
        { u"run"_s, u"--provider"_s, url, u"--conversation"_s, u"1"_s, u"--edit"_s, u"3"_s, u"Second, edited"_s });
    QVERIFY2(edited.succeeded(), qPrintable(edited.describe()));
    QVERIFY(edited.text().contains(u"Edited answer"_s));

    const ChildProcess::Result tree = tandem({ u"show"_s, u"1"_s, u"--tree"_s });
    QVERIFY2(tree.succeeded(), qPrintable(tree.describe()));
    const QStringList lines = tree.text().split(u'\n', Qt::SkipEmptyParts);
    // The shared start, then the two versions one level deeper, the current one marked.
    QVERIFY(lines.contains(u"* 1 person text: First question"_s));
    QVERIFY(lines.contains(u"    3 person text: Second question"_s));
    QVERIFY(lines.contains(u"*   5 person text: Second, edited"_s));
    QVERIFY(lines.contains(u"branch 1: 4"_s));
    QVERIFY(lines.contains(u"branch 2: 6 (current)"_s));

    const ChildProcess::Result current = tandem({ u"show"_s, u"1"_s });
    QVERIFY(current.text().contains(u"Second, edited"_s) && !current.text().contains(u"Second question"_s));
    const ChildProcess::Result first = tandem({ u"show"_s, u"1"_s, u"--branch"_s, u"1"_s });
    QVERIFY(first.text().contains(u"Second answer"_s) && !first.text().contains(u"Edited answer"_s));
    // Showing a branch does not move the current one.
    QVERIFY(tandem({ u"show"_s, u"1"_s }).text().contains(u"Edited answer"_s));
    QCOMPARE(tandem({ u"show"_s, u"1"_s, u"--branch"_s, u"99"_s }).exitCode, 2);
    // --edit takes a message of the person's.
    QCOMPARE(
        tandem({ u"run"_s, u"--provider"_s, url, u"--conversation"_s, u"1"_s, u"--edit"_s, u"2"_s, u"x"_s }).exitCode,
        2);
}

QTEST_GUILESS_MAIN(TestCliBranches)
#include "tst_clibranches.moc"
