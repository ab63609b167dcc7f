#pragma once

#include "agents/ThreadCache.h"
#include "domain/Agent.h"
#include "domain/Conversation.h"
#include "llm/LlmTypes.h"

#include <QList>
#include <QString>

namespace Tandem {

class RemoteThreads;
class ToolGate;
class UnitOfWork;
struct EngineConfig;
struct Run;

/// @brief What one model call of an agent sends: its model, instructions, output limit, thread and tools.
class RequestBuilder final
{
public:
    RequestBuilder(UnitOfWork &work, RemoteThreads &threads, const ToolGate &tools, const EngineConfig &config);
    Q_DISABLE_COPY_MOVE(RequestBuilder)

    /// @brief The request of @p agent's next call in @p run.
    LlmRequest build(const Run &run, const Agent &agent);
    /// @brief @p agent's instructions with the variables of @p run's conversation substituted (PromptVariables: only
    /// the UPPER_CASE names are prompt variables; the engine's own dotted lowercase state is not); the names the
    /// instructions use that the conversation does not set go to @p unknown.
    QString instructions(const Run &run, const Agent &agent, QStringList *unknown = nullptr);

    /// @brief The model @p agent answers with in @p conversation: the agent's own, else the conversation's (unless the
    /// agent names a provider of its own), else the settings' default for the agent, else @p providerModel (its
    /// provider's default). The one rule for the model a request names and the model the status line shows.
    static QString modelFor(
        const Agent &agent, const Conversation &conversation, const EngineConfig &config, const QString &providerModel);
    /// @brief The threads' rows kept in memory between calls (for the tests, and for whoever must drop them).
    ThreadCache &threadCache() { return m_history; }
    /// @brief The handoff_to definition offering @p targets.
    static ToolDefinition handoffToolDefinition(const QList<Agent> &targets);

private:
    bool awaitsDecision(const Run &run, const QString &agentId) const;

    UnitOfWork &m_work;
    RemoteThreads &m_threads;
    const ToolGate &m_tools;
    const EngineConfig &m_config;
    ThreadCache m_history;
};

} // namespace Tandem
