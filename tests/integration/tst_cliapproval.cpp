// A tool that needs approval during a headless turn, on the real `tandem` executable against the fake LLM server: on
// a terminal (a pseudo-terminal of script(1)) the person is asked "Allow write_file with …? [y]es once / [a]lways for
// this conversation / [n]o" and the answer decides; a script allows the tool with --allow-tool; without either, the
// turn ends with exit code 5 and nothing is written.
#include "FakeLlmServer.h"
#include "StoreInvariants.h"
#include "storage/Database.h"
#include "storage/UnitOfWork.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <memory>

using namespace Qt::StringLiterals;
using namespace Tandem;
using namespace Tandem::Test;

namespace {

ToolCall writeFile(const QString &callId, const QString &path, const QString &content)
{
    const QJsonObject arguments { { u"path"_s, path }, { u"content"_s, content } };
    return ToolCall { callId, u"write_file"_s,
        QString::fromUtf8(QJsonDocument(arguments).toJson(QJsonDocument::Compact)), {} };
}

/// The tool results a Chat Completions request carries: call id → the result's JSON text.
QHash<QString, QString> toolResults(const RecordedRequest &request)
{
    QHash<QString, QString> results;
    const QJsonArray messages = request.json.value(u"messages"_s).toArray();
    for (const QJsonValue &value : messages) {
        const QJsonObject message = value.toObject();
        if (message.value(u"role"_s).toString() == u"tool")
            results.insert(message.value(u"tool_call_id"_s).toString(), message.value(u"content"_s).toString());
    }
    return results;
}

struct Outcome
{
    int exitCode = -1;
    QString out;
    QString err;
};

} // namespace

class TestCliApproval : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void allowToolRunsEachCallAndTheModelGetsTheResults();
    void withoutTerminalOrAllowToolTheTurnWaits();
    void allowToolNamesATool();
    void terminalAnswerDecides_data();
    void terminalAnswerDecides();
    void alwaysIsAskedOnce();

private:
    QStringList arguments(const QStringList &options) const;
    QProcessEnvironment environment() const;
    Outcome run(const QStringList &options);
    /// Runs on a pseudo-terminal, answering each question (or question asked again) with the next of @p answers;
    /// returns what the terminal showed, and the exit code in @p exitCode.
    QByteArray runOnTerminal(const QStringList &options, const QList<QByteArray> &answers, int *exitCode);
    QString workspaceFile(const QString &name) const { return m_dir->filePath(u"workspace/"_s + name); }

    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<FakeLlmServer> m_server;
};

void TestCliApproval::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(QDir(m_dir->path()).mkpath(u"workspace"_s));
    m_server = std::make_unique<FakeLlmServer>();
    QVERIFY(m_server->isListening());
}

QStringList TestCliApproval::arguments(const QStringList &options) const
{
    return QStringList { u"--data-dir"_s, m_dir->path(), u"run"_s, u"--provider"_s, m_server->baseUrl().toString(),
        u"--workspace"_s, m_dir->filePath(u"workspace"_s) }
    + options;
}

QProcessEnvironment TestCliApproval::environment() const
{
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.remove(u"DISPLAY"_s);
    environment.remove(u"WAYLAND_DISPLAY"_s);
    environment.insert(u"XDG_CONFIG_HOME"_s, m_dir->filePath(u"config"_s));
    environment.insert(u"SHELL"_s, u"/bin/sh"_s); // script(1)'s shell, the same on every machine
    return environment;
}

Outcome TestCliApproval::run(const QStringList &options)
{
    QProcess process;
    process.setProcessEnvironment(environment());
    process.start(QStringLiteral(TANDEM_EXECUTABLE), arguments(options));
    process.closeWriteChannel();
    Outcome outcome;
    // The fake server answers from this event loop.
    if (!QTest::qWaitFor([&] { return process.state() == QProcess::NotRunning; }, 60000))
        return outcome;
    outcome.exitCode = process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -2;
    outcome.out = QString::fromUtf8(process.readAllStandardOutput());
    outcome.err = QString::fromUtf8(process.readAllStandardError());
    return outcome;
}

