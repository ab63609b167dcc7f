#include "ProcessClaims.h"

#include "ConversationLock.h"
#include "domain/Logging.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QLockFile>
#include <QThread>
#include <QUuid>

using namespace Qt::StringLiterals;

namespace Tandem {

namespace {
bool makePrivateDir(const QString &path)
{
    if (!QDir().mkpath(path))
        return false;
    return QFile::setPermissions(path, QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner);
}

constexpr unsigned long kUnwrittenLockMs = 100;

std::unique_ptr<QLockFile> lockAt(const QString &path)
{
    auto lock = std::make_unique<QLockFile>(path);
    lock->setStaleLockTime(0); // stale only when its process is gone, however long it lived
    if (lock->tryLock(0))
        return lock;
    // A process killed between creating the lock file and writing its id into it leaves it empty: QLockFile, which
    // tells a stale lock by that id, would keep it for ever (the crash loop found one). A live process writes its id
    // right after creating the file, so one still unreadable a moment later is nobody's.
    qint64 pid = 0;
    QString host;
    QString application;
    if (lock->getLockInfo(&pid, &host, &application) || !QFileInfo::exists(path))
        return nullptr;
    QThread::msleep(kUnwrittenLockMs);
    if (!lock->getLockInfo(&pid, &host, &application) && QFileInfo::exists(path)) {
        qCWarning(lcDb) << "removing the unwritten lock file" << path;
        lock->removeStaleLockFile();
        if (lock->tryLock(0))
            return lock;
    }
    return nullptr;
}
} // namespace

ProcessClaims::ProcessClaims(const QString &databasePath)
{
    if (databasePath.isEmpty() || databasePath == u":memory:")
        return;
    m_ownersDir = databasePath + u".owners"_s;
    m_locksDir = databasePath + u".locks"_s;
    if (!makePrivateDir(m_ownersDir) || !makePrivateDir(m_locksDir)) {
        qCWarning(lcDb) << "cannot create the lock folders beside" << databasePath;
        m_ownersDir.clear();
        m_locksDir.clear();
        return;
    }
    const QString token = QUuid::createUuid().toString(QUuid::WithoutBraces);
    m_ownerLock = lockAt(QDir(m_ownersDir).filePath(token + u".lock"_s));
    if (m_ownerLock)
        m_owner = token;
    // Locks of owners that are gone (and their files) are swept as they are found dead by isAlive().
}

ProcessClaims::~ProcessClaims()
{
    if (m_ownerLock) {
        m_ownerLock->unlock();
        QFile::remove(QDir(m_ownersDir).filePath(m_owner + u".lock"_s));
    }
}

bool ProcessClaims::isAlive(const QString &owner) const
{
    if (owner.isEmpty() || m_ownersDir.isEmpty())
        return false;
    if (owner == m_owner)
        return true;
    // Taking another owner's lock succeeds only when its process is gone.
    std::unique_ptr<QLockFile> lock = lockAt(QDir(m_ownersDir).filePath(owner + u".lock"_s));
    if (!lock)
        return true;
    lock->unlock(); // the lock file goes with it
    return false;
}

std::unique_ptr<ConversationLock> ProcessClaims::lockConversation(qint64 conversationId) const
{
    if (m_locksDir.isEmpty())
        return std::make_unique<ConversationLock>(); // nothing to claim: an unlocked placeholder
    return ConversationLock::tryLock(QDir(m_locksDir).filePath(u"conversation-%1.lock"_s.arg(conversationId)));
}

qint64 ProcessClaims::conversationHolder(qint64 conversationId) const
{
    if (m_locksDir.isEmpty())
        return 0;
    return ConversationLock::holder(QDir(m_locksDir).filePath(u"conversation-%1.lock"_s.arg(conversationId)));
}

} // namespace Tandem
