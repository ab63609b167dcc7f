// TurnRunner owns a headless turn from the send to the exit code: waiting for another process's turn of the same
// conversation, printing what streams, the termination signals, and the mapping of outcomes to exit codes.
#include "TurnRunner.h"

#include "chat/ChatRepository.h"
#include "cli/ApprovalPrompt.h"
#include "cli/CliCommands.h"
#include "cli/CliOutput.h"
#include "cli/TerminalStream.h"
#include "cli/UnixSignals.h"
#include "storage/Database.h"

#include <QDeadlineTimer>
#include <QEventLoop>
#include <QTimer>

#include <csignal>

using namespace Qt::StringLiterals;

namespace Tandem {

TurnRunner::TurnRunner(
    ChatRepository &repository, const Database &database, QHash<QString, QString> names, QObject *parent)
    : QObject(parent)
    , m_repository(repository)
    , m_database(database)
    , m_names(std::move(names))
    , m_signals(new UnixSignals({ SIGINT, SIGTERM, SIGHUP }, this))
{
    UnixSignals::exitOnSecondInterrupt(CliCommands::Cancelled);
    connect(m_signals, &UnixSignals::received, this, &TurnRunner::onSignal);
    connectPrinting();
}

TurnRunner::~TurnRunner() = default;

void TurnRunner::onSignal(int signal, int)
{
    m_stopRequested = true;
    m_lastSignal = signal;
    if (m_conversationId > 0 && m_repository.isRunning(m_conversationId))
        m_repository.cancel(m_conversationId); // the run ends cancelled, its partial reply kept
    Q_EMIT interrupted(signal);
}

void TurnRunner::clearStop()
{
    m_stopRequested = false;
    m_lastSignal = 0;
    UnixSignals::resetInterrupts();
}

void TurnRunner::finishWaiting()
{
    m_done = true;
    if (m_loop)
        m_loop->quit();
}

void TurnRunner::endLine()
{
    if (m_lineOpen)
        CliOutput::out() << '\n';
    m_lineOpen = false;
}

void TurnRunner::connectPrinting()
{
    auto mine = [this](qint64 conversationId) {
        return conversationId == m_conversationId;
    };
    connect(&m_repository, &ChatRepository::messageAdded, this, [this, mine](const Message &row) {
        if (!mine(row.conversationId) || row.role == Message::Role::User)
            return;
        endLine();
        if (row.kind == Message::Kind::Text && row.status == Message::Status::Streaming) {
            CliOutput::out() << '[' << CliOutput::agentLabel(m_names, row.agentId) << "] ";
            m_lineOpen = true;
        } else {
            const std::optional<HandoffDetails> handoff
                = row.isDivider() && row.handoffId > 0 ? m_repository.handoffDetails(row.handoffId) : std::nullopt;
            CliOutput::out() << CliOutput::formatRow(row, m_names, handoff ? &handoff->handoff : nullptr) << '\n';
        }
        CliOutput::out().flush();
    });
    connect(&m_repository, &ChatRepository::messageDelta, this,
        [this, mine](qint64 conversationId, qint64, const QString &delta) {
            if (!mine(conversationId))
                return;
            CliOutput::out() << delta;
            CliOutput::out().flush();
        });
    connect(&m_repository, &ChatRepository::messageUpdated, this, [this, mine](const Message &row) {
        if (!mine(row.conversationId) || row.kind != Message::Kind::Text || row.status == Message::Status::Complete
            || row.status == Message::Status::Streaming)
            return;
        endLine();
        CliOutput::out() << "  (" << Message::statusName(row.status)
                         << (row.error.isEmpty() ? u""_s : u": "_s + row.error) << ")\n";
        CliOutput::out().flush();
    });
    connect(&m_repository, &ChatRepository::approvalNeeded, this, [this, mine](const ApprovalRequest &request) {
        if (!mine(request.conversationId))
            return;
        // Answered in run(), outside this slot: asking runs an event loop, and deciding resumes the engine.
        m_approvals.append(request);
        if (m_loop)
            m_loop->quit();
    });
    connect(
        &m_repository, &ChatRepository::runFailed, this, [this, mine](qint64 conversationId, qint64, RunFailure kind) {
            if (mine(conversationId))
                m_failure = kind;
        });
    connect(&m_repository, &ChatRepository::runFinished, this,
        [this, mine](qint64 conversationId, qint64, RunOutcome outcome, const QString &message) {
            if (!mine(conversationId))
                return;
            endLine();
            m_exitCode = exitCodeOf(outcome, message);
            finishWaiting();
        });
}

int TurnRunner::exitCodeOf(RunOutcome outcome, const QString &message) const
{
    switch (outcome) {
    case RunOutcome::Completed:
        return CliCommands::Success;
    case RunOutcome::Failed:
        // Only the provider's failures are provider errors; this machine's are not.
        CliOutput::err() << (m_failure == RunFailure::Storage ? CliOutput::storageProblem(m_database, message)
                                                              : message)
                         << '\n';
        return m_failure == RunFailure::Provider ? CliCommands::ProviderError
            : m_failure == RunFailure::Storage   ? CliCommands::StorageError
                                                 : CliCommands::UsageError;
    case RunOutcome::GuardrailStopped:
        CliOutput::err() << message << '\n';
        return CliCommands::GuardrailStop;
    case RunOutcome::Cancelled:
        return CliCommands::Cancelled;
    }
    return CliCommands::ProviderError;
}

void TurnRunner::decide(const ApprovalRequest &request)
{
    endLine();
    std::optional<ApprovalDecision> decision;
    if (m_allowedTools.contains(request.toolName))
        decision = ApprovalDecision::AllowOnce;
    else if (m_askOnTerminal && !m_stopRequested)
        decision = ApprovalPrompt::ask(request, *this);
    if (m_stopRequested)
        return; // the signal cancelled the run; its end finishes the turn
    if (!decision) {
        CliOutput::err() << CliCommands::tr("“%1” needs your approval (request %2): run again on a terminal to be "
                                            "asked, with --allow-tool %1, or decide in Tandem's window.")
                                .arg(request.toolName)
                                .arg(request.id)
                         << '\n';
        m_exitCode = CliCommands::ApprovalPending;
        finishWaiting();
        return;
    }
    if (!m_repository.decideApproval(request.id, *decision)) {
        m_exitCode = CliOutput::storageFailure(m_database, CliCommands::tr("The decision could not be stored."));
        finishWaiting();
    }
}

bool TurnRunner::waitForTurn(qint64 conversationId)
{
    // Another process answers this conversation: its turn goes first, and this one waits, for a while.
    const QDeadlineTimer deadline(qint64(m_waitSeconds) * 1000);
    while (m_repository.busyElsewhere(conversationId) > 0) {
        if (m_stopRequested || deadline.hasExpired())
            return false;
        QEventLoop pause;
        QTimer::singleShot(100, &pause, &QEventLoop::quit);
        pause.exec();
    }
    return true;
}

int TurnRunner::run(qint64 conversationId, const QString &text)
{
    m_conversationId = conversationId;
    m_done = false;
    m_exitCode = CliCommands::Success;
    m_failure = RunFailure::Provider;
    qint64 sent = 0;
    int unclaimedFailures = 0;
    while (sent == 0) {
        if (!waitForTurn(conversationId)) {
            if (m_stopRequested)
                return CliCommands::Cancelled;
            CliOutput::err() << CliCommands::tr("Conversation %1 is answering in another Tandem process (%2); gave up "
                                                "waiting after %3 s. Send the message again when it is done.")
                                    .arg(conversationId)
                                    .arg(m_repository.busyElsewhere(conversationId))
                                    .arg(m_waitSeconds)
                             << '\n';
            return CliCommands::Busy;
        }
        sent = (m_editOf > 0          ? m_repository.editAndResend(conversationId, m_editOf, text)
                : m_agentId.isEmpty() ? m_repository.send(conversationId, text)
                                      : m_repository.sendTo(conversationId, m_agentId, text))
                   .messageId;
        // Another process may take the conversation and let it go between the send and this look: that race is tried
        // again. A send that fails again with nobody else at the conversation is a failed write.
        if (sent == 0 && m_repository.busyElsewhere(conversationId) == 0 && ++unclaimedFailures >= 3)
            return CliOutput::storageFailure(m_database, CliCommands::tr("The message could not be stored."));
    }
    while (!m_done && (!m_approvals.isEmpty() || m_repository.isRunning(conversationId))) {
        if (!m_approvals.isEmpty()) {
            decide(m_approvals.takeFirst());
            continue;
        }
        QEventLoop loop;
        m_loop = &loop;
        loop.exec();
        m_loop = nullptr;
    }
    m_approvals.clear();
    CliOutput::err().flush();
    CliOutput::out().flush();
    return m_exitCode;
}

} // namespace Tandem
