// RemoteThreads owns the Conversations API objects of the agents and their ids, and the ledger of input their remote
// thread has not accepted yet (agent_threads.pending_input).
#include "RemoteThreads.h"

#include "agents/EngineConfig.h"
#include "agents/Run.h"
#include "agents/ThreadHistory.h"
#include "llm/CreateConversationJob.h"
#include "llm/ResponsesClient.h"
#include "storage/UnitOfWork.h"

#include <QJsonObject>

using namespace Qt::StringLiterals;

namespace Tandem {

RemoteThreads::RemoteThreads(UnitOfWork &work, const EngineConfig &config)
    : m_work(work)
    , m_config(config)
{ }

bool RemoteThreads::uses(const Run &run, const QString &agentId) const
{
    return m_config.remoteThreads && qobject_cast<ResponsesClient *>(run.client.data())
        && !run.localOnly.contains(agentId);
}

bool RemoteThreads::appendPending(const Run &run, const QString &agentId, const QList<InputItem> &items)
{
    if (items.isEmpty() || !uses(run, agentId))
        return true;
    AgentThread thread = m_work.threads().get(run.conversationId, agentId);
    QList<InputItem> pending = ThreadHistory::fromJsonText(thread.pendingInput);
    pending << items;
    thread.pendingInput = ThreadHistory::toJsonText(pending);
    return m_work.threads().save(thread).ok();
}

QList<InputItem> RemoteThreads::pendingInput(const Run &run, const QString &agentId)
{
    return ThreadHistory::fromJsonText(m_work.threads().get(run.conversationId, agentId).pendingInput);
}

QString RemoteThreads::remoteId(const Run &run, const QString &agentId)
{
    return m_work.threads().get(run.conversationId, agentId).remoteThreadId;
}

CreateConversationJob *RemoteThreads::create(const Run &run, const QString &agentId)
{
    auto *client = qobject_cast<ResponsesClient *>(run.client.data());
    if (!client)
        return nullptr;
    return client->createConversation(QJsonObject {
        { u"tandem_conversation"_s, QString::number(run.conversationId) }, { u"tandem_agent"_s, agentId } });
}

bool RemoteThreads::storeRemoteId(const Run &run, const QString &agentId, const QString &remoteId)
{
    AgentThread thread = m_work.threads().get(run.conversationId, agentId);
    thread.remoteThreadId = remoteId;
    return m_work.threads().save(thread).ok();
}

bool RemoteThreads::startOver(const Run &run, const QString &agentId, const QList<InputItem> &history)
{
    AgentThread thread = m_work.threads().get(run.conversationId, agentId);
    thread.remoteThreadId.clear();
    thread.previousResponseId.clear();
    thread.pendingInput = ThreadHistory::toJsonText(history);
    return m_work.threads().save(thread).ok();
}

bool RemoteThreads::accepted(const Run &run, const QString &agentId, const QString &responseId)
{
    if (!uses(run, agentId))
        return true;
    AgentThread thread = m_work.threads().get(run.conversationId, agentId);
    thread.pendingInput = u"[]"_s;
    thread.previousResponseId = responseId;
    return m_work.threads().save(thread).ok();
}

} // namespace Tandem
