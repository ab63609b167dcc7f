#include "MainWindow.h"
#include "Theme.h"
#include "agents/ToolRegistry.h"
#include "chat/LocalChatRepository.h"
#include "chat/LocalSettingsService.h"
#include "cli/AppSetup.h"
#include "cli/CliCommands.h"
#include "domain/Logging.h"
#include "llm/NetworkAccess.h"
#include "presentation/SettingsViewModel.h"
#include "storage/DataLocation.h"
#include "storage/Database.h"
#include "storage/SecretStore.h"
#include "storage/UnitOfWork.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QMessageBox>
#include <QTimer>

using namespace Qt::StringLiterals;

namespace {

void addOptions(QCommandLineParser &parser)
{
    parser.setApplicationDescription(Tandem::AppSetup::description() + u"\n\n"_s
        + QCoreApplication::translate("main", "Headless commands: tandem run|conversations|show --help") + u"\n"_s
        + Tandem::CliCommands::exitCodesHelp());
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addOption({ u"data-dir"_s,
        QCoreApplication::translate("main", "Keep the database in <folder> instead of the default (also: %1).")
            .arg(QString::fromLatin1(Tandem::DataLocation::kEnvironmentVariable)),
        QCoreApplication::translate("main", "folder") });
}

} // namespace

int main(int argc, char *argv[])
{
    if (Tandem::AppSetup::isHeadless(argc, argv)) {
        QCoreApplication app(argc, argv);
        Tandem::AppSetup::configure(app);
        if (Tandem::CliCommands::isCommandLine(argc, argv))
            return Tandem::CliCommands::exec(app);
        QCommandLineParser parser;
        addOptions(parser);
        parser.process(app); // prints --version or --help and exits
        return 0;
    }

    QApplication app(argc, argv);
    Tandem::AppSetup::configure(app);
    QApplication::setApplicationDisplayName(u"Tandem"_s);
    QApplication::setDesktopFileName(u"tandem"_s);
    QApplication::setWindowIcon(QIcon(u":/icons/tandem.svg"_s));
    QCommandLineParser parser;
    addOptions(parser);
    parser.process(app);

    Tandem::Database database;
    if (!database.open(Tandem::DataLocation::databasePath(parser.value(u"data-dir"_s)))) {
        QMessageBox::critical(
            nullptr, QCoreApplication::translate("main", "Tandem cannot start"), database.errorString());
        return 1;
    }

    // The one network manager, the keychain, the tools and the stores: everything the window gets is made here.
    QNetworkAccessManager *network = Tandem::NetworkAccess::createManager(&app);
    Tandem::SecretStore secrets;
    const Tandem::ToolRegistry tools = Tandem::ToolRegistry::withBuiltins();
    Tandem::LocalSettingsService settingsService(&database.work(), &secrets, network);
    Tandem::LocalChatRepository repository(database.work(), network, &secrets, &tools);
    repository.followSettings(&settingsService); // engine choices and changed keys reach the engine at once
    Tandem::SettingsViewModel settings(&settingsService);
    Tandem::Theme::apply(settings.theme());
    QObject::connect(&settings, &Tandem::SettingsViewModel::themeChanged, &app, &Tandem::Theme::apply);

    Tandem::MainWindow window(&repository, &settings);
    window.show();
    QTimer::singleShot(0, &window, &Tandem::MainWindow::runFirstRunIfNeeded);
    return app.exec();
}
