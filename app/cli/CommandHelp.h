#pragma once

#include "cli/CommandPage.h"

#include <QCommandLineOption>
#include <QCoreApplication>
#include <QList>
#include <QString>

namespace Tandem {

/// @brief Each headless command's own help (`tandem run --help`, `tandem help run`): its usage, what it does, the
/// options it reads (with the same texts as the full list of `tandem help`) and examples.
class CommandHelp
{
    Q_DECLARE_TR_FUNCTIONS(CommandHelp)

public:
    /// @brief The help of a command from its @p page, its options taken from @p options (every option of the command
    /// line).
    static QString text(const CommandPage &page, const QList<QCommandLineOption> &options);
    /// @brief The page of `tandem help` itself (answered by CliCommands, not a Command of the registry).
    static CommandPage helpPage();
    /// @brief The options of a turn (`run` and `chat`), the guardrails' included, in the order shown.
    static QStringList turnOptions();
    /// @brief The base URL the examples use.
    static QString exampleUrl();
    /// @brief @p options laid out as QCommandLineParser lays out its "Options:" block, wrapped at @p width columns.
    static QString optionLines(const QList<QCommandLineOption> &options, int width = 80);
};

} // namespace Tandem
