// The headless CLI as a child process (the built `tandem` executable) against the fake LLM server: what it prints,
// what it stores (the same rows as the window's repository), the API key from TANDEM_API_KEY never printed, and the
// exit codes.
#include "FakeLlmServer.h"
#include "chat/LocalChatRepository.h"
#include "cli/CliCommands.h"
#include "domain/GuardrailLimits.h"
#include "storage/Database.h"
#include "storage/UnitOfWork.h"

#include <QProcess>
#include <QSettings>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace Tandem;
using namespace Tandem::Test;

namespace {
struct Outcome
{
    int exitCode = -1;
    QString out;
    QString err;
};
} // namespace

class TestCli : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void singleRunStoresAndPrints();
    void dualRunShowsDividersAndContinues();
    void exitCodes();
    void optionValuesAreNotCommands_data();
    void optionValuesAreNotCommands();
    void storageFailureIsNotAProviderError();
    void settingsOfTheWindowHoldHereToo();
    void badGuardrailValuesAreRefused_data();
    void badGuardrailValuesAreRefused();
    void guardrailOptionsReachTheEngine();
    void guardrailsOfTheSettingsHoldHereToo();

private:
    Outcome tandem(const QStringList &arguments);

    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<FakeLlmServer> m_server;
};

void TestCli::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    m_server = std::make_unique<FakeLlmServer>();
    QVERIFY(m_server->isListening());
}

Outcome TestCli::tandem(const QStringList &arguments)
{
    QProcess process;
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.insert(u"TANDEM_API_KEY"_s, u"sk-cli-secret-123"_s);
    environment.remove(u"DISPLAY"_s);
    environment.remove(u"WAYLAND_DISPLAY"_s);
    environment.insert(u"XDG_CONFIG_HOME"_s, m_dir->filePath(u"config"_s)); // this test's own settings
    process.setProcessEnvironment(environment);
    process.start(QStringLiteral(TANDEM_EXECUTABLE), QStringList { u"--data-dir"_s, m_dir->path() } + arguments);
    Outcome outcome;
    if (!process.waitForStarted())
        return outcome;
    for (int i = 0; i < 1500 && process.state() != QProcess::NotRunning; ++i)
        QTest::qWait(20); // the fake server answers from this event loop
    outcome.exitCode = process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -2;
    outcome.out = QString::fromUtf8(process.readAllStandardOutput());
    outcome.err = QString::fromUtf8(process.readAllStandardError());
    return outcome;
}

void TestCli::singleRunStoresAndPrints()
{
    m_server->enqueue(ScriptedReply::text({ u"Hello "_s, u"from the fake."_s }));
    const Outcome run = tandem({ u"run"_s, u"--mode"_s, u"single"_s, u"--provider"_s, m_server->baseUrl().toString(),
        u"--model"_s, u"tiny"_s, u"Say hello"_s });
    QVERIFY2(run.exitCode == 0, qPrintable(run.err));
    QVERIFY2(run.out.contains(u"[Assistant] Hello from the fake."_s), qPrintable(run.out));
    QVERIFY(!run.out.contains(u"sk-cli-secret"_s));
    QVERIFY(!run.err.contains(u"sk-cli-secret"_s));
    const RecordedRequest request = m_server->lastRequest();
    QCOMPARE(request.path, u"/v1/chat/completions"_s);
    QCOMPARE(request.header(u"authorization"_s), u"Bearer sk-cli-secret-123"_s);
    QCOMPARE(request.model(), u"tiny"_s);

    // Stored exactly as the window stores it.
    Database database;
    QVERIFY(database.open(m_dir->filePath(u"tandem.sqlite"_s)));
    QNetworkAccessManager network;
    LocalChatRepository repository(database.work(), &network, nullptr, nullptr);
    const QList<Conversation> conversations = repository.conversations();
    QCOMPARE(conversations.size(), 1);
    QCOMPARE(conversations[0].title, u"Say hello"_s);
    QCOMPARE(conversations[0].model, u"tiny"_s);
    const QList<Message> rows = repository.messages(conversations[0].id);
    QCOMPARE(rows.size(), 2);
    QCOMPARE(rows[0].content, u"Say hello"_s);
    QCOMPARE(rows[1].agentId, u"assistant"_s);
    QCOMPARE(rows[1].content, u"Hello from the fake."_s);
    QCOMPARE(rows[1].status, Message::Status::Complete);
}

