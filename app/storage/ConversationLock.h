#pragma once

#include <QString>
#include <QtGlobal>

#include <memory>

namespace Tandem {

/// @brief The lock of one conversation while a turn of it runs (ProcessClaims::lockConversation): an advisory
/// flock() on `<file>.locks/conversation-<id>.lock`, held as long as this object lives, released by the kernel when
/// the process ends however it ends. The file keeps the holder's process id for the others to name; it is never
/// removed (removing a locked file would let two processes lock two different files of one name).
///
/// Taking it costs an open, a flock and a short write, no fsync: a lock outlives no crash, so nothing of it has to
/// reach the disk (QLockFile, used before, wrote and synced a file and removed it again on every turn).
class ConversationLock final
{
public:
    /// @brief An unlocked placeholder (a database that claims nothing, such as an in-memory one).
    ConversationLock() = default;
    ~ConversationLock();
    Q_DISABLE_COPY_MOVE(ConversationLock)

    /// @brief Takes the lock of the file @p path without waiting; null if another holder has it, here or elsewhere.
    static std::unique_ptr<ConversationLock> tryLock(const QString &path);
    /// @brief The process id holding the lock of @p path, 0 if it is free (or has no file yet).
    static qint64 holder(const QString &path);

private:
    int m_fd = -1;
};

} // namespace Tandem
