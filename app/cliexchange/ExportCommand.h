#pragma once

#include "cli/Command.h"

#include <QCoreApplication>

class QCommandLineParser;

namespace Tandem {

class Database;

/// @brief `tandem export --conversation ID|--all --format md|json|html|pdf|txt -o PATH`: writes conversations to a
/// file, or with `--all` (or several ids) and a folder as PATH, one file per conversation into it.
class ExportCommand final : public Command
{
    Q_DECLARE_TR_FUNCTIONS(ExportCommand)

public:
    QString name() const override;
    QString synopsis() const override;
    QString description() const override;
    CommandPage page() const override;
    int execute(const QCommandLineParser &parser, AppContext &context) override;

    /// @brief Runs the command; returns a CliCommands::ExitCode.
    static int run(const QCommandLineParser &parser, Database &database);
    /// @brief The usage line, for errors and --help.
    static QString usage();
};

} // namespace Tandem
