#pragma once

#include "domain/Handoff.h"
#include "domain/TeamStory.h"

#include <QList>
#include <QObject>
#include <QString>

#include <memory>

class QTimer;

namespace Tandem {

class PostgresBoardStore;
class PostgresChangeLogFeed;

/// @brief TeamBoard's half on its own thread: it holds the board's connection, looks at the change log on a timer
/// and reads the stories again only when the log moved. A failed look drops the connection and reports the board
/// offline; the next tick connects again. Nothing of it runs on the GUI thread.
class TeamBoardWorker final : public QObject
{
    Q_OBJECT

public:
    explicit TeamBoardWorker(int pollMs);
    ~TeamBoardWorker() override;
    Q_DISABLE_COPY_MOVE(TeamBoardWorker)

    /// @brief Connects to the board of @p url (BoardUrl's text) with @p password and follows it.
    void start(const QString &url, const QString &password);
    /// @brief Closes the connection (on this object's thread, where it was opened).
    void stop();
    /// @brief Reads the handoffs of the story @p key now and whenever the board changes; 0 for none.
    void follow(qint64 key);

Q_SIGNALS:
    void online();
    void offline(const QString &error);
    void storiesRead(const QList<TeamStory> &stories);
    void storyRead(qint64 key, const QList<Handoff> &handoffs);

private:
    void poll();
    bool connectBoard();
    void readBoard();
    void dropBoard(const QString &error);

    int m_pollMs;
    QTimer *m_timer = nullptr;
    QString m_url;
    QString m_password;
    qint64 m_story = 0;
    std::unique_ptr<PostgresBoardStore> m_board;
    std::unique_ptr<PostgresChangeLogFeed> m_feed;
    QString m_lastError; ///< reported once until it changes, not at every tick
};

} // namespace Tandem
