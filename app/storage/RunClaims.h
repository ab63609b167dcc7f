#pragma once

#include <QString>

#include <memory>

namespace Tandem {

class ConversationLock;

/// @brief What a process claims on the shared data so that several processes work on it safely: an owner token
/// for the runs it starts (alive as long as the process is), and one lock per conversation while a turn of it runs.
/// ProcessClaims holds them as flock()ed files beside the SQLite file today.
class RunClaims
{
public:
    virtual ~RunClaims() = default;

    /// @brief This process's owner token, written on the runs it starts; empty when nothing can be claimed.
    virtual QString owner() const = 0;
    /// @brief True while the process that wrote @p owner is alive (this process included). An empty token (a run of
    /// an older version) has no living owner.
    virtual bool isAlive(const QString &owner) const = 0;
    /// @brief Takes the lock of @p conversationId for a turn; null if another turn of it holds it (here or in
    /// another process). Released when destroyed.
    virtual std::unique_ptr<ConversationLock> lockConversation(qint64 conversationId) const = 0;
    /// @brief The process id that holds the lock of @p conversationId, 0 if it is free.
    virtual qint64 conversationHolder(qint64 conversationId) const = 0;

protected:
    RunClaims() = default;
    Q_DISABLE_COPY_MOVE(RunClaims)
};

} // namespace Tandem
