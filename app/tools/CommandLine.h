#pragma once

#include <QCoreApplication>
#include <QJsonObject>
#include <QString>
#include <QStringList>

namespace Tandem {

class Workspace;

/// @brief A command a tool is asked to run (run_command, the git tools), checked before anything runs.
///
/// The model's arguments are hostile until proven otherwise: an empty argv, NUL bytes, an argv or stdin over the
/// limits, a working folder outside the workspace, and arguments that name a path outside it (through `..`, an
/// absolute path or a symbolic link) are refused with one clear sentence. The sandbox (Bubblewrap) holds even if a
/// check is missed; the checks make the refusal readable and keep anything from starting.
class CommandLine
{
    Q_DECLARE_TR_FUNCTIONS(CommandLine)

public:
    /// The most argv may hold in all (bytes of UTF-8), and the most stdin may hold.
    static constexpr qsizetype kMaxArgvBytes = 128 * 1024;
    static constexpr qsizetype kMaxStdinBytes = 1024 * 1024;

    QStringList argv;
    QByteArray stdinBytes;
    QString workingFolder; ///< absolute, inside the workspace
    QString relativeFolder; ///< as the person sees it, "." for the root

    /// @brief Checks @p argv, @p stdinText and @p folder (relative to the workspace, empty = its root). An empty
    /// string if they may run, with this filled in; otherwise why not.
    QString check(const Workspace &workspace, const QStringList &argv, const QString &stdinText, const QString &folder);

    /// @brief argv as one line for people (the approval, the logs), quoted where a word needs it.
    static QString display(const QStringList &argv);
    /// @brief The strings of a JSON array, or why it is not an array of strings.
    static QString strings(const QJsonValue &value, QStringList *out);

private:
    QString checkWord(const Workspace &workspace, const QString &word) const;
};

} // namespace Tandem
