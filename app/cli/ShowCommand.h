#pragma once

#include "cli/Command.h"

namespace Tandem {

/// @brief `tandem show ID`: one conversation with its dividers, tool calls and errors.
class ShowCommand final : public Command
{
public:
    QString name() const override;
    QString synopsis() const override;
    QString description() const override;
    CommandPage page() const override;
    int execute(const QCommandLineParser &parser, AppContext &context) override;
};

} // namespace Tandem
