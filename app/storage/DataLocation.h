#pragma once

#include <QString>

namespace Tandem {

/// @brief Where Tandem keeps its database: `--data-dir`, else $TANDEM_DATA_DIR, else the platform's app data folder.
class DataLocation
{
public:
    static constexpr const char *kEnvironmentVariable = "TANDEM_DATA_DIR";

    /// @brief The data folder; @p commandLineOverride wins when not empty.
    static QString folder(const QString &commandLineOverride = {});
    /// @brief The database file inside folder().
    static QString databasePath(const QString &commandLineOverride = {});
};

} // namespace Tandem