QByteArray TestCliApproval::runOnTerminal(const QStringList &options, const QList<QByteArray> &answers, int *exitCode)
{
    // script(1) gives the child a pseudo-terminal for standard input, output and error, as a terminal window would.
    QString command = u"exec "_s + QStringLiteral(TANDEM_EXECUTABLE);
    for (const QString &argument : arguments(options))
        command += u" '"_s + argument + u"'"_s;
    QProcess terminal;
    terminal.setProcessEnvironment(environment());
    terminal.start(u"script"_s, { u"-q"_s, u"-e"_s, u"-c"_s, command, u"/dev/null"_s });
    QByteArray screen;
    qsizetype asked = 0;
    for (const QByteArray &answer : answers) {
        const bool question = QTest::qWaitFor(
            [&] {
                screen += terminal.readAllStandardOutput();
                // A question, or the same asked again after an answer it does not know.
                const qsizetype questions = screen.count("[y]es once") + screen.count("Answer y (");
                return questions > asked || terminal.state() == QProcess::NotRunning;
            },
            30000);
        if (!question || terminal.state() == QProcess::NotRunning)
            break;
        ++asked;
        terminal.write(answer);
    }
    [[maybe_unused]] const bool ended
        = QTest::qWaitFor([&] { return terminal.state() == QProcess::NotRunning; }, 60000);
    screen += terminal.readAllStandardOutput();
    *exitCode = terminal.state() == QProcess::NotRunning && terminal.exitStatus() == QProcess::NormalExit
        ? terminal.exitCode()
        : -2;
    return screen;
}

void TestCliApproval::allowToolRunsEachCallAndTheModelGetsTheResults()
{
    m_server->enqueue(ScriptedReply::calling(
        { writeFile(u"call_a"_s, u"a.md"_s, u"alpha"_s), writeFile(u"call_b"_s, u"b.md"_s, u"beta!"_s) }));
    m_server->enqueue(ScriptedReply::text({ u"Both saved."_s }));
    const Outcome outcome = run({ u"--allow-tool"_s, u"write_file"_s, u"Save two notes"_s });
    QVERIFY2(outcome.exitCode == 0, qPrintable(outcome.err + outcome.out));
    QVERIFY2(outcome.out.contains(u"Both saved."_s), qPrintable(outcome.out));
    QVERIFY2(outcome.err.isEmpty(), qPrintable(outcome.err)); // nothing was asked

    QFile a(workspaceFile(u"a.md"_s));
    QFile b(workspaceFile(u"b.md"_s));
    QVERIFY(a.open(QIODevice::ReadOnly) && b.open(QIODevice::ReadOnly));
    QCOMPARE(a.readAll(), QByteArray("alpha"));
    QCOMPARE(b.readAll(), QByteArray("beta!"));
    // The model's next request carries each call's result.
    QCOMPARE(m_server->requests().size(), 2);
    const QHash<QString, QString> results = toolResults(m_server->requests().at(1));
    QCOMPARE(results.size(), 2);
    const QJsonObject first = QJsonDocument::fromJson(results.value(u"call_a"_s).toUtf8()).object();
    const QJsonObject second = QJsonDocument::fromJson(results.value(u"call_b"_s).toUtf8()).object();
    QVERIFY2(first.value(u"path"_s).toString() == u"a.md" && first.value(u"bytes"_s).toInt() == 5,
        qPrintable(results.value(u"call_a"_s)));
    QVERIFY2(second.value(u"path"_s).toString() == u"b.md" && second.value(u"bytes"_s).toInt() == 5,
        qPrintable(results.value(u"call_b"_s)));
}

