#pragma once

#include "FakeLlmServer.h"
#include "TemporaryDatabase.h"
#include "agents/EngineConfig.h"
#include "chat/LocalChatRepository.h"
#include "domain/ProviderProfile.h"
#include "tools/ToolRegistry.h"

#include <QJsonArray>
#include <QNetworkAccessManager>

#include <memory>

namespace Tandem::Test {

/// @brief The engine as the app wires it, on a temporary database and a fake LLM server over loopback: tests of
/// the runner, the handoffs, the guardrails and the approvals build one each.
class EngineHarness
{
public:
    /// @brief Limits and retries fit for tests: no retries, short idle timeout, generous run limits.
    static EngineConfig testConfig();

    explicit EngineHarness(ProviderProfile::Protocol protocol, EngineConfig config = testConfig());
    /// @brief Checks every body the engine sent against OpenAI's spec, and keeps what the server refused (see
    /// takeSpecProblems()).
    ~EngineHarness();
    Q_DISABLE_COPY_MOVE(EngineHarness)

    /// @brief What the spec check of the harnesses destroyed since the last call found wrong in the request bodies
    /// the engine sent (CreateResponse, CreateChatCompletionRequest, CreateConversationBody), with what their fake
    /// servers refused (FakeLlmServer::violations(): a strict chat template's rules, a reply's expected user text); a
    /// validator that cannot run is a problem too. Tests call it in cleanup() and require it empty.
    static QStringList takeSpecProblems();

    bool isReady() const;
    FakeLlmServer &server() { return m_server; }
    TemporaryDatabase &database() { return m_database; }
    QSqlDatabase db() const { return m_database.connection(); }
    UnitOfWork &work() { return m_database.work(); }
    LocalChatRepository &repository() { return *m_repository; }
    ToolRegistry &tools() { return m_tools; }
    ProviderProfile::Protocol protocol() const { return m_protocol; }
    bool isResponses() const { return m_protocol == ProviderProfile::Protocol::Responses; }

    /// @brief A conversation in @p mode on the fake server's provider.
    qint64 createConversation(Conversation::Mode mode);
    /// @brief Sends @p text and waits until the run ends; returns its outcome (Failed also on a timeout).
    RunOutcome sendAndWait(qint64 conversationId, const QString &text, QString *message = nullptr);
    /// @brief Waits for the running run of @p conversationId to end.
    RunOutcome waitForRun(qint64 conversationId, QString *message = nullptr);
    /// @brief Every stored row of @p conversationId, oldest first.
    QList<Message> rows(qint64 conversationId);
    /// @brief Rebuilds the repository on the same database file, as a restarted app does. The restarted repository
    /// writes the agents of the files again (the files win); then the agents declared with saveAgent() are saved
    /// again, so a test's own graph holds across the restart.
    void restart();
    /// @brief Saves an agent (tests declare their own graphs), also after every restart().
    bool saveAgent(const Agent &agent);

    /// @brief The model requests the server received (both protocols), in order.
    QList<RecordedRequest> modelRequests() const;
    /// @brief The text of every input message of a request, in order, as "role: text"; tool items as
    /// "call:<name>" and "output:<text>".
    static QStringList inputSummary(const RecordedRequest &request);
    /// @brief The names of the tools a request offered.
    static QStringList toolNames(const RecordedRequest &request);

private:
    void build();

    ProviderProfile::Protocol m_protocol;
    EngineConfig m_config;
    TemporaryDatabase m_database;
    FakeLlmServer m_server;
    QNetworkAccessManager m_network;
    ToolRegistry m_tools;
    std::unique_ptr<LocalChatRepository> m_repository;
    QList<Agent> m_declared; ///< the agents of saveAgent(), saved again after a restart
};

} // namespace Tandem::Test
