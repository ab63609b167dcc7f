#pragma once

#include "EngineHarness.h"
#include "api/ApiServer.h"
#include "domain/Handoff.h"

#include <QTemporaryDir>

#include <memory>
#include <optional>

namespace Tandem::Test {

/// @brief A pipeline story whose analyst (or implementer) is an outside agent (`runner: command`): the engine on a
/// temporary database, the local API listening with a token, and a workspace holding the scripts of
/// tests/integration/outside-agents, which the agent's command names.
class OutsideStory
{
public:
    static inline const QString kToken = QStringLiteral("outside-token-5f1c2a9e7b3d4c60");

    /// @brief @p command is the words of the agent file's list, such as `sh, ./hand-on.sh`.
    explicit OutsideStory(const QString &command, const QString &agent = QStringLiteral("analyst"));
    Q_DISABLE_COPY_MOVE(OutsideStory)

    bool isReady() const { return m_ready; }
    EngineHarness &harness() { return *m_harness; }
    LocalChatRepository &repository() { return m_harness->repository(); }
    qint64 story() const { return m_story; }

    /// @brief Hands the story to the analyst, as the orchestrator's start does; the handoff (id 0 if refused).
    Handoff handToAnalyst();
    /// @brief The newest row of @p agentId for @p handoffId, if there is one.
    std::optional<Message> bubble(qint64 handoffId, const QString &agentId = QStringLiteral("analyst"));

    /// @brief The pids of the processes whose command line is exactly @p argv.
    static QList<qint64> processesRunning(const QStringList &argv);
    /// @brief True while the process @p pid exists and is not a zombie.
    static bool alive(qint64 pid);

private:
    QTemporaryDir m_folder;
    std::unique_ptr<EngineHarness> m_harness;
    std::unique_ptr<ApiServer> m_server;
    qint64 m_story = 0;
    bool m_ready = false;
};

} // namespace Tandem::Test
