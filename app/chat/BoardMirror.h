#pragma once

#include "domain/Handoff.h"
#include "storage/BoardOpenFailure.h"
#include "storage/BoardUrl.h"

#include <QObject>
#include <QString>

#include <memory>

class QTimer;

namespace Tandem {

class ChatRepository;
class PostgresBoardStore;
class PostgresChangeFeed;
class UnitOfWork;

/// @brief A team's board on PostgreSQL beside this Tandem's own (`tandem serve --board`): what the engine and the
/// local API do on this machine's SQLite board reaches the team's board, and every Tandem's changes come back as
/// changed(), once each and in the board's order.
///
/// Conversations stay private and local: a conversation takes part only if it belongs to a team story (it was made
/// for a story id such as `v0.1:1.1.1`, the same text on every machine); its handoffs are written to the board under
/// that story, which keeps its own numbers for stories and handoffs (PostgresBoardStore::mirror, one transaction per
/// change with this Tandem's position in its own change log, so a restart goes on where the last process stopped).
/// Other conversations never leave the machine.
///
/// The board's changes are read from its change log after the last one seen, whenever a Tandem announces one
/// (PostgresChangeFeed: LISTEN/NOTIFY) and after the feed's connection comes back, so a change made while it was down
/// is caught up, once. Either connection dropped is connected again, with a growing delay for the feed.
class BoardMirror final : public QObject
{
    Q_OBJECT

public:
    /// @brief The look for what the two sides missed (a failed write, a lost notification), kRetryMs apart.
    static constexpr int kRetryMs = 1000;

    ~BoardMirror() override;
    Q_DISABLE_COPY_MOVE(BoardMirror)

    /// @brief Connects to @p url with @p password (empty: none) for this Tandem, called @p origin on the board (its
    /// machine and data folder), whose conversations @p repository reads and whose own board is @p local's; starts
    /// following both. Null with *@p failure and *@p error saying why.
    static std::unique_ptr<BoardMirror> open(const BoardUrl &url, const QString &password, const QString &origin,
        ChatRepository &repository, UnitOfWork &local, BoardOpenFailure *failure, QString *error);

    /// @brief Writes the local changes not yet on the board; false if the board refused or could not be reached.
    bool publishLocal();
    /// @brief Reads the board's changes since the last one seen and announces each with changed().
    void readBoard();
    /// @brief True if conversation @p conversationId belongs to a team story, so its handoffs are on the board.
    bool shares(qint64 conversationId) { return !localStoryOf(conversationId).isEmpty(); }
    /// @brief The board's last change announced so far.
    qint64 lastSeen() const { return m_lastSeen; }
    /// @brief How often the feed checks its connection (tests make it short).
    void setCheckInterval(int milliseconds);

    /// @brief The name of this Tandem on a board: @p machine and the canonical path of @p dataFolder.
    static QString originOf(const QString &machine, const QString &dataFolder);

Q_SIGNALS:
    /// @brief A handoff of the board changed: @p handoff as the change left it, its conversationId the board's number
    /// of the story @p storyId, its id this Tandem's own for a handoff made here (the one its local API acts on) and
    /// the board's for another Tandem's.
    void changed(const Tandem::Handoff &handoff, const QString &storyId);

private:
    BoardMirror(std::unique_ptr<PostgresBoardStore> board, std::unique_ptr<PostgresChangeFeed> feed, QString origin,
        ChatRepository &repository, UnitOfWork &local);
    QString localStoryOf(qint64 conversationId);
    QString boardStoryOf(qint64 storyKey);
    bool reachable();

    std::unique_ptr<PostgresBoardStore> m_board;
    std::unique_ptr<PostgresChangeFeed> m_feed;
    QString m_origin;
    ChatRepository &m_repository;
    UnitOfWork &m_local;
    QTimer *m_retry = nullptr;
    QTimer *m_publishSoon = nullptr;
    qint64 m_lastSeen = 0;
    bool m_readFailed = false; ///< the last read of the board's log did not finish: the timer reads again
    QHash<qint64, QString> m_storyIds; ///< the board's story numbers and their ids: a story's id never changes
};

} // namespace Tandem
