// The headless CLI as a child process (the built `tandem` executable) against the fake LLM server: what it prints,
// what it stores (the same rows as the window's repository), the API key from TANDEM_API_KEY never printed, and the
// exit codes.
#include "ChildProcess.h"
#include "FakeLlmServer.h"
#include "chat/LocalChatRepository.h"
#include "cli/CliCommands.h"
#include "domain/GuardrailLimits.h"
#include "storage/Database.h"
#include "storage/UnitOfWork.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QNetworkAccessManager>
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
    QByteArray rawOut; ///< the bytes as the terminal would get them
    QByteArray rawErr;
};

/// Text a hostile model or provider sends: a screen clear, window titles, a clipboard write, a link, a bare CR that
/// overwrites the line, the C1 CSI, bidi overrides and isolates, DEL, and invisible characters.
const QString kHostile = u"before \x1b[2J \x1b]0;title\x07 \x1b]2;title2\x1b\\ \x1b]52;c;cm0gLXJm\x07 "
                         u"\x1b]8;;https://evil.example\x1b\\link\x1b]8;;\x1b\\ over\rwritten \u009b2J "
                         u"\u202Eevil\u202C \u2066iso\u2069 del\x7f zw\u200Bsp after"_s;

/// Why @p bytes could act on a terminal; empty if they cannot.
QString terminalHazard(const QByteArray &bytes)
{
    static const QList<std::pair<QByteArray, const char *>> hazards = {
        { QByteArrayLiteral("\x1b"), "ESC" },
        { QByteArrayLiteral("\x07"), "BEL" },
        { QByteArrayLiteral("\r"), "CR" },
        { QByteArrayLiteral("\x7f"), "DEL" },
        { QByteArrayLiteral("\xc2\x9b"), "C1 CSI" },
        { QByteArrayLiteral("\xe2\x80\xae"), "U+202E" },
        { QByteArrayLiteral("\xe2\x80\xac"), "U+202C" },
        { QByteArrayLiteral("\xe2\x81\xa6"), "U+2066" },
        { QByteArrayLiteral("\xe2\x81\xa9"), "U+2069" },
        { QByteArrayLiteral("\xe2\x80\x8b"), "U+200B" },
    };
    for (const auto &[sequence, name] : hazards)
        if (bytes.contains(sequence))
            return QString::fromLatin1(name);
    return {};
}
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
    void hostileReplyIsShownNotExecuted_data();
    void hostileReplyIsShownNotExecuted();
    void hostileProviderErrorIsShownNotExecuted();
    void mistypedCommand_data();
    void mistypedCommand();
    void eachMistakeHasItsSentence_data();
    void eachMistakeHasItsSentence();
    void quietUnlessVerbose();
    void cutStreamSaysTheConnectionWasCut_data();
    void cutStreamSaysTheConnectionWasCut();
    void refusedRequestShowsTheProvidersMessage_data();
    void refusedRequestShowsTheProvidersMessage();
    void lockedDatabaseIsNamedLocked();
    void damagedDatabaseIsAStorageError();
    void secretInTheUrlIsRefused_data();
    void secretInTheUrlIsRefused();
    void declaredFinalTextIsStoredAndShown();
    void promptVariablesFromTheCommandLine();
    void refusedAgentFilesAreSaidWhenVerbose();

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
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.insert(u"TANDEM_API_KEY"_s, u"sk-cli-secret-123"_s);
    environment.remove(u"DISPLAY"_s);
    environment.remove(u"WAYLAND_DISPLAY"_s);
    environment.insert(u"XDG_CONFIG_HOME"_s, m_dir->filePath(u"config"_s)); // this test's own settings
    environment.remove(u"QT_LOGGING_RULES"_s); // what the CLI logs is its own choice (--verbose)
    const ChildProcess::Result result = ChildProcess::run(QStringLiteral(TANDEM_EXECUTABLE),
        QStringList { u"--data-dir"_s, m_dir->path() } + arguments, environment, 30000);
    Outcome outcome;
    outcome.exitCode = result.finished ? result.exitCode : -2;
    outcome.rawOut = result.out;
    outcome.rawErr = result.err;
    outcome.out = QString::fromUtf8(outcome.rawOut);
    outcome.err = QString::fromUtf8(outcome.rawErr);
    // Never, whatever the command did: Qt's warning about a connection removed while still in use.
    if (outcome.err.contains(u"still in use"_s))
        outcome.exitCode = -3;
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

