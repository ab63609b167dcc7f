#pragma once

class QCommandLineParser;

namespace Tandem {

class Database;

/// @brief `tandem run --mode single|dual|pipeline --provider P [--conversation ID] [--var NAME=value]... "message"`:
/// one turn, streamed to the terminal and stored exactly as the window would store it. The variables are set on the
/// conversation before the turn, for the agents' prompts ($NAME).
class RunCommand
{
public:
    /// @brief Runs the command; returns a CliCommands::ExitCode.
    static int run(const QCommandLineParser &parser, Database &database);
};

} // namespace Tandem
