#pragma once

#include <QtGlobal>

#include <functional>

class QCommandLineParser;

namespace Tandem {

class Database;
class TurnRunner;

/// @brief `tandem run --mode single|dual|pipeline --provider P [--conversation ID] [--var NAME=value]... "message"`:
/// one turn, streamed to the terminal and stored exactly as the window would store it. The variables are set on the
/// conversation before the turn, for the agents' prompts ($NAME).
class RunCommand
{
public:
    /// @brief The turns of a session once its conversation is ready (`chat`); returns a CliCommands::ExitCode.
    using Turns = std::function<int(TurnRunner &turn, qint64 conversationId)>;

    /// @brief Runs the command; returns a CliCommands::ExitCode. With @p turns (`tandem chat`, same options), no
    /// message is taken from the command line: @p turns sends them once the provider and conversation are set.
    static int run(const QCommandLineParser &parser, Database &database, const Turns &turns = {});
};

} // namespace Tandem
