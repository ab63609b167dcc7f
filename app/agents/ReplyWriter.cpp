// ReplyWriter owns the reply row of the current model call: when it is first stored, how often streamed text is
// written, which part of it is announced, and its final text, status and usage.
#include "ReplyWriter.h"

#include "agents/EngineConfig.h"
#include "agents/EngineEvents.h"
#include "domain/HandoffSignal.h"
#include "domain/Logging.h"
#include "storage/UnitOfWork.h"

namespace Tandem {

ReplyWriter::ReplyWriter(UnitOfWork &work, EngineEvents &events, const EngineConfig &config)
    : m_work(work)
    , m_events(events)
    , m_config(config)
{
    m_persistTimer.setSingleShot(true);
    QObject::connect(&m_persistTimer, &QTimer::timeout, [this] { persist(); });
}

void ReplyWriter::begin(qint64 conversationId, qint64 runId, const QString &agentId, bool signalSource)
{
    m_persistTimer.stop();
    m_reply = Message();
    m_reply.conversationId = conversationId;
    m_reply.role = Message::Role::Assistant;
    m_reply.kind = Message::Kind::Text;
    m_reply.status = Message::Status::Streaming;
    m_reply.agentId = agentId;
    m_reply.runId = runId;
    m_stored = false;
    m_signalSource = signalSource;
    m_unsavedChars = 0;
    m_visibleSent = 0;
}

bool ReplyWriter::append(const QString &delta)
{
    m_reply.content += delta;
    if (!m_stored) {
        if (!m_work.messages().append(m_reply))
            return false;
        m_stored = true;
        Message announced = m_reply;
        announced.content.clear(); // the text follows as deltas
        m_events.postMessageAdded(announced);
    } else {
        m_unsavedChars += delta.size();
        if (m_unsavedChars >= m_config.persistChars)
            persist();
        else if (!m_persistTimer.isActive())
            m_persistTimer.start(m_config.persistIntervalMs);
    }
    QString visible = m_reply.content;
    if (m_signalSource) {
        if (const std::optional<QString> payload = HandoffSignal::extractPayload(m_reply.content))
            visible = *payload;
        else if (HandoffSignal::mayBecomeHandoff(m_reply.content))
            visible.clear();
    }
    if (visible.size() > m_visibleSent) {
        m_events.postMessageDelta(m_reply.conversationId, m_reply.id, visible.mid(m_visibleSent));
        m_visibleSent = visible.size();
    }
    return true;
}

void ReplyWriter::restore(const Saved &saved)
{
    m_reply = saved.reply;
    m_stored = saved.stored;
    m_unsavedChars = m_reply.content.size(); // written again with the next write
}

bool ReplyWriter::persist()
{
    m_persistTimer.stop();
    if (!m_stored || m_unsavedChars == 0)
        return true;
    m_reply.updatedAt = QDateTime::currentDateTimeUtc();
    // A write that fails here (another program holds the database) is tried again with the next one; the final
    // write decides.
    if (!m_work.messages().update(m_reply)) {
        qCWarning(lcAgents) << "streamed text not stored yet:" << m_work.messages().lastError();
        return false;
    }
    m_unsavedChars = 0;
    return true;
}

bool ReplyWriter::complete(const LlmResult &result)
{
    m_persistTimer.stop();
    // The text the server declares final wins over the deltas assembled on the way.
    if (!result.text.isEmpty())
        m_reply.content = result.text;
    m_reply.usage = result.usage;
    m_reply.status = Message::Status::Complete;
    m_reply.updatedAt = QDateTime::currentDateTimeUtc();
    if (m_stored) {
        if (!m_work.messages().update(m_reply))
            return false;
        m_unsavedChars = 0;
        m_events.postMessageUpdated(m_reply);
        return true;
    }
    if (result.text.isEmpty())
        return true; // only tool calls: no reply row
    if (!m_work.messages().append(m_reply))
        return false;
    m_stored = true;
    m_events.postMessageAdded(m_reply);
    return true;
}

bool ReplyWriter::end(Message::Status status, const QString &error)
{
    m_persistTimer.stop();
    if (!isStreaming())
        return true;
    // Cut off while it may still be, or already is, dual mode's signal with no handoff to hide it behind: what is
    // stored is what the person saw, so the chat, `tandem show` and exports never show the protocol line.
    if (m_signalSource && m_reply.handoffId == 0) {
        if (const std::optional<QString> payload = HandoffSignal::extractPayload(m_reply.content))
            m_reply.content = *payload;
        else if (HandoffSignal::mayBecomeHandoff(m_reply.content))
            m_reply.content.clear();
    }
    m_reply.status = status;
    m_reply.error = error;
    m_reply.updatedAt = QDateTime::currentDateTimeUtc();
    if (!m_work.messages().update(m_reply))
        return false;
    m_unsavedChars = 0;
    m_events.postMessageUpdated(m_reply);
    return true;
}

bool ReplyWriter::linkHandoff(qint64 handoffId)
{
    if (!m_stored)
        return true;
    m_reply.handoffId = handoffId;
    if (!m_work.messages().linkHandoff(m_reply.id, handoffId))
        return false;
    m_events.postMessageUpdated(m_reply);
    return true;
}

} // namespace Tandem
