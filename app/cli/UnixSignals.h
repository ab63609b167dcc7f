#pragma once

#include <QObject>

#include <initializer_list>

class QSocketNotifier;

namespace Tandem {

/// @brief Turns the process's termination signals (SIGINT, SIGTERM, SIGHUP) into a Qt signal delivered by the event
/// loop, so a run is stopped cleanly instead of the process dying mid-write: the handler only writes a byte to a
/// pipe; everything else happens in received().
class UnixSignals final : public QObject
{
    Q_OBJECT

public:
    /// @brief Catches the signals @p caught from now on; one instance per process.
    explicit UnixSignals(std::initializer_list<int> caught, QObject *parent = nullptr);
    ~UnixSignals() override;
    Q_DISABLE_COPY_MOVE(UnixSignals)

    /// @brief A second SIGINT ends the process at once with @p exitCode, from the signal handler itself (the event
    /// loop may be held up, a write waiting for a lock); what is stored stays as its last commit left it.
    static void exitOnSecondInterrupt(int exitCode);
    /// @brief Counts the next SIGINT as the first again (a session that goes on after a stopped reply).
    static void resetInterrupts();
    /// @brief How many termination signals arrived so far.
    int count() const { return m_count; }

Q_SIGNALS:
    /// @brief @p signal arrived; @p count is how many have arrived so far (1 for the first).
    void received(int signal, int count);

private:
    void readPipe();

    QSocketNotifier *m_notifier = nullptr;
    int m_count = 0;
};

} // namespace Tandem
