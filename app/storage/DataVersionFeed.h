#pragma once

#include "ChangeFeed.h"

#include <QtGlobal>

namespace Tandem {

class SqlConnection;

/// @brief The ChangeFeed of one SQLite connection: its `PRAGMA data_version` (SqlDialect::changeCounter), which
/// changes whenever another connection commits to the file.
class DataVersionFeed final : public ChangeFeed
{
public:
    explicit DataVersionFeed(SqlConnection &connection);

    bool changedElsewhere() override;

private:
    SqlConnection &m_connection;
    qint64 m_version;
};

} // namespace Tandem
