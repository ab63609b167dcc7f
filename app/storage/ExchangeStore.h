#pragma once

#include "ConversationArchive.h"
#include "domain/Agent.h"

#include <QHash>
#include <QList>
#include <QString>
#include <QStringList>

#include <memory>
#include <optional>

namespace Tandem {

class UnitOfWork;

/// @brief Export's and import's way to the database: reads a conversation's rows (ArchiveReader; its messages page by
/// page, so an export never holds them all), and writes an import in one transaction with new ids, overwriting nothing
/// (ArchiveWriter).
///
/// Its header names no QtSql type, so exchange/ can use it without including QtSql. Use it on the thread that owns the
/// connection.
class ExchangeStore final
{
public:
    /// @brief @p work: the stores of an open connection of this thread (Database::work()); borrowed.
    explicit ExchangeStore(UnitOfWork &work);
    ~ExchangeStore();
    Q_DISABLE_COPY_MOVE(ExchangeStore)

    /// @brief Why the last call failed, empty after a success.
    QString lastError() const { return m_error; }

    /// @brief Every conversation's id, oldest first.
    QList<qint64> conversationIds();
    /// @brief The conversation with its runs, handoffs, approvals, variables, threads, routing decisions, pending
    /// confirmation, model calls and tasks, without its messages; nothing if there is no such conversation.
    std::optional<ConversationArchive> readArchive(qint64 conversationId);
    /// @brief The messages of @p conversationId's current branch, or with @p wholeTree of all its branches.
    qint64 messageCount(qint64 conversationId, bool wholeTree = false);
    /// @brief Up to @p limit messages of @p conversationId with ids above @p afterId, oldest first: those of the
    /// current branch, or with @p wholeTree of every branch (a parent always before its children).
    /// @p parents (if set) receives each row's parent (message id -> parent id; a first row is missing).
    QList<Message> messagesAfter(qint64 conversationId, qint64 afterId, int limit, bool wholeTree = false,
        QHash<qint64, qint64> *parents = nullptr);
    /// @brief The stored definitions of the agents @p conversationId names anywhere (messages, runs, handoffs,
    /// approvals, threads, routing decisions, model calls, the pending confirmation) that exist here, by id.
    QList<Agent> agentsOf(qint64 conversationId);

    /// @brief Writes @p archives as new conversations (new ids for conversations, messages, handoffs, runs,
    /// approvals, routing decisions, model calls and tasks, references remapped; an archive's pending confirmation
    /// is not written) and adds those of @p agents whose id does not exist here yet, all in one
    /// transaction: on failure nothing is written and lastError() says why. Ids in @p archives must be consistent
    /// (ImportValidation checks). Provider ids unknown here are dropped (the conversation uses the default).
    /// @p newIds receives the new conversations' ids in order, @p agentsAdded how many agents were added.
    bool importArchives(const QList<ConversationArchive> &archives, const QList<Agent> &agents, QList<qint64> *newIds,
        int *agentsAdded = nullptr);

    /// @brief True if @p name is a stored run status ("running", "completed", …).
    static bool isRunStatus(QStringView name);
    /// @brief True if @p name is a stored approval decision ("allow_once", "allow_always", "deny").
    static bool isApprovalDecision(QStringView name);

private:
    struct Private;
    bool fail(const QString &message);

    std::unique_ptr<Private> d;
    QString m_error;
};

} // namespace Tandem
