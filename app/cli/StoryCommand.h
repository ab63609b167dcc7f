#pragma once

#include "cli/Command.h"

#include <QCoreApplication>

namespace Tandem {

class ChatRepository;

/// @brief `tandem story start|stop --story STORY`: starts or stops a pipeline's story as `POST /api/run` does
/// (BoardApi::startStory, stopStory), and prints what changed.
class StoryCommand final : public Command
{
    Q_DECLARE_TR_FUNCTIONS(StoryCommand)

public:
    QString name() const override;
    QString description() const override;
    CommandPage page() const override;
    int execute(const QCommandLineParser &parser, AppContext &context) override;
    /// @brief `tandem story …` on @p repository; returns a CliCommands::ExitCode.
    static int run(const QCommandLineParser &parser, ChatRepository &repository);
};

} // namespace Tandem
