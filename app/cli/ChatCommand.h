#pragma once

#include <QCoreApplication>

class QCommandLineParser;

namespace Tandem {

class Database;
class ToolCatalog;
class TurnRunner;

/// @brief `tandem chat` (the options of `tandem run`): one conversation driven from standard input, one message a
/// line, each answered in turn. On a terminal it is interactive: a prompt, the reply streamed, Ctrl+C stops the reply
/// and the prompt comes back (Ctrl+C at the prompt or Ctrl+D ends the chat). Piped, it is a batch: the lines are sent
/// one after the other, and the first turn that does not succeed ends it with its exit code.
class ChatCommand
{
    Q_DECLARE_TR_FUNCTIONS(ChatCommand)

public:
    /// @brief Runs the command; returns a CliCommands::ExitCode.
    static int run(const QCommandLineParser &parser, Database &database, const ToolCatalog &tools);

private:
    static int converse(TurnRunner &turn, qint64 conversationId, bool interactive);
};

} // namespace Tandem
