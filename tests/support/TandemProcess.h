#pragma once

#include <QString>
#include <QStringList>

namespace Tandem::Test {

/// @brief Runs the real `tandem` executable on a test's data folder, without a display and with its settings in that
/// folder, while this thread's event loop keeps turning so that a fake server of the test process answers it.
class TandemProcess final
{
public:
    struct Outcome
    {
        int exitCode = -1; ///< -1: it did not end in time; -2: it crashed
        QString out;
        QString err;
    };

    /// @brief @p executable with `--data-dir @p dataFolder`, XDG_CONFIG_HOME its `config` subfolder; each run may
    /// take @p timeoutMs.
    TandemProcess(const QString &executable, const QString &dataFolder, int timeoutMs);

    /// @brief Runs `tandem --data-dir FOLDER @p arguments` with its standard input closed, to its end.
    Outcome run(const QStringList &arguments) const;

private:
    QString m_executable;
    QString m_dataFolder;
    int m_timeoutMs;
};

} // namespace Tandem::Test