void TestCli::hostileReplyIsShownNotExecuted_data()
{
    QTest::addColumn<QString>("protocol");
    QTest::newRow("chat completions") << u"chat"_s;
    QTest::newRow("responses") << u"responses"_s;
}

void TestCli::hostileReplyIsShownNotExecuted()
{
    QFETCH(QString, protocol);
    // In small pieces, so escape sequences are split across deltas as a real stream splits them.
    QStringList chunks;
    for (qsizetype i = 0; i < kHostile.size(); i += 5)
        chunks << kHostile.mid(i, 5);
    m_server->enqueue(ScriptedReply::text(chunks));
    const Outcome run = tandem({ u"run"_s, u"--provider"_s, m_server->baseUrl().toString(), u"--protocol"_s, protocol,
        u"Say \x1b]0;hi\x07"_s });
    QVERIFY2(run.exitCode == 0, qPrintable(run.err));
    QVERIFY2(terminalHazard(run.rawOut).isEmpty(), qPrintable(terminalHazard(run.rawOut)));
    QVERIFY2(terminalHazard(run.rawErr).isEmpty(), qPrintable(terminalHazard(run.rawErr)));
    // Shown, visibly: nothing of the text is lost.
    QVERIFY2(run.out.contains(u"before ^[[2J ^[]0;title^G ^[]2;title2^[\\ ^[]52;c;cm0gLXJm^G"_s), qPrintable(run.out));
    QVERIFY2(run.out.contains(u"over^Mwritten \\x9b2J <U+202E>evil<U+202C> <U+2066>iso<U+2069> del^? "
                              u"zw<U+200B>sp after"_s),
        qPrintable(run.out));

    // `show` prints the stored reply the same way; the stored text itself is what the model sent.
    const Outcome show = tandem({ u"show"_s, u"1"_s });
    QCOMPARE(show.exitCode, 0);
    QVERIFY2(terminalHazard(show.rawOut).isEmpty(), qPrintable(terminalHazard(show.rawOut)));
    QVERIFY2(show.out.contains(u"> Say ^[]0;hi^G\n"_s), qPrintable(show.out));
    QVERIFY2(show.out.contains(u"<U+202E>evil"_s), qPrintable(show.out));
    const Outcome list = tandem({ u"conversations"_s });
    QVERIFY2(terminalHazard(list.rawOut).isEmpty(), qPrintable(terminalHazard(list.rawOut)));
    Database database;
    QVERIFY(database.open(m_dir->filePath(u"tandem.sqlite"_s)));
    QNetworkAccessManager network;
    LocalChatRepository repository(database.work(), &network, nullptr, nullptr);
    const QList<Message> rows = repository.messages(1);
    QCOMPARE(rows.size(), 2);
    QCOMPARE(rows[0].content, u"Say \x1b]0;hi\x07"_s);
    QCOMPARE(rows[1].content, kHostile);
}

void TestCli::hostileProviderErrorIsShownNotExecuted()
{
    ScriptedReply refusal = ScriptedReply::httpError(400);
    refusal.errorMessage = kHostile;
    m_server->enqueue(refusal);
    // --verbose: the log lines, which carry the provider's text too, are printed as well.
    const Outcome run = tandem({ u"--verbose"_s, u"run"_s, u"--provider"_s, m_server->baseUrl().toString(), u"hi"_s });
    QCOMPARE(run.exitCode, 3);
    QVERIFY2(run.err.contains(u"tandem.llm"_s), qPrintable(run.err)); // a log line was written
    QVERIFY2(terminalHazard(run.rawErr).isEmpty(), qPrintable(terminalHazard(run.rawErr)));
    QVERIFY2(terminalHazard(run.rawOut).isEmpty(), qPrintable(terminalHazard(run.rawOut)));
    QVERIFY2(run.err.contains(u"before ^[[2J"_s), qPrintable(run.err));
}

