#pragma once

#include "domain/ApprovalRequest.h"
#include "domain/RunFailure.h"

#include <QCoreApplication>
#include <QHash>
#include <QList>
#include <QObject>
#include <QSet>
#include <QString>

class QEventLoop;

namespace Tandem {

class ChatRepository;
class Database;
class UnixSignals;

/// @brief One turn of a headless command (`run`, `chat`): sends the message, prints the turn as it streams (the
/// agents' text, dividers, tool calls, errors), and says how it ended as an exit code.
///
/// A tool that needs approval runs if `--allow-tool` named it; otherwise the person is asked on the terminal, and
/// with no terminal the turn ends with ApprovalPending. It waits its turn when another Tandem process is answering the
/// same conversation (a bounded wait). Ctrl+C, SIGTERM
/// or SIGHUP stop the reply cleanly: what was written is kept, marked cancelled, and the exit code is 6; a second
/// Ctrl+C ends the process at once.
class TurnRunner final : public QObject
{
    Q_OBJECT

public:
    /// @brief @p names: agent id → name for the labels.
    TurnRunner(
        ChatRepository &repository, const Database &database, QHash<QString, QString> names, QObject *parent = nullptr);
    ~TurnRunner() override;
    Q_DISABLE_COPY_MOVE(TurnRunner)

    /// @brief How long to wait for another process's turn of the conversation before giving up; 0: not at all.
    void setWaitSeconds(int seconds) { m_waitSeconds = seconds; }
    /// @brief The agent that answers, without router mode's orchestrator (`--agent`); empty: the conversation's rule.
    void setAgent(const QString &agentId) { m_agentId = agentId; }
    /// @brief The message is a new version of the person's message @p messageId (`run --edit`), 0 for none.
    void setEdit(qint64 messageId) { m_editOf = messageId; }
    /// @brief The tools whose calls are allowed, each once, without asking (`--allow-tool`).
    void setAllowedTools(const QSet<QString> &names) { m_allowedTools = names; }
    /// @brief Whether a tool that needs approval is asked about on the terminal (ApprovalPrompt); otherwise the turn
    /// ends with ApprovalPending, the question left for the window.
    void setAskOnTerminal(bool ask) { m_askOnTerminal = ask; }
    /// @brief Sends @p text to @p conversationId and prints the turn until it ends; returns a CliCommands::ExitCode.
    int run(qint64 conversationId, const QString &text);
    /// @brief True once a termination signal asked the process to stop.
    bool stopRequested() const { return m_stopRequested; }
    /// @brief The last termination signal that arrived (SIGINT, SIGTERM, SIGHUP); 0 if none.
    int lastSignal() const { return m_lastSignal; }
    /// @brief Forgets the stop request (and the first Ctrl+C), so the next turn of a session runs (`chat`).
    void clearStop();

Q_SIGNALS:
    /// @brief A termination signal arrived (a running turn is being cancelled).
    void interrupted(int signal);

private:
    bool waitForTurn(qint64 conversationId);
    void decide(const ApprovalRequest &request);
    void connectPrinting();
    void endLine();
    void finishWaiting();
    void onSignal(int signal, int count);
    int exitCodeOf(RunOutcome outcome, const QString &message) const;

    ChatRepository &m_repository;
    const Database &m_database;
    QHash<QString, QString> m_names;
    UnixSignals *m_signals;
    int m_waitSeconds = 60;
    QString m_agentId;
    qint64 m_editOf = 0;
    QSet<QString> m_allowedTools;
    bool m_askOnTerminal = false;
    QList<ApprovalRequest> m_approvals; ///< asked for while the loop ran, answered once it returns
    qint64 m_conversationId = 0;
    bool m_lineOpen = false;
    bool m_stopRequested = false;
    int m_lastSignal = 0;
    bool m_done = false;
    QEventLoop *m_loop = nullptr;
    int m_exitCode = 0;
    RunFailure m_failure = RunFailure::Provider;
};

} // namespace Tandem
