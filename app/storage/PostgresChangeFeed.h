#pragma once

#include "BoardUrl.h"
#include "ChangeFeed.h"

#include <QObject>
#include <QString>

class QTimer;

namespace Tandem {

/// @brief The ChangeFeed of a team board on PostgreSQL, in push form: it LISTENs on the board's channel
/// (PostgresBoardStore::kChannel) on a connection of its own and says changed() when any Tandem commits a change (its
/// own process's too: they are on another connection), so a reader reads the board's change log from where it was
/// (BoardStore::changesAfter) at once instead of on a timer.
///
/// A dropped connection (the server restarted, the backend was terminated, the network went) is noticed by a
/// statement every checkInterval(); the feed then connects again with a growing delay (kFirstRetryMs doubling up to
/// kLastRetryMs) and says changed() once it listens again, since notifications sent meanwhile are gone: the reader
/// catches up from the log.
class PostgresChangeFeed final : public QObject, public ChangeFeed
{
    Q_OBJECT

public:
    static constexpr int kDefaultCheckMs = 2000;
    static constexpr int kFirstRetryMs = 250;
    static constexpr int kLastRetryMs = 10000;

    PostgresChangeFeed(BoardUrl url, QString password, QObject *parent = nullptr);
    ~PostgresChangeFeed() override;
    Q_DISABLE_COPY_MOVE(PostgresChangeFeed)

    /// @brief Connects and listens; false with *@p error saying why (it does not retry a first failure).
    bool start(QString *error);
    /// @brief True if a change was announced, or the connection came back, since the previous call.
    bool changedElsewhere() override;
    bool isListening() const { return m_listening; }
    int checkInterval() const;
    void setCheckInterval(int milliseconds);

Q_SIGNALS:
    /// @brief The board changed, or may have while the connection was down: read its change log.
    void changed();
    /// @brief The connection was found gone; reconnecting.
    void connectionLost(const QString &why);

private:
    bool listen(QString *error);
    void check();
    void lose(const QString &why);
    void retry();
    void notified(const QString &name);

    BoardUrl m_url;
    QString m_password; ///< kept to connect again, never logged
    QString m_connectionName;
    QTimer *m_check = nullptr;
    QTimer *m_retry = nullptr;
    int m_retryDelayMs = kFirstRetryMs;
    bool m_listening = false;
    bool m_changed = false;
};

} // namespace Tandem