void TestCli::mistypedCommand_data()
{
    QTest::addColumn<QStringList>("arguments");
    QTest::addColumn<QString>("expected");
    QTest::newRow("conversation") << QStringList { u"conversation"_s }
                                  << u"Unknown command “conversation”. Did you mean “conversations”?"_s;
    QTest::newRow("list") << QStringList { u"list"_s } << u"Unknown command “list”. Did you mean “conversations”?"_s;
    QTest::newRow("with options") << QStringList { u"--model"_s, u"m"_s, u"shwo"_s, u"1"_s }
                                  << u"Unknown command “shwo”. Did you mean “show”?"_s;
    QTest::newRow("nothing near") << QStringList {
        u"frobnicate"_s
    } << u"Unknown command “frobnicate”. The commands are: run, chat, conversations, show, export, import, handoffs, handoff, story, serve, tokens, board, agents, mcp, metrics, eval-routing, eval-agents, help."_s;
}

void TestCli::mistypedCommand()
{
    QFETCH(QStringList, arguments);
    QFETCH(QString, expected);
    // tandem() runs without DISPLAY: had the word been taken for the window, Qt would have aborted.
    const Outcome outcome = tandem(arguments);
    QCOMPARE(outcome.exitCode, 2);
    QVERIFY2(outcome.err.startsWith(expected), qPrintable(outcome.err));
    QVERIFY(outcome.out.isEmpty());
    QVERIFY(!QFileInfo::exists(m_dir->filePath(u"tandem.sqlite"_s))); // answered before touching any data
}

void TestCli::eachMistakeHasItsSentence_data()
{
    QTest::addColumn<QStringList>("arguments");
    QTest::addColumn<QString>("sentence");
    const QString url = u"http://127.0.0.1:9/v1"_s;
    QTest::newRow("unknown mode") << QStringList { u"run"_s, u"--mode"_s, u"triple"_s, u"--provider"_s, url, u"hi"_s }
                                  << u"Unknown mode “triple”: use single, dual, pipeline or router."_s;
    QTest::newRow("unknown protocol") << QStringList { u"run"_s, u"--protocol"_s, u"soap"_s, u"--provider"_s, url,
        u"hi"_s } << u"Unknown protocol “soap”: use responses or chat."_s;
    QTest::newRow("empty message") << QStringList { u"run"_s, u"--provider"_s, url, u"  "_s }
                                   << u"The message is empty: write it after the options, in quotes."_s;
    QTest::newRow("no message") << QStringList { u"run"_s, u"--provider"_s, url }
                                << u"The message is empty: write it after the options, in quotes."_s;
    QTest::newRow("no provider") << QStringList { u"run"_s, u"hi"_s }
                                 << u"No provider given: add --provider with a stored profile's id or a base URL."_s;
    QTest::newRow("variable in lowercase")
        << QStringList { u"run"_s, u"--provider"_s, url, u"--var"_s, u"story_id=1"_s, u"hi"_s }
        << u"“--var story_id=1”: write NAME=value, NAME in capitals, digits and underscores, starting with a capital "
           u"(such as STORY_ID=v0.1:1.1.1)."_s;
    QTest::newRow("variable without a value")
        << QStringList { u"run"_s, u"--provider"_s, url, u"--var"_s, u"STORY_ID=1"_s, u"--var"_s, u"BRANCH"_s, u"hi"_s }
        << u"“--var BRANCH”: write NAME=value, NAME in capitals, digits and underscores, starting with a capital "
           u"(such as STORY_ID=v0.1:1.1.1)."_s;
}

void TestCli::eachMistakeHasItsSentence()
{
    QFETCH(QStringList, arguments);
    QFETCH(QString, sentence);
    const Outcome outcome = tandem(arguments);
    QCOMPARE(outcome.exitCode, 2);
    const QStringList lines = outcome.err.split(u'\n', Qt::SkipEmptyParts);
    QCOMPARE(lines.size(), 2);
    QCOMPARE(lines[0], sentence);
    QVERIFY(lines[1].startsWith(u"Usage: tandem run"_s));
}

void TestCli::quietUnlessVerbose()
{
    m_server->enqueue(ScriptedReply::text({ u"Hi."_s }));
    const Outcome run = tandem({ u"run"_s, u"--provider"_s, m_server->baseUrl().toString(), u"Hello"_s });
    QCOMPARE(run.exitCode, 0);
    QVERIFY2(run.rawErr.isEmpty(), run.rawErr.constData());
    const Outcome list = tandem({ u"conversations"_s });
    QCOMPARE(list.exitCode, 0);
    QVERIFY2(list.rawErr.isEmpty(), list.rawErr.constData());
    const Outcome show = tandem({ u"show"_s, u"1"_s });
    QCOMPARE(show.exitCode, 0);
    QVERIFY2(show.rawErr.isEmpty(), show.rawErr.constData());

    const Outcome verbose = tandem({ u"--verbose"_s, u"conversations"_s });
    QCOMPARE(verbose.exitCode, 0);
    QVERIFY2(verbose.err.contains(u"tandem.db: opened"_s), qPrintable(verbose.err));
}

