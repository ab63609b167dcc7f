// The secrets audit of issue #17: an API key stored the way the person stores it (the real Secret Service), a
// dual-agent turn, a pipeline turn and a refused one against the fake LLM server, every export format, and the real
// `tandem run` (dual and pipeline) and `tandem export` (every format) with TANDEM_API_KEY and every log category on.
// Then every place the app writes is searched for the key: the SQLite file with its -wal and -shm, the settings file,
// every log line at every level (Qt's network categories included), the export files (the PDF's text too), the CLI's
// standard output and error, and this test's own output (it runs itself once more as a child process). Zero hits,
// and no log line names the Authorization header. Each search first finds something it must find, so that it cannot
// pass by searching nothing.
#include "ChildProcess.h"
#include "FakeLlmServer.h"
#include "LogCapture.h"
#include "SecretTestUtil.h"
#include "TemporaryDatabase.h"
#include "chat/LocalChatRepository.h"
#include "chat/LocalSettingsService.h"
#include "domain/Logging.h"
#include "exchange/ExportFormat.h"
#include "exchange/Exporter.h"
#include "llm/NetworkAccess.h"
#include "presentation/SettingsViewModel.h"
#include "storage/ExchangeStore.h"
#include "storage/SecretStore.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLoggingCategory>
#include <QNetworkAccessManager>
#include <QProcess>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QUuid>

#include <cstdio>
#include <memory>

using namespace Qt::StringLiterals;
using namespace Tandem;
using Tandem::Test::FakeLlmServer;
using Tandem::Test::LogCapture;
using Tandem::Test::RecordedRequest;
using Tandem::Test::ScriptedReply;
using Status = SecretStore::Result::Status;
using Protocol = ProviderProfile::Protocol;

Q_DECLARE_METATYPE(Tandem::ProviderProfile::Protocol)

namespace {

constexpr int Timeout = 30'000; // generous: two cores are shared with builds
// Set in the child run of ownOutputHoldsNoKey(): the key to use, so that the parent knows what to search for.
constexpr char kChildKeyVariable[] = "TANDEM_SECRETS_AUDIT_KEY";

/// A key no text of the app could hold by chance: a prefix and 32 random hex digits.
QString newKey()
{
    return u"sk-audit-%1"_s.arg(QUuid::createUuid().toString(QUuid::Id128));
}

/// Every way the key could be written down: as UTF-8 (and so Latin-1), UTF-16 (a QString dumped raw), Base64 (a Basic
/// header) and percent-encoded (a URL).
QList<QByteArray> encodingsOf(const QString &key)
{
    const QByteArray utf16(reinterpret_cast<const char *>(key.utf16()), key.size() * qsizetype(sizeof(char16_t)));
    return { key.toUtf8(), utf16, key.toUtf8().toBase64(), QUrl::toPercentEncoding(key) };
}

/// The files under @p folder (recursively) that hold the key in any encoding.
QStringList filesHolding(const QString &folder, const QString &key)
{
    QStringList hits;
    for (const QByteArray &needle : encodingsOf(key))
        Test::folderContains(folder, needle, &hits);
    return hits;
}

/// The hits of the key, a Bearer token or an Authorization header in @p text, one per line.
QStringList leaksIn(const QString &text, const QString &key)
{
    QStringList hits;
    const QStringList lines = text.split(u'\n');
    for (const QString &line : lines) {
        if (line.contains(key) || line.contains(u"Bearer"_s, Qt::CaseInsensitive)
            || line.contains(u"Authorization"_s, Qt::CaseInsensitive))
            hits << line.left(300);
    }
    return hits;
}

// Qt's network categories (qt.network.*) at every level, on top of what LogCapture enables.
QLoggingCategory::CategoryFilter previousFilter = nullptr;
void enableQtNetwork(QLoggingCategory *category)
{
    if (previousFilter)
        previousFilter(category);
    if (qstrncmp(category->categoryName(), "qt.network", 10) == 0) {
        category->setEnabled(QtDebugMsg, true);
        category->setEnabled(QtInfoMsg, true);
        category->setEnabled(QtWarningMsg, true);
        category->setEnabled(QtCriticalMsg, true);
    }
}

/// Whether @p request carried @p key as its bearer token (a function, so that Qt Test's -v2 output, which prints the
/// text of every check, names no header).
bool carriesKey(const RecordedRequest &request, const QString &key)
{
    return request.header(u"Authorization"_s) == u"Bearer "_s + key;
}

ToolCall toolCall(const QString &name, const QJsonObject &arguments)
{
    return ToolCall { {}, name, QString::fromUtf8(QJsonDocument(arguments).toJson(QJsonDocument::Compact)), {} };
}

/// The replies of a whole pipeline with the shipped agents (resources/agents): analyst, implementer, reviewer (who
/// approves), refactorer, documenter; @p marker is in every handoff's context.
QList<ScriptedReply> pipelineReplies(const QString &marker)
{
    const auto handoff = [&marker](const QString &target, const QString &context) {
        return ScriptedReply::calling({ toolCall(
            u"handoff_to"_s, { { u"target_agent"_s, target }, { u"context"_s, QString(context + u' ' + marker) } }) });
    };
    return { handoff(u"implementer"_s, u"Plan:"_s), handoff(u"reviewer"_s, u"Implemented:"_s),
        ScriptedReply::calling({ toolCall(u"approve_work"_s, { { u"summary"_s, QString(u"Approved "_s + marker) } }) }),
        handoff(u"documenter"_s, u"Polished:"_s), handoff(u"orchestrator"_s, u"Documented:"_s) };
}

ProviderProfile fakeProfile(const FakeLlmServer &server, Protocol protocol)
{
    ProviderProfile profile;
    profile.id = u"audited-provider"_s;
    profile.name = u"Audited provider"_s;
    profile.protocol = protocol;
    profile.baseUrl = server.baseUrl();
    profile.defaultModel = u"fake-model"_s;
    return profile;
}

} // namespace

