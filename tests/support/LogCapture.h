#pragma once

#include <QString>
#include <QStringList>

namespace Tandem::Test {

/// @brief While it lives, enables every level of the `tandem.*` logging categories (QT_LOGGING_RULES of ctest
/// included) and keeps every message of the process, so a test can prove what is never logged (an API key).
///
/// Warnings and worse still reach Qt Test (printed, and matched by QTest::ignoreMessage()); debug and info messages
/// are only kept. One at a time; thread-safe.
class LogCapture final
{
public:
    LogCapture();
    ~LogCapture();
    Q_DISABLE_COPY_MOVE(LogCapture)

    /// @brief Every message so far, as "<category>: <message>".
    static QStringList lines();
    /// @brief How many messages so far.
    static qsizetype size();
};

} // namespace Tandem::Test
