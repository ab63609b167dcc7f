#pragma once

#include "cli/Command.h"

#include <QCoreApplication>

class QCommandLineParser;

namespace Tandem {

class ChatRepository;

/// @brief `tandem metrics [--conversation ID] [--json]`: how each agent performs (per agent and in
/// total: turns, handoffs given and received, rejections, tokens in and out, latency mean and p95, routing decisions
/// with their confidence), for one conversation or for all.
class MetricsCommand final : public Command
{
    Q_DECLARE_TR_FUNCTIONS(MetricsCommand)

public:
    QString name() const override;
    QString description() const override;
    CommandPage page() const override;
    int execute(const QCommandLineParser &parser, AppContext &context) override;
    /// @brief Runs the command; returns a CliCommands::ExitCode.
    static int run(const QCommandLineParser &parser, ChatRepository &repository);
};

} // namespace Tandem
