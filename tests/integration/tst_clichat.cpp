// `tandem chat` on the real executable against the fake LLM server: piped, each line is a turn of one conversation
// and the first turn that fails ends the batch with its exit code; a signal stops the reply (exit 6, the partial
// reply kept and marked cancelled). On a terminal (a pseudo-terminal of script(1) here), Ctrl+C stops only the reply
// and the prompt comes back; Ctrl+D ends the chat.
#include "FakeLlmServer.h"
#include "StoreInvariants.h"
#include "storage/Database.h"
#include "storage/UnitOfWork.h"

#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <csignal>
#include <memory>

using namespace Qt::StringLiterals;
using namespace Tandem;
using namespace Tandem::Test;

class TestCliChat : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void pipedLinesAreTurnsOfOneConversation();
    void batchStopsAtTheFirstFailedTurn();
    void signalStopsTheBatch_data();
    void signalStopsTheBatch();
    void ctrlCOnATerminalStopsOnlyTheReply();

private:
    std::unique_ptr<QProcess> start(const QStringList &options = {});
    QStringList arguments(const QStringList &options) const;
    QList<Message> storedRows(Database &database);

    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<FakeLlmServer> m_server;
};

void TestCliChat::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    m_server = std::make_unique<FakeLlmServer>();
    QVERIFY(m_server->isListening());
}

QStringList TestCliChat::arguments(const QStringList &options) const
{
    return QStringList { u"--data-dir"_s, m_dir->path(), u"chat"_s, u"--provider"_s, m_server->baseUrl().toString() }
    + options;
}

std::unique_ptr<QProcess> TestCliChat::start(const QStringList &options)
{
    auto process = std::make_unique<QProcess>();
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.remove(u"DISPLAY"_s);
    environment.remove(u"WAYLAND_DISPLAY"_s);
    environment.insert(u"XDG_CONFIG_HOME"_s, m_dir->filePath(u"config"_s));
    process->setProcessEnvironment(environment);
    process->start(QStringLiteral(TANDEM_EXECUTABLE), arguments(options));
    return process;
}

QList<Message> TestCliChat::storedRows(Database &database)
{
    if (!database.open(m_dir->filePath(u"tandem.sqlite"_s)))
        return {};
    const QList<Conversation> conversations = database.work().conversations().list();
    if (conversations.size() != 1)
        return {};
    return database.work().messages().page(conversations[0].id);
}

void TestCliChat::pipedLinesAreTurnsOfOneConversation()
{
    m_server->enqueue(ScriptedReply::text({ u"Paris."_s }));
    m_server->enqueue(ScriptedReply::text({ u"About 2 million."_s }));
    const auto chat = start();
    QVERIFY(chat->waitForStarted());
    chat->write("What is the capital of France?\n\n  \nHow many people live there?\n");
    chat->closeWriteChannel();
    QTRY_VERIFY_WITH_TIMEOUT(chat->state() == QProcess::NotRunning, 60000);
    const QString out = QString::fromUtf8(chat->readAllStandardOutput());
    QVERIFY2(chat->exitCode() == 0, qPrintable(QString::fromUtf8(chat->readAllStandardError())));
    QVERIFY2(
        out.contains(u"[Assistant] Paris.\n"_s) && out.contains(u"[Assistant] About 2 million.\n"_s), qPrintable(out));
    QVERIFY2(!out.contains(u"> "_s), qPrintable(out)); // no prompt when piped
    QCOMPARE(m_server->requests().size(), 2); // the empty lines are not messages

    Database database;
    const QList<Message> rows = storedRows(database);
    QCOMPARE(rows.size(), 4);
    QCOMPARE(rows[0].content, u"What is the capital of France?"_s);
    QCOMPARE(rows[2].content, u"How many people live there?"_s);
    QCOMPARE(rows[3].content, u"About 2 million."_s);
    // The second turn is sent with the first in its history: one conversation.
    QVERIFY(m_server->lastRequest().body.contains("Paris."));
    QVERIFY(StoreInvariants::problems(database.connection()).isEmpty());
}

void TestCliChat::batchStopsAtTheFirstFailedTurn()
{
    m_server->enqueue(ScriptedReply::httpError(401));
    const auto chat = start();
    QVERIFY(chat->waitForStarted());
    chat->write("first\nsecond\n");
    chat->closeWriteChannel();
    QTRY_VERIFY_WITH_TIMEOUT(chat->state() == QProcess::NotRunning, 60000);
    QCOMPARE(chat->exitCode(), 3); // a provider error, as `tandem run` says it
    QCOMPARE(m_server->requests().size(), 1);
    Database database;
    const QList<Message> rows = storedRows(database);
    QVERIFY(!rows.isEmpty());
    for (const Message &row : rows)
        QVERIFY2(row.content != u"second"_s, "the batch went on after a failed turn");
}

