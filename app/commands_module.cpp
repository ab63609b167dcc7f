// tandem-commands.so: the headless commands, loaded by tandem-cli (main_cli.cpp) for every command but --version.
#include "cli/AppSetup.h"
#include "cli/CliCommands.h"
#include "cli/CommandRegistry.h"
#include "cli/TerminalStream.h"

#include <QCoreApplication>

extern "C" __attribute__((visibility("default"))) int tandem_commands_main(int argc, char **argv)
{
    Tandem::TerminalStream::installMessageHandler();
    QCoreApplication app(argc, argv);
    Tandem::AppSetup::configure(app);
    return Tandem::CliCommands::exec(app, Tandem::CommandRegistry::headless());
}