class TestSecretsAudit : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void cleanupTestCase();

    void keyGoesOnlyToTheProvider_data();
    void keyGoesOnlyToTheProvider();
    void cliRunPrintsNoKey();
    void ownOutputHoldsNoKey();

private:
    QString m_service;
    QString m_key;
    bool m_child = false;
    std::unique_ptr<LogCapture> m_logs;
};

void TestSecretsAudit::initTestCase()
{
    qRegisterMetaType<Tandem::RunOutcome>();
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(u"Tandem"_s);
    // Its own settings file: other tests running alongside clear theirs.
    QCoreApplication::setApplicationName(u"tandem-secretsaudit"_s);
    QSettings().clear();

    m_child = qEnvironmentVariableIsSet(kChildKeyVariable);
    m_key = m_child ? qEnvironmentVariable(kChildKeyVariable) : newKey();
    QVERIFY(m_key.startsWith(u"sk-audit-"_s));

    previousFilter = QLoggingCategory::installFilter(enableQtNetwork);
    m_logs = std::make_unique<LogCapture>(); // chains to enableQtNetwork: tandem.* and qt.network.* at every level
    QVERIFY(lcSecrets().isDebugEnabled());
    QVERIFY(lcLlm().isDebugEnabled());
    QVERIFY(QLoggingCategory("qt.network.access").isDebugEnabled());

    m_service = u"tandem-test-%1"_s.arg(QUuid::createUuid().toString(QUuid::WithoutBraces));
    SecretStore probe(m_service);
    probe.setRetryDelay(200);
    const auto read = Test::waitFor([&](auto done) { probe.read(u"probe"_s, done); }, Timeout);
    if (!probe.isPersistent() || read.status == Status::Failed) {
        const QByteArray why = "no Secret Service answered: " + read.errorString.toUtf8()
            + " (run the tests through scripts/test.sh, which starts one)";
        if (qEnvironmentVariable("TANDEM_REQUIRE_KEYCHAIN") == u"1"_s)
            QFAIL(why.constData());
        QSKIP(why.constData());
    }
}

