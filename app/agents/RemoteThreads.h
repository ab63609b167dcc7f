#pragma once

#include "llm/LlmTypes.h"

#include <QList>
#include <QString>

namespace Tandem {

class CreateConversationJob;
class UnitOfWork;
struct EngineConfig;
struct Run;

/// @brief Each agent's remote thread (a thread per agent whose id is kept, so a call sends only what is new): one
/// Conversations API object per (conversation, agent) where the provider has one, and the input that thread has not
/// accepted yet.
///
/// An agent has a remote thread when the provider speaks the Responses API, the settings allow it, and the server
/// did not refuse /conversations during the run; every other agent's history is rebuilt from SQLite each call
/// (ThreadHistory).
class RemoteThreads final
{
public:
    RemoteThreads(UnitOfWork &work, const EngineConfig &config);
    Q_DISABLE_COPY_MOVE(RemoteThreads)

    /// @brief True if @p agentId of @p run keeps its thread on the provider.
    bool uses(const Run &run, const QString &agentId) const;
    /// @brief Queues @p items for @p agentId's remote thread (sent with its next request); nothing for an agent whose
    /// history is local. Part of the caller's step.
    bool appendPending(const Run &run, const QString &agentId, const QList<InputItem> &items);
    /// @brief What the next request of @p agentId sends: the pending input.
    QList<InputItem> pendingInput(const Run &run, const QString &agentId);
    /// @brief The remote thread id of @p agentId; empty if it has none yet.
    QString remoteId(const Run &run, const QString &agentId);
    /// @brief Starts creating @p agentId's thread on the provider; null if the client cannot.
    CreateConversationJob *create(const Run &run, const QString &agentId);
    /// @brief Stores the id of @p agentId's new thread.
    bool storeRemoteId(const Run &run, const QString &agentId, const QString &remoteId);
    /// @brief Leaves @p agentId's remote thread for a new one that starts from @p history (the agent's local history):
    /// what the old one holds cannot be taken back. Part of the caller's step.
    bool startOver(const Run &run, const QString &agentId, const QList<InputItem> &history);
    /// @brief The thread accepted everything pending with the response @p responseId. Part of the caller's step.
    bool accepted(const Run &run, const QString &agentId, const QString &responseId);

private:
    UnitOfWork &m_work;
    const EngineConfig &m_config;
};

} // namespace Tandem
