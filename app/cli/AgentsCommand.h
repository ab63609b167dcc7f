#pragma once

#include "cli/Command.h"

#include <QCoreApplication>

class QCommandLineParser;

namespace Tandem {

class LocalChatRepository;

/// @brief `tandem agents export-prompts DIR [--conversation ID] [--port N]`: writes a prompt for each of the
/// pipeline's agents (the person's overrides included) into DIR, for an agent outside Tandem to read: how it uses
/// the board through the local API (OutsideAgentPrompt), with DASHBOARD_URL, STORY_ID and BRANCH filled in.
///
/// STORY_ID and BRANCH come from --conversation (its id or its story id; `story-<id>`, or the conversation's own
/// variables), the
/// dashboard's address from --port or the window's local API port; what is not known stays a `$NAME` for the outside
/// agent's own execution prompt to give.
class AgentsCommand final : public Command
{
    Q_DECLARE_TR_FUNCTIONS(AgentsCommand)

public:
    QString name() const override;
    QString description() const override;
    CommandPage page() const override;
    int execute(const QCommandLineParser &parser, AppContext &context) override;
    /// @brief `tandem agents …`; returns a CliCommands::ExitCode.
    static int run(const QCommandLineParser &parser, LocalChatRepository &repository);
};

} // namespace Tandem
