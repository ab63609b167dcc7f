#pragma once

#include "StoreBase.h"
#include "domain/Message.h"

#include <QList>

class QSqlQuery;

#include <optional>

namespace Tandem {

/// @brief The rows of conversations: appended in order, streamed replies updated in place, paged by id. Every read of
/// a conversation reads its current branch only (the `on_branch` rows, storage/BranchStore); a row is read by id
/// or by run wherever it is.
class MessageStore : public StoreBase
{
public:
    using StoreBase::StoreBase;

    /// @brief Inserts @p message, setting its id and missing timestamps; false on failure.
    StoreResult append(Message &message);
    /// @brief Rewrites the text, status, error and usage of a row (a streamed reply as it grows or ends).
    StoreResult update(const Message &message);
    std::optional<Message> get(qint64 id);
    /// @brief The latest tool-call row of @p conversationId with call id @p callId (ids may repeat across turns).
    std::optional<Message> toolCall(qint64 conversationId, const QString &callId);
    /// @brief Up to @p limit rows of a conversation with ids below @p beforeId (0: from the newest), oldest first.
    QList<Message> page(qint64 conversationId, qint64 beforeId = 0, int limit = 200);
    /// @brief Up to @p limit rows of a conversation with ids above @p afterId, oldest first.
    QList<Message> pageAfter(qint64 conversationId, qint64 afterId, int limit = 200);
    qint64 count(qint64 conversationId);
    /// @brief Links the reply @p messageId to the handoff its `HANDOFF_AGENT2` signal started.
    StoreResult linkHandoff(qint64 messageId, qint64 handoffId);
    /// @brief The rows @p agentId's own thread is made of, after @p historyFrom, oldest first: its replies and tool
    /// rows, the person's messages of the runs that started with it or that router mode routed to it, and the
    /// dividers of handoffs from or to it.
    QList<Message> threadRows(qint64 conversationId, const QString &agentId, qint64 historyFrom);
    /// @brief The tool calls of @p agentId in run @p runId that have no result row yet, in order.
    QList<Message> unansweredToolCalls(qint64 conversationId, const QString &agentId, qint64 runId);
    /// @brief The text rows worth retelling (not errored, not empty), oldest first: the last @p last of them, or all
    /// when @p last is 0.
    QList<Message> transcript(qint64 conversationId, int last);
    /// @brief The person's latest message in @p conversationId.
    std::optional<Message> lastUserMessage(qint64 conversationId);
    /// @brief The runs that wrote rows after message @p messageId.
    QList<qint64> runsAfter(qint64 conversationId, qint64 messageId);
    /// @brief The rows of run @p runId still streaming, oldest first.
    QList<Message> streamingOfRun(qint64 runId);
    /// @brief The rows still streaming that belong to no running run (left by a process of an older version).
    QList<Message> orphanStreaming();
    /// @brief The last row of run @p runId, if it wrote any.
    std::optional<Message> lastOfRun(qint64 runId);
    /// @brief Every row of run @p runId, oldest first.
    QList<Message> ofRun(qint64 runId);

    /// @brief The columns messageFrom() reads, in its order, for a SELECT of the messages table.
    static QString columns();
    /// @brief The message of the current row of @p query, selected with columns().
    static Message messageFrom(const QSqlQuery &query);

private:
    QList<Message> readAll(Statement &query);
};

} // namespace Tandem
