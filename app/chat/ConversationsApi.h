#pragma once

#include "domain/Agent.h"
#include "domain/Conversation.h"
#include "domain/Message.h"
#include "domain/SearchPage.h"
#include "domain/SiblingPosition.h"

#include <QHash>
#include <QList>
#include <QString>

#include <optional>

namespace Tandem {

/// @brief The conversations, their messages, their agents and their prompt variables: what the sidebar, the chat view
/// and the panels read and the person edits. Its changes are announced by ChatEvents.
class ConversationsApi
{
public:
    virtual ~ConversationsApi() = default;

    /// @brief Pinned first, then by last activity.
    virtual QList<Conversation> conversations() = 0;
    /// @brief The rows @p offset to @p offset + @p limit - 1 of conversations(): what the sidebar reads a page at a
    /// time.
    virtual QList<Conversation> conversationPage(int offset, int limit) = 0;
    /// @brief Conversations whose title or messages contain @p text.
    virtual QList<Conversation> searchConversations(const QString &text) = 0;
    /// @brief Page @p offset / @p limit of the conversations whose title or messages hold the words of @p text (the
    /// last one also as a prefix), the most recent match first, with the matches marked (SearchStore::search).
    virtual SearchPage search(const QString &text, int offset = 0, int limit = 50) = 0;
    virtual std::optional<Conversation> conversation(qint64 id) = 0;
    /// @brief The conversation of the story @p storyId: the one created for that story id (such as `v0.1:1.1.1`), or
    /// else the conversation whose id @p storyId spells (a positive whole number); nullopt when neither exists.
    virtual std::optional<Conversation> conversationForStory(const QString &storyId) = 0;
    /// @brief Creates an empty conversation in @p mode with the default provider; returns its id (0 on failure).
    virtual qint64 createConversation(Conversation::Mode mode = Conversation::Mode::Single) = 0;
    /// @brief Creates an empty conversation in @p mode for the story @p storyId (unique: 0 if another conversation
    /// has it already); returns its id (0 on failure).
    virtual qint64 createStoryConversation(Conversation::Mode mode, const QString &storyId) = 0;
    /// @brief Copies @p conversationId's history up to @p messageId (that message's branch, its agents and variables)
    /// into a new conversation titled "<title> (fork)"; returns its id (0 on failure).
    virtual qint64 forkConversation(qint64 conversationId, qint64 messageId) = 0;
    virtual bool renameConversation(qint64 id, const QString &title) = 0;
    virtual bool setPinned(qint64 id, bool pinned) = 0;
    /// @brief Deletes a conversation with its messages and handoffs; cancels its run first.
    virtual bool deleteConversation(qint64 id) = 0;
    /// @brief Switches the conversation's mode (dual-agent mode on: Dual; off: Single).
    virtual bool setMode(qint64 id, Conversation::Mode mode) = 0;
    virtual bool setProvider(qint64 id, const QString &providerId, const QString &model) = 0;

    /// @brief Up to @p limit rows with ids below @p beforeId (0: the newest), oldest first.
    virtual QList<Message> messages(qint64 conversationId, qint64 beforeId = 0, int limit = 200) = 0;
    /// @brief Up to @p limit rows with ids above @p afterId, oldest first.
    virtual QList<Message> messagesAfter(qint64 conversationId, qint64 afterId, int limit = 200) = 0;
    virtual qint64 messageCount(qint64 conversationId) = 0;
    /// @brief The messages sharing @p messageId's parent (its other versions, itself included), oldest first.
    virtual QList<qint64> siblings(qint64 messageId) = 0;
    /// @brief The place among its siblings of each message of the current branch with ids from @p fromId to @p toId
    /// that has siblings (a message missing from the result is alone): the "‹ 2/3 ›" switcher of a page of the chat.
    virtual QHash<qint64, SiblingPosition> siblingPositions(qint64 conversationId, qint64 fromId, qint64 toId) = 0;

    /// @brief The agents taking part in @p conversationId (by its mode), the active one first.
    virtual QList<Agent> agents(qint64 conversationId) = 0;
    /// @brief Every agent of @p conversationId's mode: its first agent, then the agents reachable from it through
    /// declared handoffs, in that order (the pipeline panel's row), wherever the work is now; in router mode, the
    /// orchestrator and then every enabled agent of the mode (the specialists it routes to).
    virtual QList<Agent> modeAgents(qint64 conversationId) = 0;
    /// @brief The agent the next user message goes to.
    virtual QString activeAgent(qint64 conversationId) = 0;
    /// @brief The model @p agentId answers with in @p conversationId, its provider's default resolved; empty when
    /// unknown.
    virtual QString effectiveModel(qint64 conversationId, const QString &agentId) = 0;

    /// @brief The prompt variables of @p conversationId (UPPER_CASE names only), name → value (seed 002: the values
    /// of the agents' $NAME prompt variables).
    virtual QHash<QString, QString> variables(qint64 conversationId) = 0;
    /// @brief Sets the prompt variable @p name (UPPER_CASE, see PromptVariables::isName) of @p conversationId; false
    /// for another name, an unknown conversation or a failed write.
    virtual bool setVariable(qint64 conversationId, const QString &name, const QString &value) = 0;
    /// @brief Removes the prompt variable @p name of @p conversationId (a missing one is no error); false for a
    /// failed write.
    virtual bool removeVariable(qint64 conversationId, const QString &name) = 0;
};

} // namespace Tandem