void TestCli::dualRunShowsDividersAndContinues()
{
    m_server->enqueue(ScriptedReply::text({ u"HANDOFF_AGENT2\nWrite a haiku."_s }));
    m_server->enqueue(ScriptedReply::text({ u"Rain on the roof."_s }));
    m_server->enqueue(ScriptedReply::text({ u"Anything else?"_s }));
    const QString url = m_server->baseUrl().toString();
    const Outcome run = tandem({ u"run"_s, u"--mode"_s, u"dual"_s, u"--provider"_s, url, u"--protocol"_s,
        u"responses"_s, u"A poem please"_s });
    QVERIFY2(run.exitCode == 0, qPrintable(run.err));
    QVERIFY2(run.out.contains(u"── Handing the message to agent 2 ──\n── Message accepted by agent 2 ──\n"
                              u"[Agent 2] Rain on the roof."_s),
        qPrintable(run.out));
    QVERIFY(run.out.contains(u"[Agent 1] Write a haiku."_s));
    QVERIFY(!run.out.contains(u"HANDOFF_AGENT2"_s));
    QCOMPARE(m_server->conversationIds().size(), 2); // each agent's own thread

    const Outcome again = tandem(
        { u"run"_s, u"--provider"_s, url, u"--protocol"_s, u"responses"_s, u"--conversation"_s, u"1"_s, u"Thanks"_s });
    QVERIFY2(again.exitCode == 0, qPrintable(again.err));
    QVERIFY(again.out.contains(u"[Agent 1] Anything else?"_s));

    const Outcome list = tandem({ u"conversations"_s });
    QCOMPARE(list.exitCode, 0);
    QVERIFY2(list.out.startsWith(u"1\tdual\t"_s), qPrintable(list.out));
    QVERIFY(list.out.contains(u"A poem please"_s));

    const Outcome show = tandem({ u"show"_s, u"1"_s });
    QCOMPARE(show.exitCode, 0);
    QCOMPARE(show.out,
        u"# A poem please (dual)\n> A poem please\n[Agent 1] Write a haiku.\n── Handing the message to agent 2 ──\n"
        u"── Message accepted by agent 2 ──\n[Agent 2] Rain on the roof.\n> Thanks\n[Agent 1] Anything else?\n"_s);
}

void TestCli::exitCodes()
{
    const QString url = m_server->baseUrl().toString();
    QCOMPARE(tandem({ u"run"_s, u"no provider given"_s }).exitCode, 2);
    QCOMPARE(tandem({ u"run"_s, u"--provider"_s, u"no-such-profile"_s, u"hi"_s }).exitCode, 2);
    QCOMPARE(tandem({ u"run"_s, u"--provider"_s, url, u"--mode"_s, u"router"_s, u"hi"_s }).exitCode, 2);
    QCOMPARE(tandem({ u"show"_s, u"42"_s }).exitCode, 2);

    m_server->enqueue(ScriptedReply::httpError(401));
    const Outcome failed = tandem({ u"run"_s, u"--provider"_s, url, u"hi"_s });
    QCOMPARE(failed.exitCode, 3);
    QVERIFY(!failed.err.isEmpty());

    m_server->enqueue(ScriptedReply::calling({ ToolCall { {}, u"calculator"_s, u"{\"expression\":\"1+1\"}"_s, {} } }));
    const Outcome stopped = tandem({ u"run"_s, u"--provider"_s, url, u"--max-turns"_s, u"1"_s, u"loop"_s });
    QCOMPARE(stopped.exitCode, 4);
    QVERIFY2(stopped.err.contains(u"limit"_s), qPrintable(stopped.err));

    // An option before the command, with its value: still the headless command, not the window.
    m_server->enqueue(ScriptedReply::calling({ ToolCall { {}, u"calculator"_s, u"{\"expression\":\"2+2\"}"_s, {} } }));
    const Outcome optionFirst = tandem({ u"--max-turns"_s, u"1"_s, u"run"_s, u"--provider"_s, url, u"loop"_s });
    QCOMPARE(optionFirst.exitCode, 4);

    const Outcome help = tandem({ u"run"_s, u"--help"_s });
    QCOMPARE(help.exitCode, 0);
    QVERIFY(help.out.contains(u"4 stopped by a guardrail"_s));
}

void TestCli::optionValuesAreNotCommands_data()
{
    QTest::addColumn<QStringList>("arguments");
    QTest::addColumn<bool>("headless");
    QTest::newRow("command") << QStringList { u"run"_s, u"hi"_s } << true;
    QTest::newRow("max-turns first") << QStringList { u"--max-turns"_s, u"3"_s, u"run"_s, u"hi"_s } << true;
    QTest::newRow("data-dir first") << QStringList { u"--data-dir"_s, u"/tmp/x"_s, u"show"_s, u"1"_s } << true;
    QTest::newRow("several first") << QStringList { u"--workspace"_s, u"w"_s, u"--max-turns"_s, u"2"_s, u"--model"_s,
        u"m"_s, u"conversations"_s }
                                   << true;
    QTest::newRow("value that names a command")
        << QStringList { u"--max-turns"_s, u"run"_s } << false; // "run" is the option's value here
    QTest::newRow("no command") << QStringList { u"--max-turns"_s, u"3"_s } << false;
    QTest::newRow("window") << QStringList {} << false;
}

