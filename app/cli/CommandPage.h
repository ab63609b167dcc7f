#pragma once

#include <QString>
#include <QStringList>

namespace Tandem {

/// @brief A command's own help page (`tandem COMMAND --help`, `tandem help COMMAND`), laid out by CommandHelp.
struct CommandPage
{
    QString usage; ///< after "Usage: "; more than one line for commands with several forms
    QString summary;
    QStringList options; ///< the options' first names, in the order shown (their texts: CliCommands::options())
    QStringList examples; ///< command lines, shown as they are
};

} // namespace Tandem
