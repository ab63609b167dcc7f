#pragma once

#include "StoreBase.h"
#include "domain/Conversation.h"

#include <QList>

#include <optional>

namespace Tandem {

/// @brief Conversations: create, read, rename, pin, change mode, delete (messages and handoffs go with them).
class ConversationStore : public StoreBase
{
public:
    using StoreBase::StoreBase;

    /// @brief Inserts @p conversation, setting its id and missing timestamps; false on failure.
    StoreResult create(Conversation &conversation);
    std::optional<Conversation> get(qint64 id);
    /// @brief The conversation of the story @p storyId: the one created for that story id (such as `v0.1:1.1.1`), or
    /// else the one whose id @p storyId spells (a positive whole number); nullopt when neither exists.
    std::optional<Conversation> forStory(const QString &storyId);
    /// @brief Pinned first, then by last activity, newest first.
    QList<Conversation> list();
    /// @brief The rows @p offset to @p offset + @p limit - 1 of list(), in its order.
    QList<Conversation> listPage(int offset, int limit);
    /// @brief Conversations whose title or any message contains @p text (case-insensitive for ASCII).
    QList<Conversation> search(const QString &text);
    StoreResult rename(qint64 id, const QString &title);
    StoreResult setPinned(qint64 id, bool pinned);
    StoreResult setMode(qint64 id, Conversation::Mode mode);
    StoreResult setProvider(qint64 id, const QString &providerId, const QString &model);
    /// @brief Marks activity at @p when, which moves it up the sidebar.
    StoreResult touch(qint64 id, const QDateTime &when);
    StoreResult remove(qint64 id);

private:
    QList<Conversation> readAll(Statement &query);
};

} // namespace Tandem
