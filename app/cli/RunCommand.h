#pragma once

#include "cli/Command.h"
#include "domain/ProviderProfile.h"

#include <QString>
#include <QtGlobal>

#include <functional>
#include <optional>

class QCommandLineParser;

namespace Tandem {

class Database;
class TurnRunner;

/// @brief `tandem run --mode single|dual|pipeline|router --provider P [--conversation ID] [--agent ID]
/// [--var NAME=value]... "message"`: one turn, streamed to the terminal and stored exactly as the window would store
/// it. The variables are set on the conversation before the turn, for the agents' prompts ($NAME); `--agent` makes
/// that agent answer without router mode's orchestrator. `--conversation ID` without `--provider` continues with the
/// conversation's stored provider; a conversation run with a base URL keeps none.
class RunCommand final : public Command
{
public:
    /// @brief What `--provider` named: a stored profile, a base URL (a profile for this command only, never stored:
    /// EngineConfig::unstoredProvider), or a sentence saying why neither.
    struct ResolvedProvider
    {
        std::optional<ProviderProfile> profile;
        bool isUrl = false;
        int exitCode = 0;
        QString problem;
    };

    /// @brief The turns of a session once its conversation is ready (`chat`); returns a CliCommands::ExitCode.
    using Turns = std::function<int(TurnRunner &turn, qint64 conversationId)>;

    QString name() const override;
    QString description() const override;
    CommandPage page() const override;
    int execute(const QCommandLineParser &parser, AppContext &context) override;

    /// @brief Runs the command; returns a CliCommands::ExitCode. With @p turns (`tandem chat`, same options), no
    /// message is taken from the command line: @p turns sends them once the provider and conversation are set. The
    /// engine is @p context's, with the process's tool catalog.
    static int run(const QCommandLineParser &parser, AppContext &context, const Turns &turns = {});
    /// @brief The provider of `--provider` (and `--protocol`, `--model` for a base URL).
    static ResolvedProvider resolveProvider(Database &database, const QCommandLineParser &parser);
};

} // namespace Tandem
