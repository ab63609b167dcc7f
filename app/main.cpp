#include "MainWindow.h"
#include "cli/AppSetup.h"
#include "cli/CliCommands.h"
#include "domain/Logging.h"
#include "storage/DataLocation.h"
#include "storage/Database.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QMessageBox>

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

    Tandem::MainWindow window;
    window.show();
    return app.exec();
}
