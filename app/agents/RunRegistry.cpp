#include "RunRegistry.h"

#include "agents/Run.h"
#include "storage/ConversationLock.h"

#include <QTimer>

namespace Tandem {

RunRegistry::~RunRegistry() = default;

Run *RunRegistry::adopt(std::unique_ptr<Run> run)
{
    Run *raw = run.get();
    m_runs[raw->conversationId] = std::move(run);
    return raw;
}

Run *RunRegistry::find(qint64 conversationId) const
{
    const auto it = m_runs.find(conversationId);
    return it == m_runs.end() ? nullptr : it->second.get();
}

Run *RunRegistry::live(qint64 conversationId, quint64 generation) const
{
    Run *run = find(conversationId);
    return run && run->generation == generation && !run->ended ? run : nullptr;
}

void RunRegistry::retire(Run *run)
{
    const auto it = m_runs.find(run->conversationId);
    if (it == m_runs.end() || it->second.get() != run)
        return;
    it->second->conversationLock.reset(); // the conversation is free for the next turn, here or elsewhere
    const bool scheduled = !m_retired.empty();
    m_retired.push_back(std::move(it->second));
    m_runs.erase(it);
    if (!scheduled)
        QTimer::singleShot(0, &m_sweeper, [this] { m_retired.clear(); });
}

std::vector<Run *> RunRegistry::all() const
{
    std::vector<Run *> runs;
    for (const auto &[conversationId, run] : m_runs)
        runs.push_back(run.get());
    return runs;
}

} // namespace Tandem