void TestSecretsAudit::cleanupTestCase()
{
    SecretStore secrets(m_service);
    Test::waitFor([&](auto done) { secrets.remove(u"audited-provider"_s, done); }, Timeout);

    // Every message of the whole run, at every level, from every category that was on.
    const QStringList logs = LogCapture::lines();
    m_logs.reset();
    QLoggingCategory::installFilter(previousFilter);
    QVERIFY2(logs.size() > 20, "the log capture saw almost nothing: the check below would prove nothing");
    QVERIFY2(logs.join(u'\n').contains(u"tandem.llm: "_s), "no tandem.llm line was captured");
    const QStringList hits = leaksIn(logs.join(u'\n'), m_key);
    QVERIFY2(hits.isEmpty(), qPrintable(hits.join(u'\n')));

    // The child run prints its log to standard error, as a terminal with every category on would show it; the parent
    // searches that too.
    if (m_child) {
        for (const QString &line : logs)
            std::fprintf(stderr, "%s\n", qPrintable(line));
    }
}

void TestSecretsAudit::keyGoesOnlyToTheProvider_data()
{
    QTest::addColumn<Protocol>("protocol");
    QTest::newRow("responses") << Protocol::Responses;
    QTest::newRow("chat") << Protocol::ChatCompletions;
}

