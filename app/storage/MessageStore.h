#pragma once

#include "StoreBase.h"
#include "domain/Message.h"

#include <QList>

#include <optional>

namespace Tandem {

/// @brief The rows of conversations: appended in order, streamed replies updated in place, paged by id.
class MessageStore : public StoreBase
{
public:
    using StoreBase::StoreBase;

    /// @brief Inserts @p message, setting its id and missing timestamps; false on failure.
    bool append(Message &message);
    /// @brief Rewrites the text, status, error and usage of a row (a streamed reply as it grows or ends).
    bool update(const Message &message);
    std::optional<Message> get(qint64 id);
    /// @brief The latest tool-call row of @p conversationId with call id @p callId (ids may repeat across turns).
    std::optional<Message> toolCall(qint64 conversationId, const QString &callId);
    /// @brief Up to @p limit rows of a conversation with ids below @p beforeId (0: from the newest), oldest first.
    QList<Message> page(qint64 conversationId, qint64 beforeId = 0, int limit = 200);
    qint64 count(qint64 conversationId);
    /// @brief Marks every row still streaming as interrupted (the process ended under it); returns how many.
    int markStreamingInterrupted(const QString &reason);
};

} // namespace Tandem