void TestCli::cutStreamSaysTheConnectionWasCut_data()
{
    QTest::addColumn<QString>("protocol");
    QTest::addColumn<ScriptedReply::Fault>("fault");
    for (const QString &protocol : { u"chat"_s, u"responses"_s }) {
        QTest::addRow("%s, reset", qPrintable(protocol)) << protocol << ScriptedReply::Fault::ResetMidStream;
        QTest::addRow("%s, closed early", qPrintable(protocol)) << protocol << ScriptedReply::Fault::EndWithoutFinal;
    }
}

void TestCli::cutStreamSaysTheConnectionWasCut()
{
    QFETCH(QString, protocol);
    QFETCH(ScriptedReply::Fault, fault);
    m_server->enqueue(ScriptedReply::text({ u"The beginning "_s, u"of an "_s, u"answer"_s, u" never ended."_s })
                          .withFault(fault, protocol == u"responses" ? 6 : 3)); // two deltas pass
    const Outcome run = tandem(
        { u"run"_s, u"--provider"_s, m_server->baseUrl().toString(), u"--protocol"_s, protocol, u"Tell me"_s });
    QCOMPARE(run.exitCode, 3);
    QVERIFY2(run.out.contains(u"The beginning of an"_s), qPrintable(run.out)); // what arrived is kept
    QVERIFY2(run.err.contains(u"connection to the provider was cut"_s), qPrintable(run.err));
    QVERIFY2(!run.err.contains(u"could not be understood"_s), qPrintable(run.err));
}

void TestCli::refusedRequestShowsTheProvidersMessage_data()
{
    QTest::addColumn<int>("status");
    QTest::addColumn<QString>("message");
    QTest::newRow("400") << 400 << u"Invalid value for 'temperature': must be at most 2."_s;
    QTest::newRow("413") << 413 << u"Request too large for gpt-test: 180000 tokens, limit 128000."_s;
}

void TestCli::refusedRequestShowsTheProvidersMessage()
{
    QFETCH(int, status);
    QFETCH(QString, message);
    ScriptedReply refusal = ScriptedReply::httpError(status);
    refusal.errorMessage = message;
    m_server->enqueue(refusal);
    const Outcome run = tandem({ u"run"_s, u"--provider"_s, m_server->baseUrl().toString(), u"hi"_s });
    QCOMPARE(run.exitCode, 3);
    QVERIFY2(run.err.contains(message), qPrintable(run.err));
}

void TestCli::lockedDatabaseIsNamedLocked()
{
    QCOMPARE(tandem({ u"conversations"_s }).exitCode, 0); // creates the database
    // Another program holds the write lock for longer than Tandem waits (its busy timeout).
    Database other;
    QVERIFY(other.open(m_dir->filePath(u"tandem.sqlite"_s)));
    QSqlQuery lock(other.connection());
    QVERIFY(lock.exec(u"BEGIN IMMEDIATE"_s));
    const Outcome run = tandem({ u"run"_s, u"--provider"_s, m_server->baseUrl().toString(), u"hi"_s });
    QVERIFY(lock.exec(u"ROLLBACK"_s));
    QCOMPARE(run.exitCode, 1);
    QVERIFY2(run.err.contains(u"is locked"_s), qPrintable(run.err));
    QVERIFY2(!run.err.contains(u"provider could not be stored"_s), qPrintable(run.err));
    QCOMPARE(m_server->requestCount(), 0);
}