void TestSecretsAudit::keyGoesOnlyToTheProvider()
{
    QFETCH(Protocol, protocol);

    // Wired as main.cpp wires the window: one database file, one network manager, the keychain, the settings.
    Test::TemporaryDatabase temp;
    QVERIFY2(temp.isReady(), qPrintable(temp.errorString()));
    FakeLlmServer server;
    QVERIFY2(server.isListening(), qPrintable(server.errorString()));
    std::unique_ptr<QNetworkAccessManager> network(NetworkAccess::createManager());
    SecretStore secrets(m_service);
    const QString marker = u"audit-marker-%1"_s.arg(QUuid::createUuid().toString(QUuid::Id128));
    qint64 conversationId = 0;
    qint64 pipelineId = 0;
    {
        LocalSettingsService service(&temp.work(), &secrets, network.get());
        SettingsViewModel settings(&service);
        // The person adds a provider and types its key, as in the first-run dialog.
        const QString providerId = settings.saveProvider(fakeProfile(server, protocol));
        QVERIFY2(!providerId.isEmpty(), qPrintable(settings.lastError()));
        QSignalSpy stored(&settings, &SettingsViewModel::keyStored);
        settings.storeKey(providerId, m_key);
        QTRY_COMPARE_WITH_TIMEOUT(stored.count(), 1, Timeout);
        QVERIFY2(stored.first().at(1).toBool(), qPrintable(stored.first().at(2).toString()));
        settings.setDefaultProviderId(providerId);
        EngineConfig config;
        service.applyTo(config);
        config.retryPolicy.maxRetries = 0;

        // A dual-agent turn: agent 1 hands over, agent 2 answers; then a turn the provider refuses (401), whose
        // error goes through the error paths and their log lines.
        LocalChatRepository repository(temp.work(), network.get(), &secrets, nullptr, config);
        conversationId = repository.createConversation(Conversation::Mode::Dual);
        QVERIFY(conversationId > 0);
        server.enqueue(ScriptedReply::text({ u"HANDOFF_AGENT2\nPlease check "_s, marker }));
        server.enqueue(ScriptedReply::text({ u"Checked: "_s, marker }));
        QSignalSpy finished(&repository, &ChatRepository::runFinished);
        QVERIFY(repository.send(conversationId, u"Start the audit "_s + marker).messageId > 0);
        QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, Timeout);
        QVERIFY2(finished.first().at(2).value<RunOutcome>() == RunOutcome::Completed,
            qPrintable(finished.first().at(3).toString()));
        const QList<Message> rows = repository.messages(conversationId);
        QVERIFY(!rows.isEmpty());
        QCOMPARE(rows.constLast().agentId, u"agent2"_s);
        QCOMPARE(rows.constLast().content, u"Checked: "_s + marker);

        server.enqueue(ScriptedReply::httpError(401));
        QVERIFY(repository.send(conversationId, u"Once more"_s).messageId > 0);
        QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 2, Timeout);
        QVERIFY(finished.at(1).at(2).value<RunOutcome>() != RunOutcome::Completed);

        // A pipeline turn: five agents, each a model call with the key, handoffs through tools, the board's rows.
        pipelineId = repository.createConversation(Conversation::Mode::Pipeline);
        QVERIFY(pipelineId > 0);
        for (const ScriptedReply &reply : pipelineReplies(marker))
            server.enqueue(reply);
        QVERIFY(repository.send(pipelineId, u"Story for the audit "_s + marker).messageId > 0);
        QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 3, Timeout);
        QVERIFY2(finished.at(2).at(2).value<RunOutcome>() == RunOutcome::Completed,
            qPrintable(finished.at(2).at(3).toString()));
        QCOMPARE(repository.boardState(pipelineId).phase, u"complete"_s);
    }

    // The provider did get the key, on every request: the key went where it must go.
    const QList<RecordedRequest> requests = server.requests();
    QVERIFY(requests.size() >= 8);
    for (const RecordedRequest &request : requests)
        QVERIFY2(carriesKey(request, m_key), qPrintable(request.path));

    // Every export format, from the database the turn wrote.
    QTemporaryDir exports;
    QVERIFY(exports.isValid());
    QStringList exported;
    {
        ExchangeStore store(temp.work());
        for (const ExportFormat format : { ExportFormat::Markdown, ExportFormat::Json, ExportFormat::Html,
                 ExportFormat::Pdf, ExportFormat::PlainText }) {
            ExportRequest request;
            request.conversationIds = { conversationId, pipelineId };
            request.format = format;
            request.path = exports.filePath(u"audit."_s + exportFormatSuffix(format));
            Exporter exporter(&store, request);
            QVERIFY2(exporter.run(), qPrintable(exporter.errorString()));
            exported << request.path;
        }
    }
    for (const QString &path : std::as_const(exported)) {
        QFile file(path);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QByteArray bytes = file.readAll();
        if (!path.endsWith(u".pdf"_s)) // the search reads what the export holds, of both conversations
            QVERIFY2(bytes.contains((u"Story for the audit "_s + marker).toUtf8()) && bytes.contains(marker.toUtf8()),
                qPrintable(path));
    }
    // The PDF's text is compressed: pdftotext reads it back for the search.
    const QString pdftotext = QStandardPaths::findExecutable(u"pdftotext"_s);
    QVERIFY2(!pdftotext.isEmpty(), "poppler-utils is missing (scripts/install-deps.sh test)");
    QProcess pdfText;
    pdfText.start(pdftotext, { u"-enc"_s, u"UTF-8"_s, exports.filePath(u"audit.pdf"_s), u"-"_s });
    QVERIFY(pdfText.waitForFinished(Timeout));
    const QString extracted = QString::fromUtf8(pdfText.readAllStandardOutput());
    QVERIFY2(extracted.contains(u"audit-marker"_s), qPrintable(extracted.left(500)));
    QVERIFY(!extracted.contains(m_key));
    QStringList hits = filesHolding(exports.path(), m_key);
    QVERIFY2(hits.isEmpty(), qPrintable(hits.join(u", ")));

    // The database folder while the connection is open (the -wal and -shm files hold the latest pages), then the
    // file alone once closed and checkpointed. The marker is found there, so the search does read the pages.
    QVERIFY2(Test::folderContains(temp.folder(), marker.toUtf8()), "the database folder does not hold the turn");
    hits = filesHolding(temp.folder(), m_key);
    QVERIFY2(hits.isEmpty(), qPrintable(hits.join(u", ")));
    temp.database().close();
    QVERIFY(Test::folderContains(temp.folder(), marker.toUtf8()));
    hits = filesHolding(temp.folder(), m_key);
    QVERIFY2(hits.isEmpty(), qPrintable(hits.join(u", ")));

    // The settings file names the provider, never its key; nor does anything else in the settings' folder.
    QSettings written;
    written.sync();
    QCOMPARE(written.status(), QSettings::NoError);
    QFile settingsFile(written.fileName());
    QVERIFY2(settingsFile.open(QIODevice::ReadOnly), qPrintable(written.fileName()));
    QVERIFY2(settingsFile.readAll().contains("audited-provider"), "the settings file should name the default provider");
    hits = filesHolding(QFileInfo(written.fileName()).absolutePath(), m_key);
    QVERIFY2(hits.isEmpty(), qPrintable(hits.join(u", ")));
}

