#pragma once

#include "ConversationArchive.h"

#include <QString>

#include <functional>
#include <optional>

class QSqlQuery;

namespace Tandem {

class UnitOfWork;

/// @brief Reads one conversation's rows, apart from its messages, into a ConversationArchive for an export
/// (storage-internal: ExchangeStore::readArchive() is its interface).
///
/// Use it on the thread that owns the connection.
class ArchiveReader final
{
public:
    /// @brief @p work: the stores of an open connection of this thread; borrowed.
    explicit ArchiveReader(UnitOfWork &work);
    Q_DISABLE_COPY_MOVE(ArchiveReader)

    /// @brief Reads @p conversationId with its runs, handoffs, approvals, variables, threads, routing decisions,
    /// pending confirmation, model calls and tasks into @p archive (left empty if there is no such conversation).
    /// False if a query failed: lastError() says why.
    bool read(qint64 conversationId, std::optional<ConversationArchive> *archive);

    /// @brief Why the last read() failed.
    QString lastError() const { return m_error; }

private:
    using Row = std::function<void(const QSqlQuery &)>;

    /// @brief Runs @p sql with @p conversationId bound to its one `?` and hands each row to @p row.
    bool select(QStringView sql, qint64 conversationId, const Row &row);
    bool readRows(qint64 conversationId, ConversationArchive &archive);
    bool readRouterRows(qint64 conversationId, ConversationArchive &archive);
    bool fail(const QString &message);

    UnitOfWork &m_work;
    QString m_error;
};

} // namespace Tandem