void TestCli::damagedDatabaseIsAStorageError()
{
    // A real database of several pages: conversations with long messages.
    const QString path = m_dir->filePath(u"tandem.sqlite"_s);
    {
        Database database;
        QVERIFY(database.open(path));
        QNetworkAccessManager network;
        LocalChatRepository repository(database.work(), &network, nullptr, nullptr);
        for (int c = 0; c < 3; ++c) {
            const qint64 id = repository.createConversation(Conversation::Mode::Single);
            QVERIFY(id > 0);
            QSqlQuery insert(database.connection());
            for (int i = 0; i < 120; ++i)
                QVERIFY(insert.exec(u"INSERT INTO messages (conversation_id, role, kind, status, content, created_at, "
                                    u"updated_at) VALUES (%1, 'user', 'text', 'complete', '%2', '2026-01-01', "
                                    u"'2026-01-01')"_s.arg(id)
                                        .arg(QString(600, u'x'))));
        }
    }
    const Outcome before = tandem({ u"conversations"_s });
    QCOMPARE(before.exitCode, 0);
    QCOMPARE(before.out.count(u'\n'), 3);

    // Garbage over a page in the middle of the file (the database is closed: the WAL is folded into the file).
    QFile file(path);
    QVERIFY(file.open(QIODevice::ReadWrite));
    const qint64 pages = file.size() / 4096;
    QVERIFY2(pages > 20, qPrintable(QString::number(pages)));
    QVERIFY(file.seek((pages / 2) * 4096));
    QVERIFY(file.write(QByteArray(4096, '\xa5')) == 4096);
    file.close();

    const QString shownPath = QDir::toNativeSeparators(QFileInfo(path).absoluteFilePath());
    for (const QStringList &arguments : { QStringList { u"conversations"_s }, QStringList { u"show"_s, u"1"_s } }) {
        const Outcome outcome = tandem(arguments);
        QCOMPARE(outcome.exitCode, 1);
        QVERIFY2(outcome.err.contains(u"The database %1 is damaged"_s.arg(shownPath)), qPrintable(outcome.err));
        QVERIFY2(outcome.err.contains(u".recover"_s), qPrintable(outcome.err));
        QVERIFY2(outcome.err.contains(u"Keep a copy of the file"_s), qPrintable(outcome.err));
        QVERIFY(outcome.out.isEmpty());
    }
    Database database;
    QVERIFY(!database.open(path));
    QVERIFY2(database.errorString().startsWith(u"The database %1 is damaged"_s.arg(shownPath)),
        qPrintable(database.errorString()));
}

void TestCli::secretInTheUrlIsRefused_data()
{
    QTest::addColumn<QString>("url");
    QTest::addColumn<QString>("sentence");
    QTest::newRow("user and password") << u"http://user:sk-in-url-123@127.0.0.1:%1/v1"_s
                                       << u"The base URL contains a user name or password."_s;
    QTest::newRow("key only as user") << u"http://sk-in-url-123@127.0.0.1:%1/v1"_s
                                      << u"The base URL contains a user name or password."_s;
    QTest::newRow("key") << u"http://127.0.0.1:%1/v1?key=sk-in-url-123"_s
                         << u"The base URL contains the secret parameter “key”."_s;
    QTest::newRow("api_key") << u"http://127.0.0.1:%1/v1?api-version=1&api_key=sk-in-url-123"_s
                             << u"The base URL contains the secret parameter “api_key”."_s;
    QTest::newRow("token") << u"http://127.0.0.1:%1/v1?Token=sk-in-url-123"_s
                           << u"The base URL contains the secret parameter “Token”."_s;
}

void TestCli::secretInTheUrlIsRefused()
{
    QFETCH(QString, url);
    QFETCH(QString, sentence);
    m_server->enqueue(ScriptedReply::text({ u"Hi."_s }));
    const Outcome run = tandem({ u"--verbose"_s, u"run"_s, u"--provider"_s, url.arg(m_server->port()), u"hi"_s });
    QCOMPARE(run.exitCode, 2);
    QVERIFY2(run.err.contains(sentence), qPrintable(run.err));
    QVERIFY2(run.err.contains(u"TANDEM_API_KEY"_s), qPrintable(run.err));
    QVERIFY2(!run.err.contains(u"sk-in-url"_s), qPrintable(run.err));
    QCOMPARE(m_server->requestCount(), 0);
    // Not in the database either.
    QFile file(m_dir->filePath(u"tandem.sqlite"_s));
    QVERIFY(file.open(QIODevice::ReadOnly));
    QVERIFY(!file.readAll().contains("sk-in-url"));
}

