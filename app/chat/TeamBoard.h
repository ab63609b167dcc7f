#pragma once

#include "domain/Handoff.h"
#include "domain/TeamStory.h"

#include <QList>
#include <QObject>
#include <QString>

class QThread;

namespace Tandem {

class SecretStore;
class TeamBoardWorker;

/// @brief The team's board as the window follows it (issue #31): the stories on the shared PostgreSQL board, and the
/// handoffs of the one the person opened, kept up to date from the board's change log.
///
/// The board's connection lives on a thread of its own (TeamBoardWorker), so the GUI thread never waits on the
/// network: every answer arrives as a signal. A board that goes away reads Offline and is connected again by itself.
class TeamBoard final : public QObject
{
    Q_OBJECT

public:
    enum class State {
        Off, ///< no board is set: conversations are local only
        Connecting,
        Online,
        Offline, ///< set, but not reachable now (lastError() says why); tried again at every look
    };
    Q_ENUM(State)

    /// @brief Looks at the board every @p pollMs milliseconds.
    explicit TeamBoard(int pollMs = 2000, QObject *parent = nullptr);
    ~TeamBoard() override;
    Q_DISABLE_COPY_MOVE(TeamBoard)

    /// @brief Follows the board of @p url (empty: Off) with its password from @p secrets (under BoardUrl::secretKey;
    /// none stored: no password).
    void connectTo(const QString &url, SecretStore *secrets);
    /// @brief Follows the board of @p url with @p password.
    void connectWithPassword(const QString &url, const QString &password);
    void disconnectBoard();

    State state() const { return m_state; }
    QString url() const { return m_url; }
    QString lastError() const { return m_error; }
    QList<TeamStory> stories() const { return m_stories; }

    /// @brief Reads the handoffs of the story @p key (storyChanged() answers), and again whenever the board changes.
    void openStory(qint64 key);
    qint64 openedStory() const { return m_story; }
    QList<Handoff> storyHandoffs() const { return m_handoffs; }

Q_SIGNALS:
    void stateChanged();
    void storiesChanged();
    void storyChanged();

private:
    void setState(State state, const QString &error = {});

    QThread *m_thread = nullptr;
    TeamBoardWorker *m_worker = nullptr;
    State m_state = State::Off;
    QString m_url;
    QString m_error;
    QList<TeamStory> m_stories;
    qint64 m_story = 0;
    QList<Handoff> m_handoffs;
    quint64 m_generation = 0; ///< answers of a board followed before are dropped
};

} // namespace Tandem
