#pragma once

#include <QByteArray>
#include <QProcessEnvironment>
#include <QString>
#include <QStringList>

namespace Tandem::Test {

/// @brief A program run to its end while this thread's event loop keeps turning, so that a fake server living in
/// the test process answers it.
class ChildProcess final
{
public:
    struct Result
    {
        bool finished = false; ///< false: it could not start, crashed or timed out
        int exitCode = -1;
        QByteArray out;
        QByteArray err;

        bool succeeded() const { return finished && exitCode == 0; }
        QString text() const { return QString::fromUtf8(out); }
        /// @brief The command's outcome and its standard error, for a failure message.
        QString describe() const;
    };

    /// @brief Runs @p program with @p arguments in @p environment (the system's when empty); gives up after
    /// @p timeoutMs.
    static Result run(const QString &program, const QStringList &arguments, const QProcessEnvironment &environment = {},
        int timeoutMs = 120000);
};

} // namespace Tandem::Test
