#pragma once

#include "cli/Command.h"

namespace Tandem {

/// @brief `tandem conversations`: the stored conversations, one a line (id, mode, last activity, title).
class ConversationsCommand final : public Command
{
public:
    QString name() const override;
    QString description() const override;
    CommandPage page() const override;
    int execute(const QCommandLineParser &parser, AppContext &context) override;
};

} // namespace Tandem
