// tandem-cli: the headless commands without QtGui or QtWidgets (neither linked nor loaded), so a scripted turn costs
// a few milliseconds and megabytes. `tandem <command>` hands over to it; it hands export and import (their layout
// needs QtGui) back to `tandem`.
#include "cli/AppSetup.h"
#include "cli/CliCommands.h"
#include "cli/TerminalStream.h"

#include <QCoreApplication>

#include <cstdio>
#include <cstring>

int main(int argc, char *argv[])
{
    // `tandem-cli --version` alone: the answer needs no application object, settings or translations.
    if (argc == 2 && (std::strcmp(argv[1], "--version") == 0 || std::strcmp(argv[1], "-v") == 0)) {
        std::fputs("tandem " TANDEM_VERSION "\n", stdout);
        return std::fflush(stdout) == 0 ? 0 : 1;
    }
    Tandem::TerminalStream::installMessageHandler();
    QCoreApplication app(argc, argv);
    Tandem::AppSetup::configure(app);
    return Tandem::CliCommands::exec(app);
}
