#include "UnixSignals.h"

#include <QSocketNotifier>

#include <csignal>
#include <fcntl.h>
#include <unistd.h>

namespace Tandem {

namespace {
int g_pipe[2] = { -1, -1 };
volatile sig_atomic_t g_interrupts = 0;
volatile sig_atomic_t g_secondInterruptExit = -1;

extern "C" void onSignal(int signal)
{
    // A second Ctrl+C ends the process here, even while the event loop is held up (a write waiting for a lock).
    if (signal == SIGINT) {
        g_interrupts = g_interrupts + 1;
        if (g_interrupts >= 2 && g_secondInterruptExit >= 0)
            ::_exit(g_secondInterruptExit);
    }
    const unsigned char byte = static_cast<unsigned char>(signal);
    [[maybe_unused]] const ssize_t written = ::write(g_pipe[1], &byte, 1); // async-signal-safe; nothing else here
}
} // namespace

UnixSignals::UnixSignals(std::initializer_list<int> caught, QObject *parent)
    : QObject(parent)
{
    if (::pipe2(g_pipe, O_CLOEXEC | O_NONBLOCK) != 0)
        return;
    m_notifier = new QSocketNotifier(g_pipe[0], QSocketNotifier::Read, this);
    connect(m_notifier, &QSocketNotifier::activated, this, &UnixSignals::readPipe);
    struct sigaction action = {};
    action.sa_handler = onSignal;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_RESTART;
    for (const int signal : caught)
        ::sigaction(signal, &action, nullptr);
}

UnixSignals::~UnixSignals()
{
    struct sigaction action = {};
    action.sa_handler = SIG_DFL;
    sigemptyset(&action.sa_mask);
    for (const int signal : { SIGINT, SIGTERM, SIGHUP })
        ::sigaction(signal, &action, nullptr);
    if (g_pipe[0] >= 0) {
        ::close(g_pipe[0]);
        ::close(g_pipe[1]);
        g_pipe[0] = g_pipe[1] = -1;
    }
}

void UnixSignals::exitOnSecondInterrupt(int exitCode)
{
    g_secondInterruptExit = exitCode;
}

void UnixSignals::resetInterrupts()
{
    g_interrupts = 0;
}

void UnixSignals::readPipe()
{
    unsigned char byte = 0;
    while (::read(g_pipe[0], &byte, 1) == 1)
        Q_EMIT received(int(byte), ++m_count);
}

} // namespace Tandem
