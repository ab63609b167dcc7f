#pragma once

#include "ConversationArchive.h"

#include <QCoreApplication>
#include <QString>

namespace Tandem {

class UnitOfWork;

/// @brief Copies a conversation's history up to one of its messages into a new conversation (issue #30, "fork"):
/// the messages of that message's branch from the first one to it, the runs and handoffs they belong to, the agents'
/// threads and the conversation's variables. Approvals, routing decisions, model calls, the tasks and a pending
/// confirmation stay with the original: they are what happened there, not history to carry on from.
class ConversationFork final
{
    Q_DECLARE_TR_FUNCTIONS(ConversationFork)

public:
    /// @brief @p work: the stores of an open connection of this thread; borrowed.
    explicit ConversationFork(UnitOfWork &work);

    /// @brief The new conversation's id, titled "<title> (fork)"; 0 if @p messageId is no message of
    /// @p conversationId or the store failed: lastError() says why.
    qint64 fork(qint64 conversationId, qint64 messageId);
    QString lastError() const { return m_error; }

    /// @brief The title of a fork of a conversation titled @p title.
    static QString forkTitle(const QString &title);

private:
    /// The rows from the conversation's first message down to @p messageId, in order; empty if it is not there.
    QList<Message> pathTo(qint64 conversationId, qint64 messageId);
    qint64 fail(const QString &message);

    UnitOfWork &m_work;
    QString m_error;
};

} // namespace Tandem
