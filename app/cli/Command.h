#pragma once

#include "cli/CommandPage.h"

#include <QString>

class QCommandLineParser;

namespace Tandem {

class AppContext;
class LocalChatRepository;

/// @brief One headless command (`tandem run`, `tandem conversations`, …), found by its name in a CommandRegistry.
/// Its line in `tandem help` comes from synopsis() and description(), its own help page from page().
class Command
{
public:
    virtual ~Command() = default;

    /// @brief The word that names it on the command line.
    virtual QString name() const = 0;
    /// @brief The left column of its line in `tandem help`: the name and a required argument (`show ID`).
    virtual QString synopsis() const { return name(); }
    /// @brief The right column of its line in `tandem help`.
    virtual QString description() const = 0;
    /// @brief Its own help page (`tandem COMMAND --help`), laid out by CommandHelp::text().
    virtual CommandPage page() const = 0;
    /// @brief True if execute() needs the database open (and its pages checked) first.
    virtual bool opensDatabase() const { return true; }
    /// @brief Runs the command with the process's objects of @p context; returns a CliCommands::ExitCode.
    virtual int execute(const QCommandLineParser &parser, AppContext &context) = 0;

protected:
    /// @brief The repository of the commands that read and act on stored conversations: no keys from the keychain
    /// (they send nothing to a provider); with --verbose, the agent files that could not be read are reported.
    static LocalChatRepository &storedRepository(const QCommandLineParser &parser, AppContext &context);
};

} // namespace Tandem