void TestSecretsAudit::cliRunPrintsNoKey()
{
    if (m_child)
        QSKIP("the child run audits the window's path only");
    FakeLlmServer server;
    QVERIFY2(server.isListening(), qPrintable(server.errorString()));
    QTemporaryDir data;
    QVERIFY(data.isValid());
    const QString marker = u"cli-marker-%1"_s.arg(QUuid::createUuid().toString(QUuid::Id128));

    // --verbose prints the app's log lines; QT_LOGGING_RULES turns on every debug line of every category, Qt's
    // network ones included (the other levels are on already).
    const auto tandem = [&](const QStringList &arguments, QString *out, QString *err) {
        QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
        environment.insert(u"TANDEM_API_KEY"_s, m_key);
        environment.insert(u"QT_LOGGING_RULES"_s, u"*.debug=true"_s);
        environment.insert(u"XDG_CONFIG_HOME"_s, data.filePath(u"config"_s));
        environment.remove(u"DISPLAY"_s);
        environment.remove(u"WAYLAND_DISPLAY"_s);
        const Tandem::Test::ChildProcess::Result result
            = Tandem::Test::ChildProcess::run(QStringLiteral(TANDEM_EXECUTABLE),
                QStringList { u"--verbose"_s, u"--data-dir"_s, data.path() } + arguments, environment, 30000);
        *out = QString::fromUtf8(result.out);
        *err = QString::fromUtf8(result.err);
        return result.finished ? result.exitCode : -2;
    };
    const QString url = server.baseUrl().toString();
    QString out;
    QString err;
    QStringList hits;

    // A dual turn.
    server.enqueue(ScriptedReply::text({ u"HANDOFF_AGENT2\nReview the CLI audit."_s }));
    server.enqueue(ScriptedReply::text({ u"Reviewed."_s }));
    QCOMPARE(tandem({ u"run"_s, u"--mode"_s, u"dual"_s, u"--provider"_s, url, u"--protocol"_s, u"responses"_s,
                        u"Audit the CLI "_s + marker },
                 &out, &err),
        0);
    QVERIFY2(out.contains(u"Reviewed."_s), qPrintable(out));
    QVERIFY2(err.contains(u"tandem.llm"_s), "--verbose printed no log line: the search would prove nothing");
    // Debug lines of the app (each request's attempt) and of Qt itself (its plugin loader) were printed.
    QVERIFY2(
        err.contains(u"attempt 1"_s) && err.contains(u"qt.core.plugin"_s), "the debug rules printed no debug line");
    hits = leaksIn(out + u'\n' + err, m_key);
    QVERIFY2(hits.isEmpty(), qPrintable(hits.join(u'\n')));

    // A pipeline turn with the shipped agents: five model calls, tool calls, the board.
    for (const ScriptedReply &reply : pipelineReplies(marker))
        server.enqueue(reply);
    QCOMPARE(tandem({ u"run"_s, u"--mode"_s, u"pipeline"_s, u"--provider"_s, url, u"--var"_s, u"STORY_ID=audit"_s,
                        u"--var"_s, u"BRANCH=audit"_s, u"--var"_s, u"DASHBOARD_URL=http://localhost"_s,
                        u"Pipeline story "_s + marker },
                 &out, &err),
        0);
    QVERIFY2(out.contains(u"Pipeline complete."_s), qPrintable(out));
    QVERIFY2(err.contains(u"tandem.llm"_s), "--verbose printed no log line: the search would prove nothing");
    hits = leaksIn(out + u'\n' + err, m_key);
    QVERIFY2(hits.isEmpty(), qPrintable(hits.join(u'\n')));

    // A refused key (401) takes the error paths, which print the provider's message.
    server.enqueue(ScriptedReply::httpError(401));
    QVERIFY(tandem({ u"run"_s, u"--provider"_s, url, u"Refused"_s }, &out, &err) != 0);
    hits = leaksIn(out + u'\n' + err, m_key);
    QVERIFY2(hits.isEmpty(), qPrintable(hits.join(u'\n')));

    // The key did reach the provider, on every request.
    const QList<RecordedRequest> requests = server.requests();
    QVERIFY(requests.size() >= 8);
    for (const RecordedRequest &request : requests)
        QVERIFY2(carriesKey(request, m_key), qPrintable(request.path));

    // Every export format through `tandem export`, with the key still in the environment and every log line on.
    QTemporaryDir exports;
    QVERIFY(exports.isValid());
    for (const QString &format : { u"md"_s, u"json"_s, u"html"_s, u"pdf"_s, u"txt"_s }) {
        const QString path = exports.filePath(u"cli-audit."_s + format);
        QVERIFY2(tandem({ u"export"_s, u"--all"_s, u"--format"_s, format, u"--output"_s, path }, &out, &err) == 0,
            qPrintable(err));
        QVERIFY2(QFileInfo(path).size() > 0, qPrintable(path));
        hits = leaksIn(out + u'\n' + err, m_key);
        QVERIFY2(hits.isEmpty(), qPrintable(hits.join(u'\n')));
        if (format == u"pdf"_s) {
            QProcess pdfText; // the PDF's text is compressed: pdftotext reads it back
            pdfText.start(QStandardPaths::findExecutable(u"pdftotext"_s), { u"-enc"_s, u"UTF-8"_s, path, u"-"_s });
            QVERIFY(pdfText.waitForFinished(Timeout));
            const QString text = QString::fromUtf8(pdfText.readAllStandardOutput());
            QVERIFY2(text.contains(u"cli-marker"_s), qPrintable(text.left(500)));
            QVERIFY(!text.contains(m_key));
        } else {
            QFile file(path);
            QVERIFY(file.open(QIODevice::ReadOnly));
            const QByteArray bytes = file.readAll();
            QVERIFY2(bytes.contains((u"Audit the CLI "_s + marker).toUtf8())
                    && bytes.contains((u"Pipeline story "_s + marker).toUtf8()),
                qPrintable(path));
        }
    }
    hits = filesHolding(exports.path(), m_key);
    QVERIFY2(hits.isEmpty(), qPrintable(hits.join(u", ")));

    // Not in the CLI's database or settings either.
    QVERIFY(Test::folderContains(data.path(), marker.toUtf8()));
    hits = filesHolding(data.path(), m_key);
    QVERIFY2(hits.isEmpty(), qPrintable(hits.join(u", ")));
}