void TestCli::optionValuesAreNotCommands()
{
    QFETCH(QStringList, arguments);
    QFETCH(bool, headless);
    QList<QByteArray> storage { QByteArrayLiteral("tandem") };
    for (const QString &argument : std::as_const(arguments))
        storage << argument.toLocal8Bit();
    std::vector<const char *> argv;
    for (const QByteArray &argument : std::as_const(storage))
        argv.push_back(argument.constData());
    QCOMPARE(CliCommands::isCommandLine(int(argv.size()), argv.data()), headless);
}

void TestCli::storageFailureIsNotAProviderError()
{
    QCOMPARE(tandem({ u"conversations"_s }).exitCode, 0); // creates the database
    {
        // The disk "fills up" for agents' replies: the person's message is stored, the reply is not.
        Database database;
        QVERIFY(database.open(m_dir->filePath(u"tandem.sqlite"_s)));
        QSqlQuery trigger(database.connection());
        QVERIFY(trigger.exec(u"CREATE TRIGGER refuse_replies BEFORE INSERT ON messages "
                             u"WHEN NEW.kind = 'text' AND NEW.role = 'assistant' "
                             u"BEGIN SELECT RAISE(ABORT, 'disk full'); END"_s));
    }
    m_server->enqueue(ScriptedReply::text({ u"A reply "_s, u"with nowhere to go."_s }));
    const Outcome run = tandem({ u"run"_s, u"--provider"_s, m_server->baseUrl().toString(), u"hi"_s });
    QCOMPARE(run.exitCode, 1); // a storage error, not a provider error (3): the provider answered
    QVERIFY2(run.err.contains(u"could not be stored"_s), qPrintable(run.err));
    QCOMPARE(m_server->requests(u"/v1/chat/completions"_s).size(), 1);
}

void TestCli::settingsOfTheWindowHoldHereToo()
{
    // The model chosen for the assistant in the window's settings is used by a headless run as well.
    {
        QSettings settings(m_dir->filePath(u"config/Tandem/tandem.conf"_s), QSettings::IniFormat);
        settings.setValue(u"agents/assistant/model"_s, u"model-from-settings"_s);
    }
    m_server->enqueue(ScriptedReply::text({ u"Hi."_s }));
    const Outcome run
        = tandem({ u"run"_s, u"--mode"_s, u"single"_s, u"--provider"_s, m_server->baseUrl().toString(), u"Hello"_s });
    QVERIFY2(run.exitCode == 0, qPrintable(run.err));
    QCOMPARE(m_server->lastRequest().model(), u"model-from-settings"_s);

    // A model named on the command line is the conversation's, and wins.
    m_server->enqueue(ScriptedReply::text({ u"Hi again."_s }));
    const Outcome named = tandem({ u"run"_s, u"--provider"_s, m_server->baseUrl().toString(), u"--model"_s,
        u"named-model"_s, u"Hello again"_s });
    QVERIFY2(named.exitCode == 0, qPrintable(named.err));
    QCOMPARE(m_server->lastRequest().model(), u"named-model"_s);
}

