#pragma once

#include <QCoreApplication>

class QCommandLineParser;

namespace Tandem {

class Database;

/// @brief `tandem import FILE`: adds the conversations of a Tandem JSON export as new conversations (new ids,
/// nothing overwritten), or refuses the file and changes nothing.
class ImportCommand
{
    Q_DECLARE_TR_FUNCTIONS(ImportCommand)

public:
    /// @brief Runs the command; returns a CliCommands::ExitCode.
    static int run(const QCommandLineParser &parser, Database &database);
};

} // namespace Tandem
