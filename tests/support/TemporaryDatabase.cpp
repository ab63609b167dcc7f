#include "TemporaryDatabase.h"

#include <QDir>

namespace Tandem::Test {

TemporaryDatabase::TemporaryDatabase()
{
    m_ready = m_dir.isValid() && m_database.open(filePath());
}

QString TemporaryDatabase::filePath() const
{
    return QDir(m_dir.path()).filePath(Database::kFileName.toString());
}

bool TemporaryDatabase::reopen()
{
    m_database.close();
    m_ready = m_database.open(filePath());
    return m_ready;
}

} // namespace Tandem::Test
