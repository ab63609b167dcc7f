#pragma once

#include "RunClaims.h"

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
class ProcessClaims final : public RunClaims
{
public:
    explicit ProcessClaims(const QString &databasePath);
    ~ProcessClaims() override;
    Q_DISABLE_COPY_MOVE(ProcessClaims)

    QString owner() const override { return m_owner; }
    bool isAlive(const QString &owner) const override;
    std::unique_ptr<ConversationLock> lockConversation(qint64 conversationId) const override;
    qint64 conversationHolder(qint64 conversationId) const override;

private:
    QString m_ownersDir;
    QString m_locksDir;
    QString m_owner;
    std::unique_ptr<QLockFile> m_ownerLock;
};

} // namespace Tandem
