#pragma once

#include "BoardStore.h"
#include "BoardUrl.h"

#include <QString>

#include <functional>
#include <memory>

class QSqlQuery;

namespace Tandem {

/// @brief The handoff board on PostgreSQL, shared by a team's Tandems and outside agents: the same BoardStore as the
/// SQLite file's HandoffStore, over its own connection and its own schema (PostgresBoardSchema).
///
/// A handoff's conversationId is the board's number for its story here (story()), the same on every machine. A
/// status is decided by a conditional update (`WHERE status = 'pending' RETURNING`), so of several accepters on
/// several connections exactly one wins and the others read Lost. Use an object only on the thread that opened it.
class PostgresBoardStore final : public BoardStore
{
public:
    /// @brief Connects to @p url with @p password (from the keychain; empty for none), migrates the board and returns
    /// it; nothing with *@p error saying why.
    static std::unique_ptr<PostgresBoardStore> open(const BoardUrl &url, const QString &password, QString *error);
    ~PostgresBoardStore() override;

    /// @brief The board's number for the story @p storyId, the story added if new; 0 on failure.
    qint64 story(const QString &storyId);
    /// @brief The story id of the board's number @p key; empty if there is none.
    QString storyId(qint64 key);
    /// @brief The latest failure, for logs.
    QString lastError() const { return m_error; }
    /// @brief The board's QSqlDatabase connection, for the read-only queries kept in their own files
    /// (PostgresStoryList).
    QString connectionName() const { return m_connectionName; }

    StoreResult create(Handoff &handoff) override;
    StoreResult saveStatus(const Handoff &handoff) override;
    StoreResult savePayload(const Handoff &handoff) override;
    std::optional<Handoff> get(qint64 id) override;
    QList<Handoff> forConversation(qint64 conversationId) override;
    QList<Handoff> involving(qint64 conversationId, const QString &agentId) override;
    QList<Handoff> pendingFor(qint64 conversationId, const QString &agentId) override;
    QList<Handoff> stale(const QDateTime &now, int minutes = Handoff::kStaleMinutes) override;
    QList<Handoff> pendingIn(qint64 conversationId) override;
    QList<HandoffChange> changesAfter(qint64 afterId, int limit) override;
    qint64 lastChangeId() override;

    /// @brief The kind of PostgreSQL's SQLSTATE @p state.
    static StoreError::Kind kindOf(const QString &state);

private:
    explicit PostgresBoardStore(QString connectionName);
    QSqlQuery prepare(const QString &sql);
    bool exec(QSqlQuery &query);
    StoreError failure() const;
    QList<Handoff> readAll(QSqlQuery &query);
    StoreResult inWriteTransaction(const std::function<StoreResult()> &write);
    StoreResult logChange(const Handoff &handoff);

    QString m_connectionName;
    QString m_error;
    StoreError m_failure { StoreError::Kind::Other, {} };
};

} // namespace Tandem
