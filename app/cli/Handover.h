#pragma once

#include <QStringList>

namespace Tandem {

/// @brief Hands the process over to a sibling executable (`tandem` <-> `tandem-cli`, installed side by side): the
/// same arguments, environment and standard streams, by execv(), so no second process stays behind.
class Handover
{
public:
    /// @brief The name of the headless executable beside `tandem`.
    static constexpr const char *kHeadlessProgram = "tandem-cli";
    /// @brief The name of the full executable beside `tandem-cli`.
    static constexpr const char *kFullProgram = "tandem";

    /// @brief The path of @p program in the folder of this process's executable; empty if it is not there.
    static QByteArray sibling(const char *program);
    /// @brief Replaces this process with @p program from beside it, given @p argv (argv[0] included, null-ended).
    /// Returns only if that failed (no such file): the caller then does the work itself.
    static void exec(const char *program, char *const *argv);
    /// @brief The same with the arguments as QCoreApplication::arguments() gives them.
    static void exec(const char *program, const QStringList &arguments);
};

} // namespace Tandem
