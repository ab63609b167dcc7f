// ChatCommand reads the messages of `tandem chat` from standard input and runs them as turns of one conversation;
// RunCommand sets the conversation up (the same options as `tandem run`), TurnRunner runs and prints each turn.
#include "ChatCommand.h"

#include "cli/CliCommands.h"
#include "cli/CliOutput.h"
#include "cli/CommandHelp.h"
#include "cli/RunCommand.h"
#include "cli/TerminalStream.h"
#include "cli/TurnRunner.h"

#include <QEventLoop>
#include <QSocketNotifier>
#include <QStringDecoder>

#include <sys/stat.h>

#include <cerrno>
#include <csignal>
#include <optional>
#include <unistd.h>

using namespace Qt::StringLiterals;

namespace Tandem {

namespace {

/// Standard input a line at a time. A pipe or a terminal is waited on in the event loop, so a termination signal
/// is seen while no line has come yet; a regular file is read as it is.
class InputLines
{
public:
    explicit InputLines(TurnRunner &turn)
        : m_turn(turn)
    {
        struct stat status = {};
        m_regularFile = ::fstat(STDIN_FILENO, &status) == 0 && S_ISREG(status.st_mode);
    }

    /// The next line without its line end; nothing at the end of the input or when a signal arrived.
    std::optional<QString> next()
    {
        for (;;) {
            if (const qsizetype end = m_buffer.indexOf('\n'); end >= 0) {
                QByteArray line = m_buffer.left(end);
                m_buffer.remove(0, end + 1);
                if (line.endsWith('\r'))
                    line.chop(1);
                return m_decoder.decode(line);
            }
            if (m_ended) {
                if (m_buffer.isEmpty())
                    return std::nullopt;
                return m_decoder.decode(std::exchange(m_buffer, {}));
            }
            if (!m_regularFile && !waitForInput())
                return std::nullopt;
            char chunk[4096];
            const ssize_t read = ::read(STDIN_FILENO, chunk, sizeof chunk);
            if (read > 0)
                m_buffer.append(chunk, read);
            else if (read == 0 || (errno != EINTR && errno != EAGAIN))
                m_ended = true;
        }
    }

private:
    bool waitForInput()
    {
        bool signalled = false;
        QEventLoop loop;
        QSocketNotifier notifier(STDIN_FILENO, QSocketNotifier::Read);
        QObject::connect(&notifier, &QSocketNotifier::activated, &loop, &QEventLoop::quit);
        const QMetaObject::Connection stop = QObject::connect(&m_turn, &TurnRunner::interrupted, &loop, [&] {
            signalled = true;
            loop.quit();
        });
        if (!m_turn.stopRequested())
            loop.exec();
        QObject::disconnect(stop);
        return !signalled && !m_turn.stopRequested();
    }

    TurnRunner &m_turn;
    QByteArray m_buffer;
    QStringDecoder m_decoder { QStringDecoder::Utf8 };
    bool m_regularFile = false;
    bool m_ended = false;
};

} // namespace

QString ChatCommand::name() const
{
    return u"chat"_s;
}

QString ChatCommand::description() const
{
    return CliCommands::tr("one conversation from standard input, a message a line (the options of run)");
}

int ChatCommand::execute(const QCommandLineParser &parser, AppContext &context)
{
    const bool interactive = ::isatty(STDIN_FILENO) == 1;
    return RunCommand::run(parser, context,
        [interactive](TurnRunner &turn, qint64 conversationId) { return converse(turn, conversationId, interactive); });
}

int ChatCommand::converse(TurnRunner &turn, qint64 conversationId, bool interactive)
{
    InputLines input(turn);
    if (interactive) {
        CliOutput::out() << tr("One message a line. Ctrl+C stops a reply; Ctrl+D (or Ctrl+C here) ends the chat.")
                         << '\n';
    }
    for (;;) {
        if (interactive) {
            CliOutput::out() << "> ";
            CliOutput::out().flush();
        }
        const std::optional<QString> line = input.next();
        if (!line) {
            if (interactive)
                CliOutput::out() << '\n';
            CliOutput::out().flush();
            // Piped input ended by a signal: the session was stopped, as a turn would have been.
            return !interactive && turn.stopRequested() ? int(CliCommands::Cancelled) : int(CliCommands::Success);
        }
        if (line->trimmed().isEmpty())
            continue;
        const int code = turn.run(conversationId, *line);
        if (code == CliCommands::Success)
            continue;
        if (!interactive)
            return code; // a batch stops at the first turn that did not succeed
        // On a terminal, Ctrl+C stopped this reply only; SIGTERM or SIGHUP end the chat.
        if (turn.stopRequested() && turn.lastSignal() != SIGINT)
            return code;
        turn.clearStop();
    }
}

CommandPage ChatCommand::page() const
{
    return CommandPage { CommandHelp::tr("tandem chat --provider PROFILE|URL [options]"),
        CommandHelp::tr("One conversation from standard input, a message a line, each answered in turn (the "
                        "options of run). On a terminal, with a prompt: Ctrl+C stops a reply, Ctrl+D ends the "
                        "chat. Piped, as a batch that stops at the first turn that fails, with its exit code."),
        CommandHelp::turnOptions(),
        { u"tandem chat --mode router --provider %1"_s.arg(CommandHelp::exampleUrl()),
            u"printf 'Hello\\nAnd then?\\n' | tandem chat --provider %1"_s.arg(CommandHelp::exampleUrl()) } };
}

} // namespace Tandem
