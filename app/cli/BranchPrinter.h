#pragma once

#include "domain/Message.h"

#include <QHash>
#include <QList>
#include <QString>

#include <optional>

namespace Tandem {

class TerminalStream;
class UnitOfWork;

/// @brief `tandem show --tree` and `--branch`: a conversation's tree of messages, and one branch of it read without
/// moving the current one.
class BranchPrinter final
{
public:
    /// @brief Prints every message as an indented tree (a level deeper where a message has siblings), each with its
    /// id, role or agent and first words; the current branch's rows are marked `*`; then the branches by number.
    static void printTree(
        UnitOfWork &work, qint64 conversationId, const QHash<QString, QString> &names, TerminalStream &out);
    /// @brief The rows of the branch @p which names (the id of its last message, or its 1-based number among the
    /// branches, oldest first), first to last; nullopt if there is none.
    static std::optional<QList<Message>> branch(UnitOfWork &work, qint64 conversationId, const QString &which);
};

} // namespace Tandem
