#pragma once

#include <QString>

#include <memory>

class QLockFile;

namespace Tandem {
class ConversationLock;
}

namespace Tandem {

/// @brief What one Tandem process claims in a database's folder, so that several processes (the window, headless
/// commands) share one database safely: an owner token for the runs it starts, and one lock per conversation while
/// a turn of it runs.
///
/// Both are lock files beside the database (`<file>.owners/<token>.lock`, `<file>.locks/conversation-<id>.lock`, see
/// ConversationLock); a lock whose process is gone is free again, however long that process lived. An in-memory
/// database claims nothing.
class ProcessClaims final
{
public:
    explicit ProcessClaims(const QString &databasePath);
    ~ProcessClaims();
    Q_DISABLE_COPY_MOVE(ProcessClaims)

    /// @brief This process's owner token, written on the runs it starts; empty when nothing can be claimed.
    QString owner() const { return m_owner; }
    /// @brief True while the process that wrote @p owner is alive (this process included). An empty token (a run of
    /// an older version) has no living owner.
    bool isAlive(const QString &owner) const;

    /// @brief Takes the lock of @p conversationId for a turn; null if another turn of it holds it (here or in
    /// another process). Released when destroyed.
    std::unique_ptr<ConversationLock> lockConversation(qint64 conversationId) const;
    /// @brief The process id that holds the lock of @p conversationId, 0 if it is free.
    qint64 conversationHolder(qint64 conversationId) const;

private:
    QString m_ownersDir;
    QString m_locksDir;
    QString m_owner;
    std::unique_ptr<QLockFile> m_ownerLock;
};

} // namespace Tandem
