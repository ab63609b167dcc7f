#include "FirstPaintReport.h"
#include "MainWindow.h"
#include "SingleInstance.h"
#include "Theme.h"
#include "api/LocalApi.h"
#include "chat/LocalChatRepository.h"
#include "chat/LocalSettingsService.h"
#include "chat/TeamBoard.h"
#include "chat/TeamBoardSetup.h"
#include "cli/AppSetup.h"
#include "cli/CliCommands.h"
#include "cli/CommandRegistry.h"
#include "cli/Handover.h"
#include "cli/TerminalStream.h"
#include "cli/UnixSignals.h"
#include "cliexchange/ExportCommand.h"
#include "cliexchange/ImportCommand.h"
#include "composition/AppContext.h"
#include "composition/TeamBoardChoice.h"
#include "domain/Logging.h"
#include "exchange/LocalExchange.h"
#include "presentation/ExchangeViewModel.h"
#include "presentation/McpServersViewModel.h"
#include "presentation/SettingsViewModel.h"
#include "presentation/TeamBoardSettingsViewModel.h"
#include "presentation/TeamBoardViewModel.h"
#include "storage/DataLocation.h"
#include "storage/Database.h"
#include "storage/IntegrityCheckThread.h"
#include "storage/SecretStore.h"
#include "storage/UnitOfWork.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QGuiApplication>
#include <QMessageBox>
#include <QTimer>

#include <csignal>

using namespace Qt::StringLiterals;

namespace {

void addOptions(QCommandLineParser &parser)
{
    parser.setApplicationDescription(Tandem::AppSetup::description() + u"\n\n"_s
        + QCoreApplication::translate("main",
            "Headless commands: tandem "
            "run|chat|conversations|show|export|import|handoffs|handoff|serve|agents|metrics|eval-routing|eval-agents "
            "--help "
            "(each command's own help; tandem help: every command and option)")
        + u"\n"_s + Tandem::CliCommands::exitCodesHelp());
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addOption({ u"data-dir"_s,
        QCoreApplication::translate("main", "Keep the database in <folder> instead of the default (also: %1).")
            .arg(QString::fromLatin1(Tandem::DataLocation::kEnvironmentVariable)),
        QCoreApplication::translate("main", "folder") });
}

/// A storage error the person must act on: its text (paths, commands to copy) can be selected.
void showStorageError(QWidget *parent, const QString &title, const QString &text)
{
    QMessageBox box(QMessageBox::Critical, title, text, QMessageBox::Ok, parent);
    box.setTextFormat(Qt::PlainText);
    box.setTextInteractionFlags(Qt::TextSelectableByMouse | Qt::TextSelectableByKeyboard);
    box.exec();
}

/// The headless commands of the full binary: tandem-cli's, with export and import done here (their layout needs QtGui).
Tandem::CommandRegistry fullCommands()
{
    Tandem::CommandRegistry commands = Tandem::CommandRegistry::headless();
    commands.add(std::make_unique<Tandem::ExportCommand>());
    commands.add(std::make_unique<Tandem::ImportCommand>());
    return commands;
}

} // namespace

