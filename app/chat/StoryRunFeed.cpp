// StoryRunFeed turns a story's stored state into start and stop events, so that every process announces a run that
// another one started or stopped: the event used to come only from the process that handled POST /api/run.
#include "StoryRunFeed.h"

#include "domain/ModeProfile.h"
#include "domain/PipelinePhase.h"
#include "storage/UnitOfWork.h"

namespace Tandem {

StoryRunFeed::StoryRunFeed(UnitOfWork &work)
    : m_work(work)
{
    const QList<Conversation> conversations = m_work.conversations().list();
    for (const Conversation &conversation : conversations) {
        if (!ModeProfile::of(conversation.mode).orchestratorStartsStory)
            continue;
        const QString now = phase(conversation.id);
        if (!now.isEmpty() && now != PipelinePhase::kComplete)
            m_running.insert(conversation.id);
    }
}

QString StoryRunFeed::phase(qint64 conversationId)
{
    return m_work.variables().value(conversationId, PipelinePhase::kVariable.toString());
}

QList<StoryRunFeed::Change> StoryRunFeed::look(qint64 conversationId)
{
    const QString now = phase(conversationId);
    const bool running = !now.isEmpty() && now != PipelinePhase::kComplete;
    if (running == m_running.contains(conversationId))
        return {};
    if (running) {
        m_running.insert(conversationId);
        return { Change { conversationId, true } };
    }
    m_running.remove(conversationId);
    // Complete is the story's own end, not a stop.
    if (now == PipelinePhase::kComplete)
        return {};
    return { Change { conversationId, false } };
}

QList<StoryRunFeed::Change> StoryRunFeed::lookAtRunning()
{
    QList<Change> changes;
    const QList<qint64> running = m_running.values();
    for (const qint64 conversationId : running)
        changes += look(conversationId);
    return changes;
}

} // namespace Tandem
