#pragma once

#include "cli/Command.h"

#include <QCoreApplication>

class QCommandLineParser;

namespace Tandem {

class LocalChatRepository;

/// @brief `tandem agents export-prompts DIR [--conversation ID] [--port N]`: writes the pipeline's agent files
/// (agents/*.md, the person's overrides included) into DIR, with DASHBOARD_URL, STORY_ID and BRANCH
/// filled in, for an outside agent to read.
///
/// STORY_ID and BRANCH come from --conversation (its id, `story-<id>`, or the conversation's own variables), the
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
