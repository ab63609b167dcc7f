#pragma once

#include "cli/Command.h"

#include <QStringList>

#include <memory>
#include <vector>

namespace Tandem {

/// @brief The headless commands by name, in the order `tandem help` lists them (keepassxc-cli's model): the
/// dispatcher (CliCommands) finds a command here, and the list of `tandem help` is made from it.
class CommandRegistry
{
public:
    /// @brief The commands of tandem-cli: all of them, export and import handed over to the full `tandem` (their
    /// layout needs QtGui, which tandem-cli does not load).
    static CommandRegistry headless();

    /// @brief Adds @p command at the end, or in the place of the command of the same name (the full `tandem` puts
    /// its own export and import in the place of the handed-over ones).
    void add(std::unique_ptr<Command> command);
    /// @brief The command named @p name; null if there is none.
    Command *find(QStringView name) const;
    /// @brief The commands' names, in order.
    QStringList names() const;
    /// @brief One line a command, its synopsis and description in two columns, as `tandem help` shows them.
    QString listText() const;
    /// @brief A line of listText() for a command kept outside the registry (`help`).
    static QString line(const QString &synopsis, const QString &description);

private:
    std::vector<std::unique_ptr<Command>> m_commands;
};

} // namespace Tandem
