#pragma once

#include <QCommandLineOption>
#include <QCoreApplication>
#include <QList>
#include <QStringList>

class QCommandLineParser;

namespace Tandem {

class CommandRegistry;

/// @brief The headless commands' dispatcher (`tandem run`, `tandem conversations`, `tandem show`, …): parses the
/// command line, answers --help and --version, finds the command in a CommandRegistry and runs it with the process's
/// AppContext, the same database and engine wiring as the window; no display needed.
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
        BelowAccuracy = 7, ///< eval-routing: the routing accuracy is below --min-accuracy; eval-agents: --min-pass
        Busy = 8, ///< the conversation was answering in another Tandem process for longer than --wait
    };

    /// @brief True if the first argument that is not an option (or an option's value) names a command.
    static bool isCommandLine(int argc, const char *const *argv);
    /// @brief The first argument that is not an option (or an option's value); empty if there is none.
    static QString commandOf(int argc, const char *const *argv);
    /// @brief Runs the command of @p app's arguments, found in @p commands; returns the process exit code.
    static int exec(QCoreApplication &app, const CommandRegistry &commands);
    /// @brief The exit codes, for --help.
    static QString exitCodesHelp();
    /// @brief Every option of the headless commands, with its help text (`tandem help` lists them all, each
    /// command's help those it reads).
    static QList<QCommandLineOption> options();
};

} // namespace Tandem
