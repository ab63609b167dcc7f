#pragma once

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
    /// @brief The help of @p command, its options taken from @p options (every option of the command line); empty
    /// for a word that is not a command.
    static QString text(const QString &command, const QList<QCommandLineOption> &options);
    /// @brief @p options laid out as QCommandLineParser lays out its "Options:" block, wrapped at @p width columns.
    static QString optionLines(const QList<QCommandLineOption> &options, int width = 80);
};

} // namespace Tandem
