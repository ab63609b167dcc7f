#pragma once

#include "cli/Command.h"

#include <QCoreApplication>

class QCommandLineParser;

namespace Tandem {

class Database;

/// @brief `tandem import FILE`: adds the conversations of a Tandem JSON export as new conversations (new ids,
/// nothing overwritten), or refuses the file and changes nothing.
class ImportCommand final : public Command
{
    Q_DECLARE_TR_FUNCTIONS(ImportCommand)

public:
    QString name() const override;
    QString synopsis() const override;
    QString description() const override;
    CommandPage page() const override;
    int execute(const QCommandLineParser &parser, AppContext &context) override;

    /// @brief Runs the command; returns a CliCommands::ExitCode.
    static int run(const QCommandLineParser &parser, Database &database);
};

} // namespace Tandem
