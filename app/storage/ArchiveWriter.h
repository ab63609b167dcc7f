#pragma once

#include "ConversationArchive.h"
#include "domain/Agent.h"

#include <QCoreApplication>
#include <QList>
#include <QString>
#include <QVariant>

#include <memory>

class QSqlQuery;

namespace Tandem {

class UnitOfWork;

/// @brief Writes imported archives as new conversations, with the agents they name, in one transaction
/// (storage-internal: ExchangeStore::importArchives() is its interface and says what is written).
///
/// Use it on the thread that owns the connection.
class ArchiveWriter final
{
    Q_DECLARE_TR_FUNCTIONS(ArchiveWriter)

public:
    /// @brief @p work: the stores of an open connection of this thread; borrowed.
    explicit ArchiveWriter(UnitOfWork &work);
    ~ArchiveWriter();
    Q_DISABLE_COPY_MOVE(ArchiveWriter)

    /// @brief Writes @p archives and the absent ones of @p agents, all or nothing; false (nothing written) on failure,
    /// and lastError() says why. @p newIds receives the new conversations' ids, @p agentsAdded (if set) how many agents
    /// were added.
    bool write(const QList<ConversationArchive> &archives, const QList<Agent> &agents, QList<qint64> *newIds,
        int *agentsAdded);

    /// @brief Why the last write() failed.
    QString lastError() const { return m_error; }

private:
    struct Statements;
    struct Ids;

    bool writeAll(const QList<ConversationArchive> &archives, const QList<Agent> &agents, QList<qint64> *newIds,
        int *agentsAdded);
    bool addAgents(const QList<Agent> &agents, int *agentsAdded);
    bool addArchive(const ConversationArchive &archive, QList<qint64> *newIds);
    bool addConversation(const Conversation &conversation, Ids &ids);
    bool addRuns(const ConversationArchive &archive, Ids &ids);
    bool addHandoffs(const ConversationArchive &archive, Ids &ids);
    bool addMessages(const ConversationArchive &archive, Ids &ids);
    /// Gives the rows of a tree archive their parents and flags its current branch.
    bool addTree(const ConversationArchive &archive, const Ids &ids);
    bool addApprovals(const ConversationArchive &archive, const Ids &ids);
    bool addVariables(const ConversationArchive &archive, const Ids &ids);
    bool addThreads(const ConversationArchive &archive, const Ids &ids);
    bool addDecisions(const ConversationArchive &archive, const Ids &ids);
    bool addModelCalls(const ConversationArchive &archive, const Ids &ids);
    bool addTasks(const ConversationArchive &archive, const Ids &ids);
    /// @brief Runs @p query, remembering its error; true on success.
    bool run(QSqlQuery &query);
    /// @brief @p id if a provider profile of that id exists here, else null.
    QVariant provider(const QString &id);
    bool fail(const QString &message);

    UnitOfWork &m_work;
    std::unique_ptr<Statements> m_statements; ///< while write() runs
    QString m_error;
};

} // namespace Tandem
