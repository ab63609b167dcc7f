#pragma once

#include "cli/Command.h"

namespace Tandem {

/// @brief `tandem handoffs`: a conversation's handoff board, or the stale handoffs of all (HandoffCommands::list).
class HandoffsCommand final : public Command
{
public:
    QString name() const override;
    QString description() const override;
    CommandPage page() const override;
    int execute(const QCommandLineParser &parser, AppContext &context) override;
};

} // namespace Tandem