void TestCli::badGuardrailValuesAreRefused_data()
{
    using Field = GuardrailLimits::Field;
    QTest::addColumn<QString>("option");
    QTest::addColumn<QString>("value");
    QTest::addColumn<QString>("sentence");
    const auto outOfBounds = [](Field field, qint64 value) {
        return u"--%1: %2"_s.arg(GuardrailLimits::name(field), GuardrailLimits::problem(field, value));
    };
    QTest::newRow("max-turns 0") << u"max-turns"_s << u"0"_s << outOfBounds(Field::MaxTurnsPerRun, 0);
    QTest::newRow("max-turns not a number")
        << u"max-turns"_s << u"many"_s << u"--max-turns needs a whole number, not “many”."_s;
    QTest::newRow("max-run-tokens negative")
        << u"max-run-tokens"_s << u"-1"_s << outOfBounds(Field::MaxTokensPerRun, -1);
    QTest::newRow("max-conversation-tokens too many") << u"max-conversation-tokens"_s << u"2000000000"_s
                                                      << outOfBounds(Field::MaxTokensPerConversation, 2'000'000'000);
    QTest::newRow("run-timeout 0") << u"run-timeout"_s << u"0"_s << outOfBounds(Field::RunTimeoutSeconds, 0);
    QTest::newRow("run-timeout fraction")
        << u"run-timeout"_s << u"1.5"_s << u"--run-timeout needs a whole number, not “1.5”."_s;
    QTest::newRow("max-hops too many") << u"max-hops"_s << u"101"_s << outOfBounds(Field::MaxHopsPerTurn, 101);
    QTest::newRow("max-bounces 0") << u"max-bounces"_s << u"0"_s << outOfBounds(Field::MaxBouncesPerEdge, 0);
    QTest::newRow("stale-minutes 0") << u"stale-minutes"_s << u"0"_s << outOfBounds(Field::StaleHandoffMinutes, 0);
    QTest::newRow("max-output-tokens too many")
        << u"max-output-tokens"_s << u"1000001"_s << outOfBounds(Field::MaxOutputTokens, 1'000'001);
}

void TestCli::badGuardrailValuesAreRefused()
{
    QFETCH(QString, option);
    QFETCH(QString, value);
    QFETCH(QString, sentence);
    const Outcome run
        = tandem({ u"run"_s, u"--provider"_s, m_server->baseUrl().toString(), u"--"_s + option, value, u"hi"_s });
    QCOMPARE(run.exitCode, 2);
    QCOMPARE(run.err.trimmed().split(u'\n').constLast(), sentence); // after any log lines
    QCOMPARE(m_server->requestCount(), 0); // refused before anything was sent ...
    const Outcome list = tandem({ u"conversations"_s });
    QCOMPARE(list.exitCode, 0);
    QCOMPARE(list.out, QString()); // ... or stored
}

void TestCli::guardrailOptionsReachTheEngine()
{
    const QString url = m_server->baseUrl().toString();
    // The output limit of every model call.
    m_server->enqueue(ScriptedReply::text({ u"Short."_s }));
    const Outcome limited = tandem({ u"run"_s, u"--provider"_s, url, u"--max-output-tokens"_s, u"55"_s, u"hi"_s });
    QVERIFY2(limited.exitCode == 0, qPrintable(limited.err));
    QCOMPARE(m_server->lastRequest().json.value(u"max_tokens"_s).toInt(), 55);

    // The token budget of the answer: the first call spends it, the second is not made.
    m_server->enqueue(ScriptedReply::calling(
        { ToolCall { {}, u"calculator"_s, u"{\"expression\":\"1+1\"}"_s, {} } }, {}, TokenUsage { 40, 10 }));
    const Outcome budget = tandem({ u"run"_s, u"--provider"_s, url, u"--max-run-tokens"_s, u"50"_s, u"add"_s });
    QCOMPARE(budget.exitCode, 4);
    QVERIFY2(budget.err.contains(u"token budget"_s), qPrintable(budget.err));
    QCOMPARE(m_server->requests(u"/v1/chat/completions"_s).size(), 2);

    // Without the option the same answer goes on: the tool runs and the model is asked again.
    m_server->enqueue(ScriptedReply::calling(
        { ToolCall { {}, u"calculator"_s, u"{\"expression\":\"1+1\"}"_s, {} } }, {}, TokenUsage { 40, 10 }));
    m_server->enqueue(ScriptedReply::text({ u"2"_s }));
    const Outcome free = tandem({ u"run"_s, u"--provider"_s, url, u"add"_s });
    QVERIFY2(free.exitCode == 0, qPrintable(free.err));
    QCOMPARE(m_server->requests(u"/v1/chat/completions"_s).size(), 4);
}

void TestCli::guardrailsOfTheSettingsHoldHereToo()
{
    // A limit set in the window's settings holds for a headless run; an option given to the run wins over it.
    {
        QSettings settings(m_dir->filePath(u"config/Tandem/tandem.conf"_s), QSettings::IniFormat);
        settings.setValue(u"guardrails/max-turns"_s, 1);
    }
    const QString url = m_server->baseUrl().toString();
    const ToolCall call { {}, u"calculator"_s, u"{\"expression\":\"2+2\"}"_s, {} };
    m_server->enqueue(ScriptedReply::calling({ call }));
    const Outcome stopped = tandem({ u"run"_s, u"--provider"_s, url, u"add"_s });
    QCOMPARE(stopped.exitCode, 4);
    QVERIFY2(stopped.err.contains(u"limit"_s), qPrintable(stopped.err));

    m_server->enqueue(ScriptedReply::calling({ call }));
    m_server->enqueue(ScriptedReply::text({ u"4"_s }));
    const Outcome allowed = tandem({ u"run"_s, u"--provider"_s, url, u"--max-turns"_s, u"2"_s, u"add"_s });
    QVERIFY2(allowed.exitCode == 0, qPrintable(allowed.err));
}

QTEST_GUILESS_MAIN(TestCli)
#include "tst_cli.moc"
