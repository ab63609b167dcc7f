#pragma once

#include "domain/Conversation.h"
#include "domain/Handoff.h"
#include "domain/Message.h"

#include <QCoreApplication>
#include <QHash>
#include <QObject>
#include <QString>

#include <memory>

namespace Tandem {

class AgentRunner;
class OutsideBubble;
class OutsideProcess;
class UnitOfWork;

/// @brief Runs the outside agents (`runner: command` in their files) when work is handed to them.
///
/// When a handoff to such an agent is created in this process (by the engine or through the board), its program
/// starts in the workspace with the rendered prompt on its standard input and DASHBOARD_URL, STORY_ID, BRANCH,
/// HANDOFF_ID and TANDEM_TOKEN in its environment. Its output streams into a reply row of that agent (its bubble).
/// The agent is expected to accept the handoff and hand the work on through the local API; a program that ends without
/// handing on fails: its bubble keeps its output with the exit code and last lines as the error, an error divider says
/// the same, and a handoff still pending is rejected with that reason. Stop and a time-out of its handoff end its
/// process group. The token lives only in the program's environment.
class OutsideAgents final : public QObject
{
    Q_OBJECT

public:
    OutsideAgents(UnitOfWork &work, AgentRunner &runner, QObject *parent = nullptr);
    ~OutsideAgents() override;
    Q_DISABLE_COPY_MOVE(OutsideAgents)

    /// @brief Follows a handoff change of this process: starts, releases or stops an outside agent.
    void onHandoffChanged(const Handoff &handoff);
    /// @brief The person's Stop: ends the programs working on @p conversationId.
    void stop(qint64 conversationId);
    /// @brief True while a program of this process works on @p conversationId: a run for the window's Stop.
    bool isWorking(qint64 conversationId) const;
    /// @brief The outside agent @p conversationId's work is with (its next agent, if that one is a program); empty if
    /// none.
    QString holder(const Conversation &conversation);
    /// @brief Keeps the person's @p text for the outside agent @p agentId instead of asking a model: it is stored
    /// (before anything else) with a divider saying so, and goes into the agent's next prompt. Returns its id, 0 if
    /// it could not be stored.
    qint64 hold(qint64 conversationId, const QString &agentId, const QString &text);

private:
    struct Running
    {
        Handoff handoff; ///< the handoff the program was started for
        OutsideBubble *bubble = nullptr; ///< its output, owned by the process
        OutsideProcess *process = nullptr;
        bool handedOn = false;
        QString stopReason; ///< why Tandem ended it (the person's Stop, a time-out); empty if it ended by itself
    };

    void launch(const Handoff &handoff);
    QByteArray prompt(const Handoff &handoff, const QHash<QString, QString> &values);
    /// The person's messages kept for @p agentId since its last bubble (hold()), oldest first.
    QStringList heldFor(qint64 conversationId, const QString &agentId);
    QString nameOf(const QString &agentId);
    void append(qint64 handoffId, const QByteArray &bytes);
    void finish(qint64 handoffId, int exitCode, bool killed);
    void fail(const Handoff &handoff, const QString &sentence);

    UnitOfWork &m_work;
    AgentRunner &m_runner;
    QHash<qint64, std::shared_ptr<Running>> m_running; ///< by the id of the handoff each was started for
};

} // namespace Tandem