void TestCliApproval::withoutTerminalOrAllowToolTheTurnWaits()
{
    m_server->enqueue(ScriptedReply::calling({ writeFile(u"call_a"_s, u"a.md"_s, u"alpha"_s) }));
    // Another tool allowed is not this one.
    const Outcome outcome = run({ u"--allow-tool"_s, u"delete_file"_s, u"Save a note"_s });
    QCOMPARE(outcome.exitCode, 5);
    QVERIFY2(outcome.err.contains(u"needs your approval"_s) && outcome.err.contains(u"--allow-tool write_file"_s),
        qPrintable(outcome.err));
    QVERIFY(!QFile::exists(workspaceFile(u"a.md"_s)));
    QCOMPARE(m_server->requests().size(), 1);
    // The question waits in the database, for the window.
    Database database;
    QVERIFY(database.open(m_dir->filePath(u"tandem.sqlite"_s)));
    const qint64 id = database.work().conversations().list().constFirst().id;
    QCOMPARE(database.work().approvals().pending(id).size(), 1);
}

void TestCliApproval::allowToolNamesATool()
{
    const Outcome outcome = run({ u"--allow-tool"_s, u"rm_rf"_s, u"Save a note"_s });
    QCOMPARE(outcome.exitCode, 2);
    QVERIFY2(outcome.err.contains(u"there is no tool “rm_rf”"_s) && outcome.err.contains(u"write_file"_s),
        qPrintable(outcome.err));
    QCOMPARE(m_server->requests().size(), 0);
}

void TestCliApproval::terminalAnswerDecides_data()
{
    QTest::addColumn<QList<QByteArray>>("answers");
    QTest::addColumn<bool>("written");
    QTest::newRow("yes") << QList<QByteArray> { "y\n" } << true;
    QTest::newRow("no") << QList<QByteArray> { "n\n" } << false;
    QTest::newRow("something else, then yes") << QList<QByteArray> { "maybe\n", "yes\n" } << true;
}

void TestCliApproval::terminalAnswerDecides()
{
    QFETCH(QList<QByteArray>, answers);
    QFETCH(bool, written);
    m_server->enqueue(ScriptedReply::calling({ writeFile(u"call_a"_s, u"a.md"_s, u"alpha"_s) }));
    m_server->enqueue(ScriptedReply::text({ u"Done."_s }));
    int exitCode = -1;
    const QByteArray screen = runOnTerminal({ u"Save a note"_s }, answers, &exitCode);
    QVERIFY2(exitCode == 0, screen.constData());
    QVERIFY2(screen.contains("Allow write_file with content: \"alpha\"; path: \"a.md\"? [y]es once / "
                             "[a]lways for this conversation / [n]o"),
        screen.constData());
    QVERIFY2(screen.contains("Done."), screen.constData());
    QCOMPARE(QFile::exists(workspaceFile(u"a.md"_s)), written);
    // The decision reached the model with the call's result.
    QCOMPARE(m_server->requests().size(), 2);
    const QString result = toolResults(m_server->requests().at(1)).value(u"call_a"_s);
    QVERIFY2(!result.isEmpty(), m_server->requests().at(1).body.constData());
    QCOMPARE(QJsonDocument::fromJson(result.toUtf8()).object().value(u"bytes"_s).toInt() == 5, written);
    Database database;
    QVERIFY(database.open(m_dir->filePath(u"tandem.sqlite"_s)));
    QVERIFY(StoreInvariants::problems(database.connection()).isEmpty());
}

void TestCliApproval::alwaysIsAskedOnce()
{
    m_server->enqueue(ScriptedReply::calling({ writeFile(u"call_a"_s, u"a.md"_s, u"alpha"_s) }));
    m_server->enqueue(ScriptedReply::calling({ writeFile(u"call_b"_s, u"b.md"_s, u"beta!"_s) }));
    m_server->enqueue(ScriptedReply::text({ u"Both saved."_s }));
    int exitCode = -1;
    const QByteArray screen = runOnTerminal({ u"Save two notes"_s }, { "a\n", "y\n" }, &exitCode);
    QVERIFY2(exitCode == 0, screen.constData());
    QCOMPARE(screen.count("[y]es once"), 1); // the second call ran without a question
    QVERIFY(QFile::exists(workspaceFile(u"a.md"_s)));
    QVERIFY(QFile::exists(workspaceFile(u"b.md"_s)));
    QVERIFY2(screen.contains("Both saved."), screen.constData());
}

QTEST_GUILESS_MAIN(TestCliApproval)
#include "tst_cliapproval.moc"
