#pragma once

#include "BoardOpenFailure.h"
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
    /// it; nothing with *@p error (the driver's or the schema's message) and *@p failure, if given, saying why.
    static std::unique_ptr<PostgresBoardStore> open(
        const BoardUrl &url, const QString &password, QString *error, BoardOpenFailure *failure = nullptr);
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
    /// @brief True once a statement found the connection gone (the server ended it, or the network dropped).
    bool connectionLost() const { return m_lost; }
    /// @brief Connects again after connectionLost(); true when the board answers again (or was never lost).
    bool reconnect();

    /// @brief Writes the change @p change of another board (the SQLite board of a Tandem, known on this board as
    /// @p origin) here, under the story @p storyId: the handoff is added the first time, and its status is set after.
    /// The change's place is recorded as @p origin's position in the same transaction, so each change is written
    /// once even when a writer dies between two, and a restart goes on from mirroredUpTo(). A status this board
    /// decided otherwise meanwhile stands. An empty @p storyId (a conversation of no team story) writes only the
    /// position.
    StoreResult mirror(const QString &origin, const HandoffChange &change, const QString &storyId);
    /// @brief The last change of @p origin written by mirror(); 0 before the first.
    qint64 mirroredUpTo(const QString &origin);
    /// @brief The board's id of the handoff @p localId of @p origin; 0 if it was not mirrored.
    qint64 mirroredId(const QString &origin, qint64 localId);
    /// @brief The id in @p origin's own board of the board's handoff @p boardId; 0 if @p origin did not mirror it.
    qint64 localIdIn(const QString &origin, qint64 boardId);

    /// The channel of the board's notifications: each change's id, sent when its transaction commits.
    static constexpr QStringView kChannel = u"tandem_board";

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
    PostgresBoardStore(QString connectionName, BoardUrl url, QString password);
    QSqlQuery prepare(const QString &sql);
    bool exec(QSqlQuery &query);
    StoreError failure() const;
    QList<Handoff> readAll(QSqlQuery &query);
    StoreResult inWriteTransaction(const std::function<StoreResult()> &write);
    StoreResult logChange(const Handoff &handoff);
    StoreResult insertRow(Handoff &handoff);
    StoreResult mirrorStatus(qint64 boardId, const Handoff &local);

    QString m_connectionName;
    BoardUrl m_url;
    QString m_password; ///< kept to connect again, never logged
    QString m_error;
    bool m_lost = false;
    StoreError m_failure { StoreError::Kind::Other, {} };
};

} // namespace Tandem