void TestCliChat::signalStopsTheBatch_data()
{
    QTest::addColumn<int>("signal");
    QTest::newRow("Ctrl+C") << SIGINT;
    QTest::newRow("SIGTERM") << SIGTERM;
}

void TestCliChat::signalStopsTheBatch()
{
    QFETCH(int, signal);
    m_server->enqueue(ScriptedReply::text({ u"Once upon "_s, u"a time"_s, u" there was"_s })
                          .withFault(ScriptedReply::Fault::Stall, 3));
    const auto chat = start();
    QVERIFY(chat->waitForStarted());
    chat->write("tell me a story\nand another one\n"); // the write channel stays open: more could come
    QByteArray out;
    QTRY_VERIFY_WITH_TIMEOUT((out += chat->readAllStandardOutput()).contains("a time"), 30000);

    ::kill(pid_t(chat->processId()), signal);

    QTRY_VERIFY_WITH_TIMEOUT(chat->state() == QProcess::NotRunning, 30000);
    QCOMPARE(chat->exitStatus(), QProcess::NormalExit);
    QCOMPARE(chat->exitCode(), 6);
    QCOMPARE(m_server->requests().size(), 1); // the next line was not sent
    Database database;
    const QList<Message> rows = storedRows(database);
    QCOMPARE(rows.size(), 2);
    QCOMPARE(rows[1].status, Message::Status::Cancelled);
    QVERIFY(StoreInvariants::problems(database.connection()).isEmpty());
}

void TestCliChat::ctrlCOnATerminalStopsOnlyTheReply()
{
    m_server->enqueue(ScriptedReply::text({ u"Once upon "_s, u"a time"_s, u" there was"_s })
                          .withFault(ScriptedReply::Fault::Stall, 3));
    m_server->enqueue(ScriptedReply::text({ u"The end."_s }));

    // The child on a pseudo-terminal, as in a terminal window, through script(1): the byte 0x03 typed reaches it as
    // SIGINT (it is the terminal's foreground process group), 0x04 at the start of a line as the end of the input.
    // script(1) runs the command through $SHELL -c; `exec` leaves tandem alone in the foreground process group, as an
    // interactive shell would (dash, /bin/sh where SHELL is unset, stays and takes the SIGINT too).
    QString command = u"exec "_s + QStringLiteral(TANDEM_EXECUTABLE);
    for (const QString &argument : arguments({}))
        command += u" '"_s + argument + u"'"_s;
    QProcess terminal;
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.remove(u"DISPLAY"_s);
    environment.remove(u"WAYLAND_DISPLAY"_s);
    environment.insert(u"XDG_CONFIG_HOME"_s, m_dir->filePath(u"config"_s));
    environment.insert(u"SHELL"_s, u"/bin/sh"_s); // the same shell on every machine
    terminal.setProcessEnvironment(environment);
    terminal.start(u"script"_s, { u"-q"_s, u"-e"_s, u"-c"_s, command, u"/dev/null"_s });
    QVERIFY(terminal.waitForStarted());
    QByteArray screen;
    const auto read = [&] {
        return screen += terminal.readAllStandardOutput();
    };

    QTRY_VERIFY_WITH_TIMEOUT(read().contains("> "), 30000);
    terminal.write("tell me a story\n");
    QTRY_VERIFY_WITH_TIMEOUT(read().contains("a time"), 30000);
    terminal.write("\x03"); // Ctrl+C
    QTRY_VERIFY_WITH_TIMEOUT(read().mid(screen.indexOf("a time")).contains("> "), 30000); // the prompt is back
    terminal.write("go on\n");
    QTRY_VERIFY_WITH_TIMEOUT(read().contains("The end."), 30000);
    QTRY_VERIFY_WITH_TIMEOUT(read().mid(screen.indexOf("The end.")).contains("> "), 30000);
    terminal.write("\x04"); // Ctrl+D
    QTRY_VERIFY2_WITH_TIMEOUT(terminal.state() == QProcess::NotRunning, read().constData(), 30000);
    QVERIFY2(terminal.exitCode() == 0,
        qPrintable(u"exit code %1: %2"_s.arg(terminal.exitCode()).arg(QString::fromUtf8(read()))));
    QVERIFY2(read().contains("(cancelled"), screen.constData());

    Database database;
    const QList<Message> rows = storedRows(database);
    QCOMPARE(rows.size(), 4);
    QCOMPARE(rows[1].status, Message::Status::Cancelled);
    QCOMPARE(rows[2].content, u"go on"_s);
    QCOMPARE(rows[3].content, u"The end."_s);
    QCOMPARE(rows[3].status, Message::Status::Complete);
    QVERIFY(StoreInvariants::problems(database.connection()).isEmpty());
}

QTEST_GUILESS_MAIN(TestCliChat)
#include "tst_clichat.moc"
