#include "DataVersionFeed.h"

#include "SqlConnection.h"

namespace Tandem {

DataVersionFeed::DataVersionFeed(SqlConnection &connection)
    : m_connection(connection)
    , m_version(connection.dataVersion())
{ }

bool DataVersionFeed::changedElsewhere()
{
    const qint64 version = m_connection.dataVersion();
    const bool changed = version != m_version;
    m_version = version;
    return changed;
}

} // namespace Tandem
