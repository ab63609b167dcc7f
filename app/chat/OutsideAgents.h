#pragma once

#include "domain/Handoff.h"
#include "domain/Message.h"

#include <QCoreApplication>
#include <QHash>
#include <QObject>
#include <QString>
#include <QStringDecoder>

#include <memory>

namespace Tandem {

class AgentRunner;
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

private:
    struct Running
    {
        Handoff handoff; ///< the handoff the program was started for
        Message row; ///< its bubble
        OutsideProcess *process = nullptr;
        std::unique_ptr<QStringDecoder> decoder;
        bool handedOn = false;
        QString stopReason; ///< why Tandem ended it (the person's Stop, a time-out); empty if it ended by itself
    };

    void launch(const Handoff &handoff);
    QByteArray prompt(const Handoff &handoff, const QHash<QString, QString> &values);
    void append(qint64 handoffId, const QByteArray &bytes);
    void finish(qint64 handoffId, int exitCode, bool killed);
    void fail(const Handoff &handoff, const QString &sentence);

    UnitOfWork &m_work;
    AgentRunner &m_runner;
    QHash<qint64, std::shared_ptr<Running>> m_running; ///< by the id of the handoff each was started for
};

} // namespace Tandem
