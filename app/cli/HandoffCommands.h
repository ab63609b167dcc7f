#pragma once

#include <QCoreApplication>

class QCommandLineParser;

namespace Tandem {

class ChatRepository;

/// @brief The handoff board from the command line (the local API's actions as commands), for the person and for outside
/// agents: `tandem handoffs --story STORY [--json]` prints a story's board (`--conversation ID` names it by the
/// conversation's id), `tandem handoffs --stale MINUTES [--json]` the stale handoffs of every conversation, and `tandem
/// handoff create|accept|reject|timeout|cleanup` acts on it. JSON takes the local API's shapes (BoardJson; story_id is
/// the story id the conversation was created for, or else its id).
class HandoffCommands
{
    Q_DECLARE_TR_FUNCTIONS(HandoffCommands)

public:
    /// @brief `tandem handoffs …`; returns a CliCommands::ExitCode.
    static int list(const QCommandLineParser &parser, ChatRepository &repository);
    /// @brief `tandem handoff <action> …`; returns a CliCommands::ExitCode.
    static int act(const QCommandLineParser &parser, ChatRepository &repository);
};

} // namespace Tandem
