// ApprovalPrompt reads the person's answer with the event loop running, so Ctrl+C while the question waits cancels
// the turn as it would during a reply, instead of being held until a line comes.
#include "ApprovalPrompt.h"

#include "cli/CliOutput.h"
#include "cli/TerminalStream.h"
#include "cli/TurnRunner.h"
#include "domain/ArgumentsPreview.h"

#include <QEventLoop>
#include <QSocketNotifier>

#include <cerrno>
#include <climits>
#include <unistd.h>

using namespace Qt::StringLiterals;

namespace Tandem {

namespace {

/// Waits until standard input can be read; false if @p turn was interrupted meanwhile.
bool waitForInput(TurnRunner &turn)
{
    bool signalled = false;
    QEventLoop loop;
    QSocketNotifier notifier(STDIN_FILENO, QSocketNotifier::Read);
    QObject::connect(&notifier, &QSocketNotifier::activated, &loop, &QEventLoop::quit);
    QObject::connect(&turn, &TurnRunner::interrupted, &loop, [&] {
        signalled = true;
        loop.quit();
    });
    if (!turn.stopRequested())
        loop.exec();
    return !signalled && !turn.stopRequested();
}

/// One line of standard input without its line end; nothing at the end of the input or on a signal. A terminal hands
/// over a line at a time, so nothing of the next line is read ahead.
std::optional<QString> readLine(TurnRunner &turn)
{
    QByteArray line;
    for (;;) {
        if (!waitForInput(turn))
            return std::nullopt;
        char chunk[256];
        const ssize_t read = ::read(STDIN_FILENO, chunk, sizeof chunk);
        if (read < 0 && (errno == EINTR || errno == EAGAIN))
            continue;
        if (read <= 0)
            return line.isEmpty() ? std::nullopt : std::optional(QString::fromUtf8(line));
        line.append(chunk, read);
        if (line.endsWith('\n')) {
            line.chop(1);
            if (line.endsWith('\r'))
                line.chop(1);
            return QString::fromUtf8(line);
        }
    }
}

} // namespace

bool ApprovalPrompt::available()
{
    // Only a process in the terminal's foreground asks: a background job (`tandem run … &`) that read the terminal
    // would be stopped by SIGTTIN, silently; it exits with 5 instead, as a script does.
    return ::isatty(STDIN_FILENO) == 1 && ::isatty(STDERR_FILENO) == 1 && ::tcgetpgrp(STDIN_FILENO) == ::getpgrp();
}

std::optional<ApprovalDecision> ApprovalPrompt::decisionOf(const QString &answer)
{
    const QString word = answer.trimmed().toLower();
    if (word == u"y" || word == u"yes" || word == u"д" || word == u"да")
        return ApprovalDecision::AllowOnce;
    if (word == u"a" || word == u"always" || word == u"в" || word == u"всегда")
        return ApprovalDecision::AllowAlways;
    if (word == u"n" || word == u"no" || word == u"н" || word == u"нет")
        return ApprovalDecision::Deny;
    return std::nullopt;
}

QString ApprovalPrompt::preview(const QString &arguments, qsizetype limit)
{
    // Each field is cut on its own, however long the whole is: a question must not stall on megabytes of arguments,
    // nor hide a short field (a path) behind a long one.
    return ArgumentsPreview::text(arguments, limit, u"; "_s, 20).simplified();
}

std::optional<ApprovalDecision> ApprovalPrompt::ask(const ApprovalRequest &request, TurnRunner &turn)
{
    CliOutput::err() << tr("Allow %1 with %2? [y]es once / [a]lways for this conversation / [n]o: ")
                            .arg(request.toolName, preview(request.arguments.isEmpty() ? u"{}"_s : request.arguments));
    CliOutput::err().flush();
    for (;;) {
        const std::optional<QString> answer = readLine(turn);
        if (!answer) {
            CliOutput::err() << '\n';
            return std::nullopt;
        }
        if (const std::optional<ApprovalDecision> decision = decisionOf(*answer))
            return decision;
        CliOutput::err() << tr("Answer y (yes, once), a (always for this conversation) or n (no): ");
        CliOutput::err().flush();
    }
}

} // namespace Tandem
