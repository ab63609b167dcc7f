#include "HandoffWatch.h"

#include "chat/ChatRepository.h"

namespace Tandem {

namespace {
/// How far back each look reaches before the previous one: a row is stamped when its step begins and seen only once
/// its transaction commits, which a busy database can delay (its busy timeout is seconds, not a minute).
constexpr qint64 kOverlapSeconds = 60;
} // namespace

HandoffWatch::HandoffWatch(ChatRepository &repository, QObject *parent)
    : QObject(parent)
    , m_repository(repository)
    , m_started(QDateTime::currentDateTimeUtc())
    , m_lastLook(m_started)
{
    connect(&m_repository, &ChatRepository::handoffStatusChanged, this, &HandoffWatch::announce);
    connect(&m_repository, &ChatRepository::changedElsewhere, this, &HandoffWatch::lookElsewhere);
}

void HandoffWatch::announce(const Handoff &handoff)
{
    const auto known = m_announced.constFind(handoff.id);
    if (known != m_announced.cend() && *known == handoff.status())
        return;
    m_announced.insert(handoff.id, handoff.status());
    Q_EMIT changed(handoff);
}

void HandoffWatch::lookElsewhere()
{
    const QDateTime now = QDateTime::currentDateTimeUtc();
    const QDateTime since = std::max(m_started, m_lastLook.addSecs(-kOverlapSeconds));
    m_lastLook = now;
    const QList<Handoff> handoffs = m_repository.handoffsChangedSince(since);
    for (const Handoff &handoff : handoffs) {
        const QDateTime latest = handoff.processedAt().isValid() ? handoff.processedAt() : handoff.createdAt;
        if (latest >= m_started)
            announce(handoff);
    }
}

} // namespace Tandem
