#pragma once

#include <QCommandLineOption>
#include <QCoreApplication>
#include <QList>
#include <QStringList>

class QCommandLineParser;

namespace Tandem {

class Database;

/// @brief The headless commands (`tandem run`, `tandem conversations`, `tandem show`): the same ChatRepository and
/// database as the window, no display needed.
class CliCommands
{
    Q_DECLARE_TR_FUNCTIONS(CliCommands)

public:
    /// @brief Exit codes of the headless commands (documented in `tandem --help`).
    enum ExitCode {
        Success = 0,
        StorageError = 1, ///< the database (or the keychain) could not be opened, read or written
        UsageError = 2, ///< wrong arguments, unknown provider or conversation, a provider or agent missing
        ProviderError = 3, ///< the model provider failed (network, HTTP error, bad key, …)
        GuardrailStop = 4, ///< a guardrail stopped the run (turns, tokens, timeout, ping-pong)
        ApprovalPending = 5, ///< a critical tool waits for the person's approval (no terminal, no --allow-tool)
        Cancelled = 6, ///< the run was cancelled
        BelowAccuracy = 7, ///< eval-routing: the routing accuracy is below --min-accuracy
        Busy = 8, ///< the conversation was answering in another Tandem process for longer than --wait
    };

    /// @brief True if @p name is one of the commands.
    static bool isCommand(QStringView name);
    /// @brief True if the first argument that is not an option (or an option's value) names a command.
    static bool isCommandLine(int argc, const char *const *argv);
    /// @brief The first argument that is not an option (or an option's value); empty if there is none.
    static QString commandOf(int argc, const char *const *argv);
    /// @brief Runs the command of @p app's arguments; returns the process exit code.
    static int exec(QCoreApplication &app);
    /// @brief The exit codes, for --help.
    static QString exitCodesHelp();
    /// @brief Every option of the headless commands, with its help text (`tandem help` lists them all, each
    /// command's help those it reads).
    static QList<QCommandLineOption> options();

    /// @brief A command kept outside this module: export and import need the exchange module (QtGui).
    using ExternalCommand = int (*)(const QCommandLineParser &parser, Database &database);
    /// @brief Gives exec() the export and import commands (the full `tandem` does). Without them (`tandem-cli`),
    /// exec() hands those two commands over to `tandem` beside it.
    static void setExchangeCommands(ExternalCommand exportCommand, ExternalCommand importCommand);
};

} // namespace Tandem
