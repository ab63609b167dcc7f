// tandem-cli: the headless commands without QtGui or QtWidgets (neither linked nor loaded), so a scripted turn costs
// a few milliseconds and megabytes. `tandem <command>` hands over to it; it hands export and import (their layout
// needs QtGui) back to `tandem`.
#include "cli/AppSetup.h"
#include "cli/CliCommands.h"
#include "cli/TerminalStream.h"

#include <QCoreApplication>

int main(int argc, char *argv[])
{
    Tandem::TerminalStream::installMessageHandler();
    QCoreApplication app(argc, argv);
    Tandem::AppSetup::configure(app);
    return Tandem::CliCommands::exec(app);
}