void TestCli::declaredFinalTextIsStoredAndShown()
{
    // OpenAI's own streaming example (tests/data/openai): one delta "Hi", the rest elided, the whole text declared.
    QFile example(QFINDTESTDATA(u"data/openai/responses-stream-text.sse"_s));
    QVERIFY(example.open(QIODevice::ReadOnly));
    m_server->overrideRoute(
        u"POST"_s, u"/v1/responses"_s, 200, example.readAll(), QByteArrayLiteral("text/event-stream"));
    const Outcome run = tandem(
        { u"run"_s, u"--provider"_s, m_server->baseUrl().toString(), u"--protocol"_s, u"responses"_s, u"Hello!"_s });
    QVERIFY2(run.exitCode == 0, qPrintable(run.err));
    QVERIFY2(run.out.contains(u"[Assistant] Hi there! How can I assist you today?\n"_s), qPrintable(run.out));
    const Outcome show = tandem({ u"show"_s, u"1"_s });
    QVERIFY2(show.out.endsWith(u"[Assistant] Hi there! How can I assist you today?\n"_s), qPrintable(show.out));
}

void TestCli::promptVariablesFromTheCommandLine()
{
    // The person's own assistant (an agent file in the configuration folder) uses a variable of its own.
    const QString agents = m_dir->filePath(u"config/Tandem/tandem/agents"_s);
    QVERIFY(QDir().mkpath(agents));
    QFile file(agents + u"/assistant.md"_s);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write("---\nid: assistant\nname: Story assistant\n---\nWork on $TICKET in ${BRANCH}.\n");
    file.close();
    const QString url = m_server->baseUrl().toString();

    // Not set: the run stops before anything is sent, and says what to set.
    const Outcome unset = tandem({ u"run"_s, u"--provider"_s, url, u"--var"_s, u"BRANCH=main"_s, u"Start"_s });
    QCOMPARE(unset.exitCode, 2);
    QVERIFY2(unset.err.contains(u"The prompt of Story assistant uses $TICKET, which this conversation does not set. "
                                u"Set it (tandem run --conversation 1 --var TICKET=…), then send again."_s),
        qPrintable(unset.err));
    QCOMPARE(m_server->requests().size(), 0);

    // Set on the same conversation: substituted in the request; the variable set before stays.
    m_server->enqueue(ScriptedReply::text({ u"On it."_s }));
    const Outcome set = tandem({ u"run"_s, u"--provider"_s, url, u"--conversation"_s, u"1"_s, u"--var"_s,
        u"TICKET=v0.1:1.1.1"_s, u"Start"_s });
    QVERIFY2(set.exitCode == 0, qPrintable(set.err));
    QCOMPARE(m_server->requests().size(), 1);
    QCOMPARE(m_server->lastRequest().instructions(), u"Work on v0.1:1.1.1 in main."_s);
    QVERIFY(set.out.contains(u"[Story assistant] On it."_s));
}

void TestCli::refusedAgentFilesAreSaidWhenVerbose()
{
    const QString agents = m_dir->filePath(u"config/Tandem/tandem/agents"_s);
    QVERIFY(QDir().mkpath(agents));
    QFile file(agents + u"/analyst.md"_s);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write("---\nid: analyst\nname: Analyst\nterminal: sometimes\n---\nPlan.\n");
    file.close();

    const Outcome quiet = tandem({ u"conversations"_s });
    QCOMPARE(quiet.exitCode, 0);
    QVERIFY2(quiet.rawErr.isEmpty(), quiet.rawErr.constData());
    const Outcome verbose = tandem({ u"--verbose"_s, u"conversations"_s });
    QCOMPARE(verbose.exitCode, 0);
    const QString problem = agents + u"/analyst.md:4: “terminal” is true or false, not “sometimes”."_s;
    QVERIFY2(verbose.err.contains(problem + u'\n'), qPrintable(verbose.err));
    m_server->enqueue(ScriptedReply::text({ u"Hi."_s }));
    const Outcome run = tandem({ u"run"_s, u"--verbose"_s, u"--provider"_s, m_server->baseUrl().toString(), u"Hi"_s });
    QCOMPARE(run.exitCode, 0);
    QVERIFY2(run.err.contains(problem + u'\n'), qPrintable(run.err));
}

QTEST_GUILESS_MAIN(TestCli)
#include "tst_cli.moc"
