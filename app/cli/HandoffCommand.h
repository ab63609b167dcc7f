#pragma once

#include "cli/Command.h"

namespace Tandem {

/// @brief `tandem handoff create|accept|reject|timeout|cleanup`: acts on the handoff board (HandoffCommands::act).
class HandoffCommand final : public Command
{
public:
    QString name() const override;
    QString description() const override;
    CommandPage page() const override;
    int execute(const QCommandLineParser &parser, AppContext &context) override;
};

} // namespace Tandem