int main(int argc, char *argv[])
{
    // Past a file size limit a write fails (SQLite reports it, nothing is half-written) instead of killing Tandem.
    std::signal(SIGXFSZ, SIG_IGN);
    // Log lines reach the terminal through the same filter as everything else the CLI prints.
    Tandem::TerminalStream::installMessageHandler();
    if (Tandem::AppSetup::isHeadless(argc, argv)) {
        const QString command = Tandem::CliCommands::commandOf(argc, argv);
        // A headless command runs in tandem-cli, which loads neither QtGui nor QtWidgets; export and import stay
        // here. If tandem-cli is missing, this binary runs the command itself.
        if (!command.isEmpty() && command != u"export" && command != u"import")
            Tandem::Handover::exec(Tandem::Handover::kHeadlessProgram, argv);
        // Exports lay out text (HTML, PDF), which needs fonts and so a QGuiApplication; offscreen, no display.
        if (command == u"export") {
            if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
                qputenv("QT_QPA_PLATFORM", "offscreen");
            QGuiApplication app(argc, argv);
            Tandem::AppSetup::configure(app);
            return Tandem::CliCommands::exec(app, fullCommands());
        }
        QCoreApplication app(argc, argv);
        Tandem::AppSetup::configure(app);
        if (Tandem::CliCommands::isCommandLine(argc, argv))
            return Tandem::CliCommands::exec(app, fullCommands());
        QCommandLineParser parser;
        addOptions(parser);
        parser.process(app); // prints --version or --help and exits
        return 0;
    }

    if (!Tandem::AppSetup::hasDisplay(argc, argv)) {
        QCoreApplication app(argc, argv);
        Tandem::AppSetup::configure(app);
        Tandem::TerminalStream::err() << Tandem::AppSetup::noDisplayMessage() << '\n';
        return Tandem::CliCommands::UsageError;
    }
    QApplication app(argc, argv);
    Tandem::AppSetup::configure(app);
    Tandem::AppSetup::protectSettingsFile(); // the window writes settings; only their owner may read them
    QApplication::setApplicationDisplayName(u"Tandem"_s);
    QApplication::setDesktopFileName(u"invalid.tandem.Tandem"_s);
    QApplication::setWindowIcon(QIcon(u":/icons/tandem.svg"_s));
    QCommandLineParser parser;
    addOptions(parser);
    parser.process(app);

    // One window per profile: a second start brings the first window to the front and ends.
    Tandem::AppContext context(parser.value(u"data-dir"_s));
    Tandem::SingleInstance instance(context.databasePath());
    if (instance.askRunningToShow()) {
        Tandem::TerminalStream::err() << QCoreApplication::translate(
            "main", "Tandem is already open on this profile; its window was brought to the front.")
                                      << '\n';
        return 0;
    }

    // The window checks a large file's pages beside the open window (below), not before it.
    if (!context.open(Tandem::AppContext::IntegrityCheck::Deferred)) {
        showStorageError(
            nullptr, QCoreApplication::translate("main", "Tandem cannot start"), context.database().errorString());
        return 1;
    }
    Tandem::Database &database = context.database();

    // The one network manager, the keychain, the tools, the settings and the engine: the process's, from its context.
    Tandem::SecretStore &secrets = context.secrets();
    Tandem::LocalSettingsService &settingsService = context.settings();
    Tandem::LocalChatRepository &repository = context.makeRepository(context.engineConfig(), &secrets);
    context.startMcpServers(context.engineConfig(), false); // the agents' MCP servers; their tools join as they come
    repository.followSettings(&settingsService); // engine choices and changed keys reach the engine at once
    repository.watchForChangesElsewhere(1500); // headless turns and runs of ended processes show up while open
    repository.sweepStaleHandoffsEvery(60'000); // stale handoffs time out while the window is open, not only at a run
    Tandem::SettingsViewModel settings(&settingsService);
    Tandem::Theme::apply(settings.theme());
    QObject::connect(&settings, &Tandem::SettingsViewModel::themeChanged, &app, &Tandem::Theme::apply);

    // SIGTERM, SIGINT or SIGHUP (a logout, `kill`) quit like the window's close: runs stop and keep what they wrote,
    // the database closes (its WAL checkpointed) and its locks are released.
    Tandem::UnixSignals termination({ SIGINT, SIGTERM, SIGHUP });
    QObject::connect(&termination, &Tandem::UnixSignals::received, &app, &QCoreApplication::quit);

    Tandem::LocalExchange exchangeApi(database.work());
    Tandem::ExchangeViewModel exchange(&exchangeApi);

    // The local API (the handoff board over HTTP on 127.0.0.1), off until the person turns it on in the settings.
    Tandem::LocalApi localApi(repository, secrets, context.dataFolder());
    if (Tandem::LocalApi::enabledInSettings())
        localApi.start(Tandem::LocalApi::portInSettings());

    // Settings → Tools → MCP servers: the servers in the catalog (mcp.json), the header values in the keychain.
    Tandem::McpServersViewModel::Secrets mcpSecrets;
    mcpSecrets.read = [&secrets](const QString &key, std::function<void(QString)> done) {
        secrets.read(key, [done](const Tandem::SecretStore::Result &r) { done(r.ok() ? r.secret : QString()); });
    };
    mcpSecrets.store = [&secrets](const QString &key, const QString &value, std::function<void(bool, QString)> done) {
        secrets.write(key, value, [done](const Tandem::SecretStore::Result &r) { done(r.ok(), r.errorString); });
    };
    Tandem::McpServersViewModel mcpServers(&context.mcpServers(), mcpSecrets);

    // The team's board (Settings → Team board): followed off the GUI thread, and again whenever the setting changes.
    Tandem::TeamBoard teamBoard;
    Tandem::TeamBoardSetup teamBoardSetup(&secrets);
    QObject::connect(&teamBoardSetup, &Tandem::TeamBoardSetup::boardChanged, &teamBoard,
        [&](const QString &url) { teamBoard.connectTo(url, &secrets); });
    teamBoard.connectTo(Tandem::TeamBoardChoice::url(), &secrets);
    Tandem::TeamBoardSettingsViewModel teamBoardSettings(&teamBoardSetup);
    Tandem::TeamBoardViewModel teamBoardView(&teamBoard);

    Tandem::MainWindow window(&repository, &settings);
    window.setExchange(&exchange);
    window.setLocalApi(&localApi);
    window.setMcpServers(&mcpServers);
    window.setTeamBoard(&teamBoardView, &teamBoardSettings);
    Tandem::FirstPaintReport::watch(&window); // bench_startup's measure; nothing unless its variable is set
    window.show();
    instance.listen(&window);
    QTimer::singleShot(0, &window, &Tandem::MainWindow::runFirstRunIfNeeded);
    // A large file's pages are checked beside the open window; a damaged file is reported, and Tandem stops using it.
    Tandem::IntegrityCheckThread integrity(database.filePath());
    if (database.isCheckPending()) {
        QObject::connect(&integrity, &QThread::finished, &window, [&] {
            if (integrity.problem().isEmpty())
                return;
            showStorageError(&window, QCoreApplication::translate("main", "Tandem cannot go on"), integrity.problem());
            QCoreApplication::quit();
        });
        integrity.start(QThread::LowPriority);
    }
    return app.exec();
}
