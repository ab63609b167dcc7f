#include "IntegrityCheckThread.h"

#include "Database.h"

namespace Tandem {

IntegrityCheckThread::IntegrityCheckThread(const QString &filePath, QObject *parent)
    : QThread(parent)
    , m_filePath(filePath)
{ }

IntegrityCheckThread::~IntegrityCheckThread()
{
    wait();
}

void IntegrityCheckThread::run()
{
    m_problem = Database::damageIn(m_filePath);
}

} // namespace Tandem
