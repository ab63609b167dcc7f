#pragma once

#include "cli/Command.h"

namespace Tandem {

/// @brief `tandem export` and `tandem import` in tandem-cli: their exporters lay out text with QtGui, which tandem-cli
/// neither links nor loads, so the command is handed over to the full `tandem` beside it (which registers its own).
class HandedOverCommand final : public Command
{
public:
    enum Which { Export, Import };

    explicit HandedOverCommand(Which which);

    QString name() const override;
    QString synopsis() const override;
    QString description() const override;
    CommandPage page() const override;
    bool opensDatabase() const override { return false; }
    int execute(const QCommandLineParser &parser, AppContext &context) override;

    /// @brief The line of `tandem help` for @p which, shared with the full binary's own export and import.
    static QString descriptionOf(Which which);
    /// @brief The help page of @p which, shared with the full binary's own export and import.
    static CommandPage pageOf(Which which);

private:
    Which m_which;
};

} // namespace Tandem