void TestSecretsAudit::ownOutputHoldsNoKey()
{
    if (m_child)
        QSKIP("the child run does not start another");
    // This executable once more, running the audit of the window's path with Qt Test's most verbose output (-v2
    // prints every check), every debug line of every category on, and its log printed to standard error.
    QProcess child;
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    const QString key = newKey();
    environment.insert(QString::fromLatin1(kChildKeyVariable), key);
    environment.insert(u"QT_LOGGING_RULES"_s, u"*.debug=true"_s);
    child.setProcessEnvironment(environment);
    child.start(QCoreApplication::applicationFilePath(),
        { u"-v2"_s, u"-maxwarnings"_s, u"0"_s, u"keyGoesOnlyToTheProvider"_s });
    QVERIFY(child.waitForStarted());
    QVERIFY(child.waitForFinished(4 * Timeout));
    const QString out = QString::fromUtf8(child.readAllStandardOutput());
    const QString err = QString::fromUtf8(child.readAllStandardError());
    QVERIFY2(child.exitStatus() == QProcess::NormalExit && child.exitCode() == 0, qPrintable(out.right(3000)));
    QVERIFY2(out.contains(u"PASS   : TestSecretsAudit::keyGoesOnlyToTheProvider(chat)"_s), qPrintable(out.right(3000)));
    QVERIFY2(out.contains(u"QVERIFY"_s), "-v2 printed no check: the search would prove little");
    QVERIFY2(err.contains(u"tandem.llm: "_s), "the child printed no log line: the search would prove nothing");
    const QStringList hits = leaksIn(out + u'\n' + err, key);
    QVERIFY2(hits.isEmpty(), qPrintable(hits.join(u'\n')));
}

QTEST_MAIN(TestSecretsAudit)
#include "tst_secretsaudit.moc"
