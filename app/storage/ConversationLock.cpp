#include "ConversationLock.h"

#include <QFile>

#include <sys/file.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <unistd.h>

namespace Tandem {

namespace {
int openLockFile(const QString &path, int flags)
{
    const QByteArray name = QFile::encodeName(path);
    int fd = -1;
    do
        fd = ::open(name.constData(), flags | O_CLOEXEC, 0600);
    while (fd < 0 && errno == EINTR);
    return fd;
}
} // namespace

ConversationLock::~ConversationLock()
{
    if (m_fd >= 0)
        ::close(m_fd); // releases the flock
}

std::unique_ptr<ConversationLock> ConversationLock::tryLock(const QString &path)
{
    const int fd = openLockFile(path, O_RDWR | O_CREAT);
    if (fd < 0)
        return nullptr;
    if (::flock(fd, LOCK_EX | LOCK_NB) != 0) {
        ::close(fd);
        return nullptr;
    }
    // Held: say who holds it. A reader that finds the lock taken and the file not yet written waits a moment.
    // The id is written only if the file does not hold it already (this process takes a conversation's lock for every
    // run), and over the old one, cut to its length afterwards: never cut to zero first, since ext4 writes a file cut
    // to zero and written again out to the disk when it is closed (auto_da_alloc), a disk write per run.
    char pid[32];
    const int length = std::snprintf(pid, sizeof pid, "%lld\n", static_cast<long long>(::getpid()));
    char held[sizeof pid + 1] = {};
    if (::pread(fd, held, sizeof held, 0) != length || std::memcmp(held, pid, size_t(length)) != 0) {
        if (::pwrite(fd, pid, size_t(length), 0) != length || ::ftruncate(fd, length) != 0) {
            ::close(fd);
            return nullptr;
        }
    }
    auto lock = std::make_unique<ConversationLock>();
    lock->m_fd = fd;
    return lock;
}

qint64 ConversationLock::holder(const QString &path)
{
    const int fd = openLockFile(path, O_RDONLY);
    if (fd < 0)
        return 0; // never locked
    qint64 pid = 0;
    if (::flock(fd, LOCK_SH | LOCK_NB) == 0) {
        ::flock(fd, LOCK_UN);
    } else {
        // Taken: the holder writes its id right after taking it; until then it is named by a placeholder, 1.
        for (int attempt = 0; attempt < 20 && pid <= 0; ++attempt) {
            char text[32] = {};
            const ssize_t read = ::pread(fd, text, sizeof text - 1, 0);
            pid = read > 0 ? QByteArray(text, read).trimmed().toLongLong() : 0;
            if (pid <= 0)
                ::usleep(1000);
        }
        if (pid <= 0)
            pid = 1;
    }
    ::close(fd);
    return pid;
}

} // namespace Tandem
