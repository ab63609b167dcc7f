#pragma once

#include "StoreBase.h"
#include "domain/Message.h"
#include "domain/SiblingPosition.h"

#include <QHash>
#include <QList>

namespace Tandem {

/// @brief One row of a conversation's tree, for `tandem show --tree`: its place, who wrote it and how it begins.
struct TreeRow
{
    qint64 id = 0;
    qint64 parentId = 0;
    Message::Role role = Message::Role::User;
    Message::Kind kind = Message::Kind::Text;
    QString agentId;
    QString start; ///< the first characters of its content
    bool onBranch = false;
};

/// @brief The tree a conversation's messages form (BranchSchema): siblings, the current branch and its leaf, and
/// moving that leaf. Every other read of "the conversation" (MessageStore's pages, threads, transcripts) reads the
/// current branch only, through the `on_branch` flag this store keeps.
class BranchStore : public StoreBase
{
public:
    using StoreBase::StoreBase;

    /// @brief The last row of @p conversationId's current branch, 0 when the branch is empty.
    qint64 currentLeaf(qint64 conversationId);
    /// @brief The previous row of @p messageId's branch (its parent), 0 for a conversation's first rows.
    qint64 parentOf(qint64 messageId);
    /// @brief Whether row @p messageId is on its conversation's current branch.
    bool isOnBranch(qint64 messageId);
    /// @brief The rows that share @p messageId's parent (itself included), oldest first; empty if it is unknown.
    QList<qint64> siblings(qint64 messageId);
    /// @brief @p messageId's place among its siblings.
    SiblingPosition position(qint64 messageId);
    /// @brief The places of the current branch's rows with ids from @p fromId to @p toId (a page of the chat), only
    /// those with siblings: a row missing from the result is alone.
    QHash<qint64, SiblingPosition> positions(qint64 conversationId, qint64 fromId, qint64 toId);
    /// @brief The most recent row of the subtree under @p messageId (itself when it has no children): the leaf a
    /// switch to it shows. Ids only grow down a branch, so the newest row of a subtree is always a leaf.
    qint64 deepestLeaf(qint64 messageId);
    /// @brief Makes the path from the conversation's first row to @p leafId its current branch (0: an empty branch,
    /// for an edit of its first message). Writes only the rows that change (those of the branch left below the fork,
    /// and those of the new one); run it in a transaction. Lost if @p leafId is no row of @p conversationId.
    StoreResult moveLeaf(qint64 conversationId, qint64 leafId);
    /// @brief The person's last text message on the current branch before row @p beforeId (0: the last of all);
    /// 0 if none.
    qint64 personBefore(qint64 conversationId, qint64 beforeId);
    /// @brief The rows without children, oldest first: one per branch.
    QList<qint64> leaves(qint64 conversationId);
    /// @brief The agents of @p conversationId whose server-side thread (Conversations object) holds rows that are not
    /// on the current branch: their newest own row left it. Their thread must be built again from the branch.
    QStringList remoteThreadsOffBranch(qint64 conversationId);
    /// @brief The tool calls on the current branch that change router mode's tasks (`create_task`, `update_task`,
    /// `complete_task`, `delete_task`): side effects a switch of branch does not undo.
    QList<qint64> taskChangesOnBranch(qint64 conversationId);
    /// @brief Every row of @p conversationId in id order, with its parent and whether it is on the current branch.
    QList<TreeRow> tree(qint64 conversationId);
};

} // namespace Tandem
